//! Syncing a workspace over HTTP: cursors, `updatedAfter`, ETags with
//! `If-None-Match`. The guarantees themselves are tested against a model in
//! `domain::sync_tests`; these tests hold the wire to them.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::helpers::{application_ids, assert_v1_invalid, fixture, spawn_app, Fixture, Reply, TestApp};

async fn applications(app: &TestApp, fixture: &Fixture, query: &str) -> Reply {
    app.get(&format!("/api/v1/jobs/{}/applications?{query}", fixture.paid_job_id()), &fixture.key).await.expect(200)
}

fn next_cursor(reply: &Reply) -> Option<String> {
    reply.data()["pagination"]["nextCursor"].as_str().map(str::to_owned)
}

/// The applications of a page with their change sequences.
fn changes(reply: &Reply) -> Vec<(String, u64)> {
    reply.data()["applications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| (item["id"].as_str().unwrap().to_owned(), item["changeSequence"].as_u64().unwrap()))
        .collect()
}

async fn apply_many(app: &TestApp, fixture: &Fixture, count: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for number in 0..count {
        ids.push(app.apply_without_resume(fixture.paid_job_id(), &format!("Candidate {number:02}")).await);
    }
    ids
}

#[actix_web::test]
async fn a_cursor_walk_with_writes_between_pages_returns_every_unchanged_application_once() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let ids = apply_many(&app, &fixture, 12).await;
    for sort in ["created-desc", "created-asc", "name-asc", "updated-asc", "ats-desc"] {
        let mut seen = HashSet::new();
        let mut changed = HashSet::new();
        let mut query = format!("sort={sort}&limit=3");
        let mut pages = 0;
        loop {
            let page = applications(&app, &fixture, &query).await;
            for id in application_ids(&page) {
                assert!(seen.insert(id.to_owned()), "{id} twice in {sort}");
            }
            pages += 1;
            let Some(cursor) = next_cursor(&page) else { break };
            assert!(page.data()["pagination"]["offset"].is_number() || pages > 1);
            query = format!("sort={sort}&limit=3&cursor={cursor}");
            // A new application and a moved one between every two pages.
            changed.insert(app.apply_without_resume(fixture.paid_job_id(), &format!("Late {sort} {pages}")).await);
            let moved = &ids[pages % ids.len()];
            let stage = json!({ "stage": fixture.stage_id(pages % 3) });
            let path = format!("/api/v1/applications/{moved}/stage");
            app.request("PATCH", &path, crate::helpers::Auth::Key(&fixture.key), Some(stage)).await.expect(200);
            changed.insert(moved.clone());
        }
        for id in ids.iter().filter(|id| !changed.contains(*id)) {
            assert!(seen.contains(id), "{id} stayed unchanged but was passed over in {sort}");
        }
    }
}

#[actix_web::test]
async fn a_cursor_is_bound_to_its_query_and_refused_with_another_or_with_an_offset() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    apply_many(&app, &fixture, 3).await;
    let first = applications(&app, &fixture, "sort=ats-desc&limit=1").await;
    let cursor = next_cursor(&first).expect("more pages");
    let job = fixture.paid_job_id();
    let cases = [
        (format!("sort=ats-asc&limit=1&cursor={cursor}"), "`sort`"),
        (format!("sort=ats-desc&stage={}&cursor={cursor}", fixture.stage_id(0)), "`stage`"),
        (format!("sort=ats-desc&atsScoreMin=10&cursor={cursor}"), "`atsScoreMin`"),
        (format!("sort=ats-desc&offset=1&cursor={cursor}"), "`offset`"),
        ("sort=ats-desc&cursor=bm90LWEtY3Vyc29y".to_owned(), "not a cursor"),
    ];
    for (query, named) in cases {
        let reply = app.get(&format!("/api/v1/jobs/{job}/applications?{query}"), &fixture.key).await;
        assert_v1_invalid(&reply, &query);
        let message = reply.body["error"]["message"].as_str().unwrap();
        assert!(message.contains(named), "{query}: {message}");
    }
    let other_job = fixture.free_job_id();
    let reply =
        app.get(&format!("/api/v1/jobs/{other_job}/applications?sort=ats-desc&cursor={cursor}"), &fixture.key).await;
    assert_v1_invalid(&reply, "another job");
    let comments = app.get(&format!("/api/v1/jobs?cursor={cursor}"), &fixture.key).await;
    assert_v1_invalid(&comments, "another listing");
    // The same query with another limit continues the walk.
    let second = applications(&app, &fixture, &format!("sort=ats-desc&limit=2&cursor={cursor}")).await;
    assert_eq!(second.data()["pagination"]["offset"], Value::Null);
    assert_eq!(application_ids(&second).len(), 2);
    assert_eq!(second.data()["pagination"]["nextCursor"], Value::Null, "the last page");
}

