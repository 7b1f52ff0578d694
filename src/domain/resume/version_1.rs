//! The parsed resume as engine version 1 stored it: kept so that results
//! parsed before version 2 still read. Stored results carry no version of
//! their own; `store`'s resume codec tells the two apart by a marker byte
//! that version 2 writes first, and converts version 1 on read.

use serde::{Deserialize, Serialize};

use super::{ContactDetails, EducationEntry, ExperienceEntry, ParsedResume, ProjectEntry, SkillEntry};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedResumeVersion1 {
    pub summary: Option<String>,
    pub skills: Vec<String>,
    pub experience: Vec<ExperienceEntryVersion1>,
    pub education: Vec<EducationEntryVersion1>,
    pub projects: Vec<ProjectEntry>,
    pub contact: ContactDetailsVersion1,
    pub total_experience_months: Option<u32>,
    pub sections_found: Vec<String>,
    pub word_count: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExperienceEntryVersion1 {
    pub title: Option<String>,
    pub company: Option<String>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub duration_months: Option<u32>,
    pub highlights: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EducationEntryVersion1 {
    pub institution: Option<String>,
    pub degree: Option<String>,
    pub field: Option<String>,
    pub graduation_year: Option<u16>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ContactDetailsVersion1 {
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub links: Vec<String>,
}

impl From<ParsedResumeVersion1> for ParsedResume {
    fn from(old: ParsedResumeVersion1) -> ParsedResume {
        ParsedResume {
            summary: old.summary,
            skills: old.skills.into_iter().map(|name| SkillEntry { name, ..SkillEntry::default() }).collect(),
            experience: old
                .experience
                .into_iter()
                .map(|entry| ExperienceEntry {
                    current: entry.end.as_deref() == Some("present"),
                    title: entry.title,
                    company: entry.company,
                    location: None,
                    start: entry.start,
                    end: entry.end,
                    duration_months: entry.duration_months,
                    highlights: entry.highlights,
                })
                .collect(),
            education: old
                .education
                .into_iter()
                .map(|entry| EducationEntry {
                    institution: entry.institution,
                    degree: entry.degree,
                    field: entry.field,
                    start: None,
                    end: entry.graduation_year.map(|year| year.to_string()),
                    graduation_year: entry.graduation_year,
                })
                .collect(),
            projects: old.projects,
            certifications: Vec::new(),
            contact: ContactDetails {
                emails: old.contact.emails,
                phones: old.contact.phones,
                links: old.contact.links,
                ..ContactDetails::default()
            },
            total_experience_months: old.total_experience_months,
            sections_found: super::version_3::section_kinds(old.sections_found),
            word_count: old.word_count,
        }
    }
}
