//! One workspace's actor. It alone changes its workspace, and it keeps two
//! copies of it:
//!
//! - `working`: every decided write, durable or not. Commands are decided
//!   against it, so a write sees the writes queued before it, and the actor
//!   never waits for the disk between two writes (that is what lets the log
//!   batch many writes into one fsync).
//! - `published`: what readers see, behind the `RwLock`. An event reaches it
//!   only once the log reports it durable, so no reader ever sees a write
//!   that a crash could still take back. Callers are answered at that moment
//!   too, in the order their writes were decided.
//!
//! The heavy parts of a state (parsed resumes, breakdowns) are `Arc`s shared
//! by both copies. When the log fails, the actor stops taking writes
//! (fail-stop): queued callers get a storage error, `working` is reset to
//! `published`, and reads go on.

use std::collections::{HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix::{Actor, ActorContext, AsyncContext, Context, Handler, Message, ResponseFuture};
use parking_lot::RwLock;
use rand::rngs::StdRng;
use rand::SeedableRng;
use tokio::sync::oneshot;

use super::journal::{EncodedRecord, Journal, JournalError, LogRecord};
use super::persistence::{write_snapshot, DataLayout};
use super::pipeline::{run_pipeline, PipelineJob};
use super::pipeline_queue::PipelineQueue;
use super::registry::Directory;
use crate::clock::Clock;
use crate::domain::commands::{Command, CompletePipeline, DecideContext, RecordKeyUse};
use crate::domain::error::DomainError;
use crate::domain::event::{Event, PipelineOutcome};
use crate::domain::idempotency::IdempotencyScope;
use crate::domain::ids::{ApplicationId, WorkspaceId};
use crate::domain::time::Timestamp;
use crate::domain::workspace::Workspace;
use crate::engine::YearMonth;
use crate::extract::isolated::ExtractorProgram;
use crate::extract::ExtractionLimits;
use crate::store::blobs::BlobStore;
use crate::store::wal::Lsn;
use crate::telemetry::names::{SNAPSHOTS_IN_PROGRESS, SNAPSHOT_BYTES, SNAPSHOT_DURATION};

mod idempotent;

pub use idempotent::{AnswerWriter, ExecuteIdempotent, IdempotentOutcome};

/// Writes waiting in one workspace's mailbox; senders wait beyond it.
pub const MAILBOX_CAPACITY: usize = 1_024;

/// Why a write was not carried out.
#[derive(Clone, Debug, thiserror::Error)]
pub enum WriteError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error("the workspace actor stopped before it answered")]
    ActorStopped,
}

/// A write for the actor to decide, log and apply.
pub struct Execute<C>(pub C);

impl<C> Message for Execute<C>
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    type Result = Result<C::Output, WriteError>;
}

/// When to snapshot, where, and how many to keep.
#[derive(Clone, Debug)]
pub struct SnapshotPolicy {
    pub layout: DataLayout,
    pub interval_milliseconds: u64,
    pub every_records: u64,
    pub keep: usize,
}

/// How often the actor asks itself whether a snapshot (or a key-use record) is due.
const SNAPSHOT_CHECK_MILLISECONDS: u64 = 500;
/// Keys' last use is logged at most this often per workspace (by the injected
/// clock): the staleness a kill -9 can cost `lastUsedAt`, and the bound on
/// the log writes that reads cause. Snapshots and shutdown take the live value.
pub const KEY_USE_RECORD_INTERVAL_MILLISECONDS: i64 = 60_000;

/// Everything the actor needs from the rest of the process.
pub struct ActorServices {
    pub directory: Arc<Directory>,
    pub clock: Arc<dyn Clock>,
    pub pool: Arc<rayon::ThreadPool>,
    pub blobs: Arc<BlobStore>,
    pub journal: Journal,
    pub pipelines_running_max: usize,
    pub snapshots: SnapshotPolicy,
    /// Bounds on reading resume files, and the program that reads PDFs isolated.
    pub extraction: ExtractionLimits,
    pub extractor: ExtractorProgram,
    /// The LSN of the last record in `published`, updated under its write lock.
    pub published_lsn: Arc<AtomicU64>,
}

