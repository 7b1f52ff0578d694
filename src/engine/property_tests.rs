//! Property tests for the engine as a whole: parsing and scoring never panic
//! on any input, scores stay in range, points add up, results are
//! deterministic, and adding a missing must-have to a resume never lowers its
//! score. Inputs mix arbitrary Unicode with resume-shaped lines (headings,
//! date ranges, bullets, separators) so that the parsers' interesting paths,
//! not only their early exits, see odd text.

use super::dates::PRESENT_REFERENCE;
use super::{parse_resume, parse_resume_for_scoring, score_parsed, score_resume};
use crate::domain::ats::{AtsBreakdown, Criteria, CriterionKind, Verdict, Weighting};
use proptest::prelude::*;

const RESUME_LINES: &[&str] = &[
    "SKILLS",
    "## Work Experience:",
    "Education",
    "Projects",
    "Summary",
    "Senior Engineer — Acme Corp",
    "Engineer at Beta | 2015–2018",
    "Jan 2019 – Present",
    "BROADWAY BOOTS SALOON · Nashville, TN · 2017 – 2021",
    "Bartender, then Lead Bartender (2019)",
    "2020–2022   Pacific Board grant (co-PI), $188,500",
    "(03/2018 - 06/2021)",
    "March 2017 to May 2019",
    "- Built distributed systems in Rust",
    "• C++, C#, .NET, Node.js, CI/CD",
    "Languages: Rust, Go; Python | SQL",
    "• Gas furnaces · ServiceTitan and Épée  fencing (advanced) / Research & Development",
    "B.Sc. Computer Science, University of Leeds, 2014",
    "University of Toronto — MSc in Data Science (2016)",
    "Shortlist — An applicant tracker (Rust, Tokio)",
    "Pathfinder: A route planner. Tech: Go, PostgreSQL",
    "jane@example.com | +44 20 7946 0958 | github.com/jane",
    "Ingénieur — Société Générale — 2019 – 2020",
    "日本語の履歴書 — 東京大学 (2010)",
    "",
];

const KEYWORDS: &[&str] = &[
    "Rust",
    "Go",
    "C++",
    "C#",
    ".NET",
    "Node.js",
    "CI/CD",
    "distributed systems",
    "Kubernetes",
    "PostgreSQL",
    "Python",
    "Société",
    "東京",
];

fn resume_line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(RESUME_LINES).prop_map(str::to_string),
        1 => "[a-zA-Zé日—–•·:|,()0-9 #/.+\\-]{0,40}",
        1 => any::<String>(),
    ]
}

pub(crate) fn resume_text() -> impl Strategy<Value = String> {
    (prop::collection::vec(resume_line(), 0..40), prop::sample::select(&["\n", "\r\n", "\r"][..]))
        .prop_map(|(lines, line_ending)| lines.join(line_ending))
}

fn keyword() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(KEYWORDS).prop_map(str::to_string),
        1 => "[a-zA-Z+#./ ]{0,12}",
        1 => any::<String>(),
    ]
}

fn weight() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..=100, 1 => any::<u32>()]
}

pub(crate) fn criteria() -> impl Strategy<Value = Criteria> {
    (
        prop::collection::vec(keyword(), 0..8),
        prop::collection::vec(keyword(), 0..8),
        (weight(), weight(), weight()),
        prop::option::of(prop_oneof![4 => 0u32..=60, 1 => any::<u32>()]),
    )
        .prop_map(|(must_haves, nice_to_haves, (must, nice, experience), min_years_experience)| Criteria {
            must_haves,
            nice_to_haves,
            weighting: Weighting { must_haves: must, nice_to_haves: nice, experience },
            min_years_experience,
        })
}

