//! Fault injection through the whole application: the log writes through a
//! `FaultyStorage`, and each test makes one system call of the write path
//! fail the way disks fail (a failing fdatasync, a short write, a full disk).
//!
//! What every fault must give (issue 3, fail-stop): the write that hit it is
//! answered 503 STORAGE_UNAVAILABLE, never 2xx; every later write of every
//! kind is refused the same way, even once the disk is healthy again (writes
//! come back only after a restart), and nothing is retried; reads keep
//! serving exactly the acknowledged state; the segment ends where the last
//! acknowledged batch ended; and a restart on the same data directory finds
//! every acknowledged write and not the failed one.
//!
//! A restart here is a second `TestApp` on the same data directory with a
//! healthy `FileStorage`. The harness cannot stop the first app's server, so
//! the first app keeps running in the background, but its log has
//! fail-stopped (its writer answers every request with the failure and never
//! touches the segment again) and its snapshots are switched off, so nothing
//! of it writes the directory that the second app uses.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{json, Value};
use shortlist::store::wal::{verify, FaultyStorage, FileStorage, Storage, VerifyReport, SEGMENT_FILE_EXTENSION};

use crate::helpers::{fixture, spawn_app_on, Auth, Reply, TestApp, MATCHING_RESUME};

mod storage;

use storage::*;

const ORG: &str = "acme";
const FAILED_COMMENT: &str = "This comment was never acknowledged.";
const FAILED_CANDIDATE: &str = "Cy Unacknowledged";

/// What the tests need of a fixture, without the fixture's app: the IDs, the
/// key (its plaintext works on a restarted app too) and the owner's token.
struct Known {
    token: String,
    key: String,
    key_id: String,
    team_id: String,
    paid_job_id: String,
    free_job_id: String,
    stage_ids: Vec<String>,
    /// The application with a resume: scored, moved, tagged, commented, rerun.
    ana: String,
    /// The application without a resume: tagged and commented.
    bo: String,
}

impl Known {
    fn from_fixture(fixture: &crate::helpers::Fixture, ana: String, bo: String) -> Known {
        Known {
            token: fixture.token.clone(),
            key: fixture.key.clone(),
            key_id: fixture.key_id.clone(),
            team_id: fixture.team_id.clone(),
            paid_job_id: fixture.paid_job_id().to_owned(),
            free_job_id: fixture.free_job_id().to_owned(),
            stage_ids: (0..3).map(|position| fixture.stage_id(position).to_owned()).collect(),
            ana,
            bo,
        }
    }

    fn stage(&self, position: usize) -> &str {
        &self.stage_ids[position]
    }
}

// ----- one fault, then every kind of write -----

#[actix_web::test]
async fn a_failed_fsync_refuses_writes_keeps_reads_and_loses_nothing_acknowledged() {
    let run = FaultRun::start("failed-fsync").await;
    run.storage.fail_next_sync();
    let reply = move_stage(&run.app, &run.known, &run.known.ana, run.known.stage(2)).await;
    assert_storage_unavailable(&reply, "the stage move whose fdatasync failed");
    run.assert_the_fault_hit_one_batch(Fault::FailedFsync);
    assert_ana_is_still_in_interview(&run.app, &run.known).await;

    run.assert_fail_stop_with_reads_intact().await;

    let restarted = run.restart().await;
    assert_ana_is_still_in_interview(&restarted.app, &restarted.known).await;
    restarted.assert_writes_are_back().await;
}

#[actix_web::test]
async fn a_short_write_refuses_writes_keeps_reads_and_leaves_no_partial_record() {
    let run = FaultRun::start("short-write").await;
    run.storage.short_write_next();
    let reply = run.app.comment(&run.known.key, &run.known.ana, json!({ "text": FAILED_COMMENT })).await;
    assert_storage_unavailable(&reply, "the comment whose write was cut short");
    run.assert_the_fault_hit_one_batch(Fault::ShortWrite);
    assert_the_failed_comment_is_absent(&run.app, &run.known).await;

    run.assert_fail_stop_with_reads_intact().await;

    let restarted = run.restart().await;
    assert_the_failed_comment_is_absent(&restarted.app, &restarted.known).await;
    restarted.assert_writes_are_back().await;
}

