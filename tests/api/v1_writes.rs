//! Three of the four writes of /api/v1: move a candidate to a stage, tag it
//! (both forms), comment on it. The fourth, the ATS rerun, is in `reruns`.

use serde_json::{json, Value};
use shortlist::domain::member::Role;

use crate::helpers::{application_ids, assert_v1_invalid, fixture, spawn_app, Auth, Fixture, Reply, TestApp};

const DEFAULT_TAG_COLOR: &str = "#6b7280";

// ----- stage -----

#[actix_web::test]
async fn moving_a_candidate_returns_the_updated_stage_and_the_stage_filter_finds_it() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let moved = app.apply_without_resume(fixture.paid_job_id(), "Ana Moved").await;
    let stayed = app.apply_without_resume(fixture.paid_job_id(), "Bo Stayed").await;
    app.clock.advance_milliseconds(1_000);
    let reply = move_stage(&app, &fixture, &moved, json!({ "stage": fixture.stage_id(1) })).await.expect(200);
    let application = &reply.data()["application"];
    assert_eq!(application["id"], moved.as_str());
    assert_eq!(application["jobId"], fixture.paid_job_id());
    assert_eq!(application["jobStageId"], fixture.stage_id(1));
    assert_eq!(application["stage"], json!({ "id": fixture.stage_id(1), "name": "Interview", "position": 1 }));
    assert_eq!(application["updatedAt"], now(&app));
    let in_interview = list(&app, &fixture, &format!("stage={}", fixture.stage_id(1))).await;
    assert_eq!(application_ids(&in_interview), [moved.as_str()]);
    assert_eq!(in_interview.data()["pagination"]["total"], 1);
    let in_applied = list(&app, &fixture, &format!("stage={}", fixture.stage_id(0))).await;
    assert_eq!(application_ids(&in_applied), [stayed.as_str()]);
    let detail = app.get(&format!("/api/v1/applications/{moved}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["stage"]["id"], fixture.stage_id(1));
    assert_eq!(detail.data()["jobStageId"], fixture.stage_id(1));
}

#[actix_web::test]
async fn the_stage_id_alias_moves_a_candidate_too() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Alias").await;
    let reply =
        move_stage(&app, &fixture, &application_id, json!({ "stageId": fixture.stage_id(2) })).await.expect(200);
    assert_eq!(reply.data()["application"]["stage"]["name"], "Offer");
    // Moving to the stage it is already in is a harmless no-op.
    let again = move_stage(&app, &fixture, &application_id, json!({ "stage": fixture.stage_id(2) })).await.expect(200);
    assert_eq!(again.data()["application"]["jobStageId"], fixture.stage_id(2));
}

#[actix_web::test]
async fn a_missing_or_empty_stage_is_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Empty").await;
    for body in [
        json!({}),
        json!({ "stage": "" }),
        json!({ "stage": "   " }),
        json!({ "stageId": "" }),
        json!({ "stage": null }),
    ] {
        let reply = move_stage(&app, &fixture, &application_id, body.clone()).await;
        assert_v1_invalid(&reply, &body.to_string());
        assert!(reply.body["error"]["message"].as_str().unwrap().contains("stage"), "{}", reply.body);
    }
}

#[actix_web::test]
async fn a_stage_that_is_not_one_of_the_jobs_stages_is_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Elsewhere").await;
    let other_jobs_stage = fixture.free_job["stages"][1]["id"].as_str().unwrap();
    for stage in [other_jobs_stage, "stage_doesnotexist", "Interview", fixture.paid_job_id()] {
        let reply = move_stage(&app, &fixture, &application_id, json!({ "stage": stage })).await;
        assert_v1_invalid(&reply, stage);
    }
    let detail = app.get(&format!("/api/v1/applications/{application_id}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["stage"]["id"], fixture.stage_id(0), "the candidate did not move");
}

#[actix_web::test]
async fn moving_an_unknown_application_is_404() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply =
        move_stage(&app, &fixture, "app_doesnotexist", json!({ "stage": fixture.stage_id(1) })).await.expect(404);
    assert_eq!(reply.error_code(), "V1_RESOURCE_NOT_FOUND");
}

// ----- tags -----

