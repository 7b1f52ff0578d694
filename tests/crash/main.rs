//! The crash test of issue 3: the real `shortlist` binary, killed with SIGKILL
//! at random moments while concurrent clients write over HTTP, must come back
//! with every acknowledged write and with nothing half-applied.
//!
//! How the check stays sound:
//! - Writer tasks own disjoint sets of applications and send one request at a
//!   time, so the order of one application's writes is the order they were
//!   sent. A write is *acknowledged* when its 2xx reply was read whole; a
//!   4xx is a refusal that must leave no trace; a write without a whole
//!   reply (in flight at the kill, or timed out) is *pending*: its effect may
//!   or may not be there. A task stops at its first pending write, and all
//!   tasks stop at the kill before sending anything else, so a pending write
//!   is always the last one of its application in that cycle.
//! - After each restart the whole workspace is read back and compared with
//!   the model: every acknowledged write must be there, and everything there
//!   must come from a write that was sent in full. Each pending write is then
//!   resolved by what was found, so the model is exact again: a pending
//!   write found missing must stay missing after every later restart too.
//! - Reader tasks run alongside the writers. In fsync `always` mode a reader
//!   never sees a write that could still be lost, so whatever they saw
//!   (applications, tags, comments, reruns), acknowledged or not, must
//!   survive the kill.
//! - Invariants that a half-applied write would break: the envelope
//!   (remaining + used = what the job was given; used = the sum of every
//!   application's pipeline runs, since every run is charged and none fails),
//!   the job's `applicationCount` against the listing and the per-stage
//!   indexes, `commentCount` against the thread, one notification per
//!   comment, and list items against application details.
//!
//! Snapshots are taken every few hundred records and the log rolls over to a
//! new segment every 256 KiB, so kills also land during snapshot writes and
//! segment changes, and recovery goes through snapshot plus log.
//!
//! `CRASH_SEED=<u64>` replays the random choices (not the timing) of a run.

mod model;
mod retry;
mod server;
mod setup;
mod verify;
mod workload;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::{Clock, SystemClock};
use shortlist::domain::limits::{
    COMMENT_LENGTH_MAX, NOTIFICATIONS_PER_USER_MAX, PAGE_LIMIT_MAX, TAGS_PER_APPLICATION_MAX,
};
use shortlist::domain::member::Role;

use model::*;
use retry::*;
use server::*;
use setup::*;
use verify::*;
use workload::*;

/// Kill-and-restart cycles (issue 3 asks for at least 20).
pub(crate) const CRASH_CYCLES: usize = 20;
/// Concurrent writer tasks; each owns its own applications.
pub(crate) const WRITER_TASKS: usize = 8;
/// Concurrent reader tasks recording what they saw before the kill.
pub(crate) const READER_TASKS: usize = 2;
/// Writes acknowledged in a cycle before the kill, drawn uniformly from
/// this range (about 0.2 to 1.5 s of writing on a 2-core machine).
pub(crate) const KILL_AFTER_WRITES_MIN: u64 = 300;
pub(crate) const KILL_AFTER_WRITES_MAX: u64 = 2_500;
/// How long a cycle may take to reach its writes before the test fails.
pub(crate) const KILL_WAIT_MAX: Duration = Duration::from_secs(60);
pub(crate) const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
pub(crate) const READY_WAIT_MAX: Duration = Duration::from_secs(20);
/// How long the tasks may take to notice the kill and stop.
pub(crate) const TASKS_STOP_WAIT_MAX: Duration = Duration::from_secs(15);
/// How long the pipelines may take to settle before the final restart.
pub(crate) const PIPELINES_SETTLE_WAIT_MAX: Duration = Duration::from_secs(60);
/// Concurrent requests while reading the workspace back.
pub(crate) const VERIFY_CONCURRENCY: usize = 8;
pub(crate) const PAGE_LIMIT: usize = PAGE_LIMIT_MAX;

