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

/// Structured data extracted from one resume (engine versions 3 and 4; results of
/// engine versions 1 and 2 are read through `version_1` and `version_2`).
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
    /// Section names found, in document order (summary, skills, experience, education, projects).
    pub sections_found: Vec<S>,
    pub word_count: u32,
}

/// A skill and its evidence.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillEntry<S = String> {
    /// The canonical name (`Kubernetes`).
    pub name: S,
    /// How the resume wrote it, where that differs (`k8s`).
    pub as_written: Vec<S>,
    /// Sections it was found in: skills, experience, projects, summary, certifications, other.
    pub found_in: Vec<S>,
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
