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

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::OpenOptions;
use std::io::Write;
use std::net::TcpListener;
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

/// Kill-and-restart cycles (issue 3 asks for at least 20).
const CRASH_CYCLES: usize = 20;
/// Concurrent writer tasks; each owns its own applications.
const WRITER_TASKS: usize = 8;
/// Concurrent reader tasks recording what they saw before the kill.
const READER_TASKS: usize = 2;
/// Readers pause this long between reads.
const READER_PAUSE: Duration = Duration::from_millis(2);
/// How long the clients write before the kill, drawn uniformly from this range.
const WORKLOAD_MILLISECONDS_MIN: u64 = 200;
const WORKLOAD_MILLISECONDS_MAX: u64 = 1_500;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
const READY_WAIT_MAX: Duration = Duration::from_secs(20);
const READY_POLL: Duration = Duration::from_millis(10);
/// How long the tasks may take to notice the kill and stop.
const TASKS_STOP_WAIT_MAX: Duration = Duration::from_secs(15);
/// How long the pipelines may take to settle before the final restart.
const PIPELINES_SETTLE_WAIT_MAX: Duration = Duration::from_secs(60);
/// Concurrent requests while reading the workspace back.
const VERIFY_CONCURRENCY: usize = 8;
const PAGE_LIMIT: usize = PAGE_LIMIT_MAX;
/// Attempts at starting the server when the free port was taken meanwhile.
const START_ATTEMPTS_MAX: usize = 3;

const ORG: &str = "crash";
const OWNER: &str = "crash-owner";
const JWT_SECRET: &str = "crash-test-secret-0123456789abcdef0123456789abcdef";
/// The paid job's envelope: large enough that every run is charged.
const FIT_SCORE_ENVELOPE: u64 = 1_000_000;
/// Applications seeded through the careers page before the first kill.
const SEEDED_APPLICATIONS: usize = 16;
/// Adds stop short of the most tags an application may hold.
const TAGS_PER_APPLICATION_TARGET_MAX: usize = TAGS_PER_APPLICATION_MAX - 5;
/// Notifications kept per user.
const NOTIFICATIONS_KEPT_MAX: usize = NOTIFICATIONS_PER_USER_MAX;
const STAGE_NAMES: [&str; 5] = ["Applied", "Screening", "Interview", "Offer", "Hired"];
const TAG_COLOURS: [&str; 4] = ["#22c55e", "#ef4444", "#3b82f6", "#6b7280"];
/// Job fields no write of this test changes.
const STABLE_JOB_FIELDS: [&str; 12] = [
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
const COMMENT_WORDS: [&str; 16] = [
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

// ----- the server process -----

/// The temporary directory of one run: the data directory and the server's
/// output. Removed at the end; kept (and named) when the test fails.
struct TestDirectory {
    root: tempfile::TempDir,
}

impl TestDirectory {
    fn new() -> Self {
        let root =
            tempfile::Builder::new().prefix("shortlist-crash-").tempdir().expect("the test directory is created");
        TestDirectory { root }
    }

    fn data_dir(&self) -> PathBuf {
        self.root.path().join("data")
    }

    fn stdout_log(&self) -> PathBuf {
        self.root.path().join("server.stdout.log")
    }

    fn stderr_log(&self) -> PathBuf {
        self.root.path().join("server.stderr.log")
    }

    /// The end of the server's output over every start, for failure messages.
    fn logs(&self) -> String {
        let tail = |path: &Path| {
            let text = std::fs::read_to_string(path).unwrap_or_else(|error| format!("<unreadable: {error}>"));
            let lines: Vec<&str> = text.lines().collect();
            lines[lines.len().saturating_sub(150)..].join("\n")
        };
        format!(
            "----- server stderr (last 150 lines, {}) -----\n{}\n----- server stdout (last 150 lines) -----\n{}\n-----",
            self.stderr_log().display(),
            tail(&self.stderr_log()),
            tail(&self.stdout_log())
        )
    }

    /// What the data directory holds, and how often recovery cut a torn
    /// tail off the log: evidence that kills landed in every part of it.
    fn summary(&self) -> String {
        fn walk(path: &Path, counts: &mut BTreeMap<String, usize>) {
            for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, counts);
                } else {
                    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("(none)").to_owned();
                    *counts.entry(extension).or_default() += 1;
                }
            }
        }
        let mut counts = BTreeMap::new();
        walk(&self.data_dir(), &mut counts);
        let stderr = std::fs::read_to_string(self.stderr_log()).unwrap_or_default();
        let torn_tails = stderr.matches("truncated a torn record").count();
        format!("data directory files by extension {counts:?}; torn log tails cut off at recovery: {torn_tails}")
    }

    /// Fails the test with the server's output.
    fn fail(&self, message: &str) -> ! {
        panic!("{message}\n\n{}", self.logs())
    }
}

impl Drop for TestDirectory {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.root.disable_cleanup(true);
            eprintln!("crash test: data directory and server logs kept in {}", self.root.path().display());
        }
    }
}

/// A running `shortlist serve`, killed when dropped (also when a test fails).
struct Server {
    child: Child,
    base_url: String,
    client: awc::Client,
}

impl Server {
    /// SIGKILL (what `Child::kill` sends on Unix), then reap the process.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port is found");
    listener.local_addr().expect("the port is known").port()
}

fn client() -> awc::Client {
    awc::Client::builder().timeout(REQUEST_TIMEOUT).finish()
}