/// A decided write waiting for the log.
struct PendingWrite {
    ticket: u64,
    events: Vec<Event>,
    /// Records of this write not yet reported durable.
    records_outstanding: usize,
    last_lsn: Option<Lsn>,
    /// The idempotency key the write was sent with: in flight until published.
    idempotency: Option<IdempotencyScope>,
    reply: Box<dyn FnOnce(Result<(), WriteError>)>,
}

pub struct WorkspaceActor {
    id: WorkspaceId,
    working: Workspace,
    published: Arc<RwLock<Workspace>>,
    services: ActorServices,
    rng: StdRng,
    pending: VecDeque<PendingWrite>,
    next_ticket: u64,
    /// The fail-stop log error that stopped this workspace's writes.
    storage_failure: Option<JournalError>,
    /// LSN of the last record applied to `published`.
    published_lsn: Lsn,
    snapshot_lsn: Lsn,
    records_since_snapshot: u64,
    /// Of those, the records that change what the workspace holds: all but
    /// the keys' last use. Only these make a snapshot due by the interval;
    /// a minute's key use of a workspace that is only read is a small record
    /// that a replay applies at once, where a snapshot rewrites the whole
    /// workspace (about 4 s of a core for 300,000 applications) every
    /// interval for as long as it is read.
    changes_since_snapshot: u64,
    last_snapshot_at: Instant,
    snapshot_in_progress: bool,
    pipelines_waiting: PipelineQueue,
    pipelines_running: usize,
    /// When key use was last logged (or the actor started), by the injected clock.
    key_use_recorded_at: Timestamp,
    /// Idempotency keys of writes decided but not yet published: a retry
    /// that arrives meanwhile is told the key is in use.
    keys_in_flight: HashSet<IdempotencyScope>,
}

impl WorkspaceActor {
    pub fn new(
        state: Workspace,
        published: Arc<RwLock<Workspace>>,
        published_lsn: Lsn,
        snapshot_lsn: Lsn,
        services: ActorServices,
    ) -> Self {
        let key_use_recorded_at = services.clock.now();
        Self {
            id: state.id.clone(),
            working: state,
            published,
            services,
            rng: StdRng::from_os_rng(),
            pending: VecDeque::new(),
            next_ticket: 0,
            storage_failure: None,
            published_lsn,
            snapshot_lsn,
            records_since_snapshot: u64::from(published_lsn > snapshot_lsn),
            changes_since_snapshot: u64::from(published_lsn > snapshot_lsn),
            last_snapshot_at: Instant::now(),
            snapshot_in_progress: false,
            pipelines_waiting: PipelineQueue::default(),
            pipelines_running: 0,
            key_use_recorded_at,
            keys_in_flight: HashSet::new(),
        }
    }

