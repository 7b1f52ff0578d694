//! Writes a seeded data set straight into a data directory, without a
//! server: each workspace is built in memory by the same commands the actor
//! runs (decide, then apply the events), every resume is stored as a file and
//! parsed and scored by the pipeline's own function on the pool, and the
//! result becomes one snapshot per workspace, which recovery loads like any
//! other. Data written so is what the API would have written, minus a file
//! and an fsync per application: a workspace's resume files go into one pack
//! (`store::blob_pack`), made durable before the snapshot that references
//! them is written.
//!
//! Applications are made in chunks: the pool generates, stores, parses and
//! scores a chunk in parallel, then this thread decides and applies its
//! events in order, so IDs and ordinals come out as sequential writes would
//! give them. The snapshot's LSN is the log's last: the seeded workspaces
//! then need no log record, and the log's segments are not held back.

use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;

use super::super::corpus::{candidate, track_for, Track};
use super::super::{backend_job, designer_job};
use crate::auth::api_key::generate_api_key;
use crate::config::SeedSettings;
use crate::domain::api_key::Claims;
use crate::domain::ats::Criteria;
use crate::domain::commands::{
    create_workspace, Applicant, Command, CompletePipeline, CreateKey, CreateTeam, DecideContext, MoveStage,
    NewWorkspace, StoredResume, SubmitApplication,
};
use crate::domain::content_hash::ContentHash;
use crate::domain::error::DomainError;
use crate::domain::event::{Event, PipelineOutcome};
use crate::domain::ids::{JobId, UserId, WorkspaceId};
use crate::domain::job::Tier;
use crate::domain::limits::{FIT_SCORES_MAX, RATE_LIMIT_PER_MINUTE_MAX};
use crate::domain::time::Timestamp;
use crate::domain::workspace::Workspace;
use crate::engine::YearMonth;
use crate::extract::isolated::ExtractorProgram;
use crate::extract::{detect_format, ExtractionLimits};
use crate::store::blob_pack::PackWriter;
use crate::store::blobs::{BlobError, BlobHash, BlobStore};
use crate::workspace::persistence::{recover, write_snapshot, DataLayout, RecoveryError, SnapshotFileError};
use crate::workspace::pipeline::outcome_of_file;

/// Fit scores a seeded job holds beyond one per application.
const FIT_SCORES_HEADROOM: u32 = 10_000;
/// Where the `index`-th application of a job ends up, by stage position
/// (capped at the job's last stage): two in five stay where they applied,
/// the rest move on, so that stage filters select real fractions.
const STAGE_POSITION_BY_INDEX: [usize; 5] = [0, 0, 1, 2, 3];

