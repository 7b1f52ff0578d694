//! The read path: how a reader gets at a workspace's state. Two designs:
//! - `rwlock`: the actor mutates in place under a `parking_lot::RwLock`;
//!   readers take the read lock for the length of a page.
//! - `swapped_view`: the actor publishes an immutable `Arc<Workspace>`
//!   through `arc_swap`; readers load the pointer, writers copy the whole
//!   workspace, change the copy and swap it in.
//!
//! Measured: one page of 20 applications sorted by ATS score from a job of
//! 10,000 (the read), and one write as each design must do it.

use std::sync::Arc;

use arc_swap::ArcSwap;
use criterion::{criterion_group, criterion_main, Criterion};
use parking_lot::RwLock;
use shortlist::domain::application_index::SortOrder;
use shortlist::domain::event::Event;
use shortlist::domain::ids::JobId;
use shortlist::domain::query::{list_applications, ApplicationFilter};
use shortlist::domain::synthetic::workspace_with_applications;
use shortlist::domain::time::Timestamp;
use shortlist::domain::walk::ListRequest;
use shortlist::domain::workspace::Workspace;

const APPLICATIONS: u32 = 10_000;

fn read_page(workspace: &Workspace, job_id: &JobId) -> usize {
    let job = &workspace.jobs[job_id];
    let filter = ApplicationFilter::default();
    let page =
        list_applications(workspace, job, &filter, SortOrder::AtsDesc, &ListRequest::offset(100, 20)).expect("valid");
    page.items.len()
}

fn a_write(workspace: &Workspace) -> Event {
    let application = workspace.applications.values().next().expect("applications");
    let job = &workspace.jobs[&application.job_id];
    let target = &job.definition.stages[(job.stage_position(&application.stage_id).unwrap_or(0) + 1) % 4];
    Event::StageChanged {
        application_id: application.id.clone(),
        stage_id: target.id.clone(),
        at: Timestamp::from_unix_milliseconds(1),
    }
}

fn read_path(criterion: &mut Criterion) {
    let (workspace, job_id) = workspace_with_applications(APPLICATIONS, 1);
    let write = a_write(&workspace);
    let locked = Arc::new(RwLock::new(workspace.clone()));
    let swapped = ArcSwap::from_pointee(workspace);

    let mut group = criterion.benchmark_group("read_page_of_20_from_10k");
    group.bench_function("rwlock", |bencher| bencher.iter(|| read_page(&locked.read(), &job_id)));
    group.bench_function("swapped_view", |bencher| bencher.iter(|| read_page(&swapped.load(), &job_id)));
    group.finish();

    let mut group = criterion.benchmark_group("one_write_on_10k");
    group.sample_size(20);
    group.bench_function("rwlock_apply_in_place", |bencher| bencher.iter(|| locked.write().apply(&write)));
    group.bench_function("swapped_view_copy_apply_swap", |bencher| {
        bencher.iter(|| {
            let mut copy = Workspace::clone(&swapped.load());
            copy.apply(&write);
            swapped.store(Arc::new(copy));
        })
    });
    group.finish();
}

criterion_group!(benches, read_path);
criterion_main!(benches);