#[actix_web::test]
async fn a_full_disk_refuses_writes_keeps_reads_and_loses_nothing_acknowledged() {
    let run = FaultRun::start("disk-full").await;
    run.storage.enospc_next_write();
    let body = json!({ "candidateName": FAILED_CANDIDATE, "email": "cy@example.com", "resumeText": MATCHING_RESUME });
    let reply = run.app.apply(&run.known.paid_job_id, body).await;
    assert_storage_unavailable(&reply, "the careers-page application that met a full disk");
    run.assert_the_fault_hit_one_batch(Fault::DiskFull);
    assert_the_failed_application_is_absent(&run.app, &run.known).await;

    run.assert_fail_stop_with_reads_intact().await;

    let restarted = run.restart().await;
    assert_the_failed_application_is_absent(&restarted.app, &restarted.known).await;
    restarted.assert_writes_are_back().await;
}

// ----- a fault in the middle of concurrent writes -----

#[actix_web::test]
async fn concurrent_comments_cut_by_a_failed_fsync_keep_exactly_the_acknowledged_ones() {
    concurrent_comments_cut_by(Fault::FailedFsync, "concurrent-failed-fsync").await;
}

#[actix_web::test]
async fn concurrent_comments_cut_by_a_short_write_keep_exactly_the_acknowledged_ones() {
    concurrent_comments_cut_by(Fault::ShortWrite, "concurrent-short-write").await;
}

#[actix_web::test]
async fn concurrent_comments_cut_by_a_full_disk_keep_exactly_the_acknowledged_ones() {
    concurrent_comments_cut_by(Fault::DiskFull, "concurrent-disk-full").await;
}

/// Clients that comment concurrently, each waiting for its answer before
/// sending its next comment; the fault is armed from inside the stream of
/// answers, once several batches are durable, so some comments are
/// acknowledged and the rest meet the fault or the stopped log.
async fn concurrent_comments_cut_by(fault: Fault, name: &str) {
    const CLIENTS: usize = 8;
    const COMMENTS_PER_CLIENT: usize = 10;
    /// With at most one comment in flight per client, the 80 comments take at
    /// least 10 batches, so the fault is armed with comments still to come.
    const DURABLE_BATCHES_BEFORE_THE_FAULT: u64 = 5;

    let data_directory = DataDirectory::new(name);
    let storage = Arc::new(FaultyStorage::new());
    let app = spawn_on(&data_directory, storage.clone()).await;
    let fixture = fixture(&app, ORG).await;
    let target = app.apply_without_resume(fixture.paid_job_id(), "Dee Discussed").await;
    // Only the key and the target application are used here.
    let known = Known::from_fixture(&fixture, target.clone(), String::new());
    let syncs_at_start = storage.sync_calls();
    let armed = Cell::new(false);

    let clients = (0..CLIENTS).map(|client| {
        let (app, known, target, storage, armed) = (&app, &known, &target, &storage, &armed);
        async move {
            let mut outcomes = Vec::new();
            for index in 0..COMMENTS_PER_CLIENT {
                let text = format!("client {client}, comment {index}");
                let reply = app.comment(&known.key, target, json!({ "text": &text })).await;
                outcomes.push((text, reply));
                if !armed.get() && storage.sync_calls() >= syncs_at_start + DURABLE_BATCHES_BEFORE_THE_FAULT {
                    fault.arm(storage);
                    armed.set(true);
                }
            }
            outcomes
        }
    });
    let outcomes = futures_util::future::join_all(clients).await;
    assert!(armed.get(), "the fault was armed while comments were still being sent");

    let mut acknowledged = Vec::new();
    let mut refused = 0;
    for client in &outcomes {
        let mut refused_before = false;
        for (text, reply) in client {
            match reply.status {
                201 => {
                    assert!(
                        !refused_before,
                        "{text:?} was acknowledged after an earlier write of its client was refused"
                    );
                    assert_eq!(reply.data()["comment"]["text"], text.as_str());
                    acknowledged.push(text.clone());
                }
                _ => {
                    assert_storage_unavailable(reply, text);
                    refused_before = true;
                    refused += 1;
                }
            }
        }
    }
    assert!(!acknowledged.is_empty(), "several batches were durable before the fault");
    assert!(refused > 0, "the comments after the fault were refused");
    acknowledged.sort();

    let writes_after_the_fault = (storage.write_calls(), storage.sync_calls());
    storage.heal();
    let reply = app.comment(&known.key, &target, json!({ "text": "after healing" })).await;
    assert_storage_unavailable(&reply, "a comment once the disk is healthy again");
    assert_eq!((storage.write_calls(), storage.sync_calls()), writes_after_the_fault, "nothing is retried");
    assert_eq!(
        comment_texts(&app, &known, &target).await,
        acknowledged,
        "reads show exactly the acknowledged comments"
    );

    drop(app);
    let report = verify_log(&data_directory);
    assert!(report.torn_tail.is_none(), "no partial record is left: {report:?}");
    let restarted = spawn_on(&data_directory, Arc::new(FileStorage)).await;
    assert_eq!(
        comment_texts(&restarted, &known, &target).await,
        acknowledged,
        "after a restart: every acknowledged comment and no refused one"
    );
    restarted.comment(&known.key, &target, json!({ "text": "after the restart" })).await.expect(201);
}

