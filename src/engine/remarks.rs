//! The human-readable strengths and concerns of a breakdown.
//!
//! Sentences are derived only from the criterion results and the parsed
//! resume, never from the raw text, so they always agree with the points.
//! Wording is kept short and factual ("Missing must-have: Kubernetes") since
//! recruiters scan these lists rather than read them.

use super::scoring::{MISSING_MUST_HAVE_MULTIPLIER, PARTIAL_CREDIT_RATIO};
use crate::domain::ats::{CriterionKind, CriterionResult, Verdict};
use crate::domain::resume::{ParsedResume, SectionKind};

/// Whether the job's criteria gave the score anything to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CriteriaStatus {
    Measurable,
    NothingToMeasure,
    AllWeightsZero,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Remarks {
    pub strengths: Vec<String>,
    pub concerns: Vec<String>,
}

/// Strengths and concerns for `results`; `years_min` is the job's required
/// years of experience, if it sets one.
pub(crate) fn remarks(
    results: &[CriterionResult],
    resume: &ParsedResume,
    status: CriteriaStatus,
    years_min: Option<u32>,
) -> Remarks {
    let mut remarks = Remarks::default();
    match status {
        CriteriaStatus::Measurable => {}
        CriteriaStatus::NothingToMeasure => {
            remarks.concerns.push("The job defines no criteria to score against".into())
        }
        CriteriaStatus::AllWeightsZero => remarks
            .concerns
            .push("The job defines no weighted criteria to score against: every weight in use is zero".into()),
    }
    must_have_remarks(&of_kind(results, CriterionKind::MustHave), &mut remarks);
    nice_to_have_remarks(&of_kind(results, CriterionKind::NiceToHave), &mut remarks);
    let experience = results.iter().find(|result| result.kind == CriterionKind::Experience);
    experience_remarks(years_min.zip(experience), resume, &mut remarks);
    remarks
}

fn of_kind(results: &[CriterionResult], kind: CriterionKind) -> Vec<&CriterionResult> {
    results.iter().filter(|result| result.kind == kind).collect()
}

fn must_have_remarks(must_haves: &[&CriterionResult], remarks: &mut Remarks) {
    let matched_count = must_haves.iter().filter(|result| result.is_matched()).count();
    match (matched_count, must_haves) {
        (_, []) | (0, _) => {}
        (1, [only]) => remarks.strengths.push(format!("Matches the must-have: {}", only.criterion)),
        (matched, all) if matched == all.len() => remarks.strengths.push(format!("Matches all {matched} must-haves")),
        (matched, all) => remarks.strengths.push(format!("Matches {matched} of {} must-haves", all.len())),
    }
    for result in must_haves {
        match result.verdict {
            Verdict::Met => {}
            Verdict::Missing => remarks.concerns.push(format!(
                "Missing must-have: {} (the score is multiplied by {})",
                result.criterion, MISSING_MUST_HAVE_MULTIPLIER
            )),
            Verdict::Partial => remarks.concerns.push(format!(
                "Must-have {} appears only in {} ({}% credit)",
                result.criterion,
                result.found_in.iter().map(|kind| kind.name()).collect::<Vec<_>>().join(" and "),
                PARTIAL_CREDIT_RATIO * 100.0
            )),
        }
    }
}

fn nice_to_have_remarks(nice_to_haves: &[&CriterionResult], remarks: &mut Remarks) {
    let matched_count = nice_to_haves.iter().filter(|result| result.is_matched()).count();
    match (matched_count, nice_to_haves) {
        (_, []) => {}
        (0, [only]) => remarks.concerns.push(format!("Missing nice-to-have: {}", only.criterion)),
        (0, all) => remarks.concerns.push(format!("Matches none of the {} nice-to-haves", all.len())),
        (1, [only]) => remarks.strengths.push(format!("Matches the nice-to-have: {}", only.criterion)),
        (matched, all) if matched == all.len() => {
            remarks.strengths.push(format!("Matches all {matched} nice-to-haves"))
        }
        (matched, all) => remarks.strengths.push(format!("Matches {matched} of {} nice-to-haves", all.len())),
    }
}

/// A missing experience section is reported even when the job sets no
/// minimum, since it is the first thing a recruiter looks for.
fn experience_remarks(experience: Option<(u32, &CriterionResult)>, resume: &ParsedResume, remarks: &mut Remarks) {
    if !resume.sections_found.contains(&SectionKind::Experience) {
        remarks.concerns.push("No experience section found".into());
        return;
    }
    let Some((years_min, result)) = experience else {
        return;
    };
    let Some(total_months) = resume.total_experience_months else {
        remarks.concerns.push("No dated jobs found in the experience section".into());
        return;
    };
    let sentence = format!("Has {} of experience ({years_min} required)", years_text(total_months));
    if result.verdict == Verdict::Met {
        remarks.strengths.push(sentence);
    } else {
        remarks.concerns.push(sentence);
    }
}

