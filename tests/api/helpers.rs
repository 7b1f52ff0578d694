//! `spawn_app` and a `TestApp` with one method per endpoint, so tests read
//! like specifications. The clock is a `ManualClock` that tests move instead
//! of sleeping; JWTs are signed with a fixed test secret.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::{Clock, ManualClock, SystemClock};
use shortlist::config::{DurabilitySettings, ExtractionSettings, JwtAlgorithmSetting, JwtSettings, ServeSettings};
use shortlist::domain::member::Role;
use shortlist::domain::time::Timestamp;
use shortlist::http::RequestsInFlight;
use shortlist::startup::{Application, Environment, StartupError};
use shortlist::store::wal::{FileStorage, FsyncMode, Storage};
use shortlist::workspace::Registry;

pub const TEST_JWT_SECRET: &str = "test-secret-0123456789abcdef0123456789abcdef";
/// How long `wait_for_pipeline` waits before failing the test.
pub const PIPELINE_WAIT_MILLISECONDS_MAX: u64 = 30_000;
/// How long `wait_until` waits before failing the test.
pub const STATE_WAIT_MILLISECONDS_MAX: u64 = 10_000;

pub struct TestApp {
    pub base_url: String,
    pub client: awc::Client,
    pub clock: Arc<ManualClock>,
    pub signer: JwtSigner,
    pub registry: Arc<Registry>,
    pub requests_in_flight: RequestsInFlight,
    /// The `--metrics-bind` listener's port, when the test asked for one.
    pub metrics_port: Option<u16>,
    pub data_dir: PathBuf,
    server: actix_web::dev::ServerHandle,
    running: actix_web::rt::task::JoinHandle<Result<(), StartupError>>,
    _data_dir: TempDirectory,
}

/// A data directory removed when the test ends.
pub type TempDirectory = tempfile::TempDir;

/// A fresh directory for one test, removed when the returned guard drops.
pub fn temp_directory(purpose: &str) -> TempDirectory {
    tempfile::Builder::new().prefix(&format!("shortlist-{purpose}-")).tempdir().expect("a temporary directory")
}

