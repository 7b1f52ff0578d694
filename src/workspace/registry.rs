//! The registry: which workspaces exist, their actors and published state,
//! and the cross-workspace directory (API keys and the job → workspace map
//! that the unauthenticated careers-page apply needs).

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

use actix::{Actor, Addr, ArbiterHandle, MailboxError};
use parking_lot::RwLock;

use super::actor::{
    ActorServices, AnswerWriter, Execute, ExecuteIdempotent, IdempotentOutcome, SnapshotPolicy, WorkspaceActor,
    WriteError,
};
use super::journal::{Journal, JournalError, LogRecord};
use crate::auth::key_registry::KeyRegistry;
use crate::clock::Clock;
use crate::domain::api_key::ApiKey;
use crate::domain::commands::{
    acceptable_resume_text, create_workspace, Command, NewWorkspace, ResumeUpload, StoredResume,
};
use crate::domain::content_hash::ContentHash;
use crate::domain::error::DomainError;
use crate::domain::idempotency::IdempotencyClaim;
use crate::domain::ids::{JobId, KeyId, UserId, WorkspaceId};
use crate::domain::image::WorkspaceImage;
use crate::domain::time::Timestamp;
use crate::domain::workspace::Workspace;
use crate::extract::isolated::ExtractorProgram;
use crate::extract::ExtractionLimits;
use crate::store::blobs::{BlobError, BlobStore};
use crate::store::wal::{Lsn, Wal};

/// How long a write may wait for its workspace actor before the caller gets 503.
pub const WRITE_TIMEOUT_MILLISECONDS: u64 = 10_000;

#[derive(Clone, Debug)]
pub struct RegistrySettings {
    pub default_rate_limit_per_minute: u32,
    /// Pipelines one workspace may have on the pool at once.
    pub pipelines_running_max: usize,
    pub snapshots: SnapshotPolicy,
    /// Bounds on reading resume files, and the program that reads PDFs isolated.
    pub extraction: ExtractionLimits,
    pub extractor: ExtractorProgram,
}

/// Cross-workspace lookups kept in step by the actors.
pub struct Directory {
    pub keys: KeyRegistry,
    jobs: RwLock<HashMap<JobId, WorkspaceId>>,
    default_rate_limit_per_minute: u32,
    /// Per workspace, the first LSN of the log it still needs (the one after
    /// its newest snapshot; 1 until it has one).
    log_needed_from: parking_lot::Mutex<HashMap<WorkspaceId, Lsn>>,
    /// Woken each time a workspace publishes writes, so that whoever waits
    /// for the state to change (a pipeline to finish, say) waits for that
    /// instead of for time to pass.
    pub publications: tokio::sync::Notify,
}

impl Directory {
    fn workspace_installed(&self, workspace_id: &WorkspaceId, snapshot_lsn: Lsn) {
        self.log_needed_from.lock().insert(workspace_id.clone(), snapshot_lsn + 1);
    }

    /// Records a snapshot and deletes the log segments no workspace needs.
    pub(super) fn snapshot_taken(&self, workspace_id: &WorkspaceId, lsn: Lsn, wal: &Wal) {
        let oldest_needed = {
            let mut needed = self.log_needed_from.lock();
            needed.insert(workspace_id.clone(), lsn + 1);
            needed.values().copied().min().unwrap_or(lsn + 1)
        };
        if oldest_needed > 1 {
            match wal.remove_segments_through(oldest_needed - 1) {
                Ok(0) => {}
                Ok(removed) => tracing::info!(removed, through_lsn = oldest_needed - 1, "log segments deleted"),
                Err(error) => tracing::warn!(%error, "log segments could not be deleted"),
            }
        }
    }

    pub(super) fn key_created(&self, workspace_id: &WorkspaceId, key: &ApiKey, last_used_at: Option<Timestamp>) {
        self.keys.insert(workspace_id, key, self.default_rate_limit_per_minute, last_used_at);
    }

    /// Uses of `workspace`'s keys that are newer in memory than recorded.
    pub fn unrecorded_key_use(&self, workspace: &Workspace) -> Vec<(KeyId, Timestamp)> {
        workspace
            .keys
            .values()
            .filter_map(|key| {
                let live = self.keys.entry(&key.hash)?.last_used_at()?;
                let newer = workspace.key_last_used.get(&key.id).is_none_or(|recorded| live > *recorded);
                newer.then(|| (key.id.clone(), live))
            })
            .collect()
    }

    /// `image` with its keys' live last use folded in: what a snapshot
    /// stores, so that a restart keeps the use not yet in the log.
    pub fn with_live_key_use(&self, workspace: &Workspace, mut image: WorkspaceImage) -> WorkspaceImage {
        let mut last_used: BTreeMap<KeyId, Timestamp> = image.key_last_used.drain(..).collect();
        for (key_id, used_at) in self.unrecorded_key_use(workspace) {
            last_used.insert(key_id, used_at);
        }
        image.key_last_used = last_used.into_iter().collect();
        image
    }

