//! The resume engine: parses a plain-text resume into a `ParsedResume` and
//! scores it 0-100 against a job's ATS `Criteria`.
//!
//! The engine is pure and synchronous (no IO, no clock, no threads) so the
//! service can run it on a rayon pool and so the same input always gives the
//! same output, bit for bit. Date ranges ending in "present" are measured up
//! to a month the caller passes (the service passes the month the
//! application was submitted), never today's date; bump `ENGINE_VERSION` if
//! a rule changes, because stored results would no longer be reproducible.
//!
//! Each file owns one concern:
//! - `validation`, `error`: what input is refused, and how that is reported;
//! - `lines`, `text`: line splitting and tokens with whole-word matching;
//! - `sections`: headings and the split into sections; `message`: a
//!   message the resume was pasted under, set apart from it;
//! - `dates`: date ranges, month arithmetic, overlap merging;
//! - `contact`, `skills`, `experience`, `education`, `projects`: one parser
//!   per kind of content (`skill_list` keeps a skills list's items the
//!   taxonomy does not know); `parser` assembles them into a `ParsedResume`;
//! - `matching`, `scoring`, `remarks`: where keywords occur, the points they
//!   earn, and the strengths and concerns that explain the score.

mod certifications;
mod contact;
mod dates;
mod education;
mod entry_header;
mod entry_words;
mod error;
mod experience;
mod identity;
mod job_table;
mod lines;
mod matching;
mod message;
mod parser;
mod projects;
mod remarks;
mod scoring;
mod sections;
mod skill_list;
mod skills;
mod taxonomy;
mod text;
mod validation;

#[cfg(test)]
pub(crate) mod property_tests;

pub use dates::YearMonth;
pub use error::EngineError;
pub use sections::SectionStarts;

use crate::domain::ats::{AtsBreakdown, Criteria};
use crate::domain::resume::ParsedResume;

/// Version of the parsing and scoring rules; stored with every result.
pub const ENGINE_VERSION: u32 = 22;

/// Upper bound on input the engine accepts; longer text is rejected, not truncated.
pub const RESUME_TEXT_BYTES_MAX: usize = crate::domain::limits::RESUME_TEXT_BYTES_MAX;

/// Parses a plain-text resume.
///
/// Durations of ranges ending in "present", "current", "now" or "today" are
/// counted up to and including `present`: the month the application was
/// submitted, so that parsing it again gives the same result.
///
/// # Errors
/// `EmptyResume` for blank text, `TooLarge` above `RESUME_TEXT_BYTES_MAX`,
/// `NotText` when more than 10% of the characters are control characters
/// (other than line breaks and tabs) or U+FFFD replacement characters.
pub fn parse_resume(text: &str, present: YearMonth) -> Result<ParsedResume, EngineError> {
    parser::parse_with_sections(text, present).map(|(resume, _)| resume)
}

/// A resume parsed for scoring: the parsed resume, and where the sections of
/// its text start, so that [`score_parsed`] need not split the text again.
#[derive(Clone, Debug)]
pub struct ParsedText {
    pub resume: ParsedResume,
    pub sections: SectionStarts,
}

/// Parses a plain-text resume as [`parse_resume`] does, keeping what
/// scoring it then needs.
///
/// # Errors
/// As [`parse_resume`].
pub fn parse_resume_for_scoring(text: &str, present: YearMonth) -> Result<ParsedText, EngineError> {
    parser::parse_with_sections(text, present).map(|(resume, sections)| ParsedText { resume, sections })
}

/// The taxonomy's canonical name for a skill name or alias (any case), if it knows it.
#[must_use]
pub fn canonical_skill(name: &str) -> Option<&'static str> {
    let taxonomy: &'static taxonomy::Taxonomy = &taxonomy::TAXONOMY;
    taxonomy.lookup(name).map(|skill| taxonomy.canonical(skill))
}

/// Scores a resume against a job's criteria. `text` must be the text that
/// `resume` was parsed from: keyword matches are searched for in the text and
/// attributed to its sections, while years of experience come from `resume`.
#[must_use]
pub fn score_resume(text: &str, resume: &ParsedResume, criteria: &Criteria) -> AtsBreakdown {
    scoring::score(text, &SectionStarts::of_text(text), resume, criteria)
}

/// Scores as [`score_resume`] does, with the sections [`parse_resume_for_scoring`]
/// found in `text`, which must be the text it parsed.
#[must_use]
pub fn score_parsed(text: &str, parsed: &ParsedText, criteria: &Criteria) -> AtsBreakdown {
    scoring::score(text, &parsed.sections, &parsed.resume, criteria)
}