pub fn test_settings(data_dir: PathBuf) -> ServeSettings {
    ServeSettings {
        bind: "127.0.0.1:0".parse::<SocketAddr>().expect("a valid address"),
        data_dir,
        no_demo: true,
        jwt: JwtSettings {
            jwt_secret: Some(TEST_JWT_SECRET.into()),
            jwt_algorithm: JwtAlgorithmSetting::Hs256,
            jwt_public_key_file: None,
        },
        rate_limit_per_minute: 120,
        claims_window: 100,
        pool_size: Some(2),
        workers: Some(2),
        intake_body_bytes_max: 10 * 1024 * 1024,
        pipelines_per_workspace: 64,
        // The suite applies many times from one address; the throttle has tests of its own.
        apply_rate_per_address_per_minute: 0,
        apply_rate_per_job_per_minute: 0,
        trusted_proxies: Vec::new(),
        header_read_timeout_milliseconds: 5_000,
        body_read_timeout_milliseconds: 30_000,
        shutdown_timeout_seconds: 10,
        metrics_bind: None,
        no_metrics: false,
        extraction: ExtractionSettings {
            file_bytes_max: 10 * 1024 * 1024,
            decompressed_bytes_max: 64 * 1024 * 1024,
            pages_max: 30,
            timeout_milliseconds: 10_000,
        },
        durability: DurabilitySettings {
            fsync: FsyncMode::Always,
            wal_segment_bytes: 64 * 1024 * 1024,
            snapshot_interval_seconds: 300,
            snapshot_every_records: 100_000,
            snapshots_kept: 3,
        },
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(adjust: impl FnOnce(&mut ServeSettings)) -> TestApp {
    spawn_app_on(adjust, Arc::new(FileStorage)).await
}

/// As `spawn_app_with`, with the log writing through `storage` (a
/// `FaultyStorage` in the fault tests).
pub async fn spawn_app_on(adjust: impl FnOnce(&mut ServeSettings), storage: Arc<dyn Storage>) -> TestApp {
    if std::env::var("TEST_LOG").is_ok() {
        let _ = tracing_subscriber::fmt().with_env_filter("debug").try_init();
    }
    let data_directory = temp_directory("test");
    let mut settings = test_settings(data_directory.path().to_path_buf());
    adjust(&mut settings);
    let clock = Arc::new(ManualClock::starting_at(SystemClock.now()));
    let environment = Environment {
        clock: clock.clone(),
        storage,
        testing_routes: true,
        extractor_program: Some(PathBuf::from(env!("CARGO_BIN_EXE_shortlist"))),
    };
    let mut application = Application::build(&settings, environment).expect("the app starts");
    application.wait_until_recovered().await.expect("recovery succeeds");
    let base_url = format!("http://127.0.0.1:{}", application.port);
    let registry = application.registry.clone();
    let requests_in_flight = application.requests_in_flight.clone();
    let metrics_port = application.metrics_port;
    let server = application.server_handle().expect("the server runs");
    let running = actix_web::rt::spawn(application.run_until_stopped());
    TestApp {
        base_url,
        client: awc::Client::builder().timeout(Duration::from_secs(30)).finish(),
        clock,
        signer: JwtSigner::new(TEST_JWT_SECRET.as_bytes()),
        registry,
        requests_in_flight,
        metrics_port,
        data_dir: settings.data_dir.clone(),
        server,
        running,
        _data_dir: data_directory,
    }
}

/// A second app on `data_dir` (which the caller keeps and removes).
pub async fn spawn_app_in(data_dir: PathBuf, adjust: impl FnOnce(&mut ServeSettings)) -> TestApp {
    spawn_app_with(move |settings| {
        settings.data_dir = data_dir;
        adjust(settings);
    })
    .await
}

impl TestApp {
    /// Stops as SIGTERM does: stop accepting, drain in-flight requests
    /// (at most the shutdown timeout), flush the log, write final snapshots.
    /// Returns the data directory, which the caller now keeps.
    pub async fn stop_gracefully(self) -> TempDirectory {
        let TestApp { server, running, _data_dir, .. } = self;
        server.stop(true).await;
        running.await.expect("the server task ends").expect("the shutdown succeeds");
        _data_dir
    }

    pub fn server_handle(&self) -> actix_web::dev::ServerHandle {
        self.server.clone()
    }
}

/// A response, read whole.
pub struct Reply {
    pub status: u16,
    pub headers: awc::http::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.get(name).map(|value| value.to_str().unwrap_or("").to_owned())
    }

    pub fn error_code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or("")
    }

    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// Fails the test with the whole body when the status is not the one expected.
    #[track_caller]
    pub fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status, status, "unexpected status; body: {}", self.body);
        self
    }
}

