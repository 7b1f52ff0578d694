//! `shortlist seed` as a script runs it: it says the shape, writes the data
//! without a server (every resume parsed and scored, the resumes in a pack,
//! one snapshot per workspace), prints a key and exits; the snapshot it
//! leaves verifies, and a server started on the directory serves the data
//! and reruns a score from the packed resume. A size that will not fit in
//! memory is refused before anything is written, and seeding a directory
//! that already holds the workspace is refused.

mod support;

use std::path::PathBuf;

use support::{between, fresh_data_dir, seed, shortlist, Server};

#[test]
fn seed_writes_a_scored_data_set_that_a_server_then_serves_and_rescores() {
    let (_scratch, data_dir) = fresh_data_dir("small");
    let output = seed(&data_dir, &["--jobs", "2", "--applications-per-job", "5", "--big-job-applications", "12"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("1 job of 12 applications and 1 of 5 applications: 17 applications in all"), "{stdout}");
    assert!(stdout.contains("seed-1 svc_live_"), "a key is printed: {stdout}");

    let snapshots: Vec<PathBuf> = std::fs::read_dir(data_dir.join("workspaces/seed-1"))
        .expect("a snapshot directory for the seeded workspace")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "snap"))
        .collect();
    assert_eq!(snapshots.len(), 1, "{snapshots:?}");
    let verify = shortlist().args(["snapshot", "verify"]).arg(&snapshots[0]).output().expect("verify runs");
    let verified = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success() && verified.contains("OK") && verified.contains("17 applications"), "{verified}");

    let again = seed(&data_dir, &["--jobs", "1", "--applications-per-job", "1"]);
    assert!(!again.status.success(), "a second seed into the same directory is refused");
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds workspace seed-1"));

    let key = stdout.split_whitespace().find(|word| word.starts_with("svc_live_")).expect("a key").to_owned();
    let mut server = Server::start(&data_dir);
    let jobs = server.get("/api/v1/jobs?limit=5", &key);
    assert!(jobs.contains("\"applicationCount\":12") && jobs.contains("\"applicationCount\":5"), "{jobs}");
    let big_job = jobs
        .split("{\"id\":\"")
        .find(|item| item.contains("\"applicationCount\":12"))
        .and_then(|item| item.split('"').next())
        .expect("the big job");
    let page = server.get(&format!("/api/v1/jobs/{big_job}/applications?sort=ats-desc&limit=100"), &key);
    assert!(page.contains("\"total\":12") && page.contains("\"pipelineState\":\"done\""), "{page}");
    assert!(!page.contains("\"atsScore\":null"), "every application is scored: {page}");
    let stages: std::collections::HashSet<&str> =
        page.split("\"jobStageId\":\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap_or(0)]).collect();
    assert!(stages.len() > 1, "applications are spread over stages: {stages:?}");

    let application = between(&page, "\"applications\":[{\"id\":\"", "\"");
    let rerun = server.post(&format!("/api/v1/applications/{application}/ats/rerun"), &key);
    assert!(rerun.contains("\"queued\":true"), "{rerun}");
    server.wait_for_pipeline(application, 2);
    let ats = server.get(&format!("/api/v1/applications/{application}/ats"), &key);
    assert!(ats.contains("\"run\":2") && ats.contains("\"state\":\"done\""), "the rerun read its packed resume: {ats}");
    drop(server);
}

#[test]
fn a_data_set_too_big_for_memory_is_refused_before_anything_is_written() {
    let (_scratch, data_dir) = fresh_data_dir("huge");
    let output = seed(&data_dir, &["--jobs", "1000", "--applications-per-job", "1000000"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("1000000000 applications need about") && stderr.contains("ask for at most"), "{stderr}");
    assert!(!data_dir.exists(), "nothing was written");
}
