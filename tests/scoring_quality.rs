//! Measured scoring on the labelled jobs of `tests/fixtures/resumes/scoring.json`:
//! every candidate's resume is read and parsed as the pipeline does, scored
//! against the job, and compared with the labels: the verdict of each
//! criterion (met or missing) and the order of the candidates. Prints what
//! differs; fails when the verdict accuracy or the share of jobs ranked
//! exactly as labelled falls below its floor.
//!
//! The labelled order sorts by must-haves met, then nice-to-haves met, then
//! meeting the minimum years, then total months of experience. The candidates
//! are ranked as `sort=ats-desc` lists them: by score, and between equal
//! scores by the months of experience the scoring counted (a 0-100 integer
//! cannot tell 138 months from 161 once both are past a job's minimum).
//! Separately, candidates equal on the first three keys form a tier, and the
//! test also counts the jobs where every candidate scores strictly above
//! every candidate of a lower tier: the score alone keeps the tiers apart.
//!
//! `cargo test --test scoring_quality -- --nocapture` shows the detail.

use std::path::PathBuf;

use serde_json::Value;
use shortlist::domain::application_index::Standing;
use shortlist::domain::ats::{Criteria, Verdict, Weighting};
use shortlist::engine::{parse_resume, score_resume, YearMonth};
use shortlist::extract::{extract_in_process, ExtractionLimits};

const FIXTURES_MONTH: YearMonth = YearMonth { year: 2026, month: 11 };
/// Floors: what the scorer measured when last raised; they only go up.
const VERDICT_ACCURACY_FLOOR: f64 = 0.98;
const RANKINGS_EXACT_FLOOR: f64 = 1.0;
const RANKINGS_BY_TIER_FLOOR: f64 = 1.0;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resumes")
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect()
}

fn criteria_of(job: &Value) -> Criteria {
    let criteria = &job["criteria"];
    let weight = |name: &str| u32::try_from(criteria["weighting"][name].as_u64().unwrap_or(0)).unwrap_or(0);
    Criteria {
        must_haves: strings(&criteria["mustHaves"]),
        nice_to_haves: strings(&criteria["niceToHaves"]),
        weighting: Weighting {
            must_haves: weight("mustHaves"),
            nice_to_haves: weight("niceToHaves"),
            experience: weight("experience"),
        },
        min_years_experience: criteria["minYearsExperience"].as_u64().and_then(|years| u32::try_from(years).ok()),
    }
}

/// The first three keys of the labelled order, best first when sorted:
/// fewer must-haves met sorts later.
type Tier = (std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, std::cmp::Reverse<bool>);

fn tier_of(candidate: &Value) -> Tier {
    let summary = &candidate["summary"];
    (
        std::cmp::Reverse(summary["mustHavesMet"].as_u64().expect("mustHavesMet")),
        std::cmp::Reverse(summary["niceToHavesMet"].as_u64().expect("niceToHavesMet")),
        std::cmp::Reverse(summary["meetsMinYears"].as_bool().expect("meetsMinYears")),
    )
}

#[test]
fn criteria_verdicts_and_candidate_rankings_match_the_labels() {
    let scoring: Value = serde_json::from_slice(&std::fs::read(fixtures().join("scoring.json")).unwrap()).unwrap();
    let jobs = scoring["jobs"].as_array().expect("jobs");
    let (mut verdicts_right, mut verdicts_total, mut rankings_exact) = (0usize, 0usize, 0usize);
    let mut rankings_by_tier = 0usize;
    let mut pairs = 0;
    for job in jobs {
        let criteria = criteria_of(job);
        let mut scored: Vec<(String, Standing)> = Vec::new();
        let mut tiered: Vec<(Tier, u8)> = Vec::new();
        for candidate in job["candidates"].as_array().expect("candidates") {
            let file = candidate["resume"].as_str().expect("a resume");
            let bytes = std::fs::read(fixtures().join(file)).unwrap();
            let text = extract_in_process(&bytes, &ExtractionLimits::default()).expect("extracts").text();
            let resume = parse_resume(&text, FIXTURES_MONTH).expect("parses");
            let breakdown = score_resume(&text, &resume, &criteria);
            for (criterion, expected) in candidate["verdicts"].as_object().expect("verdicts") {
                let found = breakdown.criteria.iter().find(|result| &result.criterion == criterion);
                let verdict = match found.map(|result| result.verdict) {
                    Some(Verdict::Met) => "met",
                    Some(Verdict::Partial) => "partial",
                    Some(Verdict::Missing) | None => "missing",
                };
                verdicts_total += 1;
                if verdict == expected.as_str().unwrap_or("") {
                    verdicts_right += 1;
                } else {
                    println!("{} / {file}: {criterion} is {verdict}, labelled {expected}", job["id"]);
                }
            }
            // What the pipeline stores beside the score for the score orders.
            let months = resume.total_experience_months.unwrap_or(0);
            scored.push((file.to_owned(), Standing::new(breakdown.overall_score, months)));
            tiered.push((tier_of(candidate), breakdown.overall_score));
            pairs += 1;
        }
        // As `sort=ats-desc` lists them: highest score first, more months first between equals.
        scored.sort_by_key(|(_, standing)| std::cmp::Reverse((standing.score, standing.experience_months)));
        let ranking: Vec<&str> = scored.iter().map(|(file, _)| file.as_str()).collect();
        let expected = strings(&job["expected_ranking"]);
        let tiers_kept = tiered.iter().all(|(tier, score)| {
            tiered.iter().all(|(other_tier, other_score)| other_tier <= tier || score > other_score)
        });
        rankings_by_tier += usize::from(tiers_kept);
        if ranking == expected {
            rankings_exact += 1;
        } else {
            let kept = if tiers_kept { "tiers kept" } else { "TIERS BROKEN" };
            println!("{} ({kept}): ranked {scored:?}, labelled {expected:?}", job["id"]);
        }
    }
    let verdict_accuracy = verdicts_right as f64 / verdicts_total.max(1) as f64;
    let tiers_share = rankings_by_tier as f64 / jobs.len().max(1) as f64;
    let exact_share = rankings_exact as f64 / jobs.len().max(1) as f64;
    println!(
        "{} jobs, {pairs} job/resume pairs: verdicts {verdicts_right}/{verdicts_total} ({verdict_accuracy:.2}), \
         rankings exactly as labelled {rankings_exact}/{}, tiers kept apart by score {rankings_by_tier}/{}",
        jobs.len(),
        jobs.len(),
        jobs.len()
    );
    assert!(pairs >= 20, "the scoring set has {pairs} pairs");
    assert!(
        verdict_accuracy >= VERDICT_ACCURACY_FLOOR,
        "verdict accuracy {verdict_accuracy:.3} is below {VERDICT_ACCURACY_FLOOR}"
    );
    assert!(exact_share >= RANKINGS_EXACT_FLOOR, "exact rankings {exact_share:.3} are below {RANKINGS_EXACT_FLOOR}");
    assert!(tiers_share >= RANKINGS_BY_TIER_FLOOR, "tiers kept {tiers_share:.3} are below {RANKINGS_BY_TIER_FLOOR}");
}