pub enum Auth<'a> {
    None,
    Key(&'a str),
    Bearer(&'a str),
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }

    pub async fn request(&self, method: &str, path: &str, auth: Auth<'_>, body: Option<Value>) -> Reply {
        let method = awc::http::Method::from_bytes(method.as_bytes()).expect("a valid method");
        let mut request = self.client.request(method, self.url(path));
        request = match auth {
            Auth::None => request,
            Auth::Key(key) => request.insert_header(("X-API-Key", key)),
            Auth::Bearer(token) => request.insert_header(("Authorization", format!("Bearer {token}"))),
        };
        let response = match body {
            Some(body) => request.send_json(&body).await,
            None => request.send().await,
        };
        read_reply(response.expect("the request is answered")).await
    }

    pub async fn raw(&self, request: awc::ClientRequest, body: impl Into<awc::body::BoxBody>) -> Reply {
        read_reply(request.send_body(body.into()).await.expect("the request is answered")).await
    }

    pub fn token(&self, org: &str, user: &str, role: Role) -> String {
        let now = self.clock.now().unix_seconds() as u64;
        self.signer.sign(org, user, role, now, 3600)
    }

    pub fn owner_token(&self, org: &str) -> String {
        self.token(org, &format!("{org}-owner"), Role::Owner)
    }

    // ----- dashboard -----

    /// Creates a workspace owned by `<org>-owner`; returns the owner's token.
    pub async fn create_workspace(&self, org: &str) -> String {
        let token = self.owner_token(org);
        let body =
            json!({ "name": format!("{org} Inc"), "owner": { "name": "Olive Owner", "email": "olive@example.com" } });
        self.request("PUT", &format!("/api/orgs/{org}"), Auth::Bearer(&token), Some(body)).await.expect(201);
        token
    }

    pub async fn add_member(&self, org: &str, token: &str, user_id: &str, role: &str) -> Reply {
        let body = json!({ "userId": user_id, "name": format!("Member {user_id}"), "email": format!("{user_id}@example.com"), "role": role });
        self.request("POST", &format!("/api/orgs/{org}/members"), Auth::Bearer(token), Some(body)).await
    }

    pub async fn create_team(&self, org: &str, token: &str, name: &str) -> String {
        let reply = self
            .request("POST", &format!("/api/orgs/{org}/teams"), Auth::Bearer(token), Some(json!({ "name": name })))
            .await
            .expect(201);
        reply.data()["team"]["id"].as_str().expect("a team id").to_owned()
    }

    pub async fn create_job(&self, org: &str, token: &str, body: Value) -> Reply {
        self.request("POST", &format!("/api/orgs/{org}/jobs"), Auth::Bearer(token), Some(body)).await
    }

    /// An active paid job with stages, criteria and `fit_scores` in its envelope; returns its detail.
    pub async fn create_paid_job(&self, org: &str, token: &str, team_id: &str, fit_scores: u32) -> Value {
        let body = json!({
            "teamId": team_id,
            "title": "Backend Engineer",
            "status": "active",
            "description": "Rust services on PostgreSQL.",
            "stages": [{ "name": "Applied" }, { "name": "Interview" }, { "name": "Offer" }],
            "criteria": { "mustHaves": ["Rust", "PostgreSQL"], "niceToHaves": ["Kafka"], "weighting": { "mustHaves": 70, "niceToHaves": 20, "experience": 10 }, "minYearsExperience": 3 },
            "tier": "paid",
            "fitScores": fit_scores,
            "collaborators": [format!("{org}-owner")],
        });
        self.create_job(org, token, body).await.expect(201).data().clone()
    }

    pub async fn create_free_job(&self, org: &str, token: &str, team_id: &str) -> Value {
        let body = json!({
            "teamId": team_id, "title": "Designer", "status": "active", "description": "Design things.",
            "stages": [{ "name": "Applied" }, { "name": "Review" }],
            "criteria": { "mustHaves": ["Figma"] }, "tier": "free",
        });
        self.create_job(org, token, body).await.expect(201).data().clone()
    }

    pub async fn update_job(&self, org: &str, token: &str, job_id: &str, body: Value) -> Reply {
        self.request("PATCH", &format!("/api/orgs/{org}/jobs/{job_id}"), Auth::Bearer(token), Some(body)).await
    }

    // ----- keys -----

    pub async fn create_key(&self, org: &str, token: &str, body: Value) -> Reply {
        self.request("POST", &format!("/api/orgs/{org}/api-keys"), Auth::Bearer(token), Some(body)).await
    }

    /// A whole-workspace key; returns (plaintext, key id).
    pub async fn workspace_key(&self, org: &str, token: &str) -> (String, String) {
        let reply = self.create_key(org, token, json!({ "name": "test" })).await.expect(201);
        (reply.data()["apiKey"].as_str().unwrap().to_owned(), reply.data()["key"]["id"].as_str().unwrap().to_owned())
    }

    pub async fn list_keys(&self, org: &str, token: &str) -> Reply {
        self.request("GET", &format!("/api/orgs/{org}/api-keys"), Auth::Bearer(token), None).await
    }

    pub async fn revoke_key(&self, org: &str, token: &str, key_id: &str) -> Reply {
        self.request("DELETE", &format!("/api/orgs/{org}/api-keys/{key_id}"), Auth::Bearer(token), None).await
    }

    // ----- intake -----

    pub async fn apply(&self, job_id: &str, body: Value) -> Reply {
        self.request("POST", &format!("/api/jobs/{job_id}/applications"), Auth::None, Some(body)).await
    }

    /// Applies with a resume that matches the paid job's criteria; returns the application ID.
    pub async fn apply_with_resume(&self, job_id: &str, name: &str, resume: &str) -> String {
        let body = json!({ "candidateName": name, "email": format!("{}@example.com", name.to_lowercase().replace(' ', ".")), "resumeText": resume });
        let reply = self.apply(job_id, body).await.expect(201);
        reply.data()["application"]["id"].as_str().unwrap().to_owned()
    }

    /// Waits until `holds` (a look at the published state), checking again
    /// each time a workspace publishes writes; fails the test with `what`
    /// after `STATE_WAIT_MILLISECONDS_MAX`.
    pub async fn wait_until(&self, holds: impl Fn() -> bool, what: &str) {
        let give_up = std::time::Instant::now() + Duration::from_millis(STATE_WAIT_MILLISECONDS_MAX);
        loop {
            let mut publication = std::pin::pin!(self.registry.publications().notified());
            publication.as_mut().enable();
            if holds() {
                return;
            }
            let remaining = give_up.saturating_duration_since(std::time::Instant::now());
            assert!(actix_web::rt::time::timeout(remaining, publication).await.is_ok(), "{what}");
        }
    }

    /// Reads the ATS breakdown until the pipeline is no longer queued or
    /// running, waiting between reads for the workspace to publish a write
    /// (a pipeline ends in one) rather than for time to pass. When the
    /// reading itself hits the rate limit, the clock is moved on by
    /// `Retry-After`, as a client would wait it out.
    pub async fn wait_for_pipeline(&self, key: &str, application_id: &str) -> Value {
        let give_up = std::time::Instant::now() + Duration::from_millis(PIPELINE_WAIT_MILLISECONDS_MAX);
        loop {
            let mut publication = std::pin::pin!(self.registry.publications().notified());
            publication.as_mut().enable();
            let reply =
                self.request("GET", &format!("/api/v1/applications/{application_id}/ats"), Auth::Key(key), None).await;
            if reply.status == 429 {
                let retry_after_seconds: u64 =
                    reply.header("retry-after").and_then(|value| value.parse().ok()).unwrap_or(1);
                self.clock.advance_milliseconds(i64::try_from(retry_after_seconds * 1_000).unwrap());
                continue;
            }
            let reply = reply.expect(200);
            let state = reply.data()["pipeline"]["state"].as_str().unwrap_or("").to_owned();
            if state != "queued" && state != "running" {
                return reply.data().clone();
            }
            let remaining = give_up.saturating_duration_since(std::time::Instant::now());
            assert!(
                actix_web::rt::time::timeout(remaining, publication).await.is_ok(),
                "pipeline did not finish within {PIPELINE_WAIT_MILLISECONDS_MAX} ms"
            );
        }
    }

    // ----- /api/v1 -----

    /// Applies without a resume (no pipeline to wait for); the application's ID.
    pub async fn apply_without_resume(&self, job_id: &str, name: &str) -> String {
        let email = format!("{}@example.com", name.to_lowercase().replace(' ', "."));
        let reply = self.apply(job_id, json!({ "candidateName": name, "email": email })).await.expect(201);
        reply.data()["application"]["id"].as_str().expect("an application id").to_owned()
    }

    /// The app's present moved by `milliseconds`, as the API writes times.
    pub fn iso8601_after(&self, milliseconds: i64) -> String {
        Timestamp::from_unix_milliseconds(self.clock.now().unix_milliseconds() + milliseconds).to_iso8601()
    }

    pub async fn tags(&self, key: &str, application_id: &str, body: Value) -> Reply {
        self.request("PATCH", &format!("/api/v1/applications/{application_id}/tags"), Auth::Key(key), Some(body)).await
    }

    pub async fn comment(&self, key: &str, application_id: &str, body: Value) -> Reply {
        self.request("POST", &format!("/api/v1/applications/{application_id}/comments"), Auth::Key(key), Some(body))
            .await
    }

    pub async fn rerun(&self, key: &str, application_id: &str) -> Reply {
        self.request("POST", &format!("/api/v1/applications/{application_id}/ats/rerun"), Auth::Key(key), None).await
    }

    /// (fitScores, fitScoresUsed) of a job, as the job detail shows them.
    pub async fn fit_scores(&self, key: &str, job_id: &str) -> (u64, u64) {
        let job = self.get(&format!("/api/v1/jobs/{job_id}"), key).await.expect(200);
        (job.data()["fitScores"].as_u64().unwrap(), job.data()["fitScoresUsed"].as_u64().unwrap())
    }

    pub async fn get(&self, path: &str, key: &str) -> Reply {
        self.request("GET", path, Auth::Key(key), None).await
    }
}

