//! Parsed resumes and ATS breakdowns as the state keeps them: encoded once,
//! off the actor, behind a marker byte naming their shape (`stored_result`
//! lists the markers), and read back in the current shape whichever shape
//! they were stored in.
//!
//! A read of the current shape borrows: [`current_resume_bytes`] and
//! [`current_breakdown_bytes`] hand out the stored bytes after the marker,
//! and [`read_resume`] and [`read_breakdown`] decode them with their strings
//! pointing into those bytes. Older shapes are converted and encoded again,
//! so only their reads pay a copy, until a rerun stores them anew.

use std::borrow::Cow;

use crate::domain::ats::compact::CompactBreakdown;
use crate::domain::ats::version_2::AtsBreakdownVersion2;
use crate::domain::ats::version_4::AtsBreakdownVersion4;
use crate::domain::ats::AtsBreakdown;
use crate::domain::encoded::{Encoded, ScoredBreakdown};
use crate::domain::resume::version_1::ParsedResumeVersion1;
use crate::domain::resume::version_2::ParsedResumeVersion2;
use crate::domain::resume::version_3::ParsedResumeVersion3;
use crate::domain::resume::ParsedResume;
use crate::domain::stored_result::{
    BREAKDOWN_COMPACT_MARKER, BREAKDOWN_CURRENT_MARKER, BREAKDOWN_VERSION_10_MARKER, BREAKDOWN_VERSION_11_MARKER,
    BREAKDOWN_VERSION_12_MARKER, BREAKDOWN_VERSION_13_MARKER, BREAKDOWN_VERSION_14_MARKER, BREAKDOWN_VERSION_15_MARKER,
    BREAKDOWN_VERSION_16_MARKER, BREAKDOWN_VERSION_17_MARKER, BREAKDOWN_VERSION_18_MARKER, BREAKDOWN_VERSION_19_MARKER,
    BREAKDOWN_VERSION_20_MARKER, BREAKDOWN_VERSION_21_MARKER, BREAKDOWN_VERSION_22_MARKER, BREAKDOWN_VERSION_3_MARKER,
    BREAKDOWN_VERSION_4_MARKER, BREAKDOWN_VERSION_5_MARKER, BREAKDOWN_VERSION_6_MARKER, BREAKDOWN_VERSION_7_MARKER,
    BREAKDOWN_VERSION_8_MARKER, BREAKDOWN_VERSION_9_MARKER, RANKING_MONTHS_LENGTH, RESUME_CURRENT_MARKER,
    RESUME_SECTION_KINDS_MARKER, RESUME_VERSION_10_MARKER, RESUME_VERSION_11_MARKER, RESUME_VERSION_12_MARKER,
    RESUME_VERSION_13_MARKER, RESUME_VERSION_14_MARKER, RESUME_VERSION_15_MARKER, RESUME_VERSION_16_MARKER,
    RESUME_VERSION_17_MARKER, RESUME_VERSION_18_MARKER, RESUME_VERSION_19_MARKER, RESUME_VERSION_20_MARKER,
    RESUME_VERSION_21_MARKER, RESUME_VERSION_22_MARKER, RESUME_VERSION_2_MARKER, RESUME_VERSION_3_MARKER,
    RESUME_VERSION_5_MARKER, RESUME_VERSION_6_MARKER, RESUME_VERSION_7_MARKER, RESUME_VERSION_8_MARKER,
    RESUME_VERSION_9_MARKER,
};
use crate::engine::ENGINE_VERSION;
use crate::store::codec;
pub use crate::store::codec::CodecError;