    /// Decides and applies to `working`, sends the events to the log, and
    /// queues `reply` to run once they (and every earlier write) are durable.
    fn submit<C: Command + 'static>(
        &mut self,
        command: &C,
        context: &mut Context<Self>,
        reply: impl FnOnce(Result<C::Output, WriteError>) + 'static,
    ) {
        if let Some(failure) = &self.storage_failure {
            return reply(Err(WriteError::Journal(failure.clone())));
        }
        let now = self.services.clock.now();
        let events = match command.decide(&self.working, &mut DecideContext { now, rng: &mut self.rng }) {
            Ok(events) => events,
            Err(error) => return reply(Err(error.into())),
        };
        // Encoded before they are applied: a record the log would refuse
        // fails this write alone, and nothing later is decided on top of it.
        let records = match events.iter().map(|event| self.encode(event)).collect() {
            Ok(records) => records,
            Err(error) => return reply(Err(error.into())),
        };
        for event in &events {
            self.working.apply(event);
        }
        let output = command.respond(&self.working, &events);
        let reply = Box::new(move |result: Result<(), WriteError>| {
            reply(result.and_then(|()| output.map_err(WriteError::from)))
        });
        self.enqueue(events, records, None, reply, context);
    }

    /// Encodes one event as the log's record, checked against the log's limits.
    fn encode(&self, event: &Event) -> Result<EncodedRecord, JournalError> {
        Journal::encode(&LogRecord { workspace_id: self.id.clone(), event: event.clone() }).inspect_err(|error| {
            tracing::error!(workspace = %self.id, code = error.code(), %error, "a write's record was refused");
        })
    }

    /// Sends a write already applied to `working` to the log, and queues
    /// `reply` to run once its records (and every earlier write's) are durable.
    fn enqueue(
        &mut self,
        events: Vec<Event>,
        records: Vec<EncodedRecord>,
        idempotency: Option<IdempotencyScope>,
        reply: Box<dyn FnOnce(Result<(), WriteError>)>,
        context: &mut Context<Self>,
    ) {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let records_outstanding = records.len();
        for record in records {
            let address = context.address();
            self.services.journal.append(record, Box::new(move |result| address.do_send(Durable { ticket, result })));
        }
        if let Some(scope) = &idempotency {
            self.keys_in_flight.insert(scope.clone());
        }
        self.pending.push_back(PendingWrite {
            ticket,
            events,
            records_outstanding,
            last_lsn: None,
            idempotency,
            reply,
        });
        self.publish_durable(context);
    }

    /// Makes `working` again what `published` and the writes waiting for
    /// the log give, after a write was applied to it but could not be logged.
    fn rebuild_working(&mut self) {
        let mut working = self.published.read().clone();
        for write in &self.pending {
            for event in &write.events {
                working.apply(event);
            }
        }
        self.working = working;
    }

    /// Applies, in order, every write at the front of the queue whose records
    /// are all durable, and answers its caller.
    fn publish_durable(&mut self, context: &mut Context<Self>) {
        let mut published_any = false;
        while self.pending.front().is_some_and(|write| write.records_outstanding == 0) {
            published_any = true;
            let write = self.pending.pop_front().expect("checked non-empty");
            if let Some(lsn) = write.last_lsn {
                let mut published = self.published.write();
                for event in &write.events {
                    published.apply(event);
                }
                self.published_lsn = lsn;
                self.services.published_lsn.store(lsn, Ordering::Release);
                self.records_since_snapshot += write.events.len() as u64;
                self.changes_since_snapshot +=
                    write.events.iter().filter(|event| !matches!(event, Event::KeysUsed { .. })).count() as u64;
            }
            for event in &write.events {
                self.after_publish(event);
            }
            if let Some(scope) = &write.idempotency {
                self.keys_in_flight.remove(scope);
            }
            (write.reply)(Ok(()));
        }
        if published_any {
            self.services.directory.publications.notify_waiters();
        }
        self.dispatch_pipelines(context);
    }

    fn fail_storage(&mut self, failure: JournalError) {
        tracing::error!(
            workspace = %self.id,
            code = failure.code(),
            error = %failure,
            "the log failed; this workspace refuses writes until restart"
        );
        for write in self.pending.drain(..) {
            (write.reply)(Err(WriteError::Journal(failure.clone())));
        }
        self.storage_failure = Some(failure);
        self.keys_in_flight.clear();
        // Writes decided but never made durable must not be built upon.
        self.working = self.published.read().clone();
    }

    /// Keeps what lives outside the state (key registry, job directory,
    /// pipeline queue) in step with a published event.
    fn after_publish(&mut self, event: &Event) {
        match event {
            Event::KeyCreated { key } => self.services.directory.key_created(&self.id, key, None),
            Event::KeyRevoked { key_id, .. } => {
                if let Some(key) = self.working.keys.get(key_id) {
                    self.services.directory.keys.revoke(&key.hash);
                }
            }
            Event::JobCreated { job_id, .. } => self.services.directory.job_created(job_id, &self.id),
            Event::Idempotent(write) => {
                for effect in &write.effects {
                    self.after_publish(effect);
                }
            }
            Event::ApplicationSubmitted(submitted) if submitted.resume_source.is_some() => {
                self.pipelines_waiting.push_back((submitted.application_id.clone(), 1));
            }
            Event::AtsRerunQueued { application_id, .. } | Event::AtsUpgradeQueued { application_id, .. } => {
                let run =
                    self.working.applications.get(application_id).map_or(0, |application| application.pipeline.run);
                self.pipelines_waiting.push_back((application_id.clone(), run));
            }
            _ => {}
        }
    }

    /// Queues every pipeline that should be running, e.g. after recovery.
    fn queue_in_flight_pipelines(&mut self) {
        let mut in_flight = self.working.pipelines_in_flight();
        in_flight.sort();
        self.pipelines_waiting.extend(in_flight);
    }

    fn dispatch_pipelines(&mut self, context: &mut Context<Self>) {
        while self.pipelines_running < self.services.pipelines_running_max.max(1) && self.storage_failure.is_none() {
            let Some((application_id, run)) = self.pipelines_waiting.pop_front() else { break };
            let Some(job) = self.prepare_pipeline(&application_id, run) else { continue };
            self.pipelines_running += 1;
            let address = context.address();
            let span = tracing::info_span!("pipeline", application_id = %application_id, run);
            self.services.pool.spawn(move || {
                let _entered = span.enter();
                let outcome = run_pipeline(&job);
                address.do_send(PipelineFinished(CompletePipeline {
                    application_id: job.application_id,
                    run: job.run,
                    outcome,
                }));
            });
        }
    }

    fn prepare_pipeline(&mut self, application_id: &ApplicationId, run: u32) -> Option<PipelineJob> {
        let now = self.services.clock.now();
        if !self.working.mark_pipeline_running(application_id, run, now) {
            return None;
        }
        // "Running" is not an event (a restart queues it again), so both copies take it directly.
        self.published.write().mark_pipeline_running(application_id, run, now);
        let application = &self.working.applications[application_id];
        let resume = application.resume_source.as_ref()?.content_hash;
        let criteria =
            application.pipeline.scores.then(|| self.working.jobs[&application.job_id].definition.criteria.clone());
        Some(PipelineJob {
            application_id: application_id.clone(),
            run,
            resume,
            blobs: self.services.blobs.clone(),
            criteria,
            present: YearMonth::of(application.created_at),
            extraction: self.services.extraction,
            extractor: self.services.extractor.clone(),
        })
    }
}

