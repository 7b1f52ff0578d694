//! The workspace, job and key each run writes to.

use crate::*;

pub(crate) struct Setup {
    pub(crate) job_id: String,
    pub(crate) job: Value,
    pub(crate) key: String,
    pub(crate) key_id: String,
}

pub(crate) fn expect_created(directory: &TestDirectory, outcome: Outcome, what: &str) -> Value {
    match outcome {
        Outcome::Answered { status: 201, mut body } => body["data"].take(),
        Outcome::Answered { status, body } => directory.fail(&format!("{what} answered {status}: {body}")),
        Outcome::Unanswered(error) => directory.fail(&format!("{what} was not answered: {error}")),
    }
}

/// The workspace, a team, the paid job and a whole-workspace key.
pub(crate) async fn create_workspace(directory: &TestDirectory, server: &Server, token: &str) -> Setup {
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

pub(crate) fn owner_token() -> String {
    // The server under test runs on the system clock; the token follows it.
    let now = u64::try_from(SystemClock.now().unix_seconds()).unwrap_or(0);
    JwtSigner::new(JWT_SECRET.as_bytes()).sign(ORG, OWNER, Role::Owner, now, 3_600)
}

/// Waits until no pipeline is queued or running, and returns the
/// applications' list items. Each round lists the job, then waits for the
/// server to log a recorded result of one of the busy applications; a line
/// is logged once the result is readable, so the next listing shows it.
pub(crate) async fn wait_for_pipelines(
    directory: &TestDirectory,
    api: &Api,
    server: &mut Server,
    job_id: &str,
) -> Vec<Value> {
    let deadline = Instant::now() + PIPELINES_SETTLE_WAIT_MAX;
    loop {
        let path = format!("/api/v1/jobs/{job_id}/applications?sort=created-asc");
        let listed = api
            .all_pages(&path, "applications", Auth::Key(&api.key))
            .await
            .unwrap_or_else(|error| directory.fail(&format!("waiting for the pipelines: {error}")));
        let busy: BTreeSet<String> = listed
            .iter()
            .filter(|item| matches!(item["pipelineState"].as_str(), Some("queued" | "running")))
            .map(|item| format!("application_id={}", item["id"].as_str().unwrap_or_default()))
            .collect();
        if busy.is_empty() {
            return listed;
        }
        loop {
            let Some(line) = server.next_log_line(deadline).await else {
                directory.fail(&format!("the pipelines did not settle within {PIPELINES_SETTLE_WAIT_MAX:?}: {busy:?}"));
            };
            let recorded = line.contains("pipeline result recorded");
            if recorded && busy.iter().any(|application| line.contains(application.as_str())) {
                break;
            }
        }
    }
}
