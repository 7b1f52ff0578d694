//! The pool's result coming back to the workspace.

use super::{Command, DecideContext};
use crate::domain::error::DomainResult;
use crate::domain::event::{Event, PipelineOutcome};
use crate::domain::ids::ApplicationId;
use crate::domain::workspace::Workspace;

pub struct CompletePipeline {
    pub application_id: ApplicationId,
    pub run: u32,
    pub outcome: PipelineOutcome,
}

impl Command for CompletePipeline {
    type Output = ();

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        // A result for an older run (a rerun started since) is stale and dropped.
        let current = workspace.applications.get(&self.application_id).is_some_and(|application| {
            application.pipeline.run == self.run && application.pipeline.state.is_in_flight()
        });
        if !current {
            return Ok(Vec::new());
        }
        Ok(vec![Event::PipelineCompleted {
            application_id: self.application_id.clone(),
            run: self.run,
            outcome: self.outcome.clone(),
            at: context.now,
        }])
    }

    fn respond(&self, _workspace: &Workspace, _events: &[Event]) -> DomainResult<()> {
        Ok(())
    }
}