impl WorkspaceActor {
    /// Logs the keys' last use once a minute at most, and only when a key
    /// was used since; a request never waits for it.
    fn record_key_use_if_due(&mut self, context: &mut Context<Self>) {
        let now = self.services.clock.now();
        let elapsed = now.unix_milliseconds() - self.key_use_recorded_at.unix_milliseconds();
        if elapsed < KEY_USE_RECORD_INTERVAL_MILLISECONDS || self.storage_failure.is_some() {
            return;
        }
        self.key_use_recorded_at = now;
        let uses = self.services.directory.unrecorded_key_use(&self.working);
        if uses.is_empty() {
            return;
        }
        self.submit(&RecordKeyUse { uses }, context, |result| {
            if let Err(error) = result {
                tracing::warn!(%error, "the keys' last use could not be recorded");
            }
        });
    }

    fn snapshot_if_due(&mut self, context: &mut Context<Self>) {
        let policy = &self.services.snapshots;
        let due = self.records_since_snapshot >= policy.every_records.max(1)
            || (self.changes_since_snapshot > 0
                && self.last_snapshot_at.elapsed() >= Duration::from_millis(policy.interval_milliseconds));
        if due && !self.snapshot_in_progress && self.storage_failure.is_none() {
            self.take_snapshot(context);
        }
    }

    /// Copies the published state under its read lock (the only pause, and
    /// only for writes being published; readers share the lock), then
    /// encodes and writes it on a thread of its own.
    fn take_snapshot(&mut self, context: &mut Context<Self>) {
        let copy_started = Instant::now();
        let (image, lsn) = {
            let published = self.published.read();
            (self.services.directory.with_live_key_use(&published, published.to_image()), self.published_lsn)
        };
        let copy_microseconds = copy_started.elapsed().as_micros();
        self.snapshot_in_progress = true;
        self.records_since_snapshot = 0;
        self.changes_since_snapshot = 0;
        self.last_snapshot_at = Instant::now();
        let policy = self.services.snapshots.clone();
        let created_at = self.services.clock.now();
        let address = context.address();
        let spawned = std::thread::Builder::new().name(format!("snapshot-{}", self.id)).spawn(move || {
            super::priority::lower_this_threads_priority();
            let written_started = Instant::now();
            let result = write_snapshot(&policy.layout, &image, lsn, created_at, policy.keep);
            let write_milliseconds = written_started.elapsed().as_millis();
            match &result {
                Ok(file) => {
                    let seconds = (copy_microseconds as f64 / 1e6) + written_started.elapsed().as_secs_f64();
                    metrics::histogram!(SNAPSHOT_DURATION).record(seconds);
                    metrics::histogram!(SNAPSHOT_BYTES).record(file.file_bytes as f64);
                    tracing::info!(path = %file.path.display(), lsn, copy_microseconds, write_milliseconds, "snapshot written")
                }
                Err(error) => tracing::error!(%error, lsn, "snapshot failed; the log keeps every record it needs"),
            }
            address.do_send(SnapshotWritten { lsn, written: result.is_ok() });
        });
        match spawned {
            Ok(_) => metrics::gauge!(SNAPSHOTS_IN_PROGRESS).increment(1.0),
            Err(_) => self.snapshot_in_progress = false,
        }
    }
}

