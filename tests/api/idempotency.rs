//! `Idempotency-Key` on the four writes: a retry of a write with its key
//! answers the first answer again, byte for byte, with
//! `Idempotent-Replayed: true`, and has no second effect; the key with
//! another request is 422, while the first is in flight 409; keys are scoped
//! to the API key, last 24 hours, and survive a restart.

use std::io;
use std::path::Path;
use std::sync::Arc;

use actix_web::web::Bytes;
use parking_lot::{Condvar, Mutex};
use serde_json::{json, Value};
use shortlist::store::wal::{FileStorage, SegmentFile, Storage};

use crate::helpers::{fixture, spawn_app, spawn_app_in, spawn_app_on, temp_directory, Fixture, TestApp};

/// A response as it came: status, replay header and body bytes.
struct Raw {
    status: u16,
    replayed: Option<String>,
    body: Bytes,
}

impl Raw {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }

    fn error_code(&self) -> String {
        self.json()["error"]["code"].as_str().unwrap_or("").to_owned()
    }
}

async fn send(app: &TestApp, method: &str, path: &str, key: &str, idempotency_key: Option<&str>, body: &str) -> Raw {
    let method = awc::http::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = app
        .client
        .request(method, app.url(path))
        .insert_header(("X-API-Key", key))
        .insert_header(("Content-Type", "application/json"));
    if let Some(idempotency_key) = idempotency_key {
        request = request.insert_header(("Idempotency-Key", idempotency_key));
    }
    let mut response = request.send_body(body.to_owned()).await.expect("an answer");
    let replayed = response.headers().get("Idempotent-Replayed").map(|value| value.to_str().unwrap().to_owned());
    let body = response.body().await.expect("a body");
    Raw { status: response.status().as_u16(), replayed, body }
}

async fn comment(app: &TestApp, key: &str, application: &str, idempotency_key: Option<&str>, body: &str) -> Raw {
    send(app, "POST", &format!("/api/v1/applications/{application}/comments"), key, idempotency_key, body).await
}

async fn comment_texts(app: &TestApp, key: &str, application: &str) -> Vec<String> {
    let comments = app.get(&format!("/api/v1/applications/{application}/comments?limit=100"), key).await.expect(200);
    comments.data()["comments"].as_array().unwrap().iter().map(|item| item["text"].as_str().unwrap().into()).collect()
}

async fn notification_count(app: &TestApp, fixture: &Fixture) -> usize {
    let path = format!("/api/orgs/{}/notifications?limit=100", fixture.org);
    let reply = app.request("GET", &path, crate::helpers::Auth::Bearer(&fixture.token), None).await.expect(200);
    reply.data()["notifications"].as_array().unwrap().len()
}

async fn with_collaborator(app: &TestApp, fixture: &Fixture) {
    let owner = format!("{}-owner", fixture.org);
    let path = format!("/api/orgs/{}/jobs/{}", fixture.org, fixture.paid_job_id());
    let body = json!({ "collaborators": [owner] });
    app.request("PATCH", &path, crate::helpers::Auth::Bearer(&fixture.token), Some(body)).await.expect(200);
}

#[actix_web::test]
async fn a_retried_comment_answers_the_first_answer_byte_for_byte_and_comments_and_notifies_once() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    with_collaborator(&app, &fixture).await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Retry").await;

    let first = comment(&app, &fixture.key, &application, Some("retry-1"), r#"{"text":"Phone screen booked."}"#).await;
    assert_eq!(first.status, 201, "{:?}", first.body);
    assert_eq!(first.replayed, None, "a first answer is not a replay");
    assert_eq!(notification_count(&app, &fixture).await, 1);

    app.clock.advance_milliseconds(5_000);
    let body_again = "{ \"text\" : \"Phone screen booked.\" }";
    let retry = comment(&app, &fixture.key, &application, Some("retry-1"), body_again).await;
    assert_eq!(retry.status, 201);
    assert_eq!(retry.replayed.as_deref(), Some("true"));
    assert_eq!(retry.body, first.body, "the first answer, byte for byte");

    assert_eq!(comment_texts(&app, &fixture.key, &application).await, ["Phone screen booked."]);
    assert_eq!(notification_count(&app, &fixture).await, 1, "no second notification");
}