// ----- the scenario shared by the three single-fault tests -----

/// An app whose log writes through `storage`, on `data_directory`, with a
/// fixture and a record of every write it acknowledged.
struct FaultRun {
    data_directory: DataDirectory,
    storage: Arc<FaultyStorage>,
    app: TestApp,
    known: Known,
    /// Every read, as answered once every write was acknowledged.
    reads_before: Vec<(String, Value)>,
    /// The segments' length once every write was acknowledged.
    log_bytes_acknowledged: u64,
    /// (writes, fdatasyncs) on segments once every write was acknowledged.
    calls_acknowledged: (u64, u64),
}

impl FaultRun {
    /// Starts the app and makes acknowledged writes of every kind: two
    /// careers-page applications (one with a resume, scored by its pipeline),
    /// a stage move, tags, comments and an ATS rerun.
    async fn start(name: &str) -> FaultRun {
        let data_directory = DataDirectory::new(name);
        let storage = Arc::new(FaultyStorage::new());
        let app = spawn_on(&data_directory, storage.clone()).await;
        let fixture = fixture(&app, ORG).await;

        let ana = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", MATCHING_RESUME).await;
        let bo = app.apply_without_resume(fixture.paid_job_id(), "Bo Plain").await;
        let known = Known::from_fixture(&fixture, ana, bo);
        assert_eq!(app.wait_for_pipeline(&known.key, &known.ana).await["pipeline"]["state"], "done");
        app.clock.advance_milliseconds(1_000);
        move_stage(&app, &known, &known.ana, known.stage(1)).await.expect(200);
        app.tags(&known.key, &known.ana, json!({ "add": ["Senior", "Rust"] })).await.expect(200);
        app.tags(&known.key, &known.bo, json!({ "add": ["Remote"], "color": "#1e90ff" })).await.expect(200);
        app.comment(&known.key, &known.ana, json!({ "text": "Strong Rust background." })).await.expect(201);
        app.clock.advance_milliseconds(1_000);
        app.comment(&known.key, &known.ana, json!({ "text": "Recommend the next round." })).await.expect(201);
        app.comment(&known.key, &known.bo, json!({ "text": "Phone screen booked." })).await.expect(201);
        let rerun = app.rerun(&known.key, &known.ana).await.expect(200);
        assert_eq!(rerun.data()["queued"], true);
        // The rerun's pipeline logs its result too; the fault must meet the
        // test's write, not that one.
        assert_eq!(app.wait_for_pipeline(&known.key, &known.ana).await["pipeline"]["run"], 2);

        let reads_before = reads(&app, &known).await;
        let log_bytes_acknowledged = segment_bytes(&data_directory);
        let report = verify_log(&data_directory);
        assert!(report.torn_tail.is_none(), "{report:?}");
        let calls_acknowledged = (storage.write_calls(), storage.sync_calls());
        FaultRun { data_directory, storage, app, known, reads_before, log_bytes_acknowledged, calls_acknowledged }
    }

