//! What one applications-page request costs in the service's own code, on a
//! job of 100,000: the page from the index, the page serialised as the
//! response body, a one-word name search, and the API key lookup (SHA-256
//! of the presented key, one map lookup) among 1,000 keys. Response bodies
//! are written by `http::json_writer`; serde_json writes the same bytes
//! beside it, for the comparison. Then what a
//! resume read costs: decoding a stored parsed resume into owned strings
//! beside decoding it with strings borrowed from the stored bytes (what
//! reads do), and the borrowed decode serialised as the response body. The
//! load test (`loadtests/run.sh`) measures the same requests end to end.

use criterion::{criterion_group, criterion_main, Criterion};
use shortlist::auth::api_key::generate_api_key;
use shortlist::auth::key_registry::KeyRegistry;
use shortlist::domain::api_key::{ApiKey, Claims};
use shortlist::domain::application::Application;
use shortlist::domain::application_index::SortOrder;
use shortlist::domain::encoded::Encoded;
use shortlist::domain::ids::{KeyId, UserId, WorkspaceId};
use shortlist::domain::query::{list_applications, ApplicationFilter};
use shortlist::domain::synthetic::workspace_with_applications;
use shortlist::domain::time::Timestamp;
use shortlist::domain::walk::{ListPage, ListRequest, PageStart};
use shortlist::engine::YearMonth;
use shortlist::http::dto::application::{ApplicationsPage, ResumeView};
use shortlist::http::envelope::success_body;
use shortlist::http::json_writer::write_json;
use shortlist::workspace::stored_results::{current_resume_bytes, decode_resume, encode_resume, read_resume};

const APPLICATIONS: u32 = 100_000;
const KEYS: usize = 1_000;

fn listing(criterion: &mut Criterion) {
    let (workspace, job_id) = workspace_with_applications(APPLICATIONS, 1);
    let job = &workspace.jobs[&job_id];
    let page = ListRequest::offset(0, 20);
    let everyone = ApplicationFilter::default();
    let mut group = criterion.benchmark_group("applications_page_of_20_from_100k");
    group.bench_function("from_the_index", |bencher| {
        bencher.iter(|| list_applications(&workspace, job, &everyone, SortOrder::AtsDesc, &page).expect("lists").total)
    });
    group.bench_function("serialised_as_the_response_body", |bencher| {
        bencher.iter(|| {
            let found = list_applications(&workspace, job, &everyone, SortOrder::AtsDesc, &page).expect("lists");
            success_body(ApplicationsPage::new(&workspace, &found, &page, None)).expect("serialises").len()
        })
    });
    group.bench_function("serialised_by_serde_json_for_comparison", |bencher| {
        bencher.iter(|| {
            let found = list_applications(&workspace, job, &everyone, SortOrder::AtsDesc, &page).expect("lists");
            let mut body = Vec::with_capacity(16 * 1024);
            serde_json::to_writer(&mut body, &ApplicationsPage::new(&workspace, &found, &page, None))
                .expect("serialises");
            body.len()
        })
    });
    let by_name = ApplicationFilter { name: Some("12345".into()), ..ApplicationFilter::default() };
    group.bench_function("name_search_one_word", |bencher| {
        bencher.iter(|| list_applications(&workspace, job, &by_name, SortOrder::AtsDesc, &page).expect("lists").total)
    });
    group.finish();

    // A page deep in the job, reached by offset and by the cursor of the
    // page before it: both should cost about what the first page costs.
    let mut group = criterion.benchmark_group("applications_page_of_20_at_50k_of_100k");
    for sort in [SortOrder::AtsDesc, SortOrder::CreatedDesc, SortOrder::NameAsc, SortOrder::UpdatedAsc] {
        let deep = ListRequest::offset(50_000, 20);
        let before =
            list_applications(&workspace, job, &everyone, sort, &ListRequest::offset(49_980, 20)).expect("lists");
        let walk = before.next.expect("more pages follow");
        let by_cursor = ListRequest { start: PageStart::After(walk), limit: 20 };
        let by_offset = list_applications(&workspace, job, &everyone, sort, &deep).expect("lists");
        let by_position = list_applications(&workspace, job, &everyone, sort, &by_cursor).expect("lists");
        let ids = |page: &ListPage<&Application>| page.items.iter().map(|item| item.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&by_offset), ids(&by_position), "{sort:?}: the cursor continues where the offset page ends");
        group.bench_function(format!("{sort:?}_by_offset"), |bencher| {
            bencher.iter(|| list_applications(&workspace, job, &everyone, sort, &deep).expect("lists").items.len())
        });
        group.bench_function(format!("{sort:?}_by_cursor"), |bencher| {
            bencher.iter(|| list_applications(&workspace, job, &everyone, sort, &by_cursor).expect("lists").items.len())
        });
    }
    group.finish();

    let registry = KeyRegistry::new(std::sync::Arc::new(shortlist::clock::SystemClock));
    let workspace_id = WorkspaceId::parse("bench").expect("valid");
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let mut presented = String::new();
    for ordinal in 0..KEYS {
        let material = generate_api_key();
        let key = ApiKey {
            id: KeyId::generate(&mut rng),
            name: format!("key {ordinal}"),
            hash: material.hash,
            key_prefix: material.key_prefix,
            claims: Claims::default(),
            expires_at: None,
            rate_limit_per_minute: None,
            created_by: UserId::parse("owner").expect("valid"),
            created_at: Timestamp::from_unix_milliseconds(0),
            ordinal: ordinal as u32,
            revoked_at: None,
        };
        registry.insert(&workspace_id, &key, 600, None);
        presented = material.plaintext;
    }
    let now = Timestamp::from_unix_milliseconds(1_800_000_000_000);
    criterion.bench_function("api_key_lookup_among_1000", |bencher| {
        bencher.iter(|| registry.authenticate(&presented, now).is_ok())
    });
}