#[actix_web::test]
async fn an_incremental_sync_from_the_last_change_sequence_returns_exactly_what_changed_in_change_order() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let ids = apply_many(&app, &fixture, 4).await;
    let full = applications(&app, &fixture, "sort=updated-asc").await;
    let walked = changes(&full);
    assert_eq!(walked.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ids, "change order is arrival order here");
    assert!(walked.windows(2).all(|pair| pair[0].1 < pair[1].1), "sequences increase: {walked:?}");
    let last = walked.last().unwrap().1;

    // Two changes in the same millisecond (the test clock does not move).
    app.comment(&fixture.key, &ids[2], json!({ "text": "Strong." })).await.expect(201);
    app.tags(&fixture.key, &ids[0], json!({ "add": ["rust"] })).await.expect(200);
    let since = applications(&app, &fixture, &format!("sort=updated-asc&updatedAfter={last}")).await;
    let changed = changes(&since);
    assert_eq!(changed.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), [ids[2].as_str(), ids[0].as_str()]);
    assert!(changed[0].1 < changed[1].1 && changed[0].1 > last);
    assert_eq!(since.data()["pagination"]["total"], 2);
    let nothing_new = applications(&app, &fixture, &format!("sort=updated-asc&updatedAfter={}", changed[1].1)).await;
    assert_eq!(changes(&nothing_new), []);

    // A time works too: what changed after it.
    app.clock.advance_milliseconds(5_000);
    let before = app.iso8601_after(-1);
    app.comment(&fixture.key, &ids[3], json!({ "text": "Later." })).await.expect(201);
    let by_time = applications(&app, &fixture, &format!("sort=updated-asc&updatedAfter={before}")).await;
    assert_eq!(application_ids(&by_time), [ids[3].as_str()]);
    for bad in ["yesterday", "-1", "99999999999999999999999"] {
        let reply = app
            .get(&format!("/api/v1/jobs/{}/applications?updatedAfter={bad}", fixture.paid_job_id()), &fixture.key)
            .await;
        assert_v1_invalid(&reply, bad);
    }
}

#[actix_web::test]
async fn jobs_sync_by_updated_after_and_a_new_application_changes_its_job() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let jobs = app.get("/api/v1/jobs?sort=updated-asc", &fixture.key).await.expect(200);
    let items = jobs.data()["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    let last = items[1]["changeSequence"].as_u64().unwrap();
    app.apply_without_resume(fixture.paid_job_id(), "Ana").await;
    let since = app.get(&format!("/api/v1/jobs?sort=updated-asc&updatedAfter={last}"), &fixture.key).await.expect(200);
    let changed = since.data()["items"].as_array().unwrap();
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0]["id"], fixture.paid_job_id());
    assert_eq!(changed[0]["applicationCount"], 1);
    assert!(changed[0]["changeSequence"].as_u64().unwrap() > last);
}