/// A snapshot finished (or failed) on its thread.
struct SnapshotWritten {
    lsn: Lsn,
    written: bool,
}

impl Message for SnapshotWritten {
    type Result = ();
}

impl Handler<SnapshotWritten> for WorkspaceActor {
    type Result = ();

    fn handle(&mut self, SnapshotWritten { lsn, written }: SnapshotWritten, _: &mut Self::Context) {
        self.snapshot_in_progress = false;
        metrics::gauge!(SNAPSHOTS_IN_PROGRESS).decrement(1.0);
        if written {
            self.snapshot_lsn = lsn;
            self.services.directory.snapshot_taken(&self.id, lsn, self.services.journal.wal());
        }
    }
}

impl Actor for WorkspaceActor {
    type Context = Context<Self>;

    fn started(&mut self, context: &mut Self::Context) {
        context.set_mailbox_capacity(MAILBOX_CAPACITY);
        context.run_interval(Duration::from_millis(SNAPSHOT_CHECK_MILLISECONDS), |actor, context| {
            actor.record_key_use_if_due(context);
            actor.snapshot_if_due(context);
        });
        self.queue_in_flight_pipelines();
        self.dispatch_pipelines(context);
    }
}

impl<C> Handler<Execute<C>> for WorkspaceActor
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    type Result = ResponseFuture<Result<C::Output, WriteError>>;

    fn handle(&mut self, Execute(command): Execute<C>, context: &mut Self::Context) -> Self::Result {
        let (sender, receiver) = oneshot::channel();
        self.submit(&command, context, move |result| {
            let _ = sender.send(result);
        });
        Box::pin(async move { receiver.await.unwrap_or(Err(WriteError::ActorStopped)) })
    }
}

/// The log's answer for one record of the write with `ticket`.
struct Durable {
    ticket: u64,
    result: Result<Lsn, JournalError>,
}

impl Message for Durable {
    type Result = ();
}

impl Handler<Durable> for WorkspaceActor {
    type Result = ();

    fn handle(&mut self, Durable { ticket, result }: Durable, context: &mut Self::Context) {
        match result {
            Ok(lsn) => {
                if let Some(write) = self.pending.iter_mut().find(|write| write.ticket == ticket) {
                    write.records_outstanding = write.records_outstanding.saturating_sub(1);
                    write.last_lsn = Some(write.last_lsn.map_or(lsn, |last| last.max(lsn)));
                }
                self.publish_durable(context);
            }
            // Records are checked before they are queued (`Journal::encode`),
            // so what the log fails now is the log itself: fail-stop. Were it
            // not, the write after this one may already be built on it, and
            // its records queued, so the workspace stops all the same.
            Err(error) if self.storage_failure.is_none() => {
                if !error.is_fail_stop() {
                    tracing::error!(workspace = %self.id, code = error.code(), "a queued record failed without stopping the log");
                }
                self.fail_storage(error);
            }
            Err(_) => {}
        }
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
        let (application_id, run) = (command.application_id.clone(), command.run);
        let state = match &command.outcome {
            PipelineOutcome::Completed { .. } => "done",
            PipelineOutcome::Failed { .. } => "failed",
        };
        // Logged once the result is durable and readable, so that whoever
        // follows the log may read the result when the line appears.
        self.submit(&command, context, move |result| match result {
            Ok(()) => tracing::info!(%application_id, run, state, "pipeline result recorded"),
            Err(error) => tracing::warn!(%application_id, run, %error, "a pipeline result could not be recorded"),
        });
        self.dispatch_pipelines(context);
    }
}

/// Stops the actor; used on shutdown.
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