#[actix_web::test]
async fn adding_tags_merges_them_with_the_given_or_the_default_colour() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Tagged").await;
    let reply = app.tags(&fixture.key, &application_id, json!({ "add": ["Senior"] })).await.expect(200);
    assert_eq!(
        reply.data(),
        &json!({ "application": { "id": application_id, "jobId": fixture.paid_job_id(), "tags": [{ "name": "Senior", "color": DEFAULT_TAG_COLOR }] } })
    );
    let reply = app
        .tags(&fixture.key, &application_id, json!({ "add": ["Remote", "Rust"], "color": "#1E90FF" }))
        .await
        .expect(200);
    assert_eq!(
        reply.data()["application"]["tags"],
        json!([
            { "name": "Senior", "color": DEFAULT_TAG_COLOR },
            { "name": "Remote", "color": "#1e90ff" },
            { "name": "Rust", "color": "#1e90ff" },
        ])
    );
    // Adding a name that is already there (in any case) changes nothing.
    let reply =
        app.tags(&fixture.key, &application_id, json!({ "add": ["senior"], "color": "#000000" })).await.expect(200);
    assert_eq!(reply.data()["application"]["tags"].as_array().unwrap().len(), 3);
    assert_eq!(reply.data()["application"]["tags"][0], json!({ "name": "Senior", "color": DEFAULT_TAG_COLOR }));
    let listed = list(&app, &fixture, "").await;
    assert_eq!(listed.data()["applications"][0]["tags"], reply.data()["application"]["tags"]);
}

#[actix_web::test]
async fn removing_a_tag_matches_its_name_case_insensitively() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Untagged").await;
    app.tags(&fixture.key, &application_id, json!({ "add": ["Senior", "Remote"] })).await.expect(200);
    let reply = app.tags(&fixture.key, &application_id, json!({ "remove": ["sENIOR"] })).await.expect(200);
    assert_eq!(reply.data()["application"]["tags"], json!([{ "name": "Remote", "color": DEFAULT_TAG_COLOR }]));
    // Removing a tag that is not there is not an error.
    let reply = app.tags(&fixture.key, &application_id, json!({ "remove": ["Missing"] })).await.expect(200);
    assert_eq!(reply.data()["application"]["tags"].as_array().unwrap().len(), 1);
    // Remove and add in one request.
    let reply =
        app.tags(&fixture.key, &application_id, json!({ "remove": ["REMOTE"], "add": ["Onsite"] })).await.expect(200);
    assert_eq!(reply.data()["application"]["tags"], json!([{ "name": "Onsite", "color": DEFAULT_TAG_COLOR }]));
    let detail = app.get(&format!("/api/v1/applications/{application_id}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["tags"], json!([{ "name": "Onsite", "color": DEFAULT_TAG_COLOR }]));
}

#[actix_web::test]
async fn the_replace_form_sets_the_whole_list_and_registers_job_tags() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Replaced").await;
    app.tags(&fixture.key, &application_id, json!({ "add": ["Old"] })).await.expect(200);
    let body = json!({
        "tags": [{ "name": "Shortlisted", "color": "#22C55E" }, { "name": "Referral", "color": "#3b82f6" }],
        "addToJobTags": [{ "name": "Shortlisted", "color": "#22c55e" }, { "name": "Needs visa", "color": "#ef4444" }],
    });
    let reply = app.tags(&fixture.key, &application_id, body).await.expect(200);
    assert_eq!(
        reply.data()["application"]["tags"],
        json!([{ "name": "Shortlisted", "color": "#22c55e" }, { "name": "Referral", "color": "#3b82f6" }])
    );
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(
        job.data()["tags"],
        json!([{ "name": "Shortlisted", "color": "#22c55e" }, { "name": "Needs visa", "color": "#ef4444" }])
    );
    // An empty list clears the tags.
    let reply = app.tags(&fixture.key, &application_id, json!({ "tags": [] })).await.expect(200);
    assert_eq!(reply.data()["application"]["tags"], json!([]));
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(job.data()["tags"].as_array().unwrap().len(), 2, "job tags stay registered");
}

