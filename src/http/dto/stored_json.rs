//! A stored parsed resume or ATS breakdown written as the API's JSON
//! straight from its encoding, read value by value (`codec::wire`), without
//! decoding it into Rust values first. Decoding a parsed resume allocated a
//! `Vec` for every list (about a hundred for a detail) and checked every
//! string, only for the response to copy them out again: a third of an
//! application detail's instructions.
//!
//! The walk follows each type's fields in their declared order (the order
//! they are encoded in) and writes the JSON that `ResumeView` and `AtsView`
//! serialise to. The resume's JSON puts `basics` (its contact) first although
//! the contact is encoded after the lists, so the lists are written aside and
//! copied into place. `stored_json_tests` holds the output to the derived
//! `Serialize` of the decoded value, for any value.

use std::ops::Range;

use super::application::{criterion_kind_text, network_of, verdict_text, years_in_tenths, LocationView};
use super::detail_json::{write_optional_integer, write_optional_string};
use crate::domain::ats::compact::points_of;
use crate::domain::ats::{keyword_lists_of, CriterionKind, Verdict};
use crate::domain::resume::SectionKind;
use crate::http::json_writer::{
    write_json_array, write_json_float, write_json_integer, write_json_string, write_json_text,
};
use crate::store::codec::wire::{Texts, WireReader};
use crate::store::codec::CodecError;

type Written = Result<(), CodecError>;

/// Appends the JSON of the parsed resume encoded in `encoded` (the current
/// engine's shape, without its marker).
pub fn write_resume_json(out: &mut Vec<u8>, encoded: &[u8]) -> Written {
    let mut reader = WireReader::new(encoded);
    let mut aside = Vec::with_capacity(encoded.len() + encoded.len() / 2);
    let summary = reader.optional_text()?;
    let skills = write_aside(&mut aside, |out| write_array(out, &mut reader, write_skill))?;
    let work = write_aside(&mut aside, |out| write_array(out, &mut reader, write_experience_entry))?;
    let education = write_aside(&mut aside, |out| write_array(out, &mut reader, write_education_entry))?;
    let projects = write_aside(&mut aside, |out| write_array(out, &mut reader, write_project))?;
    let certificates = write_aside(&mut aside, |out| {
        write_array(out, &mut reader, |out, reader| {
            out.extend_from_slice(b"{\"name\":");
            write_text(out, reader.text()?)?;
            out.push(b'}');
            Ok(())
        })
    })?;
    out.extend_from_slice(b"{\"basics\":");
    write_basics(out, &mut reader, summary)?;
    for (name, range) in [
        (&b",\"work\":"[..], work),
        (&b",\"education\":"[..], education),
        (&b",\"skills\":"[..], skills),
        (&b",\"projects\":"[..], projects),
        (&b",\"certificates\":"[..], certificates),
    ] {
        out.extend_from_slice(name);
        out.extend_from_slice(&aside[range]);
    }
    let total_experience_months = reader.optional(WireReader::u32)?;
    out.extend_from_slice(b",\"totalExperienceMonths\":");
    write_optional_integer(out, total_experience_months.map(u64::from));
    out.extend_from_slice(b",\"totalYearsExperience\":");
    match total_experience_months {
        Some(months) => write_json_float(out, (f64::from(months) / 1.2).round() / 10.0),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"sectionsFound\":");
    write_section_array(out, &mut reader)?;
    out.extend_from_slice(b",\"wordCount\":");
    write_json_integer(out, u64::from(reader.u32()?));
    out.push(b'}');
    reader.finish()
}

/// Appends the JSON of the ATS breakdown encoded in `encoded` (the current
/// shape, `CompactBreakdown`, without its marker and ranking months). The
/// keyword lists come first in the JSON but are derived from the criteria,
/// which come last, so the criteria are written aside and their keywords
/// noted on the way.
pub fn write_breakdown_json(out: &mut Vec<u8>, encoded: &[u8]) -> Written {
    let mut reader = WireReader::new(encoded);
    let overall_score = reader.u8()?;
    let (strengths, concerns) = (reader.texts()?, reader.texts()?);
    let mut keywords: Vec<(&str, bool)> = Vec::new();
    let mut criteria = Vec::with_capacity(encoded.len() * 2);
    write_array(&mut criteria, &mut reader, |out, reader| write_criterion_result(out, reader, &mut keywords))?;
    let (matched, missing) = keyword_lists_of(keywords.into_iter());
    out.extend_from_slice(b"{\"overallScore\":");
    write_json_integer(out, u64::from(overall_score));
    for (name, keywords) in [(&b",\"matchedKeywords\":"[..], matched), (b",\"missingKeywords\":", missing)] {
        out.extend_from_slice(name);
        write_json_array(out, &keywords, |out, keyword| write_json_string(out, keyword));
    }
    for (name, texts) in [(&b",\"strengths\":"[..], strengths), (b",\"concerns\":", concerns)] {
        out.extend_from_slice(name);
        write_texts(out, texts)?;
    }
    out.extend_from_slice(b",\"criteria\":");
    out.extend_from_slice(&criteria);
    out.extend_from_slice(b",\"weighting\":{\"mustHaves\":");
    write_json_integer(out, u64::from(reader.u32()?));
    out.extend_from_slice(b",\"niceToHaves\":");
    write_json_integer(out, u64::from(reader.u32()?));
    out.extend_from_slice(b",\"experience\":");
    write_json_integer(out, u64::from(reader.u32()?));
    out.extend_from_slice(b"},\"missingMustHaveMultiplier\":");
    write_json_float(out, reader.f64()?);
    out.extend_from_slice(b",\"engineVersion\":");
    write_json_integer(out, u64::from(reader.u32()?));
    out.push(b'}');
    reader.finish()
}

