//! The log of a whole run in JSON: one object per line, one access line per
//! request with its request ID, and never a secret or a candidate's words.
//! A run of the real binary on its demo data: reads with the demo key,
//! key management with an owner JWT, an application with a resume and a
//! comment; then every line of the log is read back.

mod support;

use serde_json::Value;
use shortlist::demo::DEMO_API_KEY;
use support::{between, fresh_data_dir, shortlist, Server};

const RESUME_SENTENCE: &str = "Rebuilt the quarterly sardine-canning ledger in Haskell for Lisbon dockworkers";
const COMMENT_TEXT: &str = "Confidential: salary expectation is 91,357 marks";

#[test]
fn a_json_log_has_one_access_line_per_request_and_no_secret_or_candidate_text() {
    let (_scratch, data_dir) = fresh_data_dir("logs");
    let mut server = Server::start_with(&data_dir, &["--log-format", "json"]);
    server.wait_for_output("the demo workspace is ready", |line| line.contains("is ready"));
    let token = {
        let output = shortlist()
            .args(["token", "--org", "demo", "--sub", "demo-owner", "--role", "owner"])
            .args(["--data-dir", data_dir.to_str().expect("a UTF-8 path")])
            .output()
            .expect("the token command runs");
        String::from_utf8(output.stdout).expect("text").trim().to_owned()
    };
    let bearer = format!("Bearer {token}");

    let jobs = server.get("/api/v1/jobs", DEMO_API_KEY);
    let job = between(&jobs, "{\"id\":\"", "\"").to_owned();
    let application = format!(
        r#"{{"candidateName":"Log Tester","email":"log.tester@example.com","resumeText":"Log Tester\nlog.tester@example.com\n\nEXPERIENCE\nEngineer at Acme, 2019 - Present\n- {RESUME_SENTENCE}\n"}}"#
    );
    let applied = server.exchange("POST", &format!("/api/jobs/{job}/applications"), &[], &application);
    let application_id = between(&applied, "\"application\":{\"id\":\"", "\"").to_owned();
    let comment = format!(r#"{{"text":"{COMMENT_TEXT}"}}"#);
    let commented = server.exchange(
        "POST",
        &format!("/api/v1/applications/{application_id}/comments"),
        &[("X-API-Key", DEMO_API_KEY), ("X-Request-Id", "trace-me-42")],
        &comment,
    );
    assert!(commented.contains("\"status\":\"success\""), "{commented}");
    let created =
        server.exchange("POST", "/api/orgs/demo/api-keys", &[("Authorization", &bearer)], r#"{"name":"log test key"}"#);
    let new_key = between(&created, "\"apiKey\":\"", "\"").to_owned();
    server.exchange("GET", "/api/orgs/demo/api-keys", &[("Authorization", &bearer)], "");
    server.get(&format!("/api/v1/applications/{application_id}/resume"), &new_key);

    let lines = server.stop_and_collect_log();
    let mut access_lines = Vec::new();
    for line in &lines {
        let parsed: Value = serde_json::from_str(line).unwrap_or_else(|error| panic!("not JSON ({error}): {line}"));
        for secret in [DEMO_API_KEY, token.as_str(), new_key.as_str(), RESUME_SENTENCE, COMMENT_TEXT] {
            assert!(!line.contains(secret), "the log holds {secret:?}: {line}");
        }
        if parsed["target"] == "shortlist::access" {
            access_lines.push(parsed);
        }
    }
    assert_eq!(access_lines.len(), 6, "one access line per request: {access_lines:?}");
    for line in &access_lines {
        for field in ["request_id", "method", "route", "status", "latency_microseconds"] {
            assert!(!line[field].is_null(), "an access line has {field}: {line}");
        }
    }
    let traced = access_lines.iter().find(|line| line["request_id"] == "trace-me-42").expect("the client's ID");
    assert_eq!(traced["route"], "/api/v1/applications/{application_id}/comments");
    assert_eq!(traced["status"], 201);
    assert!(traced["key_id"].as_str().is_some_and(|key| key.starts_with("key_")), "{traced}");
    let managed = access_lines.iter().find(|line| line["route"] == "/api/orgs/{org_id}/api-keys").expect("a JWT call");
    assert_eq!(managed["subject"], "demo-owner");
}
