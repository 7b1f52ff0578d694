//! The ATS criteria a job is scored against, and the breakdown a scoring run
//! produces. Both are pure data; the engine computes breakdowns from criteria.
//! Breakdowns stored in older shapes are read through `version_2` and
//! `version_4`; the state keeps the current one in `compact`'s shape. A breakdown
//! is generic over its string type for the reason `resume` gives: a read
//! borrows its strings from the stored bytes.

use serde::{Deserialize, Serialize};

use super::resume::SectionKind;

pub mod compact;
pub mod version_2;
pub mod version_4;

/// What a job scores resumes against.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Criteria {
    /// Keywords or phrases a candidate must show; matched as whole words.
    pub must_haves: Vec<String>,
    /// Keywords or phrases that raise the score; matched as whole words.
    pub nice_to_haves: Vec<String>,
    pub weighting: Weighting,
    pub min_years_experience: Option<u32>,
}

/// Relative weights of the score's components. Only their ratios matter; a
/// component with nothing to measure (no must-haves, say) is left out and the
/// others are renormalised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weighting {
    pub must_haves: u32,
    pub nice_to_haves: u32,
    pub experience: u32,
}

impl Default for Weighting {
    fn default() -> Self {
        Self { must_haves: 60, nice_to_haves: 25, experience: 15 }
    }
}

/// The kind of a criterion in a breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CriterionKind {
    MustHave,
    NiceToHave,
    Experience,
}

impl CriterionKind {
    pub const ALL: [CriterionKind; 3] = [CriterionKind::MustHave, CriterionKind::NiceToHave, CriterionKind::Experience];
}

/// How a criterion fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// Shown where the candidate claims skills (skills, jobs, projects,
    /// certifications, summary), or the minimum years reached.
    Met,
    /// Named only in education or an unrelated section, or some experience
    /// short of the minimum: half the evidence, part of the points.
    Partial,
    Missing,
}

impl Verdict {
    pub const ALL: [Verdict; 3] = [Verdict::Met, Verdict::Partial, Verdict::Missing];
}

/// How one criterion fared.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CriterionResult<S = String> {
    pub kind: CriterionKind,
    /// The keyword or phrase, or for experience e.g. "5+ years of experience".
    pub criterion: S,
    pub verdict: Verdict,
    /// How many times the keyword was found (0 for experience).
    pub occurrences: u32,
    /// Sections where it was found, in document order, distinct.
    pub found_in: Vec<SectionKind>,
    /// Other spellings that matched it (`k8s` for Kubernetes).
    pub as_written: Vec<S>,
    /// Months of the dated jobs that name it; for experience, the total
    /// months of experience. `None` where no dates tell.
    pub months: Option<u32>,
    /// Points this criterion earned, before the missing must-have
    /// multiplier (0..=100 scale, may be fractional).
    pub points: f64,
    /// The most this criterion could have earned.
    pub points_max: f64,
}

impl<S> CriterionResult<S> {
    /// Met or partial: the keyword lists count it as matched.
    pub fn is_matched(&self) -> bool {
        self.verdict != Verdict::Missing
    }
}

/// The result of scoring one parsed resume against one job's criteria.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtsBreakdown<S = String> {
    /// 0..=100: the sum of every criterion's points times
    /// `missing_must_have_multiplier`, rounded.
    pub overall_score: u8,
    pub matched_keywords: Vec<S>,
    pub missing_keywords: Vec<S>,
    /// Human-readable sentences, e.g. "Matches all 4 must-have skills".
    pub strengths: Vec<S>,
    /// Human-readable sentences, e.g. "Missing must-have: Kubernetes".
    pub concerns: Vec<S>,
    pub criteria: Vec<CriterionResult<S>>,
    /// The weighting used, after leaving out components with nothing to measure.
    pub weighting: Weighting,
    /// 1 with every must-have met or partial; halved for each one missing.
    pub missing_must_have_multiplier: f64,
    pub engine_version: u32,
}

/// The breakdown's keyword lists: each keyword criterion's text, matched or
/// missing, the first of those that differ only in case. Derived from the
/// criteria rather than stored, so the two cannot disagree.
pub fn keyword_lists<S: AsRef<str> + Clone>(criteria: &[CriterionResult<S>]) -> (Vec<S>, Vec<S>) {
    let keywords = criteria.iter().filter(|result| result.kind != CriterionKind::Experience);
    keyword_lists_of(keywords.map(|result| (result.criterion.clone(), result.is_matched())))
}

/// [`keyword_lists`] of the keyword criteria given as their text and
/// whether they matched, in order.
pub fn keyword_lists_of<S: AsRef<str>>(keywords: impl Iterator<Item = (S, bool)>) -> (Vec<S>, Vec<S>) {
    let mut matched: Vec<S> = Vec::new();
    let mut missing: Vec<S> = Vec::new();
    for (keyword, is_matched) in keywords {
        // Equal ignoring case is an equivalence, so comparing with the kept
        // keywords is comparing with every one seen. A job has at most a
        // hundred keywords: a scan beats hashing them.
        let seen = matched.iter().chain(&missing).any(|kept| same_ignoring_case(kept.as_ref(), keyword.as_ref()));
        if !seen {
            if is_matched {
                matched.push(keyword)
            } else {
                missing.push(keyword)
            }
        }
    }
    (matched, missing)
}

/// Whether the two are equal once lowercased. ASCII text, nearly every
/// keyword, is compared without lowering a copy (a read derives the keyword
/// lists on every request).
fn same_ignoring_case(left: &str, right: &str) -> bool {
    if left.is_ascii() && right.is_ascii() {
        left.eq_ignore_ascii_case(right)
    } else {
        left.to_lowercase() == right.to_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule as the engine first wrote it: a set of lowered texts.
    fn keyword_lists_by_lowered_set(keywords: &[(String, bool)]) -> (Vec<String>, Vec<String>) {
        let mut seen_lowered = std::collections::HashSet::new();
        let (mut matched, mut missing) = (Vec::new(), Vec::new());
        for (keyword, is_matched) in keywords {
            if seen_lowered.insert(keyword.to_lowercase()) {
                if *is_matched {
                    matched.push(keyword.clone())
                } else {
                    missing.push(keyword.clone())
                }
            }
        }
        (matched, missing)
    }

    proptest::proptest! {
        #[test]
        fn keyword_lists_keep_the_first_of_each_keyword_whatever_its_case(
            keywords in proptest::collection::vec(("(Rust|rust|RUST|Go|go|ΣΟΦΙΑ|σοφια|Straße|STRASSE|K8s|İ|i̇|é|É)", proptest::bool::ANY), 0..8),
        ) {
            proptest::prop_assert_eq!(
                keyword_lists_of(keywords.iter().map(|(keyword, matched)| (keyword.clone(), *matched))),
                keyword_lists_by_lowered_set(&keywords)
            );
        }
    }
}