    pub(super) fn job_created(&self, job_id: &JobId, workspace_id: &WorkspaceId) {
        self.jobs.write().insert(job_id.clone(), workspace_id.clone());
    }

    pub fn workspace_of_job(&self, job_id: &JobId) -> Option<WorkspaceId> {
        self.jobs.read().get(job_id).cloned()
    }
}

#[derive(Clone)]
pub struct WorkspaceHandle {
    pub address: Addr<WorkspaceActor>,
    pub state: Arc<RwLock<Workspace>>,
    /// The LSN `state` includes; written under `state`'s write lock, so a
    /// reader holding the read lock sees the two agree.
    pub published_lsn: Arc<AtomicU64>,
}

#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error("the workspace is not accepting writes right now: {0}")]
    Unavailable(String),
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error(transparent)]
    Blobs(#[from] BlobError),
    #[error("the workspace actor stopped before it answered")]
    ActorStopped,
}

impl RegistryError {
    /// A stable code for the storage errors, for logs; `None` for the others.
    pub fn storage_code(&self) -> Option<&'static str> {
        match self {
            RegistryError::Journal(error) => Some(error.code()),
            RegistryError::Blobs(error) => Some(error.code()),
            RegistryError::ActorStopped => Some("WORKSPACE_ACTOR_STOPPED"),
            RegistryError::Domain(_) | RegistryError::Unavailable(_) => None,
        }
    }
}

impl From<WriteError> for RegistryError {
    fn from(error: WriteError) -> Self {
        match error {
            WriteError::Domain(error) => RegistryError::Domain(error),
            WriteError::Journal(error) => RegistryError::Journal(error),
            WriteError::ActorStopped => RegistryError::ActorStopped,
        }
    }
}

pub struct Registry {
    workspaces: RwLock<HashMap<WorkspaceId, WorkspaceHandle>>,
    /// Serialises workspace creation, which waits for the log.
    creation: tokio::sync::Mutex<()>,
    pub directory: Arc<Directory>,
    clock: Arc<dyn Clock>,
    pool: Arc<rayon::ThreadPool>,
    blobs: Arc<BlobStore>,
    journal: Journal,
    arbiter: ArbiterHandle,
    settings: RegistrySettings,
}

impl Registry {
    pub fn new(
        clock: Arc<dyn Clock>,
        pool: Arc<rayon::ThreadPool>,
        blobs: Arc<BlobStore>,
        journal: Journal,
        arbiter: ArbiterHandle,
        settings: RegistrySettings,
    ) -> Self {
        Self {
            workspaces: RwLock::new(HashMap::new()),
            creation: tokio::sync::Mutex::new(()),
            directory: Arc::new(Directory {
                keys: KeyRegistry::new(clock.clone()),
                jobs: RwLock::new(HashMap::new()),
                default_rate_limit_per_minute: settings.default_rate_limit_per_minute,
                log_needed_from: parking_lot::Mutex::new(HashMap::new()),
                publications: tokio::sync::Notify::new(),
            }),
            clock,
            pool,
            blobs,
            journal,
            arbiter,
            settings,
        }
    }

    /// Stores an uploaded resume in the blob store (written and synced), so
    /// that the event that names it can follow, or nothing for pasted text
    /// that is blank. A file is kept whatever it holds: the pipeline judges
    /// it and records why it could not be read. Blocking: call it off the
    /// async workers (`web::block`).
    pub fn store_resume(&self, upload: ResumeUpload) -> Result<Option<StoredResume>, RegistryError> {
        let (bytes, file_name): (&[u8], Option<String>) = match &upload {
            ResumeUpload::File { bytes, file_name } => (bytes, file_name.clone()),
            ResumeUpload::Text(text) => match acceptable_resume_text(text)? {
                Some(text) => (text.as_bytes(), None),
                None => return Ok(None),
            },
        };
        let media_type = match crate::extract::detect_format(bytes) {
            Ok(format) => format.media_type(),
            Err(_) => "application/octet-stream",
        };
        let hash = self.blobs.put(bytes)?;
        Ok(Some(StoredResume {
            content_hash: ContentHash(hash.0),
            size_bytes: bytes.len() as u64,
            file_name,
            media_type: Some(media_type.to_owned()),
        }))
    }

    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    /// Notified each time any workspace publishes writes. Create the
    /// `notified()` future (and `enable` it) before looking at the state, so
    /// a publication between the look and the wait is not missed.
    pub fn publications(&self) -> &tokio::sync::Notify {
        &self.directory.publications
    }

    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    pub fn workspace(&self, id: &WorkspaceId) -> Option<WorkspaceHandle> {
        self.workspaces.read().get(id).cloned()
    }

    pub fn workspace_count(&self) -> usize {
        self.workspaces.read().len()
    }

