//! The parsed resume: the structured data the engine extracts from a resume's
//! text. It is stored on the application and logged with the pipeline's result,
//! so it holds only plain data (no serde attributes that a binary codec
//! cannot round-trip).
//!
//! Every type is generic over its string type `S`, `String` by default: the
//! engine builds owned values, and a read that only serialises a stored
//! result again decodes it with `S = &str`, borrowing every string from the
//! stored bytes instead of allocating one each. Both decode the same bytes.

use serde::{Deserialize, Serialize};

pub mod version_1;
pub mod version_2;
pub mod version_3;

/// Structured data extracted from one resume (engine versions 3 and 4; results
/// stored before sections were kept as [`SectionKind`]s are read through
/// `version_1`, `version_2` and `version_3`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedResume<S = String> {
    /// The summary / profile / objective paragraph, if the resume has one.
    pub summary: Option<S>,
    /// Distinct skills by canonical name, in the order they first appear.
    pub skills: Vec<SkillEntry<S>>,
    pub experience: Vec<ExperienceEntry<S>>,
    pub education: Vec<EducationEntry<S>>,
    pub projects: Vec<ProjectEntry<S>>,
    /// Certifications and licences, by name (without issuer, year or number).
    pub certifications: Vec<S>,
    pub contact: ContactDetails<S>,
    /// Total months of professional experience, from the experience date
    /// ranges (overlaps counted once).
    pub total_experience_months: Option<u32>,
    /// Sections found, in document order (summary, skills, experience, education, projects).
    pub sections_found: Vec<SectionKind>,
    pub word_count: u32,
}

/// A kind of resume section, as `sectionsFound` and every `foundIn` name it.
/// Kept as a kind rather than its name because a parsed resume lists one
/// for each place each skill was found: as names they were an eighth of a
/// stored resume's bytes, as kinds they are one byte each.
///
/// The codec stores a kind as its variant's index: never reorder the
/// variants, only add new ones at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SectionKind {
    /// The text before the first heading.
    Header,
    /// The whole text of a resume that has no headings at all.
    Body,
    Summary,
    Skills,
    Experience,
    Education,
    Projects,
    /// Certifications and licences: kept apart from skills.
    Certifications,
    /// A section the parser reads nothing from (languages, awards,
    /// interests…): recognised so that its lines do not run on into the
    /// section above.
    Other,
}

impl SectionKind {
    /// Every kind, in the order of their stored indexes.
    pub const ALL: [SectionKind; 9] = [
        SectionKind::Header,
        SectionKind::Body,
        SectionKind::Summary,
        SectionKind::Skills,
        SectionKind::Experience,
        SectionKind::Education,
        SectionKind::Projects,
        SectionKind::Certifications,
        SectionKind::Other,
    ];

    /// The kind `name` names.
    pub fn from_name(name: &str) -> Option<SectionKind> {
        SectionKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The name the API shows.
    pub fn name(self) -> &'static str {
        match self {
            SectionKind::Header => "header",
            SectionKind::Body => "body",
            SectionKind::Summary => "summary",
            SectionKind::Skills => "skills",
            SectionKind::Experience => "experience",
            SectionKind::Education => "education",
            SectionKind::Projects => "projects",
            SectionKind::Certifications => "certifications",
            SectionKind::Other => "other",
        }
    }
}

/// A skill and its evidence.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillEntry<S = String> {
    /// The canonical name (`Kubernetes`).
    pub name: S,
    /// How the resume wrote it, where that differs (`k8s`).
    pub as_written: Vec<S>,
    /// Sections it was found in: skills, experience, projects, summary, certifications, other.
    pub found_in: Vec<SectionKind>,
    /// Months of the dated jobs whose highlights name it, overlaps counted
    /// once; `None` when no dated job names it.
    pub months_of_use: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExperienceEntry<S = String> {
    pub title: Option<S>,
    pub company: Option<S>,
    pub location: Option<S>,
    /// The entry runs to the present.
    pub current: bool,
    /// `YYYY-MM` or `YYYY`, as found.
    pub start: Option<S>,
    /// `YYYY-MM`, `YYYY`, or `present`.
    pub end: Option<S>,
    pub duration_months: Option<u32>,
    pub highlights: Vec<S>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EducationEntry<S = String> {
    pub institution: Option<S>,
    pub degree: Option<S>,
    pub field: Option<S>,
    /// `YYYY-MM` or `YYYY`, where given.
    pub start: Option<S>,
    pub end: Option<S>,
    pub graduation_year: Option<u16>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProjectEntry<S = String> {
    pub name: S,
    pub description: Option<S>,
    pub technologies: Vec<S>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ContactDetails<S = String> {
    /// The candidate's name, without credentials (`, RN, BSN`) or titles (`Dr.`).
    pub name: Option<S>,
    /// A headline under the name (`Senior Backend Engineer`).
    pub label: Option<S>,
    /// Credentials after the name: `RN`, `CPA`, `PhD`.
    pub credentials: Vec<S>,
    /// Where the candidate is, as written (`Leeds, UK`).
    pub location: Option<S>,
    pub emails: Vec<S>,
    pub phones: Vec<S>,
    pub links: Vec<S>,
}

#[cfg(test)]
mod tests {
    use super::SectionKind;

    #[test]
    fn section_kinds_are_named_as_the_api_names_them_in_the_order_of_their_indexes() {
        let names: Vec<&str> = SectionKind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(
            names,
            ["header", "body", "summary", "skills", "experience", "education", "projects", "certifications", "other"]
        );
        for kind in SectionKind::ALL {
            assert_eq!(SectionKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(SectionKind::from_name("Skills"), None, "names are the API's, lowercase");
    }
}
