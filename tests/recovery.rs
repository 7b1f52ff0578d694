//! Recovery from a data directory: snapshots plus the log, several
//! workspaces whose records interleave, one of them snapshotted part way.
//! The recovered states must equal applying every event in order.

use std::sync::Arc;

use shortlist::domain::event::Event;
use shortlist::domain::synthetic::synthetic_workspace;
use shortlist::domain::time::Timestamp;
use shortlist::domain::workspace::Workspace;
use shortlist::store::codec;
use shortlist::store::wal::{FileStorage, FsyncMode, Lsn, Wal, WalConfig};
use shortlist::workspace::journal::LogRecord;
use shortlist::workspace::persistence::{recover, write_snapshot, DataLayout};

/// The events that rebuild `workspace` from nothing, in order: its creation,
/// then one stage move per application (enough to exercise the indexes).
fn stage_moves(workspace: &Workspace) -> Vec<Event> {
    let job = workspace.jobs.values().next().expect("a job");
    let mut ids: Vec<_> = workspace.applications.keys().cloned().collect();
    ids.sort();
    ids.iter()
        .enumerate()
        .map(|(index, application_id)| Event::StageChanged {
            application_id: application_id.clone(),
            stage_id: job.definition.stages[index % job.definition.stages.len()].id.clone(),
            at: Timestamp::from_unix_milliseconds(1_790_000_500_000 + index as i64),
        })
        .collect()
}

#[test]
fn interleaved_workspaces_recover_to_the_state_of_every_event_applied_in_order() {
    let scratch = tempfile::Builder::new().prefix("shortlist-recovery-test-").tempdir().unwrap();
    let directory = scratch.path().to_path_buf();
    let layout = DataLayout::new(&directory);
    let (mut first, _) = synthetic_workspace("first", 40, 1, &[]);
    let (mut second, _) = synthetic_workspace("second", 30, 2, &[]);
    let first_moves = stage_moves(&first);
    let second_moves = stage_moves(&second);

    let mut config = WalConfig::for_directory(layout.wal());
    config.fsync = FsyncMode::Never;
    let (wal, _) = Wal::open(config, Arc::new(FileStorage)).expect("the log opens");
    let append = |workspace: &Workspace, event: &Event| {
        let payload = codec::encode(&LogRecord { workspace_id: workspace.id.clone(), event: event.clone() }).unwrap();
        wal.append(payload, Box::new(|_| {})).unwrap();
    };
    // `first` is snapshotted before any record; `second` half way through its moves.
    write_snapshot(&layout, &first.to_image(), 0, Timestamp::from_unix_milliseconds(1), 1).unwrap();
    let mut lsn: Lsn = 0;
    let mut second_snapshot_written = false;
    let (mut first_last_lsn, mut second_last_lsn): (Lsn, Lsn) = (0, 0);
    for index in 0..first_moves.len().max(second_moves.len()) {
        if let Some(event) = first_moves.get(index) {
            append(&first, event);
            first.apply(event);
            lsn += 1;
            first_last_lsn = lsn;
        }
        if let Some(event) = second_moves.get(index) {
            append(&second, event);
            second.apply(event);
            lsn += 1;
            second_last_lsn = lsn;
        }
        if index == second_moves.len() / 2 && !second_snapshot_written {
            wal.flush().unwrap();
            write_snapshot(&layout, &second.to_image(), lsn, Timestamp::from_unix_milliseconds(2), 1).unwrap();
            second_snapshot_written = true;
        }
    }
    wal.flush().unwrap();
    drop(wal);

    let (recovered, report) = recover(&layout).expect("recovers");
    assert_eq!(report.snapshots_loaded, 2);
    assert_eq!(report.records_replayed + report.records_skipped, (first_moves.len() + second_moves.len()) as u64);
    assert!(report.records_skipped > 0, "records already in the second snapshot are skipped");
    let by_id = |id: &str| recovered.iter().find(|workspace| workspace.state.id.as_str() == id).expect("recovered");
    assert_eq!(by_id("first").state.to_image(), first.to_image());
    assert_eq!(by_id("second").state.to_image(), second.to_image());
    assert_eq!(by_id("first").last_lsn, first_last_lsn);
    assert_eq!(by_id("second").last_lsn, second_last_lsn);
}

#[actix_web::test]
async fn a_log_that_ends_before_a_snapshot_refuses_to_start_with_a_remedy() {
    use shortlist::startup::{Application, Environment};

    let scratch = tempfile::Builder::new().prefix("shortlist-recovery-behind-").tempdir().unwrap();
    let directory = scratch.path().to_path_buf();
    let layout = DataLayout::new(&directory);
    let (workspace, _) = synthetic_workspace("ahead", 3, 4, &[]);
    // The snapshot covers LSN 50, but the log (none yet) ends at 0: as if wal/ had been replaced.
    write_snapshot(&layout, &workspace.to_image(), 50, Timestamp::from_unix_milliseconds(1), 1).unwrap();
    let mut settings = shortlist_settings(&directory);
    settings.no_demo = true;
    let environment = Environment { extractor_program: None, ..Environment::production() };
    let mut application = Application::build(&settings, environment).expect("the server binds and starts recovering");
    let refused = application.wait_until_recovered().await.expect_err("recovery refuses");
    let message = refused.to_string();
    assert!(message.contains("covers LSN 50") && message.contains("log ends at LSN 0"), "{message}");
    assert!(message.contains("shortlist restore"), "the message names a remedy: {message}");
}

fn shortlist_settings(data_dir: &std::path::Path) -> shortlist::config::ServeSettings {
    use clap::Parser;
    let cli = shortlist::config::Cli::parse_from([
        "shortlist",
        "--bind",
        "127.0.0.1:0",
        "--data-dir",
        data_dir.to_str().expect("a UTF-8 path"),
        "--jwt-secret",
        "recovery-test-secret",
    ]);
    cli.serve
}

#[actix_web::test]
async fn the_server_answers_health_checks_before_its_recovery_is_awaited() {
    use shortlist::startup::{Application, Environment};

    let scratch = tempfile::Builder::new().prefix("shortlist-recovery-serving-").tempdir().unwrap();
    let mut settings = shortlist_settings(scratch.path());
    settings.no_demo = true;
    let environment = Environment { extractor_program: None, ..Environment::production() };
    let mut application = Application::build(&settings, environment).expect("the server binds and starts recovering");
    let client = awc::Client::builder().timeout(std::time::Duration::from_secs(10)).finish();
    let health = format!("http://127.0.0.1:{}/healthz", application.port);
    // Nothing has awaited recovery yet: an operator's probe is still answered.
    let answer = client.get(&health).send().await.expect("the server answers while recovery is not awaited");
    assert_eq!(answer.status(), 200);
    application.wait_until_recovered().await.expect("an empty directory recovers");
    let ready = format!("http://127.0.0.1:{}/readyz", application.port);
    assert_eq!(client.get(&ready).send().await.expect("the server answers").status(), 200);
}