    pub fn workspace_handles(&self) -> Vec<(WorkspaceId, WorkspaceHandle)> {
        self.workspaces.read().iter().map(|(id, handle)| (id.clone(), handle.clone())).collect()
    }

    /// Creates the workspace unless it exists; `true` when it was created.
    /// The creation is logged (and durable) before the workspace exists.
    pub async fn create_workspace(
        &self,
        id: &WorkspaceId,
        owner: &UserId,
        new: &NewWorkspace,
    ) -> Result<(WorkspaceHandle, bool), RegistryError> {
        let _creating = self.creation.lock().await;
        if let Some(handle) = self.workspace(id) {
            return Ok((handle, false));
        }
        let event = create_workspace(id, owner, new, self.clock.now());
        let workspace = Workspace::from_created(&event).expect("create_workspace makes a WorkspaceCreated");
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let record = Journal::encode(&LogRecord { workspace_id: id.clone(), event })?;
        self.journal.append(
            record,
            Box::new(move |result| {
                let _ = sender.send(result);
            }),
        );
        let lsn = match receiver.await {
            Ok(Ok(lsn)) => lsn,
            Ok(Err(error)) => return Err(error.into()),
            Err(_) => return Err(JournalError::writer_stopped().into()),
        };
        let handle = self.install(workspace, lsn, 0);
        Ok((handle, true))
    }

    /// Starts the actor of a workspace (new or recovered) and registers its
    /// keys and jobs in the directory.
    pub fn install(&self, workspace: Workspace, published_lsn: Lsn, snapshot_lsn: Lsn) -> WorkspaceHandle {
        let id = workspace.id.clone();
        self.directory.workspace_installed(&id, snapshot_lsn);
        let published_lsn_shared = Arc::new(AtomicU64::new(published_lsn));
        for key in workspace.keys.values() {
            self.directory.key_created(&id, key, workspace.key_last_used.get(&key.id).copied());
        }
        for job_id in &workspace.job_order {
            self.directory.job_created(job_id, &id);
        }
        // The actor's working copy is made here, before a recovery reports
        // ready, not on the actor's thread after: for 1,199,000 applications
        // the copy is about 0.6 s of a core and 300 MB of maps, and made
        // after ready it ran beside the first requests served (and writes
        // queued behind it).
        let working = workspace.clone();
        let published = Arc::new(RwLock::new(workspace));
        let services = ActorServices {
            directory: self.directory.clone(),
            clock: self.clock.clone(),
            pool: self.pool.clone(),
            blobs: self.blobs.clone(),
            journal: self.journal.clone(),
            pipelines_running_max: self.settings.pipelines_running_max,
            snapshots: self.settings.snapshots.clone(),
            extraction: self.settings.extraction,
            extractor: self.settings.extractor.clone(),
            published_lsn: published_lsn_shared.clone(),
        };
        let actor_published = published.clone();
        let address = WorkspaceActor::start_in_arbiter(&self.arbiter, move |_| {
            WorkspaceActor::new(working, actor_published, published_lsn, snapshot_lsn, services)
        });
        let handle = WorkspaceHandle { address, state: published, published_lsn: published_lsn_shared };
        self.workspaces.write().insert(id, handle.clone());
        handle
    }

    /// Sends a write to the workspace's actor and waits until it is durable and published.
    pub async fn execute<C>(&self, handle: &WorkspaceHandle, command: C) -> Result<C::Output, RegistryError>
    where
        C: Command + Send + 'static,
        C::Output: Send + 'static,
    {
        answered(handle.address.send(Execute(command)).timeout(write_timeout()).await)
    }

    /// Sends a write made with an idempotency key: carried out once, and
    /// its first answer given again to each retry (see `actor::idempotent`).
    pub async fn execute_idempotent<C>(
        &self,
        handle: &WorkspaceHandle,
        command: C,
        claim: IdempotencyClaim,
        answer: AnswerWriter<C::Output>,
    ) -> Result<IdempotentOutcome, RegistryError>
    where
        C: Command + Send + 'static,
        C::Output: Send + 'static,
    {
        let write = ExecuteIdempotent { command, claim, answer };
        answered(handle.address.send(write).timeout(write_timeout()).await)
    }
}

fn write_timeout() -> Duration {
    Duration::from_millis(WRITE_TIMEOUT_MILLISECONDS)
}

/// A write's answer from its actor, or why there is none.
fn answered<T>(sent: Result<Result<T, WriteError>, MailboxError>) -> Result<T, RegistryError> {
    match sent {
        Ok(result) => result.map_err(RegistryError::from),
        Err(MailboxError::Timeout) => {
            Err(RegistryError::Unavailable("the write timed out in the workspace's queue".into()))
        }
        Err(MailboxError::Closed) => Err(RegistryError::Unavailable("the workspace actor has stopped".into())),
    }
}
