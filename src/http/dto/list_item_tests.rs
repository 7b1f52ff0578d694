//! The applications page and the job page written without serde against
//! their derived `Serialize`, which `json_writer`'s own tests hold to
//! serde_json: the same bytes for any names, emails, titles, tags, scores,
//! times and cursors.

use proptest::prelude::*;

use super::application::{ApplicationListItem, ApplicationsPage};
use super::job::{JobPage, JobSummary};
use super::{Iso8601, ListPagination};
use crate::domain::tag::Tag;
use crate::domain::time::Timestamp;
use crate::http::json_writer::write_json;

#[derive(Clone, Debug)]
struct Item {
    id: String,
    candidate_name: String,
    email: String,
    ats_score: Option<u8>,
    tags: Vec<Tag>,
    created_at: i64,
    updated_at: i64,
    change_sequence: u64,
}

fn item() -> impl Strategy<Value = Item> {
    let tag = (any::<String>(), "#[0-9a-f]{6}").prop_map(|(name, color)| Tag { name, color });
    // Most instants in years 0 to 9999, some outside them (the slower rendering).
    let instant = prop_oneof![4 => -62_167_219_200_000i64..253_402_300_800_000i64, 1 => any::<i64>()];
    (
        "app_[A-Za-z0-9]{20}",
        any::<String>(),
        any::<String>(),
        any::<Option<u8>>(),
        proptest::collection::vec(tag, 0..4),
        instant.clone(),
        instant,
        any::<u64>(),
    )
        .prop_map(|(id, candidate_name, email, ats_score, tags, created_at, updated_at, change_sequence)| Item {
            id,
            candidate_name,
            email,
            ats_score,
            tags,
            created_at,
            updated_at,
            change_sequence,
        })
}

fn list_item(item: &Item) -> ApplicationListItem<'_> {
    ApplicationListItem {
        id: &item.id,
        job_id: "job_0123456789abcdefghij",
        candidate_name: &item.candidate_name,
        email: &item.email,
        ats_score: item.ats_score,
        job_stage_id: "stage_0123456789abcdefghij",
        tags: &item.tags,
        status: "active",
        pipeline_state: "done",
        created_at: Iso8601(Timestamp::from_unix_milliseconds(item.created_at)),
        updated_at: Iso8601(Timestamp::from_unix_milliseconds(item.updated_at)),
        change_sequence: item.change_sequence,
    }
}

proptest! {
    #[test]
    fn the_page_written_directly_is_the_page_serde_writes(
        items in proptest::collection::vec(item(), 0..6),
        offset in any::<Option<usize>>(),
        total in any::<usize>(),
        next_cursor in any::<Option<String>>(),
    ) {
        let page = ApplicationsPage {
            applications: items.iter().map(list_item).collect(),
            pagination: ListPagination { offset, limit: 20, total, next_cursor },
        };
        let mut direct = Vec::new();
        page.write_json(&mut direct).expect("writes");
        let mut derived = Vec::new();
        write_json(&mut derived, &page).expect("writes");
        prop_assert_eq!(String::from_utf8_lossy(&direct), String::from_utf8_lossy(&derived));
        let parsed: serde_json::Value = serde_json::from_slice(&direct).expect("valid JSON");
        prop_assert_eq!(parsed["applications"].as_array().map(Vec::len), Some(items.len()));
    }
}

proptest! {
    #[test]
    fn the_job_page_written_directly_is_the_page_serde_writes(
        jobs in proptest::collection::vec((any::<String>(), any::<String>(), any::<u32>(), any::<i64>(), any::<u64>()), 0..6),
        offset in any::<Option<usize>>(),
        next_cursor in any::<Option<String>>(),
    ) {
        let page = JobPage {
            items: jobs
                .iter()
                .map(|(title, team_name, application_count, created_at, change_sequence)| JobSummary {
                    id: "job_0123456789abcdefghij",
                    title,
                    status: "active",
                    team_id: "team_0123456789abcdefghij",
                    team_name,
                    application_count: *application_count,
                    created_at: Iso8601(Timestamp::from_unix_milliseconds(*created_at)),
                    change_sequence: *change_sequence,
                })
                .collect(),
            pagination: ListPagination { offset, limit: 20, total: jobs.len(), next_cursor },
        };
        let mut direct = Vec::new();
        page.write_json(&mut direct).expect("writes");
        let mut derived = Vec::new();
        write_json(&mut derived, &page).expect("writes");
        prop_assert_eq!(String::from_utf8_lossy(&direct), String::from_utf8_lossy(&derived));
    }
}