async fn get_if_none_match(app: &TestApp, path: &str, key: &str, etag: &str) -> Reply {
    let request =
        app.client.get(app.url(path)).insert_header(("X-API-Key", key)).insert_header(("If-None-Match", etag));
    crate::helpers::read_reply(request.send().await.expect("the request is answered")).await
}

#[actix_web::test]
async fn every_get_has_an_etag_and_answers_304_until_what_it_shows_changes() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let id = app.apply_without_resume(fixture.paid_job_id(), "Ana").await;
    let job = fixture.paid_job_id();
    let paths = [
        "/api/v1/jobs".to_owned(),
        format!("/api/v1/jobs/{job}"),
        format!("/api/v1/jobs/{job}/applications?sort=ats-desc"),
        format!("/api/v1/applications/{id}"),
        format!("/api/v1/applications/{id}/resume"),
        format!("/api/v1/applications/{id}/ats"),
        format!("/api/v1/applications/{id}/comments"),
        "/api/v1/openapi.json".to_owned(),
    ];
    let mut etags = Vec::new();
    for path in &paths {
        let reply = app.get(path, &fixture.key).await.expect(200);
        let etag = reply.header("etag").unwrap_or_else(|| panic!("{path} has no ETag"));
        let again = get_if_none_match(&app, path, &fixture.key, &etag).await.expect(304);
        assert_eq!(again.body, Value::String(String::new()), "{path}: a 304 has no body");
        assert_eq!(again.header("etag").as_deref(), Some(etag.as_str()));
        assert!(again.header("x-ratelimit-limit").is_some() || path.ends_with("openapi.json"), "{path}");
        let other = get_if_none_match(&app, path, &fixture.key, "\"0000000000000000\"").await.expect(200);
        assert_eq!(other.header("etag").as_deref(), Some(etag.as_str()), "{path}: the same version");
        etags.push(etag);
    }
    // A comment changes the application, its page, its comments; not the job's own view.
    app.comment(&fixture.key, &id, json!({ "text": "Seen." })).await.expect(201);
    for (path, etag) in paths.iter().zip(&etags) {
        let reply = get_if_none_match(&app, path, &fixture.key, etag).await;
        let changes = path.contains("/applications");
        assert_eq!(reply.status, if changes { 200 } else { 304 }, "{path}");
    }
    // The query is part of the version: another page has another ETag.
    let first = app.get(&format!("/api/v1/jobs/{job}/applications?limit=1"), &fixture.key).await.expect(200);
    let second = app.get(&format!("/api/v1/jobs/{job}/applications?limit=2"), &fixture.key).await.expect(200);
    assert_ne!(first.header("etag"), second.header("etag"));
}

/// Reads asked again are answered from the bodies kept by version
/// (`http::response_cache`); they must be what a fresh rendering gives,
/// header for header, and a write must show at once. (Debug builds also
/// render every kept body anew and assert the bytes are the same.)
#[actix_web::test]
async fn a_read_asked_again_is_the_same_response_and_a_write_shows_at_once() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    let id = app.apply_without_resume(acme.paid_job_id(), "Ana").await;
    let job = acme.paid_job_id();
    let paths = [
        "/api/v1/jobs".to_owned(),
        format!("/api/v1/jobs/{job}"),
        format!("/api/v1/jobs/{job}/applications?sort=ats-desc&limit=20"),
        format!("/api/v1/applications/{id}"),
        format!("/api/v1/applications/{id}/resume"),
        format!("/api/v1/applications/{id}/ats"),
        format!("/api/v1/applications/{id}/comments"),
    ];
    let varying = ["x-ratelimit-remaining", "x-ratelimit-reset", "x-request-id", "date"];
    let comparable = |reply: &Reply| {
        let mut headers: Vec<(String, String)> = reply
            .headers
            .iter()
            .filter(|(name, _)| !varying.contains(&name.as_str()))
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap_or("").to_owned()))
            .collect();
        headers.sort();
        (reply.status, headers, reply.body.clone())
    };
    for path in &paths {
        let first = app.get(path, &acme.key).await.expect(200);
        let again = app.get(path, &acme.key).await.expect(200);
        assert_eq!(comparable(&first), comparable(&again), "{path}");
    }
    let before = app.get(&format!("/api/v1/applications/{id}/comments"), &acme.key).await.expect(200);
    app.comment(&acme.key, &id, json!({ "text": "Seen." })).await.expect(201);
    let after = app.get(&format!("/api/v1/applications/{id}/comments"), &acme.key).await.expect(200);
    assert_ne!(before.body, after.body, "the comment shows at once");
    assert!(after.body.to_string().contains("Seen."));
    // Another workspace's key never sees this workspace's kept bodies.
    let other = fixture(&app, "globex").await;
    let theirs = app.get("/api/v1/jobs", &other.key).await.expect(200);
    let ours = app.get("/api/v1/jobs", &acme.key).await.expect(200);
    assert_ne!(theirs.body, ours.body);
}