#[actix_web::test]
async fn invalid_hex_colours_are_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Colour").await;
    for color in ["#abc", "red", "#gggggg", "123456", "#1234567", ""] {
        let merge = app.tags(&fixture.key, &application_id, json!({ "add": ["Senior"], "color": color })).await;
        assert_v1_invalid(&merge, color);
        let replace =
            app.tags(&fixture.key, &application_id, json!({ "tags": [{ "name": "Senior", "color": color }] })).await;
        assert_v1_invalid(&replace, color);
        let job_tags = app
            .tags(
                &fixture.key,
                &application_id,
                json!({ "tags": [], "addToJobTags": [{ "name": "Senior", "color": color }] }),
            )
            .await;
        assert_v1_invalid(&job_tags, color);
    }
    let detail = app.get(&format!("/api/v1/applications/{application_id}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["tags"], json!([]), "nothing was written");
}

#[actix_web::test]
async fn a_replace_form_tag_without_a_name_or_colour_is_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Nameless").await;
    for body in [
        json!({ "tags": [{ "color": "#22c55e" }] }),
        json!({ "tags": [{ "name": "", "color": "#22c55e" }] }),
        json!({ "tags": [{ "name": "Shortlisted" }] }),
        json!({ "tags": [], "addToJobTags": [{ "color": "#22c55e" }] }),
        json!({ "tags": [{ "name": "Dup", "color": "#22c55e" }, { "name": "DUP", "color": "#22c55e" }] }),
        json!({ "add": [""] }),
    ] {
        let reply = app.tags(&fixture.key, &application_id, body.clone()).await;
        assert_v1_invalid(&reply, &body.to_string());
    }
}

#[actix_web::test]
async fn a_tags_body_with_neither_form_or_both_forms_is_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Formless").await;
    for body in [
        json!({}),
        json!({ "color": "#22c55e" }),
        json!({ "addToJobTags": [{ "name": "A", "color": "#22c55e" }] }),
        json!({ "tags": [{ "name": "A", "color": "#22c55e" }], "add": ["B"] }),
        json!({ "tags": [], "remove": ["B"] }),
        json!({ "add": ["B"], "addToJobTags": [{ "name": "A", "color": "#22c55e" }] }),
    ] {
        let reply = app.tags(&fixture.key, &application_id, body.clone()).await;
        assert_v1_invalid(&reply, &body.to_string());
    }
}

#[actix_web::test]
async fn tagging_an_unknown_application_is_404() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app.tags(&fixture.key, "app_doesnotexist", json!({ "add": ["Senior"] })).await.expect(404);
    assert_eq!(reply.error_code(), "V1_RESOURCE_NOT_FOUND");
}

// ----- comments -----

#[actix_web::test]
async fn comments_of_one_to_ten_thousand_characters_are_accepted_and_longer_or_blank_ones_refused() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Commented").await;
    for (label, text) in [
        ("empty", String::new()),
        ("whitespace only", " \n\t ".to_owned()),
        ("10,001 characters", "a".repeat(10_001)),
        ("10,001 two-byte characters", "é".repeat(10_001)),
    ] {
        let reply = app.comment(&fixture.key, &application_id, json!({ "text": text })).await;
        assert_v1_invalid(&reply, label);
    }
    for body in [json!({}), json!({ "text": null })] {
        let reply = app.comment(&fixture.key, &application_id, body.clone()).await;
        assert_v1_invalid(&reply, &body.to_string());
    }
    for (label, text) in [
        ("1 character", "a".to_owned()),
        ("10,000 characters", "a".repeat(10_000)),
        ("10,000 two-byte characters (20,000 bytes)", "é".repeat(10_000)),
        ("10,000 four-byte characters (40,000 bytes)", "\u{1F600}".repeat(10_000)),
    ] {
        let reply = app.comment(&fixture.key, &application_id, json!({ "text": text })).await;
        assert_eq!(reply.status, 201, "{label}: {}", reply.body);
        assert_eq!(reply.data()["comment"]["text"], text.as_str(), "{label}: stored as sent");
    }
    let thread = app.get(&format!("/api/v1/applications/{application_id}/comments"), &fixture.key).await.expect(200);
    assert_eq!(thread.data()["pagination"]["total"], 4, "only the accepted comments were stored");
}