// A new engine version writes new markers, so that results it replaces read
// as older ones (see `stored_result`) and their rerun is free. Engine
// version 4 changed the breakdown only; its parsed resumes are version 3's,
// their sections kept as kinds. Engine version 5 changed the parser's rules,
// not the shapes: its markers name version 4's shapes, and so do version
// 6's (a skills list's rule changed), version 7's (a wider taxonomy) and
// version 8's (headings, headers and places in more forms) and version 9's
// (schools, form-like headers, skills lists' leaders and footers) and
// version 10's (acronyms read by their case, initials, proficiencies, dot
// leaders, headings and notes in more forms) and version 11's (brackets
// after roles, legal forms after commas) and version 12's (brackets as one
// aside, a group's employer, more headings) and version 13's (tables of
// jobs, headings over parts of a section) and version 14's (bare years and
// bold in headers, details at the end of the resume) and version 15's
// (dates with their day, undated employers' lines, headings in more forms)
// and version 16's (armed services' units, more degrees) and version 17's
// (foreign months, headings in two languages, PDF wraps) and version 18's
// (a resume under a message, acronyms that are words, the resume's places)
// and version 19's (aliases that name other things gone, plural aliases)
// and version 20's (plurals in skills lists, names side by side as one item)
// and version 21's (qualified experience headings, the employer by its place)
// and version 22's (what a narrow column wrapped joined, dates beside a highlight).
const _: () = assert!(RESUME_CURRENT_MARKER == RESUME_VERSION_22_MARKER && ENGINE_VERSION == 22);
const _: () = assert!(BREAKDOWN_CURRENT_MARKER == BREAKDOWN_VERSION_22_MARKER && ENGINE_VERSION == 22);

/// A parsed resume as the state keeps it: the marker, then the encoding.
pub fn encode_resume(resume: &ParsedResume) -> Result<Vec<u8>, CodecError> {
    let mut bytes = vec![RESUME_CURRENT_MARKER];
    codec::encode_into(resume, &mut bytes)?;
    Ok(bytes)
}

/// Parsed resumes of engine version 4 on share one shape: the markers of
/// versions 5 to 22 name the rules that made them, not a new layout.
fn in_the_current_shape(marker: u8) -> bool {
    matches!(
        marker,
        RESUME_VERSION_22_MARKER
            | RESUME_VERSION_21_MARKER
            | RESUME_VERSION_20_MARKER
            | RESUME_VERSION_19_MARKER
            | RESUME_VERSION_18_MARKER
            | RESUME_VERSION_17_MARKER
            | RESUME_VERSION_16_MARKER
            | RESUME_VERSION_15_MARKER
            | RESUME_VERSION_14_MARKER
            | RESUME_VERSION_13_MARKER
            | RESUME_VERSION_12_MARKER
            | RESUME_VERSION_11_MARKER
            | RESUME_VERSION_10_MARKER
            | RESUME_VERSION_9_MARKER
            | RESUME_VERSION_8_MARKER
            | RESUME_VERSION_7_MARKER
            | RESUME_VERSION_6_MARKER
            | RESUME_VERSION_5_MARKER
            | RESUME_SECTION_KINDS_MARKER
    )
}

/// Decodes a parsed resume kept by the state, converting older shapes.
pub fn decode_resume(encoded: &Encoded) -> Result<ParsedResume, CodecError> {
    match encoded.bytes().split_first() {
        Some((&marker, rest)) if in_the_current_shape(marker) => codec::decode(rest),
        Some((&RESUME_VERSION_3_MARKER, rest)) => codec::decode::<ParsedResumeVersion3>(rest).map(ParsedResume::from),
        Some((&RESUME_VERSION_2_MARKER, rest)) => codec::decode::<ParsedResumeVersion2>(rest).map(ParsedResume::from),
        _ => codec::decode::<ParsedResumeVersion1>(encoded.bytes()).map(ParsedResume::from),
    }
}

/// An ATS breakdown as the state keeps it: the marker, the months of
/// experience the score orders rank its ties by, then the encoding of its
/// compact shape ([`encode_breakdown_body`]).
pub fn encode_breakdown(breakdown: &AtsBreakdown, ranking_months: u32) -> Result<Vec<u8>, CodecError> {
    let mut bytes = vec![BREAKDOWN_CURRENT_MARKER];
    bytes.extend_from_slice(&ranking_months.to_le_bytes());
    codec::encode_into(&CompactBreakdown::of(breakdown), &mut bytes)?;
    Ok(bytes)
}

/// The encoding of `breakdown` in the current shape, without marker or
/// months: what [`current_breakdown_bytes`] gives for it.
pub fn encode_breakdown_body<S: AsRef<str>>(breakdown: &AtsBreakdown<S>) -> Result<Vec<u8>, CodecError> {
    codec::encode(&CompactBreakdown::of(breakdown))
}

