//! The operator's tools, run as an operator runs them: the `shortlist`
//! binary on a data directory that a server wrote. `wal verify` and
//! `wal dump` read the log, `snapshot list`, `inspect` and `verify` read
//! snapshots (and `verify` fails on a damaged one), `snapshot create` writes
//! one covering the log, and `restore` rebuilds a workspace at a chosen LSN
//! into a new directory, refusing a log directory that is not there and a
//! target that already holds the workspace.

mod support;

use std::path::{Path, PathBuf};
use std::process::Output;

use support::{between, fresh_data_dir, seed, shortlist, Server};

fn run(arguments: &[&str]) -> Output {
    shortlist().args(arguments).output().expect("the command runs")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn snapshots_of(data_dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir.join("workspaces/seed-1"))
        .expect("the workspace's snapshot directory")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "snap"))
        .collect();
    files.sort();
    files
}

/// Seeds three applications, then has a server rerun one score, so that
/// the log holds records after the seeded snapshot (which covers LSN 0).
fn data_directory_with_a_log(name: &str) -> (tempfile::TempDir, PathBuf) {
    let (scratch, data_dir) = fresh_data_dir(name);
    let seeded = seed(&data_dir, &["--jobs", "1", "--applications-per-job", "3"]);
    assert!(seeded.status.success(), "{}", text(&seeded));
    let stdout = String::from_utf8_lossy(&seeded.stdout).into_owned();
    let key = stdout.split_whitespace().find(|word| word.starts_with("svc_live_")).expect("a key").to_owned();
    let mut server = Server::start(&data_dir);
    let jobs = server.get("/api/v1/jobs", &key);
    let job = between(&jobs, "{\"id\":\"", "\"");
    let page = server.get(&format!("/api/v1/jobs/{job}/applications"), &key);
    let application = between(&page, "\"applications\":[{\"id\":\"", "\"").to_owned();
    assert!(server.post(&format!("/api/v1/applications/{application}/ats/rerun"), &key).contains("\"queued\":true"));
    server.wait_for_pipeline(&application, 2);
    let ats = server.get(&format!("/api/v1/applications/{application}/ats"), &key);
    assert!(ats.contains("\"run\":2") && ats.contains("\"state\":\"done\""), "the rerun read its packed resume: {ats}");
    drop(server);
    (scratch, data_dir)
}

#[test]
fn the_log_tools_read_what_the_server_wrote() {
    let (_scratch, data_dir) = data_directory_with_a_log("operator-log");
    let data = data_dir.to_str().expect("a UTF-8 path");

    let verified = run(&["wal", "verify", "--data-dir", data]);
    assert!(verified.status.success(), "{}", text(&verified));

    let dumped = run(&["wal", "dump", "--data-dir", data]);
    assert!(dumped.status.success(), "{}", text(&dumped));
    let lines: Vec<String> = String::from_utf8_lossy(&dumped.stdout).lines().map(str::to_owned).collect();
    assert!(lines.len() >= 2, "the rerun and its result are logged: {lines:?}");
    assert!(lines.iter().all(|line| line.split('\t').nth(1) == Some("seed-1")), "{lines:?}");
    assert!(lines[0].starts_with("1\tseed-1\t"), "LSNs start at 1: {lines:?}");

    let one_as_json = run(&["wal", "dump", "--data-dir", data, "--json", "--limit", "1"]);
    let json_lines: Vec<String> = String::from_utf8_lossy(&one_as_json.stdout).lines().map(str::to_owned).collect();
    assert_eq!(json_lines.len(), 1, "{json_lines:?}");
    let event = json_lines[0].split('\t').nth(2).expect("the event");
    serde_json::from_str::<serde_json::Value>(event).expect("the event is JSON");

    let after_everything = run(&["wal", "dump", "--data-dir", data, "--after-lsn", "1000000"]);
    assert!(after_everything.status.success() && after_everything.stdout.is_empty(), "{}", text(&after_everything));
}

#[test]
fn snapshots_are_listed_inspected_created_and_verified_and_damage_is_reported() {
    let (_scratch, data_dir) = data_directory_with_a_log("operator-snapshots");
    let data = data_dir.to_str().expect("a UTF-8 path");
    let seeded = snapshots_of(&data_dir);
    assert_eq!(seeded.len(), 1, "{seeded:?}");
    let seeded_snapshot = seeded[0].to_str().expect("a UTF-8 path");

    let listed = run(&["snapshot", "list", "--data-dir", data]);
    assert!(listed.status.success() && text(&listed).contains("seed-1"), "{}", text(&listed));
    let inspected = run(&["snapshot", "inspect", seeded_snapshot]);
    assert!(text(&inspected).contains("applications:    3"), "{}", text(&inspected));

    let created = run(&["snapshot", "create", "--data-dir", data]);
    assert!(created.status.success(), "{}", text(&created));
    let after = snapshots_of(&data_dir);
    assert_eq!(after.len(), 2, "a second snapshot, covering the log: {after:?}");
    let newest = after.last().expect("the new snapshot");
    let verified = run(&["snapshot", "verify", newest.to_str().expect("a UTF-8 path")]);
    assert!(verified.status.success() && text(&verified).contains("OK"), "{}", text(&verified));
    assert!(!text(&verified).contains("LSN 0,"), "the new snapshot covers the log: {}", text(&verified));

    let mut bytes = std::fs::read(newest).expect("the snapshot reads");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(newest, bytes).expect("the damage is written");
    let damaged = run(&["snapshot", "verify", newest.to_str().expect("a UTF-8 path")]);
    assert!(!damaged.status.success(), "{}", text(&damaged));
    assert!(text(&damaged).contains("FAILED"), "{}", text(&damaged));
}

#[test]
fn restore_rebuilds_a_workspace_at_an_lsn_and_refuses_a_missing_log_or_a_taken_target() {
    let (scratch, data_dir) = data_directory_with_a_log("operator-restore");
    let seeded_snapshot = snapshots_of(&data_dir)[0].clone();
    let from = seeded_snapshot.to_str().expect("a UTF-8 path");

    let missing_log = scratch.path().join("no-such-log");
    let target = scratch.path().join("restored");
    let target_text = target.to_str().expect("a UTF-8 path");
    let refused =
        run(&["restore", "--from", from, "--data-dir", target_text, "--log-dir", missing_log.to_str().unwrap()]);
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(text(&refused).contains(missing_log.to_str().unwrap()), "the error names the path: {}", text(&refused));
    assert!(!target.join("workspaces").exists(), "nothing was written: {}", text(&refused));

    let restored = run(&["restore", "--from", from, "--data-dir", target_text, "--until-lsn", "1"]);
    assert!(restored.status.success(), "{}", text(&restored));
    assert!(text(&restored).contains("from LSN 0 to LSN 1 (1 records)"), "{}", text(&restored));
    let verified = run(&["snapshot", "verify", snapshots_of(&target)[0].to_str().expect("a UTF-8 path")]);
    assert!(verified.status.success(), "{}", text(&verified));

    let again = run(&["restore", "--from", from, "--data-dir", target_text]);
    assert!(!again.status.success(), "{}", text(&again));
    assert!(text(&again).contains("already holds workspace seed-1"), "{}", text(&again));
}
