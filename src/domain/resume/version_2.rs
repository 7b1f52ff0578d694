//! The parsed resume as engine version 2 stored it: the same as version 3
//! but for skills, which had no months of use. Kept so that results parsed
//! by version 2 still read; the store tells the versions apart by the
//! marker byte each writes first.

use serde::{Deserialize, Serialize};

use super::{ContactDetails, EducationEntry, ExperienceEntry, ParsedResume, ProjectEntry, SkillEntry};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedResumeVersion2 {
    pub summary: Option<String>,
    pub skills: Vec<SkillEntryVersion2>,
    pub experience: Vec<ExperienceEntry>,
    pub education: Vec<EducationEntry>,
    pub projects: Vec<ProjectEntry>,
    pub certifications: Vec<String>,
    pub contact: ContactDetails,
    pub total_experience_months: Option<u32>,
    pub sections_found: Vec<String>,
    pub word_count: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillEntryVersion2 {
    pub name: String,
    pub as_written: Vec<String>,
    pub found_in: Vec<String>,
}

impl From<ParsedResumeVersion2> for ParsedResume {
    fn from(old: ParsedResumeVersion2) -> ParsedResume {
        ParsedResume {
            summary: old.summary,
            skills: old
                .skills
                .into_iter()
                .map(|skill| SkillEntry {
                    name: skill.name,
                    as_written: skill.as_written,
                    found_in: super::version_3::section_kinds(skill.found_in),
                    months_of_use: None,
                })
                .collect(),
            experience: old.experience,
            education: old.education,
            projects: old.projects,
            certifications: old.certifications,
            contact: old.contact,
            total_experience_months: old.total_experience_months,
            sections_found: super::version_3::section_kinds(old.sections_found),
            word_count: old.word_count,
        }
    }
}
