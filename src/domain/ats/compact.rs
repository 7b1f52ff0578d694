//! The ATS breakdown as the state keeps it: what an [`AtsBreakdown`] says,
//! in fewer bytes, since a million applications hold a million of them.
//! - The keyword lists are left out: [`keyword_lists`] derives them from the
//!   criteria on read, by the rule the engine made them with.
//! - Points are kept in hundredths, as the API shows them, one to three
//!   bytes each instead of eight.
//! - Sections are kinds (`SectionKind`), one byte each.
//!
//! Together a third of a breakdown's bytes. Generic over its string type
//! like `AtsBreakdown`, so a read borrows its strings from the stored bytes.

use serde::{Deserialize, Serialize};

use super::{keyword_lists, AtsBreakdown, CriterionKind, CriterionResult, Verdict, Weighting};
use crate::domain::resume::SectionKind;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompactBreakdown<S = String> {
    pub overall_score: u8,
    pub strengths: Vec<S>,
    pub concerns: Vec<S>,
    pub criteria: Vec<CompactCriterion<S>>,
    pub weighting: Weighting,
    pub missing_must_have_multiplier: f64,
    pub engine_version: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompactCriterion<S = String> {
    pub kind: CriterionKind,
    pub criterion: S,
    pub verdict: Verdict,
    pub occurrences: u32,
    pub found_in: Vec<SectionKind>,
    pub as_written: Vec<S>,
    pub months: Option<u32>,
    pub points_hundredths: u32,
    pub points_max_hundredths: u32,
}

/// `points` to the nearest hundredth, as the API rounds it. Points lie in
/// 0..=100; anything outside saturates (NaN reads as 0) rather than failing
/// the write of a result.
pub fn hundredths_of(points: f64) -> u32 {
    // `as` saturates and maps NaN to 0.
    (points * 100.0).round() as u32
}

pub fn points_of(hundredths: u32) -> f64 {
    f64::from(hundredths) / 100.0
}

impl<'a> CompactBreakdown<&'a str> {
    /// `breakdown` in the stored shape, its strings borrowed.
    pub fn of<S: AsRef<str>>(breakdown: &'a AtsBreakdown<S>) -> Self {
        CompactBreakdown {
            overall_score: breakdown.overall_score,
            strengths: breakdown.strengths.iter().map(AsRef::as_ref).collect(),
            concerns: breakdown.concerns.iter().map(AsRef::as_ref).collect(),
            criteria: breakdown
                .criteria
                .iter()
                .map(|result| CompactCriterion {
                    kind: result.kind,
                    criterion: result.criterion.as_ref(),
                    verdict: result.verdict,
                    occurrences: result.occurrences,
                    found_in: result.found_in.clone(),
                    as_written: result.as_written.iter().map(AsRef::as_ref).collect(),
                    months: result.months,
                    points_hundredths: hundredths_of(result.points),
                    points_max_hundredths: hundredths_of(result.points_max),
                })
                .collect(),
            weighting: breakdown.weighting,
            missing_must_have_multiplier: breakdown.missing_must_have_multiplier,
            engine_version: breakdown.engine_version,
        }
    }
}

impl<S: AsRef<str> + Clone> CompactBreakdown<S> {
    /// The breakdown this holds, its keyword lists derived again.
    pub fn into_breakdown(self) -> AtsBreakdown<S> {
        let criteria: Vec<CriterionResult<S>> = self
            .criteria
            .into_iter()
            .map(|result| CriterionResult {
                kind: result.kind,
                criterion: result.criterion,
                verdict: result.verdict,
                occurrences: result.occurrences,
                found_in: result.found_in,
                as_written: result.as_written,
                months: result.months,
                points: points_of(result.points_hundredths),
                points_max: points_of(result.points_max_hundredths),
            })
            .collect();
        let (matched_keywords, missing_keywords) = keyword_lists(&criteria);
        AtsBreakdown {
            overall_score: self.overall_score,
            matched_keywords,
            missing_keywords,
            strengths: self.strengths,
            concerns: self.concerns,
            criteria,
            weighting: self.weighting,
            missing_must_have_multiplier: self.missing_must_have_multiplier,
            engine_version: self.engine_version,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyword(kind: CriterionKind, criterion: &str, verdict: Verdict, points: f64) -> CriterionResult {
        CriterionResult {
            kind,
            criterion: criterion.into(),
            verdict,
            occurrences: u32::from(verdict != Verdict::Missing),
            found_in: vec![SectionKind::Experience],
            as_written: vec!["k8s".into()],
            months: Some(14),
            points,
            points_max: 60.0 / 7.0,
        }
    }

    #[test]
    fn a_breakdown_comes_back_with_its_keyword_lists_and_points_as_the_api_rounds_them() {
        let criteria = vec![
            keyword(CriterionKind::MustHave, "Kubernetes", Verdict::Met, 60.0 / 7.0),
            keyword(CriterionKind::MustHave, "Go", Verdict::Missing, 0.0),
            keyword(CriterionKind::NiceToHave, "kubernetes", Verdict::Missing, 0.0),
            keyword(CriterionKind::NiceToHave, "SQL", Verdict::Partial, 30.0 / 7.0),
            keyword(CriterionKind::Experience, "3+ years of experience", Verdict::Met, 15.0),
        ];
        let (matched_keywords, missing_keywords) = keyword_lists(&criteria);
        assert_eq!(matched_keywords, ["Kubernetes", "SQL"], "a keyword differing only in case counts once");
        assert_eq!(missing_keywords, ["Go"]);
        let breakdown = AtsBreakdown {
            overall_score: 41,
            matched_keywords,
            missing_keywords,
            strengths: vec!["Matches the must-have: Kubernetes".into()],
            concerns: vec!["Missing must-have: Go".into()],
            criteria,
            weighting: Weighting::default(),
            missing_must_have_multiplier: 0.5,
            engine_version: 4,
        };
        let read = CompactBreakdown::of(&breakdown).into_breakdown();
        let rounded = |points: f64| (points * 100.0).round() / 100.0;
        let expected = AtsBreakdown {
            criteria: breakdown
                .criteria
                .iter()
                .map(|result| CriterionResult {
                    kind: result.kind,
                    criterion: result.criterion.as_str(),
                    verdict: result.verdict,
                    occurrences: result.occurrences,
                    found_in: result.found_in.clone(),
                    as_written: result.as_written.iter().map(String::as_str).collect(),
                    months: result.months,
                    points: rounded(result.points),
                    points_max: rounded(result.points_max),
                })
                .collect(),
            matched_keywords: vec!["Kubernetes", "SQL"],
            missing_keywords: vec!["Go"],
            strengths: vec!["Matches the must-have: Kubernetes"],
            concerns: vec!["Missing must-have: Go"],
            overall_score: 41,
            weighting: breakdown.weighting,
            missing_must_have_multiplier: 0.5,
            engine_version: 4,
        };
        assert_eq!(read, expected);
        assert_eq!(read.criteria[0].points, 8.57);
    }

    #[test]
    fn points_outside_their_range_saturate_instead_of_failing() {
        assert_eq!(hundredths_of(f64::NAN), 0);
        assert_eq!(hundredths_of(-3.0), 0);
        assert_eq!(hundredths_of(f64::INFINITY), u32::MAX);
        assert_eq!(points_of(hundredths_of(12.5)), 12.5);
    }
}
