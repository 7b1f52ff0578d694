//! The parsed resume as engine versions 3 and 4 stored it until sections were
//! kept as kinds: the same but for `sections_found` and each skill's
//! `found_in`, which held the sections' names. Kept so that results stored in
//! that shape still read; the store tells the shapes apart by the marker byte
//! each writes first.

use serde::{Deserialize, Serialize};

use super::{ContactDetails, EducationEntry, ExperienceEntry, ParsedResume, ProjectEntry, SectionKind, SkillEntry};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedResumeVersion3 {
    pub summary: Option<String>,
    pub skills: Vec<SkillEntryVersion3>,
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
pub struct SkillEntryVersion3 {
    pub name: String,
    pub as_written: Vec<String>,
    pub found_in: Vec<String>,
    pub months_of_use: Option<u32>,
}

/// The kinds of sections stored by name. Every engine wrote only the names
/// [`SectionKind::name`] gives; a name none of them wrote reads as `Other`
/// rather than failing the whole resume.
pub fn section_kinds(names: Vec<String>) -> Vec<SectionKind> {
    names.iter().map(|name| SectionKind::from_name(name).unwrap_or(SectionKind::Other)).collect()
}

impl From<ParsedResumeVersion3> for ParsedResume {
    fn from(old: ParsedResumeVersion3) -> ParsedResume {
        ParsedResume {
            summary: old.summary,
            skills: old
                .skills
                .into_iter()
                .map(|skill| SkillEntry {
                    name: skill.name,
                    as_written: skill.as_written,
                    found_in: section_kinds(skill.found_in),
                    months_of_use: skill.months_of_use,
                })
                .collect(),
            experience: old.experience,
            education: old.education,
            projects: old.projects,
            certifications: old.certifications,
            contact: old.contact,
            total_experience_months: old.total_experience_months,
            sections_found: section_kinds(old.sections_found),
            word_count: old.word_count,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_names_read_as_kinds_and_an_unknown_one_as_other() {
        let names = vec!["summary".to_owned(), "skills".to_owned(), "awards".to_owned()];
        assert_eq!(section_kinds(names), [SectionKind::Summary, SectionKind::Skills, SectionKind::Other]);
    }
}