/// Writes one criterion and notes its keyword (unless it is the experience
/// criterion) and whether it matched.
fn write_criterion_result<'a>(
    out: &mut Vec<u8>,
    reader: &mut WireReader<'a>,
    keywords: &mut Vec<(&'a str, bool)>,
) -> Written {
    let kind = CriterionKind::ALL[variant_index(reader, CriterionKind::ALL.len())?];
    out.extend_from_slice(b"{\"kind\":");
    write_json_string(out, criterion_kind_text(kind));
    out.extend_from_slice(b",\"criterion\":");
    let criterion = utf8(reader.text()?)?;
    write_json_string(out, criterion);
    let verdict = Verdict::ALL[variant_index(reader, Verdict::ALL.len())?];
    if kind != CriterionKind::Experience {
        keywords.push((criterion, verdict != Verdict::Missing));
    }
    out.extend_from_slice(b",\"verdict\":");
    write_json_string(out, verdict_text(verdict));
    out.extend_from_slice(if verdict != Verdict::Missing { b",\"matched\":true" } else { b",\"matched\":false" });
    out.extend_from_slice(b",\"evidence\":{\"occurrences\":");
    write_json_integer(out, u64::from(reader.u32()?));
    out.extend_from_slice(b",\"foundIn\":");
    write_section_array(out, reader)?;
    out.extend_from_slice(b",\"asWritten\":");
    write_text_array(out, reader)?;
    let months = reader.optional(WireReader::u32)?;
    out.extend_from_slice(b",\"months\":");
    write_optional_integer(out, months.map(u64::from));
    out.extend_from_slice(b",\"years\":");
    match months.map(years_in_tenths) {
        Some(years) => write_json_float(out, years),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b"},\"points\":");
    write_json_float(out, points_of(reader.u32()?));
    out.extend_from_slice(b",\"pointsMax\":");
    write_json_float(out, points_of(reader.u32()?));
    out.push(b'}');
    Ok(())
}

fn variant_index(reader: &mut WireReader<'_>, variants: usize) -> Result<usize, CodecError> {
    let variants = u32::try_from(variants).expect("an enum has few variants");
    Ok(reader.variant(variants)? as usize)
}

fn write_skill(out: &mut Vec<u8>, reader: &mut WireReader<'_>) -> Written {
    out.extend_from_slice(b"{\"name\":");
    write_text(out, reader.text()?)?;
    out.extend_from_slice(b",\"keywords\":");
    write_text_array(out, reader)?;
    out.extend_from_slice(b",\"foundIn\":");
    write_section_array(out, reader)?;
    out.extend_from_slice(b",\"months\":");
    write_optional_integer(out, reader.optional(WireReader::u32)?.map(u64::from));
    out.push(b'}');
    Ok(())
}

fn write_experience_entry(out: &mut Vec<u8>, reader: &mut WireReader<'_>) -> Written {
    out.extend_from_slice(b"{\"position\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(b",\"name\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(b",\"location\":");
    write_optional_text(out, reader.optional_text()?)?;
    let current = reader.bool()?;
    out.extend_from_slice(b",\"startDate\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(b",\"endDate\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(if current { b",\"current\":true" } else { b",\"current\":false" });
    out.extend_from_slice(b",\"months\":");
    write_optional_integer(out, reader.optional(WireReader::u32)?.map(u64::from));
    out.extend_from_slice(b",\"highlights\":");
    write_text_array(out, reader)?;
    out.push(b'}');
    Ok(())
}