/// `7 years`, `1 year`, `6.5 years`: whole years, or tenths rounded down.
fn years_text(months: u32) -> String {
    let tenths = u64::from(months) * 10 / 12;
    let (whole, tenth) = (tenths / 10, tenths % 10);
    match (whole, tenth) {
        (1, 0) => "1 year".into(),
        (_, 0) => format!("{whole} years"),
        _ => format!("{whole}.{tenth} years"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyword(kind: CriterionKind, criterion: &str, found_in: &[&str]) -> CriterionResult {
        let verdict = match found_in {
            [] => Verdict::Missing,
            ["education"] => Verdict::Partial,
            _ => Verdict::Met,
        };
        CriterionResult {
            kind,
            criterion: criterion.to_string(),
            verdict,
            occurrences: u32::try_from(found_in.len()).unwrap_or(u32::MAX),
            found_in: found_in.iter().map(|section| SectionKind::from_name(section).expect("a section name")).collect(),
            as_written: Vec::new(),
            months: None,
            points: 0.0,
            points_max: 0.0,
        }
    }

    fn experience(years_min: u32, matched: bool) -> CriterionResult {
        CriterionResult {
            kind: CriterionKind::Experience,
            criterion: format!("{years_min}+ years of experience"),
            verdict: if matched { Verdict::Met } else { Verdict::Partial },
            occurrences: 0,
            found_in: Vec::new(),
            as_written: Vec::new(),
            months: None,
            points: 0.0,
            points_max: 0.0,
        }
    }

    fn resume_with_experience(total_months: Option<u32>) -> ParsedResume {
        ParsedResume {
            sections_found: vec![SectionKind::Experience],
            total_experience_months: total_months,
            ..ParsedResume::default()
        }
    }

    #[test]
    fn all_must_haves_matched_is_a_strength() {
        let results = [
            keyword(CriterionKind::MustHave, "Rust", &["skills"]),
            keyword(CriterionKind::MustHave, "Go", &["experience"]),
            keyword(CriterionKind::MustHave, "SQL", &["skills"]),
        ];
        let remarks = remarks(&results, &resume_with_experience(None), CriteriaStatus::Measurable, None);
        assert_eq!(remarks.strengths, ["Matches all 3 must-haves"]);
        assert!(remarks.concerns.is_empty());
    }

    #[test]
    fn each_missing_must_have_is_a_concern() {
        let results = [
            keyword(CriterionKind::MustHave, "Rust", &["skills"]),
            keyword(CriterionKind::MustHave, "Kubernetes", &[]),
        ];
        let remarks = remarks(&results, &resume_with_experience(None), CriteriaStatus::Measurable, None);
        assert_eq!(remarks.strengths, ["Matches 1 of 2 must-haves"]);
        assert_eq!(remarks.concerns, ["Missing must-have: Kubernetes (the score is multiplied by 0.5)"]);
    }

    #[test]
    fn must_have_only_in_education_is_a_concern() {
        let results = [keyword(CriterionKind::MustHave, "Kafka", &["education"])];
        let remarks = remarks(&results, &resume_with_experience(None), CriteriaStatus::Measurable, None);
        assert_eq!(remarks.strengths, ["Matches the must-have: Kafka"]);
        assert_eq!(remarks.concerns, ["Must-have Kafka appears only in education (50% credit)"]);
    }

    #[test]
    fn resume_without_headings_is_read_as_a_whole() {
        let results = [keyword(CriterionKind::MustHave, "Rust", &["body"])];
        let remarks = remarks(&results, &ParsedResume::default(), CriteriaStatus::Measurable, None);
        assert_eq!(remarks.concerns, ["No experience section found"]);
    }

    #[test]
    fn nice_to_haves_are_summarised_as_a_count() {
        let results = [
            keyword(CriterionKind::NiceToHave, "Redis", &["skills"]),
            keyword(CriterionKind::NiceToHave, "Kafka", &["skills"]),
            keyword(CriterionKind::NiceToHave, "Terraform", &[]),
            keyword(CriterionKind::NiceToHave, "Elm", &[]),
        ];
        let remarks = remarks(&results, &resume_with_experience(None), CriteriaStatus::Measurable, None);
        assert_eq!(remarks.strengths, ["Matches 2 of 4 nice-to-haves"]);
    }

    #[test]
    fn experience_meeting_the_minimum_is_a_strength() {
        let remarks =
            remarks(&[experience(5, true)], &resume_with_experience(Some(84)), CriteriaStatus::Measurable, Some(5));
        assert_eq!(remarks.strengths, ["Has 7 years of experience (5 required)"]);
    }

    #[test]
    fn experience_below_the_minimum_is_a_concern() {
        let remarks =
            remarks(&[experience(5, false)], &resume_with_experience(Some(24)), CriteriaStatus::Measurable, Some(5));
        assert_eq!(remarks.concerns, ["Has 2 years of experience (5 required)"]);
    }

    #[test]
    fn missing_experience_section_is_a_concern() {
        let remarks = remarks(&[experience(5, false)], &ParsedResume::default(), CriteriaStatus::Measurable, Some(5));
        assert_eq!(remarks.concerns, ["No experience section found"]);
    }

    #[test]
    fn job_without_criteria_is_a_concern() {
        let remarks = remarks(&[], &resume_with_experience(None), CriteriaStatus::NothingToMeasure, None);
        assert_eq!(remarks.concerns, ["The job defines no criteria to score against"]);
    }

    #[test]
    fn years_are_whole_or_tenths_rounded_down() {
        assert_eq!(years_text(12), "1 year");
        assert_eq!(years_text(84), "7 years");
        assert_eq!(years_text(78), "6.5 years");
        assert_eq!(years_text(11), "0.9 years");
        assert_eq!(years_text(0), "0 years");
    }
}