    /// The write the test sent after arming the fault was the one batch that
    /// met it: one more write call, and one more fdatasync only when the
    /// write itself succeeded.
    #[track_caller]
    fn assert_the_fault_hit_one_batch(&self, fault: Fault) {
        let (writes, syncs) = self.calls_acknowledged;
        let expected = match fault {
            Fault::FailedFsync => (writes + 1, syncs + 1),
            Fault::ShortWrite | Fault::DiskFull => (writes + 1, syncs),
        };
        assert_eq!((self.storage.write_calls(), self.storage.sync_calls()), expected, "(writes, fdatasyncs)");
    }

    /// After the failure: every kind of write is refused even once the disk
    /// is healthy, nothing is retried, every read answers as before, /readyz
    /// answers, and the segment ends where the last acknowledged batch ended.
    async fn assert_fail_stop_with_reads_intact(&self) {
        let calls_after_the_fault = (self.storage.write_calls(), self.storage.sync_calls());
        assert_every_write_is_refused(&self.app, &self.known, "right after the fault").await;
        self.storage.heal();
        assert_every_write_is_refused(&self.app, &self.known, "once the disk is healthy again").await;
        assert_eq!(
            (self.storage.write_calls(), self.storage.sync_calls()),
            calls_after_the_fault,
            "a stopped log never writes or syncs again: nothing is retried"
        );

        assert_reads_unchanged(&self.reads_before, &reads(&self.app, &self.known).await, "while writes are refused");
        self.app.request("GET", "/readyz", Auth::None, None).await.expect(200);
        assert_eq!(self.app.registry.workspace_count(), 1, "the refused workspace creation created nothing");

        assert_eq!(
            segment_bytes(&self.data_directory),
            self.log_bytes_acknowledged,
            "the segment was cut back to the end of the last acknowledged batch"
        );
    }

    /// Stops using the first app and starts a second one on the same data
    /// directory with healthy storage: recovery must find the log clean and
    /// every read as it was.
    async fn restart(self) -> Restarted {
        let FaultRun { data_directory, app, known, reads_before, log_bytes_acknowledged, .. } = self;
        drop(app);
        let report = verify_log(&data_directory);
        assert!(report.torn_tail.is_none(), "no partial record is left: {report:?}");
        assert_eq!(segment_bytes(&data_directory), log_bytes_acknowledged);

        let app = spawn_on(&data_directory, Arc::new(FileStorage)).await;
        let known = Known { token: app.owner_token(ORG), ..known };
        let reads_after = reads(&app, &known).await;
        assert_reads_unchanged(&without_last_used(&reads_before), &without_last_used(&reads_after), "after a restart");
        Restarted { data_directory, app, known, last_lsn: report.last_lsn }
    }
}

/// The second app, on the first one's data directory.
struct Restarted {
    data_directory: DataDirectory,
    app: TestApp,
    known: Known,
    /// The log's last LSN when the second app started.
    last_lsn: u64,
}

impl Restarted {
    /// A restart brings writes back, and the log goes on from the last
    /// acknowledged record: the failed one's LSN is given again, with no gap.
    async fn assert_writes_are_back(&self) {
        let (app, known) = (&self.app, &self.known);
        move_stage(app, known, &known.ana, known.stage(2)).await.expect(200);
        app.comment(&known.key, &known.ana, json!({ "text": "Back after the restart." })).await.expect(201);
        app.apply_without_resume(&known.paid_job_id, "Eve After").await;
        let report = verify_log(&self.data_directory);
        assert!(report.torn_tail.is_none(), "{report:?}");
        assert_eq!(report.last_lsn, self.last_lsn + 3);
    }
}