fn write_education_entry(out: &mut Vec<u8>, reader: &mut WireReader<'_>) -> Written {
    for name in [&b"{\"institution\":"[..], b",\"studyType\":", b",\"area\":", b",\"startDate\":", b",\"endDate\":"] {
        out.extend_from_slice(name);
        write_optional_text(out, reader.optional_text()?)?;
    }
    // The graduation year is stored for ranking, not shown.
    reader.optional(WireReader::u16)?;
    out.push(b'}');
    Ok(())
}

fn write_project(out: &mut Vec<u8>, reader: &mut WireReader<'_>) -> Written {
    out.extend_from_slice(b"{\"name\":");
    write_text(out, reader.text()?)?;
    out.extend_from_slice(b",\"description\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(b",\"keywords\":");
    write_text_array(out, reader)?;
    out.push(b'}');
    Ok(())
}

/// The contact details, which come next in `reader`, and the summary, as
/// JSON Resume's `basics`.
fn write_basics(out: &mut Vec<u8>, reader: &mut WireReader<'_>, summary: Option<&[u8]>) -> Written {
    out.extend_from_slice(b"{\"name\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(b",\"label\":");
    write_optional_text(out, reader.optional_text()?)?;
    out.extend_from_slice(b",\"credentials\":");
    write_text_array(out, reader)?;
    let location = reader.optional_text()?;
    let (emails, phones, links) = (reader.texts()?, reader.texts()?, reader.texts()?);
    out.extend_from_slice(b",\"email\":");
    write_optional_text(out, emails.first())?;
    out.extend_from_slice(b",\"phone\":");
    write_optional_text(out, phones.first())?;
    out.extend_from_slice(b",\"location\":");
    match location {
        Some(address) => {
            let location = LocationView::new(utf8(address)?);
            out.extend_from_slice(b"{\"address\":");
            write_json_string(out, location.address);
            out.extend_from_slice(b",\"city\":");
            write_optional_string(out, location.city);
            out.extend_from_slice(b",\"region\":");
            write_optional_string(out, location.region);
            out.push(b'}');
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"profiles\":[");
    for (index, url) in links.iter().enumerate() {
        let url = utf8(url)?;
        out.extend_from_slice(if index == 0 { b"{\"network\":" } else { b",{\"network\":" });
        write_json_string(out, network_of(url));
        out.extend_from_slice(b",\"url\":");
        write_json_string(out, url);
        out.push(b'}');
    }
    out.extend_from_slice(b"],\"summary\":");
    write_optional_text(out, summary)?;
    for (name, texts) in [(&b",\"emails\":"[..], emails), (&b",\"phones\":"[..], phones), (&b",\"links\":"[..], links)]
    {
        out.extend_from_slice(name);
        write_texts(out, texts)?;
    }
    out.push(b'}');
    Ok(())
}

/// Writes into `aside` with `write`, and says where.
fn write_aside(aside: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> Written) -> Result<Range<usize>, CodecError> {
    let start = aside.len();
    write(aside)?;
    Ok(start..aside.len())
}

/// A list that comes next in `reader`, each item written by `write_item`.
fn write_array<'a>(
    out: &mut Vec<u8>,
    reader: &mut WireReader<'a>,
    mut write_item: impl FnMut(&mut Vec<u8>, &mut WireReader<'a>) -> Written,
) -> Written {
    let count = reader.length()?;
    out.push(b'[');
    for index in 0..count {
        if index > 0 {
            out.push(b',');
        }
        write_item(out, reader)?;
    }
    out.push(b']');
    Ok(())
}

fn write_text_array(out: &mut Vec<u8>, reader: &mut WireReader<'_>) -> Written {
    write_array(out, reader, |out, reader| write_text(out, reader.text()?))
}

/// A list of section kinds, stored by index, as their names.
fn write_section_array(out: &mut Vec<u8>, reader: &mut WireReader<'_>) -> Written {
    write_array(out, reader, |out, reader| {
        write_json_string(out, SectionKind::ALL[variant_index(reader, SectionKind::ALL.len())?].name());
        Ok(())
    })
}

fn write_texts(out: &mut Vec<u8>, texts: Texts<'_>) -> Written {
    out.push(b'[');
    for (index, text) in texts.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_text(out, text)?;
    }
    out.push(b']');
    Ok(())
}

fn write_text(out: &mut Vec<u8>, text: &[u8]) -> Written {
    write_json_text(out, text).map_err(|_| not_utf8())
}

fn write_optional_text(out: &mut Vec<u8>, text: Option<&[u8]>) -> Written {
    match text {
        Some(text) => write_text(out, text),
        None => {
            out.extend_from_slice(b"null");
            Ok(())
        }
    }
}

fn utf8(text: &[u8]) -> Result<&str, CodecError> {
    std::str::from_utf8(text).map_err(|_| not_utf8())
}

fn not_utf8() -> CodecError {
    CodecError::Decode("a stored string is not UTF-8".into())
}
