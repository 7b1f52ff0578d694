//! The bridge from a workspace actor to the rayon pool: what a pipeline run
//! needs (copied out of the state so the pool holds no lock), extracting the
//! resume file within its bounds (`extract`), running the engine with panics
//! contained, and the outcome that goes back as a message.

use crate::telemetry::names::{PIPELINE_STAGE_DURATION, STAGE_EXTRACT, STAGE_PARSE, STAGE_READ, STAGE_SCORE};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use super::stored_results::{encode_breakdown, encode_resume};
use crate::domain::ats::{AtsBreakdown, Criteria};
use crate::domain::content_hash::ContentHash;
use crate::domain::encoded::{Encoded, ScoredBreakdown};
use crate::domain::event::PipelineOutcome;
use crate::domain::ids::ApplicationId;
use crate::domain::pipeline_failure::PipelineFailure;
use crate::domain::resume::ParsedResume;
use crate::engine::{self, YearMonth};
use crate::extract::isolated::{extract_bounded, ExtractorProgram};
use crate::extract::ExtractionLimits;
use crate::store::blobs::{BlobError, BlobHash, BlobStore};

/// Everything one run needs, owned.
pub struct PipelineJob {
    pub application_id: ApplicationId,
    pub run: u32,
    pub resume: ContentHash,
    pub blobs: Arc<BlobStore>,
    /// `Some` when this run scores (and was charged); `None` to parse only.
    pub criteria: Option<Criteria>,
    /// What "present" means in the resume's dates: the month the application was submitted.
    pub present: YearMonth,
    pub extraction: ExtractionLimits,
    pub extractor: ExtractorProgram,
}

pub fn run_pipeline(job: &PipelineJob) -> PipelineOutcome {
    let loaded = timed(STAGE_READ, || load_resume(job), Result::is_ok);
    let bytes = match loaded {
        Ok(bytes) => bytes,
        Err(error) => {
            return PipelineOutcome::Failed {
                code: PipelineFailure::ResumeUnavailable.code().to_owned(),
                message: format!("the resume file could not be read: {error}"),
            }
        }
    };
    outcome_of_file(&bytes, &job.extraction, &job.extractor, job.present, job.criteria.as_ref())
}

/// What a run makes of a resume file's bytes: extracted within `extraction`,
/// parsed with `present` as "present", scored against `criteria` when given.
/// `seed` calls it directly on the files it writes, so seeded results are
/// exactly the ones the pipeline would have recorded.
pub fn outcome_of_file(
    bytes: &[u8],
    extraction: &ExtractionLimits,
    extractor: &ExtractorProgram,
    present: YearMonth,
    criteria: Option<&Criteria>,
) -> PipelineOutcome {
    let extracted = timed(STAGE_EXTRACT, || extract_bounded(bytes, extraction, extractor), Result::is_ok);
    let document = match extracted {
        Ok(document) => document,
        Err(failure) => {
            return PipelineOutcome::Failed { code: failure.code().to_owned(), message: failure.to_string() }
        }
    };
    let text = document.text();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut parsed = timed(STAGE_PARSE, || engine::parse_resume_for_scoring(&text, present), Result::is_ok)?;
        for link in &document.links {
            if !parsed.resume.contact.links.contains(link) {
                parsed.resume.contact.links.push(link.clone());
            }
        }
        let breakdown =
            criteria.map(|criteria| timed(STAGE_SCORE, || engine::score_parsed(&text, &parsed, criteria), |_| true));
        Ok::<_, engine::EngineError>((parsed.resume, breakdown))
    }));
    match result {
        Ok(Ok((resume, breakdown))) => encode_outcome(&resume, breakdown.as_ref()),
        Ok(Err(error)) => PipelineOutcome::Failed { code: error.code().to_owned(), message: error.to_string() },
        Err(_) => PipelineOutcome::Failed {
            code: PipelineFailure::EnginePanic.code().to_owned(),
            message: "the engine failed on this resume; the failure was logged".to_owned(),
        },
    }
}

/// Runs one stage of a pipeline and records how long it took and whether
/// `succeeded` says it did (a panic records nothing; the run fails).
fn timed<T>(stage: &'static str, run: impl FnOnce() -> T, succeeded: impl Fn(&T) -> bool) -> T {
    let started = std::time::Instant::now();
    let result = run();
    let outcome = if succeeded(&result) { "ok" } else { "failed" };
    metrics::histogram!(PIPELINE_STAGE_DURATION, "stage" => stage, "outcome" => outcome)
        .record(started.elapsed().as_secs_f64());
    result
}

/// Reads the resume file back from the blob store (which verifies its hash).
fn load_resume(job: &PipelineJob) -> Result<Vec<u8>, BlobError> {
    job.blobs.get(&BlobHash(job.resume.0))
}

/// The result as the state keeps it: encoded once, here, off the actor.
fn encode_outcome(resume: &ParsedResume, breakdown: Option<&AtsBreakdown>) -> PipelineOutcome {
    let ranking_months = resume.total_experience_months.unwrap_or(0);
    let encoded = encode_resume(resume).and_then(|resume| {
        let breakdown = match breakdown {
            None => None,
            Some(breakdown) => Some(ScoredBreakdown {
                overall_score: breakdown.overall_score,
                breakdown: Encoded::new(encode_breakdown(breakdown, ranking_months)?),
            }),
        };
        Ok((Encoded::new(resume), breakdown))
    });
    match encoded {
        Ok((resume, breakdown)) => PipelineOutcome::Completed { resume, breakdown },
        Err(error) => PipelineOutcome::Failed {
            code: PipelineFailure::EncodeFailed.code().to_owned(),
            message: error.to_string(),
        },
    }
}