fn resume_read(criterion: &mut Criterion) {
    let text = include_str!("../tests/fixtures/resumes/r01-backend-engineer.txt");
    let present = YearMonth { year: 2026, month: 11 };
    let resume = shortlist::engine::parse_resume(text, present).expect("parses");
    let stored = Encoded::new(encode_resume(&resume).expect("encodes"));
    let mut group = criterion.benchmark_group("stored_resume_read");
    group.bench_function("decoded_owned", |bencher| {
        bencher.iter(|| decode_resume(&stored).expect("decodes").skills.len())
    });
    group.bench_function("decoded_borrowed", |bencher| {
        bencher.iter(|| {
            let bytes = current_resume_bytes(&stored).expect("current");
            read_resume(&bytes).expect("decodes").skills.len()
        })
    });
    let bytes = current_resume_bytes(&stored).expect("current");
    let read = read_resume(&bytes).expect("decodes");
    let view = ResumeView::new(&read);
    group.bench_function("view_written_by_serde_json", |bencher| {
        bencher.iter(|| {
            let mut out = Vec::with_capacity(16 * 1024);
            serde_json::to_writer(&mut out, &view).expect("writes");
            out.len()
        })
    });
    group.bench_function("view_written_by_json_writer", |bencher| {
        bencher.iter(|| {
            let mut out = Vec::with_capacity(16 * 1024);
            write_json(&mut out, &view).expect("writes");
            out.len()
        })
    });
    group.bench_function("decoded_borrowed_and_serialised", |bencher| {
        bencher.iter(|| {
            let bytes = current_resume_bytes(&stored).expect("current");
            let read = read_resume(&bytes).expect("decodes");
            success_body(ResumeView::new(&read)).expect("serialises").len()
        })
    });
    group.finish();
}

criterion_group!(benches, listing, resume_read);
criterion_main!(benches);
