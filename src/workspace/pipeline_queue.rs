//! A workspace's pipelines waiting for the pool, in order. It keeps the
//! process-wide queue-depth gauge equal to the sum of every workspace's
//! queue, including when a workspace's actor stops with work still queued.

use std::collections::VecDeque;

use crate::domain::ids::ApplicationId;
use crate::telemetry::names::PIPELINE_QUEUE_DEPTH;

/// An application's pipeline run.
pub type PipelineRun = (ApplicationId, u32);

#[derive(Default)]
pub struct PipelineQueue(VecDeque<PipelineRun>);

impl PipelineQueue {
    pub fn push_back(&mut self, run: PipelineRun) {
        self.0.push_back(run);
        metrics::gauge!(PIPELINE_QUEUE_DEPTH).increment(1.0);
    }

    pub fn extend(&mut self, runs: Vec<PipelineRun>) {
        metrics::gauge!(PIPELINE_QUEUE_DEPTH).increment(runs.len() as f64);
        self.0.extend(runs);
    }

    pub fn pop_front(&mut self) -> Option<PipelineRun> {
        let run = self.0.pop_front()?;
        metrics::gauge!(PIPELINE_QUEUE_DEPTH).decrement(1.0);
        Some(run)
    }
}

impl Drop for PipelineQueue {
    fn drop(&mut self) {
        if !self.0.is_empty() {
            metrics::gauge!(PIPELINE_QUEUE_DEPTH).decrement(self.0.len() as f64);
        }
    }
}
