//! The ATS breakdown as engine versions 3 and 4 stored it until the compact
//! shape (`compact`): an `AtsBreakdown` whose criteria name the sections
//! they were found in. Kept so that breakdowns stored in that shape still
//! read; the store tells the shapes apart by the marker byte each writes first.

use serde::{Deserialize, Serialize};

use super::{AtsBreakdown, CriterionKind, CriterionResult, Verdict, Weighting};
use crate::domain::resume::version_3::section_kinds;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CriterionResultVersion4 {
    pub kind: CriterionKind,
    pub criterion: String,
    pub verdict: Verdict,
    pub occurrences: u32,
    pub found_in: Vec<String>,
    pub as_written: Vec<String>,
    pub months: Option<u32>,
    pub points: f64,
    pub points_max: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtsBreakdownVersion4 {
    pub overall_score: u8,
    pub matched_keywords: Vec<String>,
    pub missing_keywords: Vec<String>,
    pub strengths: Vec<String>,
    pub concerns: Vec<String>,
    pub criteria: Vec<CriterionResultVersion4>,
    pub weighting: Weighting,
    pub missing_must_have_multiplier: f64,
    pub engine_version: u32,
}

impl From<AtsBreakdownVersion4> for AtsBreakdown {
    fn from(old: AtsBreakdownVersion4) -> AtsBreakdown {
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
                    verdict: result.verdict,
                    occurrences: result.occurrences,
                    found_in: section_kinds(result.found_in),
                    as_written: result.as_written,
                    months: result.months,
                    points: result.points,
                    points_max: result.points_max,
                })
                .collect(),
            weighting: old.weighting,
            missing_must_have_multiplier: old.missing_must_have_multiplier,
            engine_version: old.engine_version,
        }
    }
}
