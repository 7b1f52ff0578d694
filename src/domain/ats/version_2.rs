//! The ATS breakdown as engine version 2 stored it: a criterion was matched
//! or not, with no verdict, spellings or months, and the score had no
//! missing must-have multiplier. Kept so that breakdowns scored by version 2
//! still read; the store tells the versions apart by a marker byte that
//! version 3 writes first.

use serde::{Deserialize, Serialize};

use super::{AtsBreakdown, CriterionKind, CriterionResult, Verdict, Weighting};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CriterionResultVersion2 {
    pub kind: CriterionKind,
    pub criterion: String,
    pub matched: bool,
    pub occurrences: u32,
    pub found_in: Vec<String>,
    pub points: f64,
    pub points_max: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtsBreakdownVersion2 {
    pub overall_score: u8,
    pub matched_keywords: Vec<String>,
    pub missing_keywords: Vec<String>,
    pub strengths: Vec<String>,
    pub concerns: Vec<String>,
    pub criteria: Vec<CriterionResultVersion2>,
    pub weighting: Weighting,
    pub engine_version: u32,
}

impl From<AtsBreakdownVersion2> for AtsBreakdown {
    fn from(old: AtsBreakdownVersion2) -> AtsBreakdown {
        AtsBreakdown {
            overall_score: old.overall_score,
            matched_keywords: old.matched_keywords,
            missing_keywords: old.missing_keywords,
            strengths: old.strengths,
            concerns: old.concerns,
            criteria: old
                .criteria
                .into_iter()
                .map(|result| CriterionResult {
                    kind: result.kind,
                    criterion: result.criterion,
                    // Version 2 gave partial credit without saying so; its
                    // points are kept as they were.
                    verdict: match (result.matched, result.points < result.points_max) {
                        (false, _) => Verdict::Missing,
                        (true, true) => Verdict::Partial,
                        (true, false) => Verdict::Met,
                    },
                    occurrences: result.occurrences,
                    found_in: crate::domain::resume::version_3::section_kinds(result.found_in),
                    as_written: Vec::new(),
                    months: None,
                    points: result.points,
                    points_max: result.points_max,
                })
                .collect(),
            weighting: old.weighting,
            missing_must_have_multiplier: 1.0,
            engine_version: old.engine_version,
        }
    }
}
