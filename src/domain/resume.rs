//! The parsed resume: the structured data the engine extracts from a resume's
//! text. It is stored on the application and logged with the pipeline's result,
//! so it holds only plain owned data (no serde attributes that a binary codec
//! cannot round-trip).

use serde::{Deserialize, Serialize};

/// Structured data extracted from one resume.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedResume {
    /// The summary / profile / objective paragraph, if the resume has one.
    pub summary: Option<String>,
    /// Distinct skills, in the order they first appear.
    pub skills: Vec<String>,
    pub experience: Vec<ExperienceEntry>,
    pub education: Vec<EducationEntry>,
    pub projects: Vec<ProjectEntry>,
    pub contact: ContactDetails,
    /// Total months of professional experience, from the experience date
    /// ranges (overlaps counted once).
    pub total_experience_months: Option<u32>,
    /// Section names found, in document order (summary, skills, experience, education, projects).
    pub sections_found: Vec<String>,
    pub word_count: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExperienceEntry {
    pub title: Option<String>,
    pub company: Option<String>,
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
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub links: Vec<String>,
}
