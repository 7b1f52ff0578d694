//! Turns a parsed resume into a 0-100 score against a job's criteria.
//!
//! The model, which README states for recruiters:
//! - The score has up to three components (must-haves, nice-to-haves,
//!   experience), weighted by the job's `Weighting`. A component with
//!   nothing to measure is left out and the others are renormalised, so a
//!   job with no nice-to-haves can still reach 100. Within a keyword
//!   component every keyword is worth the same share.
//! - Each keyword gets a verdict. `Met`: the resume shows it where a
//!   candidate claims skills (the skills list, a job, a project, a
//!   certification, the summary or the lines at the top): full points.
//!   `Partial`: named only in education or a section the parser does not
//!   read (awards, interests): `PARTIAL_CREDIT_RATIO` of the points, since
//!   studying a thing is not using it. `Missing`: nothing.
//! - Experience is `Met` at the required years (full points), `Partial`
//!   below them (points in proportion), `Missing` with no dated job.
//! - Each missing must-have multiplies the whole score by
//!   `MISSING_MUST_HAVE_MULTIPLIER`, so a candidate without a must-have
//!   ranks below one who has it, whatever else either shows.
//! - Adding a met criterion never lowers the score (the multiplier only
//!   grows and points only add), and all arithmetic is plain `f64` in a
//!   fixed order, so results are reproducible bit for bit.

use super::matching::{find_keywords, KeywordMatches};
use super::remarks::{remarks, CriteriaStatus};
use super::sections::{SectionKind, SectionStarts};
use super::taxonomy::{canonical_skill_with_ambiguity, TAXONOMY};
use super::text::is_listed;
use super::ENGINE_VERSION;
use crate::domain::ats::{AtsBreakdown, Criteria, CriterionKind, CriterionResult, Verdict, Weighting};
use crate::domain::resume::ParsedResume;
use std::collections::HashSet;

/// Share of a keyword's points earned when it is named only in education
/// or in a section that claims no skills.
pub(crate) const PARTIAL_CREDIT_RATIO: f64 = 0.5;

/// What each missing must-have multiplies the score by.
pub(crate) const MISSING_MUST_HAVE_MULTIPLIER: f64 = 0.5;

/// The points all criteria together are worth.
const POINTS_TOTAL: f64 = 100.0;

/// Scores `resume`, parsed from `text`, whose sections start at `sections`.
pub(crate) fn score(text: &str, sections: &SectionStarts, resume: &ParsedResume, criteria: &Criteria) -> AtsBreakdown {
    let must_haves = distinct_keywords(&criteria.must_haves);
    let nice_to_haves = distinct_keywords(&criteria.nice_to_haves);
    let weighting = weighting_used(criteria, !must_haves.is_empty(), !nice_to_haves.is_empty());
    let weight_total =
        u64::from(weighting.must_haves) + u64::from(weighting.nice_to_haves) + u64::from(weighting.experience);
    // u64 to f64 is exact below 2^53, far above three u32 weights summed.
    let component_points = |weight: u32| match weight_total {
        0 => 0.0,
        total => f64::from(weight) * POINTS_TOTAL / total as f64,
    };

    let keywords: Vec<&str> = must_haves.iter().chain(&nice_to_haves).copied().collect();
    let mut evidence = keyword_evidence(text, sections, resume, &keywords).into_iter();
    let mut results: Vec<CriterionResult> = Vec::new();
    let must_have_points = component_points(weighting.must_haves);
    let must_have_evidence = evidence.by_ref().take(must_haves.len());
    results.extend(keyword_results(&must_haves, must_have_evidence, CriterionKind::MustHave, must_have_points));
    let nice_to_have_points = component_points(weighting.nice_to_haves);
    results.extend(keyword_results(&nice_to_haves, evidence, CriterionKind::NiceToHave, nice_to_have_points));
    if let Some(years_min) = criteria.min_years_experience {
        let points_max = component_points(weighting.experience);
        results.push(experience_result(years_min, resume.total_experience_months, points_max));
    }

    let points_sum: f64 = results.iter().map(|result| result.points).sum();
    let multiplier = missing_must_have_multiplier(&results, weighting);
    let status = match (results.is_empty(), weight_total) {
        (true, _) => CriteriaStatus::NothingToMeasure,
        (false, 0) => CriteriaStatus::AllWeightsZero,
        (false, _) => CriteriaStatus::Measurable,
    };
    let (matched_keywords, missing_keywords) = crate::domain::ats::keyword_lists(&results);
    let remarks = remarks(&results, resume, status, criteria.min_years_experience);
    AtsBreakdown {
        overall_score: overall_score(points_sum * multiplier),
        matched_keywords,
        missing_keywords,
        strengths: remarks.strengths,
        concerns: remarks.concerns,
        criteria: results,
        weighting,
        missing_must_have_multiplier: multiplier,
        engine_version: ENGINE_VERSION,
    }
}