pub(crate) const ORG: &str = "crash";
pub(crate) const OWNER: &str = "crash-owner";
pub(crate) const JWT_SECRET: &str = "crash-test-secret-0123456789abcdef0123456789abcdef";
/// The paid job's envelope: large enough that every run is charged.
pub(crate) const FIT_SCORE_ENVELOPE: u64 = 1_000_000;
/// Applications seeded through the careers page before the first kill.
pub(crate) const SEEDED_APPLICATIONS: usize = 16;
/// Adds stop short of the most tags an application may hold.
pub(crate) const TAGS_PER_APPLICATION_TARGET_MAX: usize = TAGS_PER_APPLICATION_MAX - 5;
/// Notifications kept per user.
pub(crate) const NOTIFICATIONS_KEPT_MAX: usize = NOTIFICATIONS_PER_USER_MAX;
pub(crate) const STAGE_NAMES: [&str; 5] = ["Applied", "Screening", "Interview", "Offer", "Hired"];
pub(crate) const TAG_COLOURS: [&str; 4] = ["#22c55e", "#ef4444", "#3b82f6", "#6b7280"];
/// Job fields no write of this test changes.
pub(crate) const STABLE_JOB_FIELDS: [&str; 12] = [
    "id",
    "title",
    "status",
    "teamId",
    "teamName",
    "description",
    "formFields",
    "stages",
    "criteria",
    "tier",
    "collaborators",
    "createdAt",
];
pub(crate) const COMMENT_WORDS: [&str; 16] = [
    "Strong",
    "Rust",
    "experience;",
    "ask",
    "about",
    "Kafka.",
    "café",
    "naïve",
    "Zürich",
    "日本語",
    "résumé",
    "—",
    "follow-up",
    "on",
    "the",
    "take-home",
];