/// A write to one application moves the version of every page of its job,
/// but a page that does not show it is the same body: it is sent again (by
/// its content's version, `EntityTag::answer_kept_listing`), and debug
/// builds assert it is what a new rendering gives.
#[actix_web::test]
async fn a_page_a_write_does_not_touch_keeps_its_body_and_the_page_it_touches_changes() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    let job = acme.paid_job_id();
    let first = app.apply_without_resume(job, "Ana").await;
    let second = app.apply_without_resume(job, "Ben").await;
    let page = |offset: u32| format!("/api/v1/jobs/{job}/applications?sort=created-asc&limit=1&offset={offset}");
    let untouched_before = app.get(&page(0), &acme.key).await.expect(200);
    let touched_before = app.get(&page(1), &acme.key).await.expect(200);
    assert_eq!(untouched_before.data()["applications"][0]["id"], first.as_str());
    app.comment(&acme.key, &second, json!({ "text": "Seen." })).await.expect(201);
    let untouched_after = app.get(&page(0), &acme.key).await.expect(200);
    let touched_after = app.get(&page(1), &acme.key).await.expect(200);
    assert_eq!(untouched_after.body, untouched_before.body, "the other page shows the same");
    assert_ne!(untouched_after.header("etag"), untouched_before.header("etag"), "the job's version moved");
    assert_ne!(touched_after.body, touched_before.body, "the page that shows the change shows it at once");
    assert_eq!(app.get(&page(0), &acme.key).await.expect(200).body, untouched_after.body);
}

/// A walk in an order whose keys move is pinned at the job's latest change
/// when its first page is read. A first page sent again from the bodies kept
/// by content, after a write elsewhere in the job, must carry the pin of
/// now: with the pin of when it was first rendered, the walk would pass over
/// an application changed between the two reads and unchanged since.
#[actix_web::test]
async fn a_first_page_sent_again_after_a_write_elsewhere_pins_its_walk_at_that_write() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    let ids = apply_many(&app, &acme, 3).await;
    let first_page = "sort=updated-asc&limit=1";
    let before = applications(&app, &acme, first_page).await;
    assert_eq!(application_ids(&before), vec![ids[0].as_str()]);
    app.comment(&acme.key, &ids[2], json!({ "text": "Changed before the walk began." })).await.expect(201);
    let page = applications(&app, &acme, first_page).await;
    assert_eq!(application_ids(&page), vec![ids[0].as_str()]);
    let mut seen = application_ids(&page).into_iter().map(str::to_owned).collect::<Vec<_>>();
    let mut cursor = next_cursor(&page);
    while let Some(next) = cursor {
        let page = applications(&app, &acme, &format!("sort=updated-asc&limit=1&cursor={next}")).await;
        seen.extend(application_ids(&page).into_iter().map(str::to_owned));
        cursor = next_cursor(&page);
    }
    assert_eq!(seen, ids, "every application, none changed during the walk, once each in change order");
}