/// `MISSING_MUST_HAVE_MULTIPLIER` to the power of the missing must-haves;
/// 1 when must-haves carry no weight, since the job then says they do not count.
fn missing_must_have_multiplier(results: &[CriterionResult], weighting: Weighting) -> f64 {
    if weighting.must_haves == 0 {
        return 1.0;
    }
    results
        .iter()
        .filter(|result| result.kind == CriterionKind::MustHave && result.verdict == Verdict::Missing)
        .fold(1.0, |multiplier, _| multiplier * MISSING_MUST_HAVE_MULTIPLIER)
}

/// What the resume shows of one keyword.
#[derive(Default)]
struct Evidence {
    matches: KeywordMatches,
    as_written: Vec<String>,
    months_of_use: Option<u32>,
}

/// Where each keyword is evidenced. A keyword the taxonomy knows is matched
/// as that skill, through the resume's skills: any alias counts (`k8s` for
/// Kubernetes), and an ambiguous name only where the parser accepted it
/// (`Go` in `Go services`, never in `going`). Other keywords are matched as
/// whole words or phrases in the text.
fn keyword_evidence(text: &str, sections: &SectionStarts, resume: &ParsedResume, keywords: &[&str]) -> Vec<Evidence> {
    let by_text = find_keywords(text, sections, keywords);
    // Read once for all of the job's keywords, and only if one needs them.
    let unlisted = std::cell::OnceCell::new();
    let certifications = std::cell::OnceCell::new();
    keywords
        .iter()
        .zip(by_text)
        .map(|(keyword, text_matches)| match criterion_skill(keyword) {
            None => Evidence { matches: text_matches, ..Evidence::default() },
            Some((canonical, ambiguous)) => match resume.skills.iter().find(|skill| skill.name == canonical) {
                Some(skill) => Evidence {
                    matches: KeywordMatches {
                        occurrences: text_matches.occurrences.max(1),
                        found_in: skill.found_in.clone(),
                    },
                    as_written: skill.as_written.clone(),
                    months_of_use: skill.months_of_use,
                },
                None => match unlisted_skill_naming(unlisted.get_or_init(|| unlisted_skills(resume)), canonical)
                    .map(|skill| (vec![skill.name.clone()], skill.found_in.clone()))
                    .or_else(|| {
                        certification_naming(certifications.get_or_init(|| certification_names(resume)), canonical)
                            .map(|as_written| (as_written, vec![SectionKind::Certifications]))
                    }) {
                    Some((as_written, found_in)) => Evidence {
                        matches: KeywordMatches { occurrences: text_matches.occurrences.max(1), found_in },
                        as_written,
                        months_of_use: None,
                    },
                    // A phrase the line-by-line skill search missed (it wraps
                    // across lines) still counts as written, unless the name is
                    // ambiguous and the parser turned it down.
                    None if !ambiguous => Evidence { matches: text_matches, ..Evidence::default() },
                    None => Evidence::default(),
                },
            },
        })
        .collect()
}

/// The skills listed as written (ones the taxonomy does not know whole),
/// each with the taxonomy's skills named inside it (`Epic Radiant` names Epic).
fn unlisted_skills(resume: &ParsedResume) -> Vec<(&crate::domain::resume::SkillEntry, Vec<&'static str>)> {
    resume
        .skills
        .iter()
        .filter(|skill| TAXONOMY.lookup(&skill.name).is_none())
        .map(|skill| {
            let named =
                TAXONOMY.mentions(&skill.name, true).into_iter().map(|mention| TAXONOMY.canonical(mention.skill));
            (skill, named.collect())
        })
        .collect()
}