/// Every write the API has, each of which would succeed on a healthy log,
/// answered 503 STORAGE_UNAVAILABLE.
async fn assert_every_write_is_refused(app: &TestApp, known: &Known, when: &str) {
    #[derive(Clone, Copy)]
    enum Caller {
        Key,
        Owner,
        Anonymous,
        NewOrganisationsOwner,
    }
    use Caller::{Anonymous, Key, NewOrganisationsOwner, Owner};
    let applications = format!("/api/jobs/{}/applications", known.paid_job_id);
    let globex_owner = app.owner_token("globex");
    let writes: Vec<(&str, String, Caller, Option<Value>)> = vec![
        ("PATCH", v1_application(&known.ana, "/stage"), Key, Some(json!({ "stage": known.stage(2) }))),
        ("PATCH", v1_application(&known.ana, "/tags"), Key, Some(json!({ "add": ["Refused"] }))),
        ("POST", v1_application(&known.bo, "/comments"), Key, Some(json!({ "text": "A refused comment." }))),
        ("POST", v1_application(&known.ana, "/ats/rerun"), Key, None),
        (
            "POST",
            applications.clone(),
            Anonymous,
            Some(json!({ "candidateName": "Fay Refused", "email": "fay@example.com" })),
        ),
        (
            "POST",
            applications,
            Anonymous,
            Some(
                json!({ "candidateName": "Gus Refused", "email": "gus@example.com", "resumeText": format!("{MATCHING_RESUME}\nGus") }),
            ),
        ),
        ("POST", format!("/api/orgs/{ORG}/api-keys"), Owner, Some(json!({ "name": "refused" }))),
        (
            "POST",
            format!("/api/orgs/{ORG}/jobs"),
            Owner,
            Some(
                json!({ "teamId": known.team_id, "title": "Refused Job", "status": "active", "stages": [{ "name": "Applied" }] }),
            ),
        ),
        ("PATCH", format!("/api/orgs/{ORG}/jobs/{}", known.paid_job_id), Owner, Some(json!({ "title": "Renamed" }))),
        ("PATCH", format!("/api/orgs/{ORG}/applications/{}", known.bo), Owner, Some(json!({ "status": "archived" }))),
        ("POST", format!("/api/orgs/{ORG}/teams"), Owner, Some(json!({ "name": "Refused Team" }))),
        (
            "POST",
            format!("/api/orgs/{ORG}/members"),
            Owner,
            Some(
                json!({ "userId": "refused-member", "name": "Refused Member", "email": "refused@example.com", "role": "member" }),
            ),
        ),
        ("DELETE", format!("/api/orgs/{ORG}/api-keys/{}", known.key_id), Owner, None),
        (
            "PUT",
            "/api/orgs/globex".to_owned(),
            NewOrganisationsOwner,
            Some(json!({ "name": "Globex Inc", "owner": { "name": "Gail Owner", "email": "gail@example.com" } })),
        ),
    ];
    for (method, path, caller, body) in writes {
        let auth = match caller {
            Key => Auth::Key(&known.key),
            Owner => Auth::Bearer(&known.token),
            Anonymous => Auth::None,
            NewOrganisationsOwner => Auth::Bearer(&globex_owner),
        };
        let reply = app.request(method, &path, auth, body).await;
        assert_storage_unavailable(&reply, &format!("{method} {path} {when}"));
    }
}

#[track_caller]
fn assert_storage_unavailable(reply: &Reply, what: &str) {
    assert_eq!(reply.status, 503, "{what}: {}", reply.body);
    assert_eq!(reply.body["status"], "fail", "{what}: {}", reply.body);
    assert_eq!(reply.error_code(), "STORAGE_UNAVAILABLE", "{what}: {}", reply.body);
    let message = reply.body["error"]["message"].as_str().unwrap_or("");
    assert!(message.contains("reads still work"), "{what}: {message}");
}

#[track_caller]
fn assert_reads_unchanged(before: &[(String, Value)], after: &[(String, Value)], when: &str) {
    assert_eq!(before.len(), after.len());
    for ((path, before), (_, after)) in before.iter().zip(after) {
        assert_eq!(after, before, "GET {path} {when}");
    }
}