/// Starts the binary on the data directory and waits until `/readyz` answers
/// 200; returns the server and how long recovery took.
async fn start_server(directory: &TestDirectory, start: usize) -> (Server, Duration) {
    for attempt in 1..=START_ATTEMPTS_MAX {
        let port = free_port();
        let open_log = |path: PathBuf| {
            let mut file = OpenOptions::new().create(true).append(true).open(path).expect("the log file opens");
            writeln!(file, "===== start {start} (attempt {attempt}) on port {port} =====").expect("the log is written");
            file
        };
        let (stdout, stderr) = (open_log(directory.stdout_log()), open_log(directory.stderr_log()));
        let started = Instant::now();
        let child = Command::new(env!("CARGO_BIN_EXE_shortlist"))
            .arg("serve")
            .arg("--no-demo")
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .arg("--data-dir")
            .arg(directory.data_dir())
            .args(["--jwt-secret", JWT_SECRET])
            .args(["--rate-limit-per-minute", "10000000"])
            .args(["--apply-rate-per-address-per-minute", "0", "--apply-rate-per-job-per-minute", "0"])
            .args(["--fsync", "always"])
            .args(["--snapshot-every-records", "300"])
            .args(["--wal-segment-bytes", "262144"])
            .env("SHORTLIST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|error| {
                directory.fail(&format!("start {start}: the binary could not be spawned: {error}"))
            });
        let mut server = Server { child, base_url: format!("http://127.0.0.1:{port}"), client: client() };
        loop {
            if let Ok(Some(status)) = server.child.try_wait() {
                let stderr = std::fs::read_to_string(directory.stderr_log()).unwrap_or_default();
                let last_start = stderr.rsplit("===== start").next().unwrap_or("");
                if last_start.contains("could not bind") && attempt < START_ATTEMPTS_MAX {
                    break;
                }
                directory.fail(&format!("start {start}: the server exited ({status}) before it was ready"));
            }
            let probe = server.client.get(format!("{}/readyz", server.base_url)).timeout(Duration::from_secs(1));
            if let Ok(response) = probe.send().await {
                if response.status().as_u16() == 200 {
                    return (server, started.elapsed());
                }
            }
            if started.elapsed() > READY_WAIT_MAX {
                server.kill();
                directory.fail(&format!("start {start}: /readyz did not answer 200 within {READY_WAIT_MAX:?}"));
            }
            actix_web::rt::time::sleep(READY_POLL).await;
        }
    }
    directory.fail(&format!("start {start}: no free port could be bound in {START_ATTEMPTS_MAX} attempts"))
}

// ----- HTTP -----

/// What became of one request.
enum Outcome {
    /// The reply was read whole.
    Answered { status: u16, body: Value },
    /// No reply (connection refused or reset by the kill, or timed out):
    /// the write may or may not have been applied.
    Unanswered(String),
}