/// The skill listed as written that names the skill `canonical` inside it:
/// a job asking for Epic is met by `Epic Radiant` in the skills list.
fn unlisted_skill_naming<'resume>(
    unlisted: &[(&'resume crate::domain::resume::SkillEntry, Vec<&'static str>)],
    canonical: &str,
) -> Option<&'resume crate::domain::resume::SkillEntry> {
    unlisted.iter().find(|(_, named)| named.contains(&canonical)).map(|(skill, _)| *skill)
}

/// The skills each certification names, canonical and as written.
fn certification_names(resume: &ParsedResume) -> Vec<Vec<(&'static str, &str)>> {
    resume
        .certifications
        .iter()
        .map(|certification| {
            TAXONOMY
                .mentions(certification, true)
                .into_iter()
                .map(|mention| (TAXONOMY.canonical(mention.skill), &certification[mention.start..mention.end]))
                .collect()
        })
        .collect()
}

/// How a certification names the skill `canonical` (`BLS` for Basic Life
/// Support), when one does. Certifications are kept apart from the resume's
/// skills, but a job that asks for the skill is met by holding it.
fn certification_naming(certifications: &[Vec<(&'static str, &str)>], canonical: &str) -> Option<Vec<String>> {
    certifications.iter().flatten().find(|(named, _)| *named == canonical).map(|(_, written)| {
        if written.eq_ignore_ascii_case(canonical) {
            Vec::new()
        } else {
            vec![(*written).to_owned()]
        }
    })
}

/// The skill a criterion names, and whether its name is ambiguous: the
/// criterion as written, or without a generic word around it (`BLS
/// Certification`, `Experience with Kafka`).
fn criterion_skill(criterion: &str) -> Option<(&'static str, bool)> {
    const GENERIC_WORDS: [&str; 9] =
        ["certification", "certified", "certificate", "experience", "skills", "knowledge", "proficiency", "with", "of"];
    let found = canonical_skill_with_ambiguity(criterion).or_else(|| {
        let kept: Vec<&str> = criterion.split_whitespace().filter(|word| !is_listed(word, &GENERIC_WORDS)).collect();
        (!kept.is_empty()).then(|| canonical_skill_with_ambiguity(&kept.join(" "))).flatten()
    });
    found
}

/// The job's weights with the components that have nothing to measure set to 0.
fn weighting_used(criteria: &Criteria, has_must_haves: bool, has_nice_to_haves: bool) -> Weighting {
    let weighting = criteria.weighting;
    Weighting {
        must_haves: if has_must_haves { weighting.must_haves } else { 0 },
        nice_to_haves: if has_nice_to_haves { weighting.nice_to_haves } else { 0 },
        experience: if criteria.min_years_experience.is_some() { weighting.experience } else { 0 },
    }
}

/// Keywords trimmed, blanks dropped, repeats (ignoring case) dropped so that a
/// keyword listed twice is not worth double.
fn distinct_keywords(keywords: &[String]) -> Vec<&str> {
    let mut seen_lowered = HashSet::new();
    keywords
        .iter()
        .map(|keyword| keyword.trim())
        .filter(|keyword| !keyword.is_empty() && seen_lowered.insert(keyword.to_lowercase()))
        .collect()
}

/// Sections where a candidate claims what they can do.
fn is_claim(kind: SectionKind) -> bool {
    match kind {
        SectionKind::Header
        | SectionKind::Body
        | SectionKind::Summary
        | SectionKind::Skills
        | SectionKind::Experience
        | SectionKind::Projects
        | SectionKind::Certifications => true,
        SectionKind::Education | SectionKind::Other => false,
    }
}

/// One result per keyword, from its evidence (in keyword order).
fn keyword_results(
    keywords: &[&str],
    evidence: impl Iterator<Item = Evidence>,
    kind: CriterionKind,
    component_points: f64,
) -> Vec<CriterionResult> {
    let count = u32::try_from(keywords.len()).unwrap_or(u32::MAX);
    let points_max = if count == 0 { 0.0 } else { component_points / f64::from(count) };
    keywords
        .iter()
        .zip(evidence)
        .map(|(keyword, evidence)| {
            let matches = evidence.matches;
            let (verdict, credit) = match (matches.is_found(), matches.found_in.iter().any(|kind| is_claim(*kind))) {
                (false, _) => (Verdict::Missing, 0.0),
                (true, true) => (Verdict::Met, 1.0),
                (true, false) => (Verdict::Partial, PARTIAL_CREDIT_RATIO),
            };
            CriterionResult {
                kind,
                criterion: (*keyword).to_string(),
                verdict,
                occurrences: matches.occurrences,
                found_in: matches.found_in,
                as_written: evidence.as_written,
                months: evidence.months_of_use,
                points: points_max * credit,
                points_max,
            }
        })
        .collect()
}

/// Full points at `years_min` or more, proportional below. Years are computed
/// rather than found, so `found_in` is empty and `occurrences` is 0.
fn experience_result(years_min: u32, total_months: Option<u32>, points_max: f64) -> CriterionResult {
    let months = f64::from(total_months.unwrap_or(0));
    let months_required = f64::from(years_min) * 12.0;
    let fraction = if months >= months_required { 1.0 } else { months / months_required };
    let verdict = match total_months {
        _ if months >= months_required => Verdict::Met,
        Some(months) if months > 0 => Verdict::Partial,
        _ => Verdict::Missing,
    };
    CriterionResult {
        kind: CriterionKind::Experience,
        criterion: format!("{years_min}+ years of experience"),
        verdict,
        occurrences: 0,
        found_in: Vec::new(),
        as_written: Vec::new(),
        months: total_months,
        points: points_max * fraction,
        points_max,
    }
}

/// Keywords as written in the criteria, must-haves first; a keyword listed
/// as both a must-have and a nice-to-have is reported once.
fn overall_score(points_sum: f64) -> u8 {
    let rounded = points_sum.round().clamp(0.0, POINTS_TOTAL);
    // In 0..=100 after the clamp (NaN cannot arise: every divisor is non-zero).
    rounded as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dates::PRESENT_REFERENCE;
    use crate::engine::parser::parse_resume_as_of;

    const RESUME: &str = "\
Jane Doe
Rust and Kafka enthusiast

Summary
Backend engineer who enjoys Kafka.

Skills
Rust, Go, PostgreSQL

Experience
Senior Engineer — Acme Corp
Jan 2019 – Dec 2023
- Built distributed systems in Rust
";

    fn criteria(must_haves: &[&str], nice_to_haves: &[&str], min_years_experience: Option<u32>) -> Criteria {
        Criteria {
            must_haves: must_haves.iter().map(|keyword| keyword.to_string()).collect(),
            nice_to_haves: nice_to_haves.iter().map(|keyword| keyword.to_string()).collect(),
            weighting: Weighting::default(),
            min_years_experience,
        }
    }

    fn score_text(text: &str, criteria: &Criteria) -> AtsBreakdown {
        let resume = parse_resume_as_of(text, PRESENT_REFERENCE).expect("valid resume");
        score(text, &SectionStarts::of_text(text), &resume, criteria)
    }

    fn points_max_sum(breakdown: &AtsBreakdown) -> f64 {
        breakdown.criteria.iter().map(|result| result.points_max).sum()
    }

    #[test]
    fn each_keyword_is_worth_an_equal_share_of_its_component() {
        let breakdown = score_text(RESUME, &criteria(&["Rust", "Go", "Kubernetes"], &["PostgreSQL", "Redis"], Some(3)));
        let points_max: Vec<f64> = breakdown.criteria.iter().map(|result| result.points_max).collect();
        assert_eq!(points_max, [20.0, 20.0, 20.0, 12.5, 12.5, 15.0]);
        // Rust 20 + Go 20 + PostgreSQL 12.5 + 5 years against 3 required 15,
        // halved for the missing Kubernetes.
        assert_eq!(breakdown.missing_must_have_multiplier, 0.5);
        assert_eq!(breakdown.overall_score, 34);
        assert_eq!(breakdown.weighting, Weighting { must_haves: 60, nice_to_haves: 25, experience: 15 });
        assert_eq!(breakdown.engine_version, ENGINE_VERSION);
    }

    #[test]
    fn keyword_claimed_in_the_summary_is_met() {
        let breakdown = score_text(RESUME, &criteria(&["Kafka"], &[], None));
        let kafka = &breakdown.criteria[0];
        assert_eq!(kafka.verdict, Verdict::Met);
        assert_eq!(kafka.found_in, [SectionKind::Header, SectionKind::Summary]);
        assert_eq!((kafka.points, kafka.points_max), (100.0, 100.0));
        assert_eq!(breakdown.overall_score, 100);
    }

    #[test]
    fn keyword_named_only_in_education_is_partial_for_half_the_points() {
        let text = "Experience\nEngineer — Acme\n2019 – 2023\n- Built APIs\n\nEducation\nB.Sc. Econometrics, 2014";
        let breakdown = score_text(text, &criteria(&["Econometrics"], &[], None));
        assert_eq!(breakdown.criteria[0].verdict, Verdict::Partial);
        assert_eq!(breakdown.criteria[0].found_in, [SectionKind::Education]);
        assert_eq!(breakdown.overall_score, 50);
        assert_eq!(breakdown.matched_keywords, ["Econometrics"]);
    }

    #[test]
    fn each_missing_must_have_halves_the_score() {
        let one_missing = score_text(RESUME, &criteria(&["Rust", "Kubernetes"], &["Go"], None));
        let two_missing = score_text(RESUME, &criteria(&["Rust", "Kubernetes", "Terraform"], &["Go"], None));
        // Weights 60:25 renormalised to 70.6:29.4. Rust 35.3 + Go 29.4 = 64.7,
        // halved; then Rust 23.5 + Go 29.4 = 52.9, quartered.
        assert_eq!((one_missing.overall_score, one_missing.missing_must_have_multiplier), (32, 0.5));
        assert_eq!((two_missing.overall_score, two_missing.missing_must_have_multiplier), (13, 0.25));
        let concern = "Missing must-have: Kubernetes (the score is multiplied by 0.5)";
        assert!(one_missing.concerns.iter().any(|text| text == concern), "{:?}", one_missing.concerns);
    }

    #[test]
    fn a_candidate_with_every_must_have_outranks_one_missing_one_whatever_else() {
        let job = criteria(&["Rust", "PostgreSQL"], &["Kafka", "Go", "Terraform"], Some(3));
        let only_must_haves = score_text("Skills\nRust, PostgreSQL", &job);
        let everything_else = score_text(
            "Skills\nRust, Kafka, Go, Terraform\n\nExperience\nEngineer — Acme\n2010 – 2024\n- Ran Kafka",
            &job,
        );
        assert!(only_must_haves.overall_score > everything_else.overall_score);
    }

    #[test]
    fn evidence_names_the_spelling_and_the_months_of_use() {
        let text = "Experience\nEngineer — Acme\nJan 2020 – Dec 2022\n- Ran k8s clusters\n\nSkills\nRust";
        let breakdown = score_text(text, &criteria(&["Kubernetes"], &[], Some(2)));
        let kubernetes = &breakdown.criteria[0];
        assert_eq!(kubernetes.as_written, ["k8s"]);
        assert_eq!(kubernetes.months, Some(36));
        assert_eq!(breakdown.criteria[1].verdict, Verdict::Met);
        assert_eq!(breakdown.criteria[1].months, Some(36));
    }

    #[test]
    fn a_skill_held_as_a_certification_meets_the_criterion_that_asks_for_it() {
        let text = "Certifications\nBLS — American Heart Association\n\nSkills\nTelemetry";
        let breakdown = score_text(text, &criteria(&["Basic Life Support", "ACLS"], &[], None));
        let basic_life_support = &breakdown.criteria[0];
        assert_eq!(basic_life_support.verdict, Verdict::Met);
        assert_eq!(basic_life_support.found_in, [SectionKind::Certifications]);
        assert_eq!(basic_life_support.as_written, ["BLS"]);
        assert_eq!(breakdown.criteria[1].verdict, Verdict::Missing);
    }

    #[test]
    fn a_skill_named_inside_one_listed_as_written_meets_the_criterion_that_asks_for_it() {
        let text = "Skills\nEpic Qlarion, Qorvex furnaces\n\nExperience\nTech — Acme\n2019 – 2021\n- An epic year";
        let breakdown = score_text(text, &criteria(&["Epic", "Furnaces", "Cerner"], &[], None));
        let (epic, furnaces) = (&breakdown.criteria[0], &breakdown.criteria[1]);
        assert_eq!((epic.verdict, epic.as_written.as_slice()), (Verdict::Met, ["Epic Qlarion".to_owned()].as_slice()));
        assert_eq!(epic.found_in, [SectionKind::Skills]);
        assert_eq!(
            (furnaces.verdict, furnaces.as_written.as_slice()),
            (Verdict::Met, ["Qorvex furnaces".to_owned()].as_slice())
        );
        assert_eq!(breakdown.criteria[2].verdict, Verdict::Missing);
    }

    #[test]
    fn keyword_in_experience_earns_full_credit() {
        let breakdown = score_text(RESUME, &criteria(&["distributed systems"], &[], None));
        assert_eq!(breakdown.criteria[0].found_in, [SectionKind::Experience]);
        assert_eq!(breakdown.overall_score, 100);
    }

    #[test]
    fn components_with_nothing_to_measure_are_left_out_and_the_rest_renormalised() {
        let breakdown = score_text(RESUME, &criteria(&["Rust", "Kubernetes"], &[], None));
        assert_eq!(breakdown.weighting, Weighting { must_haves: 60, nice_to_haves: 0, experience: 0 });
        assert_eq!(points_max_sum(&breakdown), 100.0);
        // Rust's 50 points, halved for the missing Kubernetes.
        assert_eq!(breakdown.overall_score, 25);
    }

    #[test]
    fn experience_below_the_minimum_earns_proportional_points() {
        // 60 months against 10 years required: half of the experience points.
        let breakdown = score_text(RESUME, &criteria(&[], &[], Some(10)));
        assert_eq!(breakdown.criteria[0].criterion, "10+ years of experience");
        assert_eq!(breakdown.criteria[0].points, 50.0);
        assert_eq!(breakdown.criteria[0].verdict, Verdict::Partial);
        assert_eq!(breakdown.criteria[0].months, Some(60));
        assert_eq!(breakdown.overall_score, 50);
    }

    #[test]
    fn job_without_criteria_scores_zero_with_a_concern() {
        let breakdown = score_text(RESUME, &criteria(&[], &["  "], None));
        assert_eq!(breakdown.overall_score, 0);
        assert!(breakdown.criteria.is_empty());
        assert_eq!(breakdown.weighting, Weighting { must_haves: 0, nice_to_haves: 0, experience: 0 });
        assert!(breakdown.concerns.iter().any(|concern| concern.contains("defines no criteria")));
    }

    #[test]
    fn all_zero_weights_score_zero_with_a_concern() {
        let mut zero_weighted = criteria(&["Rust"], &[], None);
        zero_weighted.weighting = Weighting { must_haves: 0, nice_to_haves: 10, experience: 10 };
        let breakdown = score_text(RESUME, &zero_weighted);
        assert_eq!(breakdown.overall_score, 0);
        assert_eq!(breakdown.matched_keywords, ["Rust"]);
        assert!(breakdown.concerns.iter().any(|concern| concern.contains("defines no weighted criteria")));
    }

    #[test]
    fn keywords_are_reported_as_written_trimmed_and_distinct() {
        let breakdown = score_text(RESUME, &criteria(&[" Rust ", "rust", "Kubernetes"], &["RUST", "Go"], None));
        assert_eq!(breakdown.matched_keywords, ["Rust", "Go"]);
        assert_eq!(breakdown.missing_keywords, ["Kubernetes"]);
        assert_eq!(breakdown.criteria.len(), 4);
    }

    #[test]
    fn resume_without_headings_scores_on_the_whole_text() {
        let breakdown = score_text("Jane Doe\nRust and Go developer", &criteria(&["Rust", "Go"], &[], None));
        assert_eq!(breakdown.criteria[0].found_in, [SectionKind::Body]);
        assert_eq!(breakdown.overall_score, 100);
    }

    #[test]
    fn huge_weights_do_not_overflow() {
        let mut heavy = criteria(&["Rust"], &["Go"], Some(1));
        heavy.weighting = Weighting { must_haves: u32::MAX, nice_to_haves: u32::MAX, experience: u32::MAX };
        let breakdown = score_text(RESUME, &heavy);
        assert_eq!(breakdown.overall_score, 100);
        assert!((points_max_sum(&breakdown) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn scoring_is_deterministic() {
        let job = criteria(&["Rust", "Kafka", "Kubernetes"], &["Go", "Redis"], Some(4));
        assert_eq!(score_text(RESUME, &job), score_text(RESUME, &job));
    }
}
