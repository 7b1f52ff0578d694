//! The bridge from a workspace actor to the rayon pool: what a pipeline run
//! needs (copied out of the state so the pool holds no lock), running the
//! engine with panics contained, and the outcome that goes back as a message.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use crate::domain::ats::Criteria;
use crate::domain::event::PipelineOutcome;
use crate::domain::ids::ApplicationId;
use crate::engine;

/// Everything one run needs, owned.
pub struct PipelineJob {
    pub application_id: ApplicationId,
    pub run: u32,
    pub resume_text: Arc<str>,
    /// `Some` when this run scores (and was charged); `None` to parse only.
    pub criteria: Option<Criteria>,
}

pub fn run_pipeline(job: &PipelineJob) -> PipelineOutcome {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let resume = engine::parse_resume(&job.resume_text)?;
        let breakdown = job.criteria.as_ref().map(|criteria| engine::score_resume(&job.resume_text, &resume, criteria));
        Ok::<_, engine::EngineError>((resume, breakdown))
    }));
    match result {
        Ok(Ok((resume, breakdown))) => {
            PipelineOutcome::Completed { resume: Box::new(resume), breakdown: breakdown.map(Box::new) }
        }
        Ok(Err(error)) => PipelineOutcome::Failed { code: error.code().to_owned(), message: error.to_string() },
        Err(_) => PipelineOutcome::Failed {
            code: "ENGINE_PANIC".to_owned(),
            message: "the engine failed on this resume; the failure was logged".to_owned(),
        },
    }
}