#[actix_web::test]
async fn every_acknowledged_write_survives_sigkill_at_random_moments_and_nothing_half_applied_is_visible() {
    let test_started = Instant::now();
    let seed: u64 = std::env::var("CRASH_SEED").ok().and_then(|text| text.parse().ok()).unwrap_or_else(rand::random);
    eprintln!("crash test: seed {seed} (CRASH_SEED={seed} replays the random choices)");
    let mut rng = StdRng::seed_from_u64(seed);
    let directory = TestDirectory::new();
    let token = owner_token();

    let (mut server, first_start) = start_server(&directory, 0).await;
    eprintln!("crash test: first start ready in {} ms", first_start.as_millis());
    let setup = create_workspace(&directory, &server, &token).await;
    let stages: Vec<String> = setup.job["stages"]
        .as_array()
        .expect("the job lists its stages")
        .iter()
        .map(|stage| stage["id"].as_str().expect("a stage id").to_owned())
        .collect();
    assert_eq!(stages.len(), STAGE_NAMES.len(), "the job has the stages it was created with");
    let model = Rc::new(RefCell::new(Model { stages, owned: vec![Vec::new(); WRITER_TASKS], ..Model::default() }));

    // Seed applications through the careers page, spread over the writers.
    for index in 0..SEEDED_APPLICATIONS {
        let (candidate, resume) = new_candidate(&mut model.borrow_mut(), 0, index % WRITER_TASKS, &mut rng);
        let body = json!({ "candidateName": candidate.name, "email": candidate.email, "resumeText": resume });
        let url = format!("{}/api/jobs/{}/applications", server.base_url, setup.job_id);
        let outcome = call(&server.client, awc::http::Method::POST, &url, Auth::None, Some(&body)).await;
        let created = expect_created(&directory, outcome, "seeding an application");
        let id = created["application"]["id"].as_str().expect("an application id").to_owned();
        let mut model = model.borrow_mut();
        model.acknowledged.intakes += 1;
        model.add_application(id, candidate);
    }

    let mut recoveries = Vec::new();
    let mut verified_total = 0_u64;
    for cycle in 1..=CRASH_CYCLES {
        let acknowledged_before = model.borrow().acknowledged.total();
        let unanswered_before = model.borrow().unanswered;
        let workload = Rc::new(Workload {
            api: Api {
                client: server.client.clone(),
                base_url: server.base_url.clone(),
                key: setup.key.clone(),
                token: token.clone(),
            },
            job_id: setup.job_id.clone(),
            cycle,
            model: model.clone(),
            stop: Cell::new(false),
            progress: tokio::sync::Notify::new(),
        });
        let mut tasks = Vec::new();
        for task in 0..WRITER_TASKS {
            let task_rng = StdRng::seed_from_u64(rng.random());
            tasks.push(actix_web::rt::spawn(writer(workload.clone(), task, task_rng)));
        }
        for _ in 0..READER_TASKS {
            let task_rng = StdRng::seed_from_u64(rng.random());
            tasks.push(actix_web::rt::spawn(reader(workload.clone(), task_rng)));
        }

        // The kill lands after a random number of acknowledged writes, while
        // the other writers' requests are anywhere on their way.
        let kill_after_writes = rng.random_range(KILL_AFTER_WRITES_MIN..=KILL_AFTER_WRITES_MAX);
        let writes_reached = async {
            loop {
                let progress = workload.progress.notified();
                if model.borrow().acknowledged.total() - acknowledged_before >= kill_after_writes {
                    break;
                }
                progress.await;
            }
        };
        let killed_started = Instant::now();
        actix_web::rt::time::timeout(KILL_WAIT_MAX, writes_reached).await.unwrap_or_else(|_| {
            directory.fail(&format!(
                "cycle {cycle}: {kill_after_writes} writes were not acknowledged within {KILL_WAIT_MAX:?}"
            ))
        });
        server.kill();
        let kill_after = killed_started.elapsed();
        workload.stop.set(true);
        workload.progress.notify_waiters();
        let stopping = futures_util::future::join_all(tasks);
        let joined = actix_web::rt::time::timeout(TASKS_STOP_WAIT_MAX, stopping)
            .await
            .unwrap_or_else(|_| directory.fail(&format!("cycle {cycle}: the clients did not stop after the kill")));
        if let Some(Err(error)) = joined.into_iter().find(Result::is_err) {
            directory.fail(&format!("cycle {cycle}: a client task panicked: {error}"));
        }
        {
            let model = model.borrow();
            if !model.failures.is_empty() {
                directory.fail(&format!(
                    "cycle {cycle}: the server gave replies it should not have before the kill:\n- {}",
                    model.failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n- ")
                ));
            }
        }
        let (acknowledged_now, unanswered_now) = {
            let model = model.borrow();
            (model.acknowledged.total() - acknowledged_before, model.unanswered - unanswered_before)
        };

        let (restarted, recovery) = start_server(&directory, cycle).await;
        server = restarted;
        recoveries.push(recovery);
        let api = Api {
            client: server.client.clone(),
            base_url: server.base_url.clone(),
            key: setup.key.clone(),
            token: token.clone(),
        };
        let applied_before = model.borrow().unanswered_found_applied;
        let when = format!("cycle {cycle} (killed after {} ms)", kill_after.as_millis());
        let retried_before = model.borrow().retried;
        retry_keyed_writes(&directory, &api, &model, &when).await;
        let verified = verify(&directory, &api, &model, &setup.job, &setup.job_id, &setup.key_id, &when).await;
        let model_now = model.borrow();
        verified_total += model_now.acknowledged.total();
        eprintln!(
            "cycle {cycle:>2}/{CRASH_CYCLES}: killed after {:>4} ms | acknowledged {acknowledged_now:>4} this cycle, \
             {} so far | {unanswered_now} unanswered at the kill, {} found applied | keyed retries: {} replayed, \
             {} applied now, {} refused, {} acknowledged replayed | recovered in {} ms | \
             checked {} applications, {} comments, {} tags, {} runs",
            kill_after.as_millis(),
            model_now.acknowledged,
            model_now.unanswered_found_applied - applied_before,
            model_now.retried.pending_replayed - retried_before.pending_replayed,
            model_now.retried.pending_applied_now - retried_before.pending_applied_now,
            model_now.retried.pending_refused - retried_before.pending_refused,
            model_now.retried.acknowledged_replayed - retried_before.acknowledged_replayed,
            recovery.as_millis(),
            verified.applications,
            verified.comments,
            verified.tags,
            verified.runs
        );
    }

    // Finally: let every pipeline finish, kill once more, and check that the
    // results readers saw survive too (and that no pipeline runs again).
    let api = Api { client: server.client.clone(), base_url: server.base_url.clone(), key: setup.key.clone(), token };
    let settled = wait_for_pipelines(&directory, &api, &mut server, &setup.job_id).await;
    let scores: BTreeMap<String, (Value, Value)> = settled
        .iter()
        .map(|item| {
            (
                item["id"].as_str().unwrap_or_default().to_owned(),
                (item["atsScore"].clone(), item["pipelineState"].clone()),
            )
        })
        .collect();
    let expected_score = scores.values().next().map(|(score, _)| score.clone()).unwrap_or(Value::Null);
    for (id, (score, state)) in &scores {
        if state != "done" || !score.is_u64() || *score != expected_score {
            directory.fail(&format!(
                "application {id}: pipeline {state} with score {score}; every resume matches the job alike, \
                 so each should be done with score {expected_score}"
            ));
        }
    }
    server.kill();
    let (restarted, recovery) = start_server(&directory, CRASH_CYCLES + 1).await;
    server = restarted;
    recoveries.push(recovery);
    let api = Api { client: server.client.clone(), base_url: server.base_url.clone(), ..api };
    verify(&directory, &api, &model, &setup.job, &setup.job_id, &setup.key_id, "the final restart").await;
    let after = api
        .all_pages(
            &format!("/api/v1/jobs/{}/applications?sort=created-asc", setup.job_id),
            "applications",
            Auth::Key(&api.key),
        )
        .await
        .unwrap_or_else(|error| directory.fail(&format!("the final restart: {error}")));
    for item in &after {
        let id = item["id"].as_str().unwrap_or_default();
        let before = &scores[id];
        if item["atsScore"] != before.0 || item["pipelineState"] != "done" {
            directory.fail(&format!(
                "the final restart: application {id} shows pipeline {} with score {}; before the kill it was done \
                 with score {}",
                item["pipelineState"], item["atsScore"], before.0
            ));
        }
    }
    server.kill();
    eprintln!("crash test: {}", directory.summary());

    let model = model.borrow();
    let acknowledged = model.acknowledged;
    eprintln!(
        "crash test: {CRASH_CYCLES} kill cycles + a final restart in {:.1} s | acknowledged writes {acknowledged} | \
         {} reads while writing | {} requests unanswered at kills, {} of those found applied | \
         {verified_total} acknowledged writes re-checked over all restarts | recovery max {} ms, mean {} ms",
        test_started.elapsed().as_secs_f64(),
        model.reads,
        model.unanswered,
        model.unanswered_found_applied,
        recoveries.iter().max().map_or(0, Duration::as_millis),
        recoveries.iter().map(Duration::as_millis).sum::<u128>() / recoveries.len().max(1) as u128,
    );
    for (kind, count) in [
        ("intake", acknowledged.intakes),
        ("stage", acknowledged.stages),
        ("tags", acknowledged.tags),
        ("comment", acknowledged.comments),
        ("rerun", acknowledged.reruns),
    ] {
        assert!(count > 0, "no {kind} write was acknowledged, so the test did not exercise it");
    }
    assert!(
        model.unanswered > 0,
        "no request was in flight at any kill, so the test did not exercise an unacknowledged write"
    );
    let retried = model.retried;
    eprintln!("crash test: keyed retries after the kills: {retried:?}");
    assert!(retried.acknowledged_replayed > 0, "no acknowledged keyed write was retried");
    assert!(
        retried.pending_replayed + retried.pending_applied_now + retried.pending_refused > 0,
        "no keyed write was unanswered at any kill, so no retry of one was tested"
    );
}
