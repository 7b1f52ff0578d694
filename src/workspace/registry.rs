//! The registry: which workspaces exist, their actors and published state,
//! and the cross-workspace directory (API keys and the job → workspace map
//! that the unauthenticated careers-page apply needs).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use actix::{Actor, Addr, ArbiterHandle, MailboxError};
use parking_lot::RwLock;

use super::actor::{Execute, WorkspaceActor};
use crate::auth::key_registry::KeyRegistry;
use crate::clock::Clock;
use crate::domain::api_key::ApiKey;
use crate::domain::commands::{create_workspace, Command};
use crate::domain::error::DomainError;
use crate::domain::ids::{JobId, UserId, WorkspaceId};
use crate::domain::workspace::Workspace;

/// How long a write may wait for its workspace actor before the caller gets 503.
pub const WRITE_TIMEOUT_MILLISECONDS: u64 = 10_000;

#[derive(Clone, Copy, Debug)]
pub struct RegistrySettings {
    pub default_rate_limit_per_minute: u32,
    /// Pipelines one workspace may have on the pool at once.
    pub pipelines_running_max: usize,
}

/// Cross-workspace lookups kept in step by the actors.
pub struct Directory {
    pub keys: KeyRegistry,
    jobs: RwLock<HashMap<JobId, WorkspaceId>>,
    default_rate_limit_per_minute: u32,
}

impl Directory {
    pub(super) fn key_created(&self, workspace_id: &WorkspaceId, key: &ApiKey) {
        self.keys.insert(workspace_id, key, self.default_rate_limit_per_minute);
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
}

#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error("the workspace is not accepting writes right now: {0}")]
    Unavailable(String),
}

pub struct Registry {
    workspaces: RwLock<HashMap<WorkspaceId, WorkspaceHandle>>,
    pub directory: Arc<Directory>,
    clock: Arc<dyn Clock>,
    pool: Arc<rayon::ThreadPool>,
    arbiter: ArbiterHandle,
    settings: RegistrySettings,
}

impl Registry {
    pub fn new(
        clock: Arc<dyn Clock>,
        pool: Arc<rayon::ThreadPool>,
        arbiter: ArbiterHandle,
        settings: RegistrySettings,
    ) -> Self {
        Self {
            workspaces: RwLock::new(HashMap::new()),
            directory: Arc::new(Directory {
                keys: KeyRegistry::default(),
                jobs: RwLock::new(HashMap::new()),
                default_rate_limit_per_minute: settings.default_rate_limit_per_minute,
            }),
            clock,
            pool,
            arbiter,
            settings,
        }
    }

    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    pub fn workspace(&self, id: &WorkspaceId) -> Option<WorkspaceHandle> {
        self.workspaces.read().get(id).cloned()
    }

    pub fn workspace_count(&self) -> usize {
        self.workspaces.read().len()
    }

    /// Creates the workspace unless it exists; `true` when it was created.
    pub fn create_workspace(
        &self,
        id: &WorkspaceId,
        name: &str,
        owner: &UserId,
        owner_name: &str,
        owner_email: &str,
    ) -> Result<(WorkspaceHandle, bool), DomainError> {
        let mut workspaces = self.workspaces.write();
        if let Some(handle) = workspaces.get(id) {
            return Ok((handle.clone(), false));
        }
        let event = create_workspace(id, name, owner, owner_name, owner_email, self.clock.now())?;
        let workspace = Workspace::from_created(&event).expect("create_workspace makes a WorkspaceCreated");
        let handle = self.start(workspace);
        workspaces.insert(id.clone(), handle.clone());
        Ok((handle, true))
    }

    fn start(&self, workspace: Workspace) -> WorkspaceHandle {
        let state = Arc::new(RwLock::new(workspace));
        let actor_state = state.clone();
        let directory = self.directory.clone();
        let clock = self.clock.clone();
        let pool = self.pool.clone();
        let pipelines_running_max = self.settings.pipelines_running_max;
        let address = WorkspaceActor::start_in_arbiter(&self.arbiter, move |_| {
            WorkspaceActor::new(actor_state, directory, clock, pool, pipelines_running_max)
        });
        WorkspaceHandle { address, state }
    }

    /// Sends a write to the workspace's actor and waits for its decision.
    pub async fn execute<C>(&self, handle: &WorkspaceHandle, command: C) -> Result<C::Output, RegistryError>
    where
        C: Command + Send + 'static,
        C::Output: Send + 'static,
    {
        let timeout = Duration::from_millis(WRITE_TIMEOUT_MILLISECONDS);
        match handle.address.send(Execute(command)).timeout(timeout).await {
            Ok(result) => result.map_err(RegistryError::Domain),
            Err(MailboxError::Timeout) => {
                Err(RegistryError::Unavailable("the write timed out in the workspace's queue".into()))
            }
            Err(MailboxError::Closed) => Err(RegistryError::Unavailable("the workspace actor has stopped".into())),
        }
    }
}