#[actix_web::test]
async fn a_comment_is_split_into_paragraphs_attributed_to_the_owner_and_listed() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Discussed").await;
    let text = "Strong Rust background.\nGood PostgreSQL answers.\n\nRecommend the next round.";
    let reply = app.comment(&fixture.key, &application_id, json!({ "text": text })).await.expect(201);
    assert_eq!(reply.body["status"], "success");
    let created = reply.data()["comment"].clone();
    assert!(created["id"].as_str().is_some_and(|id| !id.is_empty()));
    assert_eq!(created["applicationId"], application_id.as_str());
    assert_eq!(created["text"], text);
    assert_eq!(
        created["paragraphs"],
        json!(["Strong Rust background.", "Good PostgreSQL answers.", "Recommend the next round."])
    );
    assert_eq!(created["source"], "assistant_plugin");
    assert_eq!(created["author"], json!({ "userId": "acme-owner", "name": "Olive Owner" }));
    assert_eq!(created["createdAt"], now(&app));
    app.clock.advance_milliseconds(1_000);
    let second = app.comment(&fixture.key, &application_id, json!({ "text": "Second note" })).await.expect(201);
    let thread = app.get(&format!("/api/v1/applications/{application_id}/comments"), &fixture.key).await.expect(200);
    assert_eq!(thread.data()["comments"], json!([created, second.data()["comment"]]), "oldest first");
    assert_eq!(thread.data()["pagination"], json!({ "offset": 0, "limit": 20, "total": 2, "nextCursor": null }));
    let paged = app
        .get(&format!("/api/v1/applications/{application_id}/comments?offset=1&limit=1"), &fixture.key)
        .await
        .expect(200);
    assert_eq!(paged.data()["comments"][0]["text"], "Second note");
    let detail = app.get(&format!("/api/v1/applications/{application_id}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["commentCount"], 2);
}

#[actix_web::test]
async fn each_collaborator_of_the_job_is_notified_of_a_comment() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.add_member("acme", &fixture.token, "cora", "member").await.expect(201);
    app.add_member("acme", &fixture.token, "nick", "member").await.expect(201);
    app.update_job("acme", &fixture.token, fixture.paid_job_id(), json!({ "collaborators": ["acme-owner", "cora"] }))
        .await
        .expect(200);
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Ana Noticed").await;
    let reply = app
        .comment(&fixture.key, &application_id, json!({ "text": "Worth a call.\nSee the Kafka work." }))
        .await
        .expect(201);
    let comment_id = reply.data()["comment"]["id"].as_str().unwrap().to_owned();
    for user in ["acme-owner", "cora"] {
        let inbox = notifications(&app, user).await;
        assert_eq!(inbox.data()["pagination"]["total"], 1, "{user}");
        let notification = &inbox.data()["notifications"][0];
        assert_eq!(notification["type"], "comment.created");
        assert_eq!(notification["jobId"], fixture.paid_job_id());
        assert_eq!(notification["applicationId"], application_id.as_str());
        assert_eq!(notification["commentId"], comment_id.as_str());
        assert_eq!(notification["candidateName"], "Ana Noticed");
        assert_eq!(notification["excerpt"], "Worth a call. See the Kafka work.");
    }
    let not_a_collaborator = notifications(&app, "nick").await;
    assert_eq!(not_a_collaborator.data()["notifications"], json!([]));
    // Newest first.
    app.comment(&fixture.key, &application_id, json!({ "text": "Later note" })).await.expect(201);
    let inbox = notifications(&app, "cora").await;
    assert_eq!(inbox.data()["pagination"]["total"], 2);
    assert_eq!(inbox.data()["notifications"][0]["excerpt"], "Later note");
}

#[actix_web::test]
async fn commenting_on_an_unknown_application_is_404() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app.comment(&fixture.key, "app_doesnotexist", json!({ "text": "hello" })).await.expect(404);
    assert_eq!(reply.error_code(), "V1_RESOURCE_NOT_FOUND");
}

// ----- helpers -----

async fn move_stage(app: &TestApp, fixture: &Fixture, application_id: &str, body: Value) -> Reply {
    app.request("PATCH", &format!("/api/v1/applications/{application_id}/stage"), Auth::Key(&fixture.key), Some(body))
        .await
}

async fn list(app: &TestApp, fixture: &Fixture, query: &str) -> Reply {
    app.get(&format!("/api/v1/jobs/{}/applications?{query}", fixture.paid_job_id()), &fixture.key).await.expect(200)
}

async fn notifications(app: &TestApp, user: &str) -> Reply {
    let role = if user == "acme-owner" { Role::Owner } else { Role::Member };
    let token = app.token("acme", user, role);
    app.request("GET", "/api/orgs/acme/notifications", Auth::Bearer(&token), None).await.expect(200)
}

fn now(app: &TestApp) -> String {
    use shortlist::clock::Clock;
    app.clock.now().to_iso8601()
}