async fn assert_ana_is_still_in_interview(app: &TestApp, known: &Known) {
    let detail = app.get(&v1_application(&known.ana, ""), &known.key).await.expect(200);
    assert_eq!(detail.data()["stage"]["id"], known.stage(1), "the stage move that failed did not happen");
    let offer = app
        .get(&format!("/api/v1/jobs/{}/applications?stage={}", known.paid_job_id, known.stage(2)), &known.key)
        .await
        .expect(200);
    assert_eq!(offer.data()["pagination"]["total"], 0, "nobody is in Offer: {}", offer.body);
}

async fn assert_the_failed_comment_is_absent(app: &TestApp, known: &Known) {
    let texts = comment_texts(app, known, &known.ana).await;
    assert_eq!(texts, ["Recommend the next round.", "Strong Rust background."], "only the acknowledged comments");
    let detail = app.get(&v1_application(&known.ana, ""), &known.key).await.expect(200);
    assert_eq!(detail.data()["commentCount"], 2);
}

async fn assert_the_failed_application_is_absent(app: &TestApp, known: &Known) {
    let listed =
        app.get(&format!("/api/v1/jobs/{}/applications?limit=100", known.paid_job_id), &known.key).await.expect(200);
    let names: Vec<&str> = listed.data()["applications"]
        .as_array()
        .expect("applications")
        .iter()
        .map(|application| application["candidateName"].as_str().expect("a candidate name"))
        .collect();
    assert_eq!(names, ["Bo Plain", "Ana Rust"], "the refused application is not listed");
    assert_eq!(listed.data()["pagination"]["total"], 2, "{}", listed.body);
}

// ----- reads -----

/// Every read of the workspace, in a fixed order: /api/v1 with the key, and
/// the dashboard's key list and notifications with the owner's token.
async fn reads(app: &TestApp, known: &Known) -> Vec<(String, Value)> {
    let mut paths = vec![
        "/api/v1/jobs".to_owned(),
        format!("/api/v1/jobs/{}", known.paid_job_id),
        format!("/api/v1/jobs/{}", known.free_job_id),
        format!("/api/v1/jobs/{}/applications?limit=100", known.paid_job_id),
    ];
    for application in [&known.ana, &known.bo] {
        paths.push(v1_application(application, ""));
        paths.push(v1_application(application, "/comments?limit=100"));
        paths.push(v1_application(application, "/ats"));
    }
    paths.push(v1_application(&known.ana, "/resume"));
    let mut answers = Vec::new();
    for path in paths {
        let reply = app.get(&path, &known.key).await.expect(200);
        answers.push((path, reply.body));
    }
    for path in [format!("/api/orgs/{ORG}/api-keys"), format!("/api/orgs/{ORG}/notifications")] {
        let reply = app.request("GET", &path, Auth::Bearer(&known.token), None).await.expect(200);
        answers.push((path, reply.body));
    }
    answers
}

/// `lastUsedAt` of API keys lives in memory only (it is not a write), so a
/// restart forgets it; everything else must survive.
fn without_last_used(reads: &[(String, Value)]) -> Vec<(String, Value)> {
    let mut reads = reads.to_vec();
    for (_, body) in &mut reads {
        if let Some(keys) = body["data"]["keys"].as_array_mut() {
            for key in keys {
                key.as_object_mut().map(|key| key.remove("lastUsedAt"));
            }
        }
    }
    reads
}

/// The texts of an application's comments, sorted.
async fn comment_texts(app: &TestApp, known: &Known, application_id: &str) -> Vec<String> {
    let thread = app.get(&v1_application(application_id, "/comments?limit=100"), &known.key).await.expect(200);
    let mut texts: Vec<String> = thread.data()["comments"]
        .as_array()
        .expect("comments")
        .iter()
        .map(|comment| comment["text"].as_str().expect("a text").to_owned())
        .collect();
    texts.sort();
    assert_eq!(thread.data()["pagination"]["total"], texts.len(), "{}", thread.body);
    texts
}

// ----- requests -----

async fn move_stage(app: &TestApp, known: &Known, application_id: &str, stage_id: &str) -> Reply {
    let body = json!({ "stage": stage_id });
    app.request("PATCH", &v1_application(application_id, "/stage"), Auth::Key(&known.key), Some(body)).await
}

fn v1_application(application_id: &str, rest: &str) -> String {
    format!("/api/v1/applications/{application_id}{rest}")
}