/// Applications generated, stored, parsed and scored in parallel before
/// their events are applied: large enough to keep the pool busy, small
/// enough that a chunk's resumes and results are a few megabytes.
const CHUNK_APPLICATIONS: u64 = 4_096;

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the data directory already holds workspace {0}: seed into an empty data directory, or remove it first")]
    WorkspaceExists(WorkspaceId),
    #[error("reading the data directory before seeding")]
    Recovery(#[from] RecoveryError),
    #[error("a seeded command was refused: {0}")]
    Domain(#[from] DomainError),
    #[error("storing a resume")]
    Blob(#[from] BlobError),
    #[error("writing the snapshot of {workspace}")]
    Snapshot {
        workspace: WorkspaceId,
        #[source]
        reason: SnapshotFileError,
    },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A seeded workspace and the plaintext of its load-test key.
pub struct SeededWorkspace {
    pub workspace_id: WorkspaceId,
    pub key_plaintext: String,
}

/// Writes the data set `settings` asks for into `data_dir`, at time `now`,
/// showing progress on `progress` (one tick per application).
pub fn write_data_set(
    data_dir: &Path,
    settings: &SeedSettings,
    now: Timestamp,
    progress: &ProgressBar,
) -> Result<Vec<SeededWorkspace>, SeedError> {
    let layout = DataLayout::new(data_dir);
    let (existing, _) = recover(&layout)?;
    let snapshot_lsn = existing.iter().map(|workspace| workspace.last_lsn).max().unwrap_or(0);
    // Every name is checked before anything is written, so a refusal leaves
    // the directory as it was.
    let workspace_ids: Vec<WorkspaceId> = (1..=settings.workspaces)
        .map(|number| WorkspaceId::parse(&format!("seed-{number}")).expect("a valid pattern"))
        .collect();
    if let Some(taken) = workspace_ids.iter().find(|id| existing.iter().any(|workspace| &workspace.state.id == *id)) {
        return Err(SeedError::WorkspaceExists(taken.clone()));
    }
    drop(existing);
    let blobs = BlobStore::open(layout.blobs())?;
    let environment = SeedEnvironment {
        now,
        extraction: settings.serve.extraction.limits(),
        extractor: ExtractorProgram(std::env::current_exe()?),
    };
    let mut seeded = Vec::new();
    for (workspace_number, workspace_id) in (1..=settings.workspaces).zip(workspace_ids) {
        let pack_name = format!("{workspace_id}-{}", now.unix_milliseconds());
        let mut pack = PackWriter::create(blobs.root(), &pack_name)?;
        let (workspace, key_plaintext) =
            build_workspace(&environment, settings, workspace_number, &mut pack, progress)?;
        // The snapshot references the resume files: they go to disk first.
        let started = Instant::now();
        let resumes = pack.len();
        pack.finish()?;
        progress.suspend(|| {
            println!(
                "{workspace_id}: {resumes} resume files packed and synced in {:.1} s",
                started.elapsed().as_secs_f64()
            )
        });
        let started = Instant::now();
        let file =
            write_snapshot(&layout, &workspace.to_image(), snapshot_lsn, now, settings.serve.durability.snapshots_kept)
                .map_err(|reason| SeedError::Snapshot { workspace: workspace_id.clone(), reason })?;
        progress.suspend(|| {
            println!(
                "{workspace_id}: snapshot of {} MB written in {:.1} s",
                file.file_bytes / 1_000_000,
                started.elapsed().as_secs_f64()
            )
        });
        seeded.push(SeededWorkspace { workspace_id, key_plaintext });
    }
    Ok(seeded)
}

/// The progress bar `seed` shows while it writes `total` applications.
pub fn progress_bar(total: u64) -> ProgressBar {
    ProgressBar::new(total).with_style(
        ProgressStyle::with_template("seeding {bar:40} {pos}/{len} applications ({per_sec}, eta {eta})")
            .expect("a valid template"),
    )
}

/// What every application of a seed shares.
struct SeedEnvironment {
    now: Timestamp,
    extraction: ExtractionLimits,
    extractor: ExtractorProgram,
}

/// A workspace in memory and the commands run against it.
struct Building {
    workspace: Workspace,
    rng: StdRng,
    now: Timestamp,
}

impl Building {
    /// Decides `command` on the state, applies its events and returns them.
    fn apply<C: Command>(&mut self, command: &C) -> Result<Vec<Event>, DomainError> {
        let mut context = DecideContext { now: self.now, rng: &mut self.rng };
        let events = command.decide(&self.workspace, &mut context)?;
        for event in &events {
            self.workspace.apply(event);
        }
        Ok(events)
    }

    fn execute<C: Command>(&mut self, command: &C) -> Result<C::Output, DomainError> {
        let events = self.apply(command)?;
        command.respond(&self.workspace, &events)
    }
}

fn build_workspace(
    environment: &SeedEnvironment,
    settings: &SeedSettings,
    workspace_number: u32,
    pack: &mut PackWriter,
    progress: &ProgressBar,
) -> Result<(Workspace, String), SeedError> {
    let workspace_id = WorkspaceId::parse(&format!("seed-{workspace_number}")).expect("a valid pattern");
    let owner = UserId::parse("seed-owner").expect("a valid constant");
    let new = NewWorkspace {
        name: format!("Seed {workspace_number}"),
        owner_name: "Seed Owner".into(),
        owner_email: "seed@example.com".into(),
    };
    let created = create_workspace(&workspace_id, &owner, &new, environment.now);
    let workspace = Workspace::from_created(&created).expect("create_workspace makes a WorkspaceCreated");
    let mut building = Building { workspace, rng: StdRng::from_os_rng(), now: environment.now };
    let team = building.execute(&CreateTeam { name: "Load".into() })?;
    for job_number in 0..settings.jobs {
        let backend = job_number % 2 == 0;
        let mut create = if backend { backend_job(team.id.clone()) } else { designer_job(team.id.clone()) };
        create.title = format!("{} #{job_number}", create.title);
        create.collaborators = Vec::new();
        create.tier = Tier::Paid;
        let applications = settings.applications_in_job(job_number);
        // Headroom beyond one score each, so that a load test can rerun some.
        create.fit_scores = applications.saturating_add(FIT_SCORES_HEADROOM).min(FIT_SCORES_MAX);
        let job_id = building.execute(&create)?;
        let primary = if backend { Track::BackendEngineer } else { Track::ProductDesigner };
        let stream_seed = settings.seed ^ (u64::from(workspace_number) << 32) ^ u64::from(job_number);
        let criteria = building.workspace.jobs[&job_id].definition.criteria.clone();
        let job = JobStream { job_id, primary, stream_seed, criteria };
        // The pool prepares a chunk while this thread applies the one before.
        let mut prepared: Vec<Prepared> = Vec::new();
        let mut start = 0;
        while start < u64::from(applications) || !prepared.is_empty() {
            let end = (start + CHUNK_APPLICATIONS).min(u64::from(applications));
            let (next, applied) = rayon::join(
                || prepare_chunk(environment, &job, start..end),
                || submit_prepared(&mut building, &job.job_id, pack, std::mem::take(&mut prepared)),
            );
            progress.inc(applied?);
            prepared = next?;
            start = end;
        }
    }
    let material = generate_api_key();
    building.execute(&CreateKey {
        name: "Load test".into(),
        claim_teams: Vec::new(),
        claim_jobs: Vec::new(),
        expires_at: None,
        rate_limit_per_minute: Some(RATE_LIMIT_PER_MINUTE_MAX),
        created_by: owner,
        hash: material.hash,
        key_prefix: material.key_prefix.clone(),
    })?;
    Ok((building.workspace, material.plaintext))
}

/// Which candidates one job gets.
struct JobStream {
    job_id: JobId,
    primary: Track,
    stream_seed: u64,
    criteria: Criteria,
}

/// One application ready to submit: its input and the pipeline's outcome.
struct Prepared {
    /// Its place in the job's stream of candidates.
    index: u64,
    resume: String,
    applicant: Applicant,
    outcome: PipelineOutcome,
}

/// Generates, stores, parses and scores the applications at `indices`, in parallel.
fn prepare_chunk(
    environment: &SeedEnvironment,
    job: &JobStream,
    indices: std::ops::Range<u64>,
) -> Result<Vec<Prepared>, SeedError> {
    let present = YearMonth::of(environment.now);
    indices
        .into_par_iter()
        .map(|index| {
            let profile = candidate(job.stream_seed, index, track_for(job.stream_seed, index, job.primary));
            let bytes = profile.resume_text.as_bytes();
            let stored = StoredResume {
                content_hash: ContentHash(BlobHash::of(bytes).0),
                size_bytes: bytes.len() as u64,
                file_name: None,
                media_type: detect_format(bytes).ok().map(|format| format.media_type().to_owned()),
            };
            let outcome =
                outcome_of_file(bytes, &environment.extraction, &environment.extractor, present, Some(&job.criteria));
            let applicant = Applicant {
                candidate_name: profile.name,
                email: profile.email,
                phone: profile.phone,
                resume: Some(stored),
                ..Applicant::default()
            };
            Ok(Prepared { index, resume: profile.resume_text, applicant, outcome })
        })
        .collect()
}

/// Submits prepared applications in order and records their pipeline
/// results; returns how many.
fn submit_prepared(
    building: &mut Building,
    job_id: &JobId,
    pack: &mut PackWriter,
    prepared: Vec<Prepared>,
) -> Result<u64, SeedError> {
    let count = prepared.len() as u64;
    let stages: Vec<String> =
        building.workspace.jobs[job_id].definition.stages.iter().map(|stage| stage.id.to_string()).collect();
    for Prepared { index, resume, applicant, outcome } in prepared {
        let stored = applicant.resume.as_ref().expect("every seeded application has a resume");
        pack.add(BlobHash(stored.content_hash.0), resume.as_bytes())?;
        let events = building.apply(&SubmitApplication { job_id: job_id.clone(), applicant })?;
        let application_id =
            events.first().and_then(Event::application_id).expect("SubmitApplication decides one event").clone();
        let pipeline = &building.workspace.applications[&application_id].pipeline;
        let outcome = match outcome {
            // A run that was not charged parses only, as the pipeline would.
            PipelineOutcome::Completed { resume, .. } if !pipeline.scores => {
                PipelineOutcome::Completed { resume, breakdown: None }
            }
            outcome => outcome,
        };
        let run = pipeline.run;
        building.apply(&CompletePipeline { application_id: application_id.clone(), run, outcome })?;
        let position = STAGE_POSITION_BY_INDEX[(index % STAGE_POSITION_BY_INDEX.len() as u64) as usize];
        if position > 0 {
            building.apply(&MoveStage {
                claims: Claims::default(),
                application_id: application_id.to_string(),
                stage: stages[position.min(stages.len() - 1)].clone(),
            })?;
        }
    }
    Ok(count)
}
