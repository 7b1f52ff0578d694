//! The parsed resume: the structured data the engine extracts from a resume's
//! text. It is stored on the application and logged with the pipeline's result,
//! so it holds only plain owned data (no serde attributes that a binary codec
//! cannot round-trip).

use serde::{Deserialize, Serialize};

pub mod version_1;
pub mod version_2;

/// Structured data extracted from one resume (engine version 3; results of
/// engine versions 1 and 2 are read through `version_1` and `version_2`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedResume {
    /// The summary / profile / objective paragraph, if the resume has one.
    pub summary: Option<String>,
    /// Distinct skills by canonical name, in the order they first appear.
    pub skills: Vec<SkillEntry>,
    pub experience: Vec<ExperienceEntry>,
    pub education: Vec<EducationEntry>,
    pub projects: Vec<ProjectEntry>,
    /// Certifications and licences, by name (without issuer, year or number).
    pub certifications: Vec<String>,
    pub contact: ContactDetails,
    /// Total months of professional experience, from the experience date
    /// ranges (overlaps counted once).
    pub total_experience_months: Option<u32>,
    /// Section names found, in document order (summary, skills, experience, education, projects).
    pub sections_found: Vec<String>,
    pub word_count: u32,
}

/// A skill and its evidence.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillEntry {
    /// The canonical name (`Kubernetes`).
    pub name: String,
    /// How the resume wrote it, where that differs (`k8s`).
    pub as_written: Vec<String>,
    /// Sections it was found in: skills, experience, projects, summary, certifications, other.
    pub found_in: Vec<String>,
    /// Months of the dated jobs whose highlights name it, overlaps counted
    /// once; `None` when no dated job names it.
    pub months_of_use: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExperienceEntry {
    pub title: Option<String>,
    pub company: Option<String>,
    pub location: Option<String>,
    /// The entry runs to the present.
    pub current: bool,
    /// `YYYY-MM` or `YYYY`, as found.
    pub start: Option<String>,
    /// `YYYY-MM`, `YYYY`, or `present`.
    pub end: Option<String>,
    pub duration_months: Option<u32>,
    pub highlights: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EducationEntry {
    pub institution: Option<String>,
    pub degree: Option<String>,
    pub field: Option<String>,
    /// `YYYY-MM` or `YYYY`, where given.
    pub start: Option<String>,
    pub end: Option<String>,
    pub graduation_year: Option<u16>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProjectEntry {
    pub name: String,
    pub description: Option<String>,
    pub technologies: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ContactDetails {
    /// The candidate's name, without credentials (`, RN, BSN`) or titles (`Dr.`).
    pub name: Option<String>,
    /// A headline under the name (`Senior Backend Engineer`).
    pub label: Option<String>,
    /// Credentials after the name: `RN`, `CPA`, `PhD`.
    pub credentials: Vec<String>,
    /// Where the candidate is, as written (`Leeds, UK`).
    pub location: Option<String>,
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub links: Vec<String>,
}