pub const MATCHING_RESUME: &str = "Ana Rust\nana@example.com\n\nSUMMARY\nBackend engineer.\n\nSKILLS\nRust, PostgreSQL, Kafka\n\nEXPERIENCE\nSenior Engineer — Acme Corp\nJan 2018 – Present\n- Built Rust services on PostgreSQL\n\nEDUCATION\nB.Sc. Computer Science, University of Leeds, 2014\n";

/// A workspace with a team, a paid job (envelope of 10), a free job, and a whole-workspace key.
pub struct Fixture {
    pub org: String,
    pub token: String,
    pub team_id: String,
    pub paid_job: Value,
    pub free_job: Value,
    pub key: String,
    pub key_id: String,
}

impl Fixture {
    pub fn paid_job_id(&self) -> &str {
        self.paid_job["id"].as_str().unwrap()
    }

    pub fn free_job_id(&self) -> &str {
        self.free_job["id"].as_str().unwrap()
    }

    pub fn stage_id(&self, position: usize) -> &str {
        self.paid_job["stages"][position]["id"].as_str().unwrap()
    }
}

pub async fn fixture(app: &TestApp, org: &str) -> Fixture {
    let token = app.create_workspace(org).await;
    let team_id = app.create_team(org, &token, "Engineering").await;
    let paid_job = app.create_paid_job(org, &token, &team_id, 10).await;
    let free_job = app.create_free_job(org, &token, &team_id).await;
    let (key, key_id) = app.workspace_key(org, &token).await;
    Fixture { org: org.to_owned(), token, team_id, paid_job, free_job, key, key_id }
}

pub async fn read_reply<S>(mut response: awc::ClientResponse<S>) -> Reply
where
    S: futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + Unpin,
{
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.body().limit(64 * 1024 * 1024).await.expect("the body is read");
    let body =
        serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    Reply { status, headers, body }
}

/// The IDs of a page of applications, in order.
pub fn application_ids(reply: &Reply) -> Vec<&str> {
    reply.data()["applications"].as_array().unwrap().iter().map(|item| item["id"].as_str().unwrap()).collect()
}

/// A 400 V1_INVALID_REQUEST, with `case` in the failure message.
#[track_caller]
pub fn assert_v1_invalid(reply: &Reply, case: &str) {
    assert_eq!(reply.status, 400, "{case}: {}", reply.body);
    assert_eq!(reply.error_code(), "V1_INVALID_REQUEST", "{case}: {}", reply.body);
}