/// The shapes a stored breakdown may have.
enum BreakdownShape<'a> {
    /// The current shape's encoding (engine versions 4 and 5), after the
    /// marker and the months.
    Compact(&'a [u8]),
    /// An `AtsBreakdownVersion4`'s encoding (engine versions 3 and 4).
    Full(&'a [u8]),
    /// Engine version 2's, which had no marker.
    Version2(&'a [u8]),
}

fn breakdown_shape(stored: &[u8]) -> Result<BreakdownShape<'_>, CodecError> {
    let after_months = || {
        stored
            .get(1 + RANKING_MONTHS_LENGTH..)
            .ok_or_else(|| CodecError::Decode("a breakdown ends inside its months".into()))
    };
    match stored.first() {
        Some(
            &(BREAKDOWN_VERSION_22_MARKER
            | BREAKDOWN_VERSION_21_MARKER
            | BREAKDOWN_VERSION_20_MARKER
            | BREAKDOWN_VERSION_19_MARKER
            | BREAKDOWN_VERSION_18_MARKER
            | BREAKDOWN_VERSION_17_MARKER
            | BREAKDOWN_VERSION_16_MARKER
            | BREAKDOWN_VERSION_15_MARKER
            | BREAKDOWN_VERSION_14_MARKER
            | BREAKDOWN_VERSION_13_MARKER
            | BREAKDOWN_VERSION_12_MARKER
            | BREAKDOWN_VERSION_11_MARKER
            | BREAKDOWN_VERSION_10_MARKER
            | BREAKDOWN_VERSION_9_MARKER
            | BREAKDOWN_VERSION_8_MARKER
            | BREAKDOWN_VERSION_7_MARKER
            | BREAKDOWN_VERSION_6_MARKER
            | BREAKDOWN_VERSION_5_MARKER
            | BREAKDOWN_COMPACT_MARKER),
        ) => after_months().map(BreakdownShape::Compact),
        Some(&BREAKDOWN_VERSION_4_MARKER) => after_months().map(BreakdownShape::Full),
        Some(&BREAKDOWN_VERSION_3_MARKER) => Ok(BreakdownShape::Full(&stored[1..])),
        _ => Ok(BreakdownShape::Version2(stored)),
    }
}

/// Decodes an ATS breakdown kept by the state, converting older shapes.
pub fn decode_breakdown(scored: &ScoredBreakdown) -> Result<AtsBreakdown, CodecError> {
    match breakdown_shape(scored.breakdown.bytes())? {
        BreakdownShape::Compact(body) => codec::decode::<CompactBreakdown>(body).map(CompactBreakdown::into_breakdown),
        BreakdownShape::Full(body) => codec::decode::<AtsBreakdownVersion4>(body).map(AtsBreakdown::from),
        BreakdownShape::Version2(body) => codec::decode::<AtsBreakdownVersion2>(body).map(AtsBreakdown::from),
    }
}

/// A stored parsed resume's encoding in the current shape, without its
/// marker: borrowed from the state when it is in that shape, converted and
/// encoded again when not (only then does a read pay a copy).
pub fn current_resume_bytes(encoded: &Encoded) -> Result<Cow<'_, [u8]>, CodecError> {
    match encoded.bytes().split_first() {
        Some((&marker, rest)) if in_the_current_shape(marker) => Ok(Cow::Borrowed(rest)),
        _ => codec::encode(&decode_resume(encoded)?).map(Cow::Owned),
    }
}

/// A parsed resume whose strings point into `bytes`, which
/// [`current_resume_bytes`] gave.
pub fn read_resume(bytes: &[u8]) -> Result<ParsedResume<&str>, CodecError> {
    codec::decode_borrowed(bytes)
}

/// A stored breakdown's encoding in the current shape, as
/// [`current_resume_bytes`] gives a parsed resume's.
pub fn current_breakdown_bytes(scored: &ScoredBreakdown) -> Result<Cow<'_, [u8]>, CodecError> {
    match breakdown_shape(scored.breakdown.bytes())? {
        BreakdownShape::Compact(body) => Ok(Cow::Borrowed(body)),
        _ => encode_breakdown_body(&decode_breakdown(scored)?).map(Cow::Owned),
    }
}

/// A breakdown whose strings point into `bytes`, which
/// [`current_breakdown_bytes`] gave; its keyword lists are derived again.
pub fn read_breakdown(bytes: &[u8]) -> Result<AtsBreakdown<&str>, CodecError> {
    codec::decode_borrowed::<CompactBreakdown<&str>>(bytes).map(CompactBreakdown::into_breakdown)
}

#[cfg(test)]
mod tests;
