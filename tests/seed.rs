//! `shortlist seed` as a script runs it: it says the shape, writes the data,
//! prints a key, waits until every resume is scored, snapshots each
//! workspace and exits on its own; the snapshot it leaves verifies. And a
//! size that will not fit in memory is refused before anything is written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const SEED_SECONDS_MAX: u64 = 60;

fn shortlist() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shortlist"))
}

fn fresh_data_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_nanos());
    std::env::temp_dir().join(format!("shortlist-seed-{name}-{}-{nanos}", std::process::id()))
}

/// Runs `shortlist seed` with `arguments`, failing the test if it has not
/// exited within `SEED_SECONDS_MAX` (it must stop by itself).
fn seed(data_dir: &Path, arguments: &[&str]) -> Output {
    let mut child = shortlist()
        .arg("seed")
        .args(["--data-dir", data_dir.to_str().expect("a UTF-8 path"), "--bind", "127.0.0.1:0"])
        .args(arguments)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let started = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > Duration::from_secs(SEED_SECONDS_MAX) {
            let _ = child.kill();
            panic!("seed did not exit within {SEED_SECONDS_MAX} s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("its output")
}

#[test]
fn seed_writes_scores_snapshots_and_exits_on_its_own() {
    let data_dir = fresh_data_dir("small");
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
    let _ = std::fs::remove_dir_all(&data_dir);
}

#[test]
fn a_data_set_too_big_for_memory_is_refused_before_anything_is_written() {
    let data_dir = fresh_data_dir("huge");
    let output = seed(&data_dir, &["--jobs", "1000", "--applications-per-job", "1000000"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("1000000000 applications need about") && stderr.contains("ask for at most"), "{stderr}");
    assert!(!data_dir.exists(), "nothing was written");
}
