//! The engine bench's input, shared with `examples/engine_instructions.rs`
//! so that the instruction counts and the bench measure the same resume
//! against the same criteria.

use shortlist::demo::corpus::{candidate, Track};
use shortlist::domain::ats::{Criteria, Weighting};
use shortlist::engine::YearMonth;

/// The month "present" stands for in the resume's date ranges.
pub const PRESENT: YearMonth = YearMonth { year: 2026, month: 11 };

/// About 6 KB: demo resumes one after the other, cut at the last line that fits.
pub fn text_resume() -> String {
    let mut text = String::new();
    for index in 1.. {
        for line in candidate(7, index, Track::BackendEngineer).resume_text.lines() {
            if text.len() + line.len() + 1 > 6_000 {
                return text;
            }
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// Ten criteria: five must-haves, five nice-to-haves, and a minimum of years.
pub fn criteria() -> Criteria {
    Criteria {
        must_haves: ["Rust", "PostgreSQL", "Kubernetes", "distributed systems", "Go"].map(String::from).to_vec(),
        nice_to_haves: ["Kafka", "gRPC", "AWS", "Terraform", "observability"].map(String::from).to_vec(),
        weighting: Weighting::default(),
        min_years_experience: Some(5),
    }
}

/// Every text resume of the labelled sets (`tests/fixtures/resumes*/*.txt`),
/// in name order, those in UTF-8: about 460 resumes of every kind of role and layout,
/// 0.4 to 4.5 KB each. One resume parsed over and over keeps the skill
/// matcher's tables for its words in the cache; these do not.
pub fn labelled_resumes() -> Vec<String> {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&fixtures)
        .expect("the fixtures folder")
        .flatten()
        .map(|entry| entry.path())
        .filter(|folder| folder.file_name().is_some_and(|name| name.to_string_lossy().starts_with("resumes")))
        .flat_map(|folder| std::fs::read_dir(folder).expect("a labelled set").flatten().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
        .collect();
    paths.sort();
    // A few are UTF-16 or Windows-1252 on purpose, for the extractor: the
    // engine reads UTF-8.
    paths.iter().filter_map(|path| String::from_utf8(std::fs::read(path).expect("a text resume")).ok()).collect()
}