fn weight_used_total(breakdown: &AtsBreakdown) -> u64 {
    let weighting = breakdown.weighting;
    u64::from(weighting.must_haves) + u64::from(weighting.nice_to_haves) + u64::from(weighting.experience)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsing_arbitrary_strings_never_panics(text in any::<String>()) {
        let _ = parse_resume(&text, PRESENT_REFERENCE);
    }

    #[test]
    fn scoring_arbitrary_strings_never_panics(text in any::<String>(), criteria in criteria()) {
        let resume = parse_resume(&text, PRESENT_REFERENCE).unwrap_or_default();
        let breakdown = score_resume(&text, &resume, &criteria);
        prop_assert!(breakdown.overall_score <= 100);
    }

    #[test]
    fn parsing_resume_shaped_text_never_panics(text in resume_text()) {
        let _ = parse_resume(&text, PRESENT_REFERENCE);
    }

    #[test]
    fn score_is_in_range_and_points_add_up(text in resume_text(), criteria in criteria()) {
        let Ok(resume) = parse_resume(&text, PRESENT_REFERENCE) else { return Ok(()) };
        let breakdown = score_resume(&text, &resume, &criteria);
        prop_assert!(breakdown.overall_score <= 100);
        let points_max_sum: f64 = breakdown.criteria.iter().map(|result| result.points_max).sum();
        if weight_used_total(&breakdown) > 0 {
            prop_assert!((points_max_sum - 100.0).abs() < 1e-6, "points_max sum {}", points_max_sum);
        } else {
            prop_assert_eq!(breakdown.overall_score, 0);
        }
        for result in &breakdown.criteria {
            prop_assert!(result.points >= 0.0 && result.points <= result.points_max + 1e-9);
        }
    }

    #[test]
    fn scoring_with_the_parses_sections_is_scoring_the_text_again(text in resume_text(), criteria in criteria()) {
        let Ok(parsed) = parse_resume_for_scoring(&text, PRESENT_REFERENCE) else { return Ok(()) };
        prop_assert_eq!(Ok(parsed.resume.clone()), parse_resume(&text, PRESENT_REFERENCE));
        prop_assert_eq!(score_parsed(&text, &parsed, &criteria), score_resume(&text, &parsed.resume, &criteria));
    }

    #[test]
    fn parsing_and_scoring_are_deterministic(text in resume_text(), criteria in criteria()) {
        let first = parse_resume(&text, PRESENT_REFERENCE);
        prop_assert_eq!(&first, &parse_resume(&text, PRESENT_REFERENCE));
        if let Ok(resume) = first {
            prop_assert_eq!(score_resume(&text, &resume, &criteria), score_resume(&text, &resume, &criteria));
        }
    }

    #[test]
    fn adding_a_missing_must_have_never_lowers_the_score(text in resume_text(), criteria in criteria()) {
        let Ok(resume) = parse_resume(&text, PRESENT_REFERENCE) else { return Ok(()) };
        let before = score_resume(&text, &resume, &criteria);
        for missing in &before.missing_keywords {
            // Listed as a skill: where a resume claims one, ambiguous names included.
            let extended = format!("{text}\n\nSkills\n{missing}\n");
            let Ok(extended_resume) = parse_resume(&extended, PRESENT_REFERENCE) else { continue };
            let after = score_resume(&extended, &extended_resume, &criteria);
            prop_assert!(after.matched_keywords.contains(missing), "{} still missing", missing);
            prop_assert!(
                after.overall_score >= before.overall_score,
                "adding {:?} lowered the score from {} to {}", missing, before.overall_score, after.overall_score
            );
        }
    }

    #[test]
    fn adding_a_must_have_the_candidate_meets_never_lowers_the_score(text in resume_text(), criteria in criteria()) {
        let Ok(resume) = parse_resume(&text, PRESENT_REFERENCE) else { return Ok(()) };
        let before = score_resume(&text, &resume, &criteria);
        let met = resume.skills.iter().map(|skill| skill.name.clone()).find(|name| {
            !criteria.must_haves.iter().any(|must_have| must_have.trim().eq_ignore_ascii_case(name))
        });
        let Some(met) = met else { return Ok(()) };
        let mut extended = criteria.clone();
        extended.must_haves.push(met.clone());
        let after = score_resume(&text, &resume, &extended);
        let added = after.criteria.iter().find(|result| result.kind == CriterionKind::MustHave && result.criterion == met);
        prop_assert_eq!(added.map(|result| result.verdict), Some(Verdict::Met), "{} is a parsed skill", met);
        prop_assert!(
            after.overall_score >= before.overall_score,
            "adding the met must-have {:?} lowered the score from {} to {}", met, before.overall_score, after.overall_score
        );
    }
}
