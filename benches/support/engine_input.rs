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