#[actix_web::test]
async fn a_retried_rerun_charges_one_fit_score_and_answers_what_the_first_said() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", crate::helpers::MATCHING_RESUME).await;
    app.wait_for_pipeline(&fixture.key, &application).await;
    let (remaining, used) = app.fit_scores(&fixture.key, fixture.paid_job_id()).await;

    let path = format!("/api/v1/applications/{application}/ats/rerun");
    let first = send(&app, "POST", &path, &fixture.key, Some("rerun-7"), "").await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    assert_eq!(first.json()["data"]["fitScoresCharged"], 1);
    app.wait_for_pipeline(&fixture.key, &application).await;

    // An empty JSON object is the same request as no body.
    let retry = send(&app, "POST", &path, &fixture.key, Some("rerun-7"), "{}").await;
    assert_eq!((retry.status, retry.replayed.as_deref()), (200, Some("true")));
    assert_eq!(retry.body, first.body);
    assert_eq!(app.fit_scores(&fixture.key, fixture.paid_job_id()).await, (remaining - 1, used + 1));
    let ats = app.get(&format!("/api/v1/applications/{application}/ats"), &fixture.key).await.expect(200);
    assert_eq!(ats.data()["pipeline"]["run"], 2, "one rerun ran");
}

#[actix_web::test]
async fn a_replayed_stage_move_or_tagging_answers_as_it_did_even_after_later_changes() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Moves").await;
    let stage_path = format!("/api/v1/applications/{application}/stage");
    let tags_path = format!("/api/v1/applications/{application}/tags");

    let to_screening = json!({ "stage": fixture.stage_id(1) }).to_string();
    let moved = send(&app, "PATCH", &stage_path, &fixture.key, Some("move-1"), &to_screening).await;
    let tagged = send(&app, "PATCH", &tags_path, &fixture.key, Some("tag-1"), r#"{"add":["Senior"]}"#).await;
    assert_eq!((moved.status, tagged.status), (200, 200));

    app.clock.advance_milliseconds(1_000);
    let to_interview = json!({ "stage": fixture.stage_id(2) }).to_string();
    send(&app, "PATCH", &stage_path, &fixture.key, None, &to_interview).await;
    send(&app, "PATCH", &tags_path, &fixture.key, None, r#"{"tags":[]}"#).await;

    let moved_again = send(&app, "PATCH", &stage_path, &fixture.key, Some("move-1"), &to_screening).await;
    let tagged_again = send(&app, "PATCH", &tags_path, &fixture.key, Some("tag-1"), r#"{"add":["Senior"]}"#).await;
    assert_eq!(moved_again.body, moved.body);
    assert_eq!(tagged_again.body, tagged.body);
    assert_eq!(moved_again.replayed.as_deref(), Some("true"));
    let detail = app.get(&format!("/api/v1/applications/{application}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["jobStageId"], fixture.stage_id(2), "a replay changes nothing");
    assert_eq!(detail.data()["tags"], json!([]));
}

#[actix_web::test]
async fn a_key_sent_with_another_request_is_422_and_changes_nothing() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let ana = app.apply_without_resume(fixture.paid_job_id(), "Ana Reuse").await;
    let bo = app.apply_without_resume(fixture.paid_job_id(), "Bo Reuse").await;
    comment(&app, &fixture.key, &ana, Some("k"), r#"{"text":"First."}"#).await;

    let other_body = comment(&app, &fixture.key, &ana, Some("k"), r#"{"text":"Second."}"#).await;
    let other_application = comment(&app, &fixture.key, &bo, Some("k"), r#"{"text":"First."}"#).await;
    let tags_path = format!("/api/v1/applications/{ana}/tags");
    let other_route = send(&app, "PATCH", &tags_path, &fixture.key, Some("k"), r#"{"add":["x"]}"#).await;
    for (case, reply) in [("body", &other_body), ("application", &other_application), ("route", &other_route)] {
        assert_eq!(reply.status, 422, "another {case}: {:?}", reply.body);
        assert_eq!(reply.error_code(), "IDEMPOTENCY_KEY_REUSED", "another {case}");
    }
    assert_eq!(comment_texts(&app, &fixture.key, &ana).await, ["First."]);
    assert!(comment_texts(&app, &fixture.key, &bo).await.is_empty());
}

#[actix_web::test]
async fn keys_are_scoped_to_the_api_key_and_forgotten_after_24_hours() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let (other_key, _) = app.workspace_key(&fixture.org, &fixture.token).await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Scope").await;

    comment(&app, &fixture.key, &application, Some("shared"), r#"{"text":"One."}"#).await;
    let other = comment(&app, &other_key, &application, Some("shared"), r#"{"text":"One."}"#).await;
    assert_eq!((other.status, other.replayed), (201, None), "another API key's key is another key");

    app.clock.advance_milliseconds(24 * 60 * 60 * 1_000 - 1);
    let inside = comment(&app, &fixture.key, &application, Some("shared"), r#"{"text":"One."}"#).await;
    assert_eq!(inside.replayed.as_deref(), Some("true"));
    app.clock.advance_milliseconds(1);
    let after = comment(&app, &fixture.key, &application, Some("shared"), r#"{"text":"One."}"#).await;
    assert_eq!((after.status, after.replayed), (201, None), "after 24 hours the key is new again");
    assert_eq!(comment_texts(&app, &fixture.key, &application).await.len(), 3);
}

#[actix_web::test]
async fn a_refused_write_records_nothing_so_its_key_can_carry_the_corrected_request() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Fix").await;
    let path = format!("/api/v1/applications/{application}/stage");

    let refused = send(&app, "PATCH", &path, &fixture.key, Some("fix"), r#"{"stage":"stage_nope"}"#).await;
    assert_eq!(refused.status, 400);
    let corrected = json!({ "stage": fixture.stage_id(1) }).to_string();
    let moved = send(&app, "PATCH", &path, &fixture.key, Some("fix"), &corrected).await;
    assert_eq!((moved.status, moved.replayed), (200, None));
}

#[actix_web::test]
async fn a_malformed_key_is_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Header").await;
    let long = "k".repeat(256);
    let cases = [("too long", long.as_str()), ("a tab", "a\tb"), ("not ASCII", "clé"), ("empty", "")];
    for (case, key) in cases {
        let reply = comment(&app, &fixture.key, &application, Some(key), r#"{"text":"x"}"#).await;
        assert_eq!(reply.status, 400, "{case}: {:?}", reply.body);
        assert_eq!(reply.error_code(), "V1_INVALID_REQUEST", "{case}");
        assert!(reply.json()["error"]["message"].as_str().unwrap().contains("Idempotency-Key"), "{case}");
    }
    let twice = app
        .client
        .post(app.url(&format!("/api/v1/applications/{application}/comments")))
        .insert_header(("X-API-Key", fixture.key.as_str()))
        .insert_header(("Content-Type", "application/json"))
        .append_header(("Idempotency-Key", "first"))
        .append_header(("Idempotency-Key", "second"));
    let twice = crate::helpers::read_reply(twice.send_body(r#"{"text":"x"}"#).await.expect("an answer")).await;
    assert_eq!((twice.status, twice.error_code()), (400, "V1_INVALID_REQUEST"), "the header twice: {}", twice.body);
    assert!(comment_texts(&app, &fixture.key, &application).await.is_empty());
    let longest = "k".repeat(255);
    let accepted = comment(&app, &fixture.key, &application, Some(&longest), r#"{"text":"x"}"#).await;
    assert_eq!(accepted.status, 201);
}

#[actix_web::test]
async fn a_replay_survives_a_restart_from_the_log_and_from_a_snapshot() {
    let directory = temp_directory("idempotency-restart");
    let path = directory.path().to_path_buf();
    let log_only = |settings: &mut shortlist::config::ServeSettings| {
        settings.durability.snapshot_interval_seconds = 86_400;
        settings.durability.snapshot_every_records = 1_000_000;
    };
    let app = spawn_app_in(path.clone(), log_only).await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Restart").await;
    let first = comment(&app, &fixture.key, &application, Some("survives"), r#"{"text":"Kept."}"#).await;
    drop(app);

    // Rebuilt from the log alone.
    let app = spawn_app_in(path.clone(), log_only).await;
    let retry = comment(&app, &fixture.key, &application, Some("survives"), r#"{"text":"Kept."}"#).await;
    assert_eq!((retry.status, retry.replayed.as_deref()), (201, Some("true")));
    assert_eq!(retry.body, first.body);
    // A graceful stop writes a snapshot, which the next start loads.
    let _ = app.stop_gracefully().await;
    let snapshots = path.join(shortlist::workspace::persistence::SNAPSHOT_DIRECTORY_NAME).join(&fixture.org);
    assert!(std::fs::read_dir(snapshots).expect("the workspace's snapshots").count() > 0);
    let app = spawn_app_in(path.clone(), log_only).await;
    let retry = comment(&app, &fixture.key, &application, Some("survives"), r#"{"text":"Kept."}"#).await;
    assert_eq!((retry.status, retry.replayed.as_deref()), (201, Some("true")));
    assert_eq!(retry.body, first.body);
    assert_eq!(comment_texts(&app, &fixture.key, &application).await, ["Kept."]);
}

#[actix_web::test]
async fn a_retry_while_the_first_is_still_being_made_durable_is_409() {
    let storage = Arc::new(HeldSyncs::default());
    let app = spawn_app_on(|_| {}, storage.clone() as Arc<dyn Storage>).await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Busy").await;

    storage.hold_the_next_sync();
    let first = {
        let (app, key, application) = (&app, fixture.key.clone(), application.clone());
        async move { comment(app, &key, &application, Some("busy"), r#"{"text":"Once."}"#).await }
    };
    let second = async {
        storage.wait_until_held().await;
        let reply = comment(&app, &fixture.key, &application, Some("busy"), r#"{"text":"Once."}"#).await;
        storage.release();
        reply
    };
    let (first, second) = futures_util::join!(first, second);
    assert_eq!(first.status, 201, "{:?}", first.body);
    assert_eq!(second.status, 409, "{:?}", second.body);
    assert_eq!(second.error_code(), "IDEMPOTENCY_KEY_IN_USE");

    let after = comment(&app, &fixture.key, &application, Some("busy"), r#"{"text":"Once."}"#).await;
    assert_eq!((after.replayed.as_deref(), &after.body), (Some("true"), &first.body));
    assert_eq!(comment_texts(&app, &fixture.key, &application).await, ["Once."]);
}

/// File storage whose next fdatasync, once asked to, waits until released:
/// a write stays in flight for as long as the test needs.
#[derive(Default)]
struct HeldSyncs {
    gate: Arc<(Mutex<Gate>, Condvar)>,
}

#[derive(Default)]
struct Gate {
    hold_next: bool,
    holding: bool,
}

impl HeldSyncs {
    fn hold_the_next_sync(&self) {
        self.gate.0.lock().hold_next = true;
    }

    async fn wait_until_held(&self) {
        let gate = self.gate.clone();
        actix_web::rt::task::spawn_blocking(move || {
            let mut state = gate.0.lock();
            while !state.holding {
                gate.1.wait(&mut state);
            }
        })
        .await
        .expect("the waiting thread ends");
    }

    fn release(&self) {
        let mut state = self.gate.0.lock();
        state.hold_next = false;
        self.gate.1.notify_all();
    }
}

impl Storage for HeldSyncs {
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        let inner = FileStorage.create_segment(path)?;
        Ok(Box::new(HeldSegment { inner, gate: self.gate.clone() }))
    }

    fn open_segment_at(&self, path: &Path, records_bytes: u64) -> io::Result<Box<dyn SegmentFile>> {
        let inner = FileStorage.open_segment_at(path, records_bytes)?;
        Ok(Box::new(HeldSegment { inner, gate: self.gate.clone() }))
    }

    fn sync_directory(&self, directory: &Path) -> io::Result<()> {
        FileStorage.sync_directory(directory)
    }
}

struct HeldSegment {
    inner: Box<dyn SegmentFile>,
    gate: Arc<(Mutex<Gate>, Condvar)>,
}

impl SegmentFile for HeldSegment {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)
    }

    fn sync_data(&mut self) -> io::Result<()> {
        let mut state = self.gate.0.lock();
        if state.hold_next {
            state.holding = true;
            self.gate.1.notify_all();
            while state.hold_next {
                self.gate.1.wait(&mut state);
            }
            state.holding = false;
        }
        drop(state);
        self.inner.sync_data()
    }

    fn set_len(&mut self, length: u64) -> io::Result<()> {
        self.inner.set_len(length)
    }
}
