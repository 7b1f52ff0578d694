//! Prints what the parser reads from one resume file (PDF, DOCX or text),
//! as the pipeline extracts it: the contact details, the experience entries
//! and the education, then the skills. For looking into a labelled file the
//! quality test scores low (`QUALITY_DIFF` names which field).
//!
//! ```text
//! cargo run --example parse_file -- tests/fixtures/resumes/r04-account-executive.txt
//! cargo run --example parse_file -- --text FILE     # the extracted text, as the parser reads it
//! ```

use shortlist::engine::{parse_resume, YearMonth};
use shortlist::extract::{extract_in_process, ExtractionLimits};

/// What "present" means: the month the labelled fixtures were made.
const PRESENT: YearMonth = YearMonth { year: 2026, month: 11 };

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let print_text = arguments.iter().any(|argument| argument == "--text");
    let path =
        arguments.iter().find(|argument| *argument != "--text").expect("usage: parse_file [--text] FILE").clone();
    let bytes = std::fs::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let document = extract_in_process(&bytes, &ExtractionLimits::default())
        .unwrap_or_else(|failure| panic!("{path}: {} {failure}", failure.code()));
    if print_text {
        print!("{}", document.text());
        return;
    }
    let resume = parse_resume(&document.text(), PRESENT).unwrap_or_default();
    let contact = &resume.contact;
    println!("name {:?}  credentials {:?}  location {:?}", contact.name, contact.credentials, contact.location);
    println!("emails {:?}  phones {:?}  links {:?}", contact.emails, contact.phones, contact.links);
    for entry in &resume.experience {
        println!(
            "job  {:?} @ {:?} ({:?}) {:?}..{:?}, {} highlights",
            entry.title.as_deref().unwrap_or(""),
            entry.company.as_deref().unwrap_or(""),
            entry.location.as_deref().unwrap_or(""),
            entry.start,
            entry.end,
            entry.highlights.len()
        );
    }
    for entry in &resume.education {
        println!("school {:?} {:?} {:?} {:?}", entry.institution, entry.degree, entry.field, entry.graduation_year);
    }
    let skills: Vec<String> = resume
        .skills
        .iter()
        .map(|skill| {
            let sections: Vec<&str> = skill.found_in.iter().map(|section| section.name()).collect();
            match skill.as_written.as_slice() {
                [] => format!("{} [{}]", skill.name, sections.join(" ")),
                written => format!("{} ({}) [{}]", skill.name, written.join("/"), sections.join(" ")),
            }
        })
        .collect();
    println!("skills {}", skills.join(", "));
}
