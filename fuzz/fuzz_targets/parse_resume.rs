//! The parser and the scorer on arbitrary text: never a panic, and the same
//! result twice.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shortlist::domain::ats::{Criteria, Weighting};
use shortlist::engine::{parse_resume, score_resume, YearMonth};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let present = YearMonth { year: 2026, month: 11 };
    let Ok(resume) = parse_resume(text, present) else { return };
    assert_eq!(parse_resume(text, present).ok().as_ref(), Some(&resume));
    let criteria = Criteria {
        must_haves: vec!["Rust".into(), "Go".into(), "Kubernetes".into()],
        nice_to_haves: vec!["BLS Certification".into(), "distributed systems".into()],
        weighting: Weighting::default(),
        min_years_experience: Some(3),
    };
    let breakdown = score_resume(text, &resume, &criteria);
    assert!(breakdown.overall_score <= 100);
});