#[derive(Clone, Copy)]
enum Auth<'a> {
    None,
    Key(&'a str),
    Bearer(&'a str),
}

async fn call(
    client: &awc::Client,
    method: awc::http::Method,
    url: &str,
    auth: Auth<'_>,
    body: Option<&Value>,
) -> Outcome {
    let mut request = client.request(method, url);
    request = match auth {
        Auth::None => request,
        Auth::Key(key) => request.insert_header(("X-API-Key", key)),
        Auth::Bearer(token) => request.insert_header(("Authorization", format!("Bearer {token}"))),
    };
    let exchange = async {
        let mut response = match body {
            Some(body) => request.send_json(body).await,
            None => request.send().await,
        }
        .map_err(|error| error.to_string())?;
        let status = response.status().as_u16();
        let bytes = response.body().limit(64 * 1024 * 1024).await.map_err(|error| error.to_string())?;
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        Ok::<_, String>((status, body))
    };
    match actix_web::rt::time::timeout(REQUEST_TIMEOUT + Duration::from_secs(1), exchange).await {
        Ok(Ok((status, body))) => Outcome::Answered { status, body },
        Ok(Err(error)) => Outcome::Unanswered(error),
        Err(_) => Outcome::Unanswered("timed out".to_owned()),
    }
}

/// The test's view of one running server.
struct Api {
    client: awc::Client,
    base_url: String,
    key: String,
    token: String,
}

impl Api {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// A read that must answer 200; returns `data`.
    async fn read(&self, path: &str, auth: Auth<'_>) -> Result<Value, String> {
        match call(&self.client, awc::http::Method::GET, &self.url(path), auth, None).await {
            Outcome::Answered { status: 200, mut body } => Ok(body["data"].take()),
            Outcome::Answered { status, body } => Err(format!("GET {path} answered {status}: {body}")),
            Outcome::Unanswered(error) => Err(format!("GET {path} was not answered: {error}")),
        }
    }

    async fn v1(&self, path: &str) -> Result<Value, String> {
        self.read(path, Auth::Key(&self.key)).await
    }

    /// Every item of a paginated list, `limit` 100 and `offset` paging.
    async fn all_pages(&self, path: &str, field: &str, auth: Auth<'_>) -> Result<Vec<Value>, String> {
        let separator = if path.contains('?') { '&' } else { '?' };
        let mut items = Vec::new();
        loop {
            let page = self.read(&format!("{path}{separator}limit={PAGE_LIMIT}&offset={}", items.len()), auth).await?;
            let total = page["pagination"]["total"].as_u64().ok_or(format!("{path}: no pagination.total"))? as usize;
            let found = page[field].as_array().ok_or(format!("{path}: no `{field}` array"))?;
            if found.is_empty() && items.len() < total {
                return Err(format!("{path}: an empty page at offset {} of {total}", items.len()));
            }
            items.extend(found.iter().cloned());
            if items.len() >= total {
                if items.len() != total {
                    return Err(format!("{path}: {} items listed, pagination.total is {total}", items.len()));
                }
                return Ok(items);
            }
        }
    }
}

// ----- the model of what was sent and acknowledged -----

#[derive(Clone, Debug)]
struct Candidate {
    name: String,
    email: String,
    resume_bytes: usize,
    owner: usize,
}

/// One application: what is certain (acknowledged, or found after a
/// restart) and what is pending (sent, unanswered, not yet resolved).
#[derive(Debug)]
struct ApplicationModel {
    candidate: Candidate,
    stage: String,
    stage_pending: Vec<String>,
    tags: BTreeMap<String, String>,
    tags_pending: BTreeMap<String, String>,
    comments: Vec<String>,
    comments_pending: Vec<String>,
    runs: u64,
    runs_pending: u64,
    /// What readers saw before a kill: must survive it.
    seen_tags: BTreeSet<String>,
    seen_comments: BTreeSet<String>,
    seen_runs: u64,
}

impl ApplicationModel {
    fn new(candidate: Candidate, first_stage: &str) -> Self {
        ApplicationModel {
            candidate,
            stage: first_stage.to_owned(),
            stage_pending: Vec::new(),
            tags: BTreeMap::new(),
            tags_pending: BTreeMap::new(),
            comments: Vec::new(),
            comments_pending: Vec::new(),
            runs: 1,
            runs_pending: 0,
            seen_tags: BTreeSet::new(),
            seen_comments: BTreeSet::new(),
            seen_runs: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    intakes: u64,
    stages: u64,
    tags: u64,
    comments: u64,
    reruns: u64,
}

impl Tally {
    fn total(&self) -> u64 {
        self.intakes + self.stages + self.tags + self.comments + self.reruns
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            formatter,
            "{} (intake {}, stage {}, tags {}, comments {}, reruns {})",
            self.total(),
            self.intakes,
            self.stages,
            self.tags,
            self.comments,
            self.reruns
        )
    }
}

#[derive(Default)]
struct Model {
    stages: Vec<String>,
    applications: BTreeMap<String, ApplicationModel>,
    /// Application IDs, for readers picking one at random.
    ids: Vec<String>,
    /// Per writer task, the applications it alone writes to.
    owned: Vec<Vec<String>>,
    /// Intakes sent but unanswered, by (unique) candidate name.
    intakes_pending: BTreeMap<String, Candidate>,
    /// Applications readers saw listed before a kill.
    seen_application_ids: BTreeSet<String>,
    acknowledged: Tally,
    /// Requests left unanswered (in flight at the kill or sent after it).
    unanswered: u64,
    /// Of those, writes found applied after the restart.
    unanswered_found_applied: u64,
    reads: u64,
    /// Replies the server should never have given.
    failures: Vec<String>,
    sequence: u64,
}

impl Model {
    fn next_sequence(&mut self) -> u64 {
        self.sequence += 1;
        self.sequence
    }

    fn add_application(&mut self, id: String, candidate: Candidate) {
        let owner = candidate.owner;
        let first_stage = self.stages[0].clone();
        self.applications.insert(id.clone(), ApplicationModel::new(candidate, &first_stage));
        self.owned[owner].push(id.clone());
        self.ids.push(id);
    }

    fn application(&mut self, id: &str) -> &mut ApplicationModel {
        self.applications.get_mut(id).expect("the model knows every application it hands out")
    }
}

/// How a write's reply settles it.
enum Settled {
    Acknowledged(Value),
    /// A 4xx: refused, so it must have left no trace.
    Refused(u16, Value),
    /// No reply, or a 5xx: it may or may not have been applied.
    Unknown,
}

fn settle(model: &mut Model, what: &str, outcome: Outcome) -> Settled {
    match outcome {
        Outcome::Answered { status, mut body } if (200..300).contains(&status) => {
            Settled::Acknowledged(body["data"].take())
        }
        Outcome::Answered { status, body } if status < 500 => Settled::Refused(status, body),
        Outcome::Answered { status, body } => {
            model.failures.push(format!("{what} answered {status}: {body}"));
            model.unanswered += 1;
            Settled::Unknown
        }
        Outcome::Unanswered(_) => {
            model.unanswered += 1;
            Settled::Unknown
        }
    }
}

// ----- the workload -----

struct Workload {
    api: Api,
    job_id: String,
    cycle: usize,
    model: Rc<RefCell<Model>>,
    stop: Cell<bool>,
}

impl Workload {
    async fn send(&self, method: awc::http::Method, path: &str, body: Option<&Value>) -> Outcome {
        call(&self.api.client, method, &self.api.url(path), Auth::Key(&self.api.key), body).await
    }
}

fn resume_text(name: &str, email: &str, sequence: u64, rng: &mut StdRng) -> String {
    let mut text = format!(
        "{name}\n{email}\n\nSUMMARY\nBackend engineer, reference {sequence}.\n\nSKILLS\nRust, PostgreSQL, Kafka\n\n\
         EXPERIENCE\nSenior Engineer — Acme Corp\nJan 2018 – Present\n- Built Rust services on PostgreSQL\n"
    );
    for milestone in 0..rng.random_range(0..40) {
        text.push_str(&format!("- Delivered milestone {milestone} of the payments platform on schedule\n"));
    }
    text.push_str("\nEDUCATION\nB.Sc. Computer Science, University of Leeds, 2014\n");
    text
}

/// A unique comment: `label` first, then lines of words, some blank lines,
/// sometimes close to the 10,000-character limit; never edged with spaces.
fn comment_text(label: &str, rng: &mut StdRng) -> String {
    let mut text = format!("{label}: review notes");
    let long = rng.random_bool(0.05);
    let lines = if long { 120 } else { rng.random_range(0..6) };
    for _ in 0..lines {
        text.push('\n');
        if rng.random_bool(0.2) {
            text.push('\n');
        }
        for _ in 0..rng.random_range(1..40) {
            text.push_str(COMMENT_WORDS.choose(rng).expect("words"));
            text.push(' ');
        }
        text.push_str("end.");
    }
    if text.chars().count() > COMMENT_LENGTH_MAX {
        text = text.chars().take(COMMENT_LENGTH_MAX).collect::<String>().trim_end().to_owned();
    }
    text
}

fn new_candidate(model: &mut Model, cycle: usize, task: usize, rng: &mut StdRng) -> (Candidate, String) {
    let sequence = model.next_sequence();
    let name = format!("Crash Candidate {cycle}-{task}-{sequence}");
    let email = format!("candidate.{cycle}.{task}.{sequence}@example.com");
    let resume = resume_text(&name, &email, sequence, rng);
    (Candidate { name, email, resume_bytes: resume.len(), owner: task }, resume)
}

/// Careers-page apply; the application joins the writer's own set.
async fn intake(workload: &Workload, task: usize, rng: &mut StdRng) -> bool {
    let (candidate, resume) = {
        let mut model = workload.model.borrow_mut();
        let (candidate, resume) = new_candidate(&mut model, workload.cycle, task, rng);
        model.intakes_pending.insert(candidate.name.clone(), candidate.clone());
        (candidate, resume)
    };
    let body = json!({ "candidateName": candidate.name, "email": candidate.email, "resumeText": resume });
    let url = workload.api.url(&format!("/api/jobs/{}/applications", workload.job_id));
    let outcome = call(&workload.api.client, awc::http::Method::POST, &url, Auth::None, Some(&body)).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("intake of {}", candidate.name);
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.intakes_pending.remove(&candidate.name);
            model.acknowledged.intakes += 1;
            let application = &data["application"];
            let Some(id) = application["id"].as_str().map(str::to_owned) else {
                model.failures.push(format!("{what}: 2xx without an application id: {data}"));
                return true;
            };
            if application["candidateName"] != candidate.name.as_str()
                || application["stage"]["id"] != model.stages[0].as_str()
                || application["pipeline"]["run"] != 1
            {
                model.failures.push(format!("{what}: the reply is not the new application: {data}"));
            }
            model.add_application(id, candidate);
            true
        }
        Settled::Refused(status, body) => {
            model.intakes_pending.remove(&candidate.name);
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

async fn move_stage(workload: &Workload, application_id: &str, rng: &mut StdRng) -> bool {
    let stage = {
        let mut model = workload.model.borrow_mut();
        let stage = model.stages.choose(rng).expect("the job has stages").clone();
        model.application(application_id).stage_pending.push(stage.clone());
        stage
    };
    let path = format!("/api/v1/applications/{application_id}/stage");
    let outcome = workload.send(awc::http::Method::PATCH, &path, Some(&json!({ "stage": stage }))).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("stage move of {application_id} to {stage}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.acknowledged.stages += 1;
            let application = model.application(application_id);
            application.stage = stage.clone();
            application.stage_pending.clear();
            if data["application"]["jobStageId"] != stage.as_str() {
                model.failures.push(format!("{what}: the reply shows another stage: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            model.application(application_id).stage_pending.clear();
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

/// Form A, adding one to three tags no one has used before (never removing).
async fn add_tags(workload: &Workload, task: usize, application_id: &str, rng: &mut StdRng) -> bool {
    let (names, colour) = {
        let mut model = workload.model.borrow_mut();
        let count = rng.random_range(1..=3);
        let names: Vec<String> =
            (0..count).map(|_| format!("t{}-{task}-{}", workload.cycle, model.next_sequence())).collect();
        let colour = TAG_COLOURS.choose(rng).expect("colours").to_string();
        let application = model.application(application_id);
        for name in &names {
            application.tags_pending.insert(name.clone(), colour.clone());
        }
        (names, colour)
    };
    let path = format!("/api/v1/applications/{application_id}/tags");
    let body = json!({ "add": names, "color": colour });
    let outcome = workload.send(awc::http::Method::PATCH, &path, Some(&body)).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("tags {names:?} on {application_id}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.acknowledged.tags += 1;
            let application = model.application(application_id);
            for name in &names {
                application.tags_pending.remove(name);
                application.tags.insert(name.clone(), colour.clone());
            }
            let expected: BTreeMap<String, String> = application.tags.clone();
            if tag_map(&data["application"]["tags"]) != Some(expected) {
                model.failures.push(format!("{what}: the reply's tags are not the acknowledged ones: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            let application = model.application(application_id);
            for name in &names {
                application.tags_pending.remove(name);
            }
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

async fn add_comment(workload: &Workload, task: usize, application_id: &str, rng: &mut StdRng) -> bool {
    let text = {
        let mut model = workload.model.borrow_mut();
        let label = format!("c{}-{task}-{}", workload.cycle, model.next_sequence());
        let text = comment_text(&label, rng);
        model.application(application_id).comments_pending.push(text.clone());
        text
    };
    let path = format!("/api/v1/applications/{application_id}/comments");
    let outcome = workload.send(awc::http::Method::POST, &path, Some(&json!({ "text": text }))).await;
    let mut model = workload.model.borrow_mut();
    let label = text.split(':').next().unwrap_or_default().to_owned();
    let what = format!("comment {label} on {application_id}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.acknowledged.comments += 1;
            let application = model.application(application_id);
            application.comments_pending.retain(|pending| *pending != text);
            application.comments.push(text.clone());
            if data["comment"]["text"] != text.as_str() {
                model.failures.push(format!("{what}: the reply holds another text: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            model.application(application_id).comments_pending.retain(|pending| *pending != text);
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

/// A rerun; 400 while the application's pipeline is still queued or running.
async fn rerun(workload: &Workload, application_id: &str) -> bool {
    workload.model.borrow_mut().application(application_id).runs_pending += 1;
    let path = format!("/api/v1/applications/{application_id}/ats/rerun");
    let outcome = workload.send(awc::http::Method::POST, &path, None).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("ATS rerun of {application_id}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            let application = model.application(application_id);
            application.runs_pending -= 1;
            if data["queued"] == true && data["fitScoresCharged"] == 1 {
                application.runs += 1;
                model.acknowledged.reruns += 1;
            } else {
                model.failures.push(format!("{what}: not queued although the envelope is large: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            model.application(application_id).runs_pending -= 1;
            if status != 400 || body["error"]["code"] != "V1_INVALID_REQUEST" {
                model.failures.push(format!("{what} was refused with {status}: {body}"));
            }
            true
        }
        Settled::Unknown => false,
    }
}

/// Random writes to the task's own applications until the kill (or its
/// first unanswered request).
async fn writer(workload: Rc<Workload>, task: usize, mut rng: StdRng) {
    while !workload.stop.get() {
        let (application, tags_full) = {
            let model = workload.model.borrow();
            match model.owned[task].choose(&mut rng) {
                None => (None, false),
                Some(id) => {
                    let application = &model.applications[id];
                    let tags = application.tags.len() + application.tags_pending.len();
                    (Some(id.clone()), tags + 3 > TAGS_PER_APPLICATION_TARGET_MAX)
                }
            }
        };
        let roll = rng.random_range(0..100);
        let answered = match application {
            None => intake(&workload, task, &mut rng).await,
            Some(_) if roll < 15 => intake(&workload, task, &mut rng).await,
            Some(id) if roll < 35 => move_stage(&workload, &id, &mut rng).await,
            Some(id) if roll < 55 && !tags_full => add_tags(&workload, task, &id, &mut rng).await,
            Some(id) if roll < 80 => add_comment(&workload, task, &id, &mut rng).await,
            Some(id) => rerun(&workload, &id).await,
        };
        if !answered {
            break;
        }
    }
}

/// Reads while the writers write, recording what it saw: the newest
/// applications, and one application's tags, runs and latest comments.
async fn reader(workload: Rc<Workload>, mut rng: StdRng) {
    while !workload.stop.get() {
        // Leave most of the client's single thread to the writers.
        actix_web::rt::time::sleep(READER_PAUSE).await;
        if rng.random_bool(0.3) {
            let path = format!("/api/v1/jobs/{}/applications?sort=created-desc&limit=20", workload.job_id);
            let outcome = workload.send(awc::http::Method::GET, &path, None).await;
            let mut model = workload.model.borrow_mut();
            model.reads += 1;
            match outcome {
                Outcome::Answered { status: 200, body } => {
                    for item in body["data"]["applications"].as_array().into_iter().flatten() {
                        if let Some(id) = item["id"].as_str() {
                            model.seen_application_ids.insert(id.to_owned());
                        }
                    }
                }
                Outcome::Answered { status, body } => {
                    model.failures.push(format!("GET {path} answered {status}: {body}"))
                }
                Outcome::Unanswered(_) => break,
            }
            continue;
        }
        let Some(id) = workload.model.borrow().ids.choose(&mut rng).cloned() else {
            actix_web::rt::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let path = format!("/api/v1/applications/{id}");
        let outcome = workload.send(awc::http::Method::GET, &path, None).await;
        let comment_count = {
            let mut model = workload.model.borrow_mut();
            model.reads += 1;
            match outcome {
                Outcome::Answered { status: 200, body } => {
                    let detail = &body["data"];
                    let application = model.application(&id);
                    for tag in detail["tags"].as_array().into_iter().flatten() {
                        if let Some(name) = tag["name"].as_str() {
                            application.seen_tags.insert(name.to_owned());
                        }
                    }
                    let runs = detail["pipeline"]["run"].as_u64().unwrap_or(0);
                    application.seen_runs = application.seen_runs.max(runs);
                    detail["commentCount"].as_u64().unwrap_or(0) as usize
                }
                Outcome::Answered { status, body } => {
                    model.failures.push(format!("GET {path} answered {status}: {body}"));
                    continue;
                }
                Outcome::Unanswered(_) => break,
            }
        };
        let path = format!("/api/v1/applications/{id}/comments?limit=20&offset={}", comment_count.saturating_sub(20));
        let outcome = workload.send(awc::http::Method::GET, &path, None).await;
        let mut model = workload.model.borrow_mut();
        model.reads += 1;
        match outcome {
            Outcome::Answered { status: 200, body } => {
                let application = model.application(&id);
                for comment in body["data"]["comments"].as_array().into_iter().flatten() {
                    if let Some(text) = comment["text"].as_str() {
                        application.seen_comments.insert(text.to_owned());
                    }
                }
            }
            Outcome::Answered { status, body } => model.failures.push(format!("GET {path} answered {status}: {body}")),
            Outcome::Unanswered(_) => break,
        }
    }
}

// ----- reading the workspace back -----

struct ApplicationFound {
    detail: Value,
    comments: Vec<Value>,
}

/// Everything the checks need, read after a restart while nothing writes.
struct Found {
    job: Value,
    listed: Vec<Value>,
    per_stage_totals: BTreeMap<String, u64>,
    applications: BTreeMap<String, ApplicationFound>,
    notifications: Vec<Value>,
    keys: Vec<Value>,
}

async fn read_back(api: &Api, job_id: &str, stages: &[String]) -> Result<Found, String> {
    let job = api.v1(&format!("/api/v1/jobs/{job_id}")).await?;
    let listed = api
        .all_pages(&format!("/api/v1/jobs/{job_id}/applications?sort=created-asc"), "applications", Auth::Key(&api.key))
        .await?;
    let mut per_stage_totals = BTreeMap::new();
    for stage in stages {
        let page = api.v1(&format!("/api/v1/jobs/{job_id}/applications?stage={stage}&limit=1")).await?;
        let total = page["pagination"]["total"].as_u64().ok_or("a stage listing without pagination.total")?;
        per_stage_totals.insert(stage.clone(), total);
    }
    let ids: Vec<String> = listed.iter().filter_map(|item| item["id"].as_str().map(str::to_owned)).collect();
    let fetched: Vec<Result<(String, ApplicationFound), String>> = futures_util::stream::iter(ids)
        .map(|id| async move {
            let detail = api.v1(&format!("/api/v1/applications/{id}")).await?;
            let comments =
                api.all_pages(&format!("/api/v1/applications/{id}/comments"), "comments", Auth::Key(&api.key)).await?;
            Ok((id, ApplicationFound { detail, comments }))
        })
        .buffer_unordered(VERIFY_CONCURRENCY)
        .collect()
        .await;
    let applications = fetched.into_iter().collect::<Result<BTreeMap<_, _>, String>>()?;
    let notifications =
        api.all_pages(&format!("/api/orgs/{ORG}/notifications"), "notifications", Auth::Bearer(&api.token)).await?;
    let keys = api.read(&format!("/api/orgs/{ORG}/api-keys"), Auth::Bearer(&api.token)).await?;
    let keys = keys["keys"].as_array().cloned().ok_or("the key listing has no `keys`")?;
    Ok(Found { job, listed, per_stage_totals, applications, notifications, keys })
}

fn tag_map(tags: &Value) -> Option<BTreeMap<String, String>> {
    tags.as_array()?
        .iter()
        .map(|tag| Some((tag["name"].as_str()?.to_owned(), tag["color"].as_str()?.to_owned())))
        .collect()
}

fn paragraphs(text: &str) -> Vec<&str> {
    text.lines().map(str::trim_end).filter(|line| !line.trim().is_empty()).collect()
}

/// Is `part` a subsequence of `whole`?
fn is_subsequence(part: &[String], whole: &[String]) -> bool {
    let mut remaining = whole.iter();
    part.iter().all(|wanted| remaining.any(|candidate| candidate == wanted))
}

/// What one verification checked.
#[derive(Default)]
struct Verified {
    applications: usize,
    comments: usize,
    tags: usize,
    runs: u64,
}

/// Compares what was read back with the model, then resolves every pending
/// write by what was found, so the model is exact for the next cycle.
/// Returns the failures (empty when all holds).
fn check_and_resolve(
    model: &mut Model,
    found: &Found,
    initial_job: &Value,
    job_id: &str,
    key_id: &str,
) -> (Vec<String>, Verified) {
    let mut failures = Vec::new();
    let mut verified = Verified::default();
    let job = &found.job;
    for field in STABLE_JOB_FIELDS {
        if job[field] != initial_job[field] {
            failures.push(format!("job field `{field}` changed: {} (was {})", job[field], initial_job[field]));
        }
    }

    // The listing against the job's count, and applications against the model.
    let listed: BTreeMap<&str, &Value> =
        found.listed.iter().filter_map(|item| Some((item["id"].as_str()?, item))).collect();
    if listed.len() != found.listed.len() {
        failures.push(format!(
            "the listing names {} applications but only {} distinct ids",
            found.listed.len(),
            listed.len()
        ));
    }
    if job["applicationCount"].as_u64() != Some(found.listed.len() as u64) {
        failures.push(format!(
            "the job's applicationCount is {} but {} applications are listed",
            job["applicationCount"],
            found.listed.len()
        ));
    }
    for (id, item) in &listed {
        if model.applications.contains_key(*id) {
            continue;
        }
        let name = item["candidateName"].as_str().unwrap_or_default();
        match model.intakes_pending.remove(name) {
            Some(candidate) => {
                model.unanswered_found_applied += 1;
                model.add_application((*id).to_owned(), candidate);
            }
            None => failures.push(format!(
                "application {id} ({name}) is there, but no client sent it, or its unanswered intake was found \
                 missing after an earlier restart"
            )),
        }
    }
    model.intakes_pending.clear();
    for id in model.applications.keys() {
        if !listed.contains_key(id.as_str()) {
            failures.push(format!("acknowledged application {id} is missing from the listing"));
        }
    }
    for id in &model.seen_application_ids {
        if !listed.contains_key(id.as_str()) {
            failures.push(format!("application {id} was seen by a reader before the kill and is gone"));
        }
    }

    let stage_ids: Vec<&str> =
        job["stages"].as_array().into_iter().flatten().filter_map(|s| s["id"].as_str()).collect();
    let mut per_stage: BTreeMap<String, u64> = BTreeMap::new();
    let mut runs_total = 0;
    let mut comment_ids: BTreeSet<String> = BTreeSet::new();
    let mut resolved_applied: u64 = 0;
    for (id, application) in &mut model.applications {
        let (Some(item), Some(found_application)) = (listed.get(id.as_str()), found.applications.get(id)) else {
            continue;
        };
        let detail = &found_application.detail;
        verified.applications += 1;
        let mut fail = |message: String| failures.push(format!("application {id}: {message}"));

        // The application itself, and its list item against its detail.
        if detail["candidateName"] != application.candidate.name.as_str()
            || detail["email"] != application.candidate.email.as_str()
            || detail["jobId"] != job_id
            || detail["status"] != "active"
        {
            fail(format!("candidate, job or status differ from what was sent: {detail}"));
        }
        if detail["resumeFile"]["sizeBytes"].as_u64() != Some(application.candidate.resume_bytes as u64) {
            fail(format!(
                "resumeFile {} does not hold the {}-byte resume that was sent",
                detail["resumeFile"], application.candidate.resume_bytes
            ));
        }
        for field in ["candidateName", "jobStageId", "tags"] {
            if item[field] != detail[field] {
                fail(format!("list item `{field}` {} differs from the detail's {}", item[field], detail[field]));
            }
        }
        if detail["pipeline"]["state"] == "failed" {
            fail(format!("its pipeline failed: {}", detail["pipeline"]));
        }

        // Stage: the last acknowledged move, or a later unanswered one.
        let stage = detail["stage"]["id"].as_str().unwrap_or_default().to_owned();
        let position = stage_ids.iter().position(|known| *known == stage);
        if detail["jobStageId"] != stage.as_str()
            || position.is_none()
            || detail["stage"]["position"].as_u64() != position.map(|p| p as u64)
        {
            fail(format!("stage {} / jobStageId {} is not a stage of its job", detail["stage"], detail["jobStageId"]));
        }
        if stage != application.stage {
            if application.stage_pending.contains(&stage) {
                resolved_applied += 1;
            } else {
                fail(format!(
                    "stage is {stage}; the last acknowledged move was to {} (unanswered moves: {:?})",
                    application.stage, application.stage_pending
                ));
            }
        }
        *per_stage.entry(stage.clone()).or_default() += 1;
        application.stage = stage;
        application.stage_pending.clear();

        // Tags: every acknowledged one, and only ones that were sent.
        let tags = tag_map(&detail["tags"]).unwrap_or_default();
        for (name, colour) in &application.tags {
            if tags.get(name) != Some(colour) {
                fail(format!("acknowledged tag {name} ({colour}) is missing or recoloured: {}", detail["tags"]));
            }
        }
        for (name, colour) in &tags {
            if application.tags.contains_key(name) {
                continue;
            }
            if application.tags_pending.get(name) == Some(colour) {
                resolved_applied += 1;
            } else {
                fail(format!("tag {name} ({colour}) is there but was never sent, or was found missing before"));
            }
        }
        for name in &application.seen_tags {
            if !tags.contains_key(name) {
                fail(format!("tag {name} was seen by a reader before the kill and is gone"));
            }
        }
        verified.tags += tags.len();
        application.tags = tags;
        application.tags_pending.clear();

        // Comments: the acknowledged ones in order, then some of the unanswered.
        let comments = &found_application.comments;
        if detail["commentCount"].as_u64() != Some(comments.len() as u64) {
            fail(format!("commentCount is {} but the thread holds {}", detail["commentCount"], comments.len()));
        }
        let texts: Vec<String> =
            comments.iter().map(|comment| comment["text"].as_str().unwrap_or_default().to_owned()).collect();
        for comment in comments {
            let text = comment["text"].as_str().unwrap_or_default();
            let expected_paragraphs = json!(paragraphs(text));
            let comment_id = comment["id"].as_str().unwrap_or_default().to_owned();
            if comment["applicationId"] != id.as_str()
                || comment["source"] != "assistant_plugin"
                || comment["author"]["userId"] != OWNER
                || comment["paragraphs"] != expected_paragraphs
                || !comment_id.starts_with("cmt_")
                || !comment_ids.insert(comment_id)
            {
                fail(format!("comment is malformed or its id is not unique: {comment}"));
            }
        }
        let acknowledged = application.comments.len();
        if texts.len() < acknowledged || texts[..acknowledged] != application.comments[..] {
            let missing: Vec<&str> = application
                .comments
                .iter()
                .filter(|text| !texts.contains(text))
                .map(|text| text.split(':').next().unwrap_or_default())
                .collect();
            fail(format!(
                "the thread does not start with the {acknowledged} acknowledged comments in order \
                 (missing: {missing:?}; found {} comments)",
                texts.len()
            ));
        } else if !is_subsequence(&texts[acknowledged..], &application.comments_pending) {
            fail(format!(
                "comments after the acknowledged ones were never sent in full, or were found missing before: {:?}",
                texts[acknowledged..].iter().map(|text| text.chars().take(40).collect::<String>()).collect::<Vec<_>>()
            ));
        } else {
            resolved_applied += (texts.len() - acknowledged) as u64;
        }
        for text in &application.seen_comments {
            if !texts.contains(text) {
                fail(format!("comment {:?} was seen by a reader before the kill and is gone", text.split(':').next()));
            }
        }
        verified.comments += texts.len();
        application.comments = texts;
        application.comments_pending.clear();

        // Runs: 1 + every acknowledged rerun, + some of the unanswered ones.
        let runs = detail["pipeline"]["run"].as_u64().unwrap_or(0);
        if runs < application.runs || runs > application.runs + application.runs_pending {
            fail(format!(
                "pipeline run is {runs}; acknowledged runs {}, unanswered reruns {}",
                application.runs, application.runs_pending
            ));
        } else {
            resolved_applied += runs - application.runs;
        }
        if runs < application.seen_runs {
            fail(format!("pipeline run is {runs} but a reader saw run {} before the kill", application.seen_runs));
        }
        runs_total += runs;
        verified.runs += runs;
        application.runs = runs;
        application.runs_pending = 0;
    }
    model.unanswered_found_applied += resolved_applied;

    // The per-stage indexes against the applications.
    for (stage, total) in &found.per_stage_totals {
        let counted = per_stage.get(stage).copied().unwrap_or(0);
        if *total != counted {
            failures.push(format!("listing stage {stage} gives {total} applications; their details say {counted}"));
        }
    }

    // The envelope: nothing charged without its run, no run without its charge.
    let remaining = job["fitScores"].as_u64().unwrap_or(0);
    let used = job["fitScoresUsed"].as_u64().unwrap_or(0);
    if remaining + used != FIT_SCORE_ENVELOPE {
        failures.push(format!("fitScores {remaining} + fitScoresUsed {used} != the envelope {FIT_SCORE_ENVELOPE}"));
    }
    if used != runs_total {
        failures.push(format!("fitScoresUsed is {used} but the applications' pipelines ran {runs_total} times"));
    }

    // One notification per comment, each naming a comment that is there.
    let comments_total: usize = model.applications.values().map(|application| application.comments.len()).sum();
    if found.notifications.len() != comments_total.min(NOTIFICATIONS_KEPT_MAX) {
        failures.push(format!("{} comment notifications for {comments_total} comments", found.notifications.len()));
    }
    for notification in &found.notifications {
        let comment_id = notification["commentId"].as_str().unwrap_or_default();
        if notification["type"] != "comment.created" || !comment_ids.contains(comment_id) {
            failures.push(format!("notification names no comment that is there: {notification}"));
        }
    }

    if !found.keys.iter().any(|key| key["id"] == key_id && key["isActive"] == true) {
        failures.push(format!("the API key {key_id} is not listed as active: {:?}", found.keys));
    }
    model.seen_application_ids.clear();
    (failures, verified)
}

/// Reads everything back after a restart and checks it; fails the test with
/// the server's logs when anything is lost or half-applied.
async fn verify(
    directory: &TestDirectory,
    api: &Api,
    model: &RefCell<Model>,
    initial_job: &Value,
    job_id: &str,
    key_id: &str,
    when: &str,
) -> Verified {
    let stages = model.borrow().stages.clone();
    let found = read_back(api, job_id, &stages)
        .await
        .unwrap_or_else(|error| directory.fail(&format!("{when}: reading the workspace back failed: {error}")));
    let (failures, verified) = check_and_resolve(&mut model.borrow_mut(), &found, initial_job, job_id, key_id);
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(40).collect();
        directory.fail(&format!(
            "{when}: {} check(s) failed after the restart:\n- {}",
            failures.len(),
            shown.iter().map(|failure| failure.as_str()).collect::<Vec<_>>().join("\n- ")
        ));
    }
    verified
}

// ----- setup -----

struct Setup {
    job_id: String,
    job: Value,
    key: String,
    key_id: String,
}

fn expect_created(directory: &TestDirectory, outcome: Outcome, what: &str) -> Value {
    match outcome {
        Outcome::Answered { status: 201, mut body } => body["data"].take(),
        Outcome::Answered { status, body } => directory.fail(&format!("{what} answered {status}: {body}")),
        Outcome::Unanswered(error) => directory.fail(&format!("{what} was not answered: {error}")),
    }
}

/// The workspace, a team, the paid job and a whole-workspace key.
async fn create_workspace(directory: &TestDirectory, server: &Server, token: &str) -> Setup {
    let post = |path: &str, body: Value| {
        let url = format!("{}{path}", server.base_url);
        async move { call(&server.client, awc::http::Method::POST, &url, Auth::Bearer(token), Some(&body)).await }
    };
    let workspace = json!({ "name": "Crash Inc", "owner": { "name": "Olive Owner", "email": "olive@example.com" } });
    let url = format!("{}/api/orgs/{ORG}", server.base_url);
    let outcome = call(&server.client, awc::http::Method::PUT, &url, Auth::Bearer(token), Some(&workspace)).await;
    expect_created(directory, outcome, "creating the workspace");
    let team = expect_created(
        directory,
        post(&format!("/api/orgs/{ORG}/teams"), json!({ "name": "Engineering" })).await,
        "creating the team",
    );
    let team_id = team["team"]["id"].as_str().expect("a team id");
    let job = json!({
        "teamId": team_id,
        "title": "Crash Test Engineer",
        "status": "active",
        "description": "Rust services on PostgreSQL, events through Kafka. We keep every acknowledged write.",
        "stages": STAGE_NAMES.iter().map(|name| json!({ "name": name })).collect::<Vec<_>>(),
        "criteria": {
            "mustHaves": ["Rust", "PostgreSQL"],
            "niceToHaves": ["Kafka"],
            "weighting": { "mustHaves": 70, "niceToHaves": 20, "experience": 10 },
            "minYearsExperience": 3
        },
        "tier": "paid",
        "fitScores": FIT_SCORE_ENVELOPE,
        "collaborators": [OWNER],
    });
    let job = expect_created(directory, post(&format!("/api/orgs/{ORG}/jobs"), job).await, "creating the job");
    let key = expect_created(
        directory,
        post(&format!("/api/orgs/{ORG}/api-keys"), json!({ "name": "crash test" })).await,
        "creating the API key",
    );
    Setup {
        job_id: job["id"].as_str().expect("a job id").to_owned(),
        job,
        key: key["apiKey"].as_str().expect("the key's plaintext").to_owned(),
        key_id: key["key"]["id"].as_str().expect("a key id").to_owned(),
    }
}

fn owner_token() -> String {
    // The server under test runs on the system clock; the token follows it.
    let now = u64::try_from(SystemClock.now().unix_seconds()).unwrap_or(0);
    JwtSigner::new(JWT_SECRET.as_bytes()).sign(ORG, OWNER, Role::Owner, now, 3_600)
}

/// Polls the listing until no pipeline is queued or running; returns the
/// applications' list items.
async fn wait_for_pipelines(directory: &TestDirectory, api: &Api, job_id: &str) -> Vec<Value> {
    let started = Instant::now();
    loop {
        let path = format!("/api/v1/jobs/{job_id}/applications?sort=created-asc");
        let listed = api
            .all_pages(&path, "applications", Auth::Key(&api.key))
            .await
            .unwrap_or_else(|error| directory.fail(&format!("waiting for the pipelines: {error}")));
        let busy = listed.iter().filter(|item| matches!(item["pipelineState"].as_str(), Some("queued" | "running")));
        if busy.count() == 0 {
            return listed;
        }
        if started.elapsed() > PIPELINES_SETTLE_WAIT_MAX {
            directory.fail(&format!("the pipelines did not settle within {PIPELINES_SETTLE_WAIT_MAX:?}"));
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

// ----- the test -----

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

        let kill_after = Duration::from_millis(rng.random_range(WORKLOAD_MILLISECONDS_MIN..=WORKLOAD_MILLISECONDS_MAX));
        actix_web::rt::time::sleep(kill_after).await;
        server.kill();
        workload.stop.set(true);
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
        let verified = verify(&directory, &api, &model, &setup.job, &setup.job_id, &setup.key_id, &when).await;
        let model_now = model.borrow();
        verified_total += model_now.acknowledged.total();
        eprintln!(
            "cycle {cycle:>2}/{CRASH_CYCLES}: killed after {:>4} ms | acknowledged {acknowledged_now:>4} this cycle, \
             {} so far | {unanswered_now} unanswered at the kill, {} found applied | recovered in {} ms | \
             checked {} applications, {} comments, {} tags, {} runs",
            kill_after.as_millis(),
            model_now.acknowledged,
            model_now.unanswered_found_applied - applied_before,
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
    let settled = wait_for_pipelines(&directory, &api, &setup.job_id).await;
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
}
