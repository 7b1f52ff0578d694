//! One workspace's actor: decides and applies writes in mailbox order, keeps
//! the key registry and the job directory in step with its events, and feeds
//! its pipelines to the rayon pool, a bounded number at a time.

use std::collections::VecDeque;
use std::sync::Arc;

use actix::{Actor, ActorContext, AsyncContext, Context, Handler, Message};
use parking_lot::{RwLock, RwLockUpgradableReadGuard};
use rand::rngs::StdRng;
use rand::SeedableRng;

use super::pipeline::{run_pipeline, PipelineJob};
use super::registry::Directory;
use crate::clock::Clock;
use crate::domain::commands::{Command, CompletePipeline, DecideContext};
use crate::domain::error::DomainError;
use crate::domain::event::Event;
use crate::domain::ids::ApplicationId;
use crate::domain::workspace::Workspace;

/// Writes waiting in one workspace's mailbox; senders wait beyond it.
pub const MAILBOX_CAPACITY: usize = 1_024;

/// A write for the actor to decide and apply.
pub struct Execute<C>(pub C);

impl<C> Message for Execute<C>
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    type Result = Result<C::Output, DomainError>;
}

pub struct WorkspaceActor {
    state: Arc<RwLock<Workspace>>,
    directory: Arc<Directory>,
    clock: Arc<dyn Clock>,
    pool: Arc<rayon::ThreadPool>,
    rng: StdRng,
    /// Pipelines waiting for a pool slot, oldest first.
    pipelines_waiting: VecDeque<(ApplicationId, u32)>,
    pipelines_running: usize,
    pipelines_running_max: usize,
}

impl WorkspaceActor {
    pub fn new(
        state: Arc<RwLock<Workspace>>,
        directory: Arc<Directory>,
        clock: Arc<dyn Clock>,
        pool: Arc<rayon::ThreadPool>,
        pipelines_running_max: usize,
    ) -> Self {
        Self {
            state,
            directory,
            clock,
            pool,
            rng: StdRng::from_os_rng(),
            pipelines_waiting: VecDeque::new(),
            pipelines_running: 0,
            pipelines_running_max: pipelines_running_max.max(1),
        }
    }

    fn execute<C: Command>(&mut self, command: &C, context: &mut Context<Self>) -> Result<C::Output, DomainError> {
        let now = self.clock.now();
        let state = self.state.upgradable_read();
        let events = command.decide(&state, &mut DecideContext { now, rng: &mut self.rng })?;
        let mut state = RwLockUpgradableReadGuard::upgrade(state);
        for event in &events {
            state.apply(event);
        }
        let output = command.respond(&state, &events);
        drop(state);
        for event in &events {
            self.after_apply(event);
        }
        self.dispatch_pipelines(context);
        output
    }

    /// Keeps what lives outside the state (key registry, job directory,
    /// pipeline queue) in step with an applied event.
    fn after_apply(&mut self, event: &Event) {
        match event {
            Event::KeyCreated { key } => self.directory.key_created(&self.workspace_id(), key),
            Event::KeyRevoked { key_id, .. } => {
                if let Some(key) = self.state.read().keys.get(key_id) {
                    self.directory.keys.revoke(&key.hash);
                }
            }
            Event::JobCreated { job_id, .. } => self.directory.job_created(job_id, &self.workspace_id()),
            Event::ApplicationSubmitted(submitted) if submitted.resume_source.is_some() => {
                self.pipelines_waiting.push_back((submitted.application_id.clone(), 1));
            }
            Event::AtsRerunQueued { application_id, .. } => {
                let run = self
                    .state
                    .read()
                    .applications
                    .get(application_id)
                    .map_or(0, |application| application.pipeline.run);
                self.pipelines_waiting.push_back((application_id.clone(), run));
            }
            _ => {}
        }
    }

    fn workspace_id(&self) -> crate::domain::ids::WorkspaceId {
        self.state.read().id.clone()
    }

    /// Queues every pipeline that should be running, e.g. after recovery.
    pub fn queue_in_flight_pipelines(&mut self) {
        let mut in_flight = self.state.read().pipelines_in_flight();
        in_flight.sort();
        self.pipelines_waiting.extend(in_flight);
    }

    fn dispatch_pipelines(&mut self, context: &mut Context<Self>) {
        while self.pipelines_running < self.pipelines_running_max {
            let Some((application_id, run)) = self.pipelines_waiting.pop_front() else { break };
            let Some(job) = self.prepare_pipeline(&application_id, run) else { continue };
            self.pipelines_running += 1;
            let address = context.address();
            let span = tracing::info_span!("pipeline", application_id = %application_id, run);
            self.pool.spawn(move || {
                let _entered = span.enter();
                let outcome = run_pipeline(&job);
                tracing::debug!(outcome = ?std::mem::discriminant(&outcome), "pipeline finished");
                address.do_send(PipelineFinished(CompletePipeline {
                    application_id: job.application_id,
                    run: job.run,
                    outcome,
                }));
            });
        }
    }

    fn prepare_pipeline(&mut self, application_id: &ApplicationId, run: u32) -> Option<PipelineJob> {
        let mut state = self.state.write();
        if !state.mark_pipeline_running(application_id, run, self.clock.now()) {
            return None;
        }
        let application = &state.applications[application_id];
        let resume_text = application.resume_source.as_ref()?.text.clone();
        let scores = application.pipeline.scores;
        let criteria = scores.then(|| state.jobs[&application.job_id].definition.criteria.clone());
        Some(PipelineJob { application_id: application_id.clone(), run, resume_text, criteria })
    }
}

impl Actor for WorkspaceActor {
    type Context = Context<Self>;

    fn started(&mut self, context: &mut Self::Context) {
        context.set_mailbox_capacity(MAILBOX_CAPACITY);
        self.queue_in_flight_pipelines();
        self.dispatch_pipelines(context);
    }
}

impl<C> Handler<Execute<C>> for WorkspaceActor
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    type Result = Result<C::Output, DomainError>;

    fn handle(&mut self, Execute(command): Execute<C>, context: &mut Self::Context) -> Self::Result {
        self.execute(&command, context)
    }
}

/// A pool result. Separate from `Execute` so that it also frees a pool slot.
struct PipelineFinished(CompletePipeline);

impl Message for PipelineFinished {
    type Result = ();
}

impl Handler<PipelineFinished> for WorkspaceActor {
    type Result = ();

    fn handle(&mut self, PipelineFinished(command): PipelineFinished, context: &mut Self::Context) {
        self.pipelines_running = self.pipelines_running.saturating_sub(1);
        if let Err(error) = self.execute(&command, context) {
            tracing::error!(%error, "a pipeline result could not be recorded");
        }
        self.dispatch_pipelines(context);
    }
}

/// Stops the actor; used by the registry on shutdown.
pub struct Stop;

impl Message for Stop {
    type Result = ();
}

impl Handler<Stop> for WorkspaceActor {
    type Result = ();

    fn handle(&mut self, _: Stop, context: &mut Self::Context) {
        context.stop();
    }
}
