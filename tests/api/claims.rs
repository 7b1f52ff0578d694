//! What a key can reach on /api/v1: team, job and whole-workspace claims,
//! other workspaces' IDs, and the claims window of GET /api/v1/jobs.

use serde_json::{json, Value};

use crate::helpers::{fixture, spawn_app, spawn_app_with, Auth, Reply, TestApp};

#[actix_web::test]
async fn a_team_scoped_key_sees_its_team_including_jobs_created_after_the_key() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let sales = app.create_team("acme", &fixture.token, "Sales").await;
    let sales_job_before = app.create_free_job("acme", &fixture.token, &sales).await;
    let reply = app
        .create_key("acme", &fixture.token, json!({ "name": "sales", "claims": { "teams": [sales] } }))
        .await
        .expect(201);
    assert_eq!(reply.data()["key"]["claims"], json!({ "teams": [sales], "jobs": [] }));
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    let sales_job_after = app.create_paid_job("acme", &fixture.token, &sales, 5).await;
    let list = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(job_ids(&list), [id(&sales_job_after), id(&sales_job_before)]);
    assert_eq!(list.data()["pagination"]["total"], 2);
    app.get(&format!("/api/v1/jobs/{}", id(&sales_job_after)), &key).await.expect(200);
    let application_id = app.apply_with_resume(id(&sales_job_after), "Sam Sales", "Sam\n\nSKILLS\nRust\n").await;
    app.get(&format!("/api/v1/applications/{application_id}"), &key).await.expect(200);
    // The Engineering team's jobs and applications are out of reach.
    let outside = app.apply_with_resume(fixture.paid_job_id(), "Eve Engineer", "Eve\n\nSKILLS\nRust\n").await;
    for path in [
        format!("/api/v1/jobs/{}", fixture.paid_job_id()),
        format!("/api/v1/jobs/{}/applications", fixture.free_job_id()),
        format!("/api/v1/applications/{outside}"),
        format!("/api/v1/applications/{outside}/ats"),
    ] {
        let reply = app.get(&path, &key).await.expect(404);
        assert_eq!(reply.error_code(), "V1_RESOURCE_NOT_FOUND", "{path}");
    }
    let write = app
        .request(
            "POST",
            &format!("/api/v1/applications/{outside}/comments"),
            Auth::Key(&key),
            Some(json!({ "text": "hi" })),
        )
        .await
        .expect(404);
    assert_eq!(write.error_code(), "V1_RESOURCE_NOT_FOUND");
}

#[actix_web::test]
async fn empty_claims_reach_the_whole_workspace() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let key = scoped_key(&app, &fixture.token, json!({ "teams": [], "jobs": [] })).await;
    let list = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(job_ids(&list), [fixture.free_job_id(), fixture.paid_job_id()]);
    let sales = app.create_team("acme", &fixture.token, "Sales").await;
    let later = app.create_free_job("acme", &fixture.token, &sales).await;
    app.get(&format!("/api/v1/jobs/{}", id(&later)), &key).await.expect(200);
}

#[actix_web::test]
async fn a_job_scoped_key_sees_only_its_job() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app
        .create_key("acme", &fixture.token, json!({ "name": "one job", "claims": { "jobs": [fixture.paid_job_id()] } }))
        .await
        .expect(201);
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    // A job created later in the same team is not covered by a job claim.
    let later = app.create_free_job("acme", &fixture.token, &fixture.team_id).await;
    let list = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(job_ids(&list), [fixture.paid_job_id()]);
    assert_eq!(list.data()["pagination"]["total"], 1);
    app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &key).await.expect(200);
    app.get(&format!("/api/v1/jobs/{}/applications", fixture.paid_job_id()), &key).await.expect(200);
    let inside = app.apply_with_resume(fixture.paid_job_id(), "Ina Inside", "Ina\n\nSKILLS\nRust\n").await;
    app.get(&format!("/api/v1/applications/{inside}"), &key).await.expect(200);
    let outside = app.apply_with_resume(fixture.free_job_id(), "Otto Outside", "Otto\n\nSKILLS\nFigma\n").await;
    for path in [
        format!("/api/v1/jobs/{}", fixture.free_job_id()),
        format!("/api/v1/jobs/{}", id(&later)),
        format!("/api/v1/jobs/{}/applications", fixture.free_job_id()),
        format!("/api/v1/applications/{outside}"),
        format!("/api/v1/applications/{outside}/resume"),
        format!("/api/v1/applications/{outside}/comments"),
    ] {
        let reply = app.get(&path, &key).await.expect(404);
        assert_eq!(reply.error_code(), "V1_RESOURCE_NOT_FOUND", "{path}");
    }
    let write = app
        .request(
            "PATCH",
            &format!("/api/v1/applications/{outside}/tags"),
            Auth::Key(&key),
            Some(json!({ "add": ["x"] })),
        )
        .await
        .expect(404);
    assert_eq!(write.error_code(), "V1_RESOURCE_NOT_FOUND");
}

#[actix_web::test]
async fn ids_of_another_workspace_are_404_exactly_like_ids_that_do_not_exist() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    let globex = fixture(&app, "globex").await;
    let globex_application = app.apply_with_resume(globex.paid_job_id(), "Gil Globex", "Gil\n\nSKILLS\nRust\n").await;
    let job_missing = "job_doesnotexist";
    let application_missing = "app_doesnotexist";
    let cases = [
        (
            format!("/api/v1/jobs/{}", globex.paid_job_id()),
            format!("/api/v1/jobs/{job_missing}"),
            globex.paid_job_id().to_owned(),
            job_missing,
        ),
        (
            format!("/api/v1/jobs/{}/applications", globex.paid_job_id()),
            format!("/api/v1/jobs/{job_missing}/applications"),
            globex.paid_job_id().to_owned(),
            job_missing,
        ),
        (
            format!("/api/v1/applications/{globex_application}"),
            format!("/api/v1/applications/{application_missing}"),
            globex_application.clone(),
            application_missing,
        ),
        (
            format!("/api/v1/applications/{globex_application}/ats"),
            format!("/api/v1/applications/{application_missing}/ats"),
            globex_application.clone(),
            application_missing,
        ),
    ];
    for (foreign_path, missing_path, foreign_id, missing_id) in cases {
        let foreign = app.get(&foreign_path, &acme.key).await.expect(404);
        let missing = app.get(&missing_path, &acme.key).await.expect(404);
        assert_eq!(foreign.error_code(), "V1_RESOURCE_NOT_FOUND");
        assert_eq!(foreign.error_code(), missing.error_code());
        let foreign_message = foreign.body["error"]["message"].as_str().unwrap().replace(&foreign_id, "<id>");
        let missing_message = missing.body["error"]["message"].as_str().unwrap().replace(missing_id, "<id>");
        assert_eq!(foreign_message, missing_message, "the message does not tell foreign from missing");
    }
    for (method, suffix, body) in [
        ("PATCH", "stage", Some(json!({ "stage": globex.stage_id(1) }))),
        ("PATCH", "tags", Some(json!({ "add": ["x"] }))),
        ("POST", "comments", Some(json!({ "text": "hi" }))),
        ("POST", "ats/rerun", None),
    ] {
        let path = format!("/api/v1/applications/{globex_application}/{suffix}");
        let reply = app.request(method, &path, Auth::Key(&acme.key), body).await.expect(404);
        assert_eq!(reply.error_code(), "V1_RESOURCE_NOT_FOUND");
    }
    let untouched = app.get(&format!("/api/v1/applications/{globex_application}"), &globex.key).await.expect(200);
    assert_eq!(untouched.data()["stage"]["id"], globex.stage_id(0));
    assert_eq!(untouched.data()["tags"], json!([]));
    assert_eq!(untouched.data()["commentCount"], 0);
    // And the other workspace's jobs never show in the list.
    let list = app.get("/api/v1/jobs", &acme.key).await.expect(200);
    assert_eq!(job_ids(&list), [acme.free_job_id(), acme.paid_job_id()]);
}

#[actix_web::test]
async fn the_claims_window_filters_only_the_newest_jobs_for_a_scoped_key() {
    let app = spawn_app_with(|settings| settings.claims_window = 3).await;
    let (token, claimed, _) = five_jobs_oldest_three_claimed(&app).await;
    let team_key = scoped_key(&app, &token, json!({ "teams": [claimed.team] })).await;
    // The window holds the newest 3 (jobs 5, 4, 3); only job 3 is claimed.
    let list = app.get("/api/v1/jobs", &team_key).await.expect(200);
    assert_eq!(job_ids(&list), [claimed.jobs[2].as_str()]);
    assert_eq!(list.data()["pagination"], json!({ "offset": 0, "limit": 20, "total": 1, "nextCursor": null }));
    let job_key = scoped_key(&app, &token, json!({ "jobs": [claimed.jobs[0], claimed.jobs[2]] })).await;
    let list = app.get("/api/v1/jobs", &job_key).await.expect(200);
    assert_eq!(job_ids(&list), [claimed.jobs[2].as_str()]);
    assert_eq!(list.data()["pagination"]["total"], 1);
    // The window only narrows the list: the jobs themselves stay reachable.
    app.get(&format!("/api/v1/jobs/{}", claimed.jobs[0]), &team_key).await.expect(200);
    // A whole-workspace key is not windowed.
    let (workspace_key, _) = app.workspace_key("acme", &token).await;
    let list = app.get("/api/v1/jobs", &workspace_key).await.expect(200);
    assert_eq!(list.data()["pagination"]["total"], 5);
}

#[actix_web::test]
async fn the_claims_window_applies_after_the_status_filter() {
    let app = spawn_app_with(|settings| settings.claims_window = 3).await;
    let (token, claimed, unclaimed) = five_jobs_oldest_three_claimed(&app).await;
    for job_id in &unclaimed {
        app.update_job("acme", &token, job_id, json!({ "status": "draft" })).await.expect(200);
    }
    let key = scoped_key(&app, &token, json!({ "teams": [claimed.team] })).await;
    let active = app.get("/api/v1/jobs?status=active", &key).await.expect(200);
    let newest_first: Vec<&str> = claimed.jobs.iter().rev().map(String::as_str).collect();
    assert_eq!(job_ids(&active), newest_first);
    assert_eq!(active.data()["pagination"]["total"], 3);
    let paged = app.get("/api/v1/jobs?status=active&offset=1&limit=1", &key).await.expect(200);
    assert_eq!(job_ids(&paged), [claimed.jobs[1].as_str()]);
    let pagination = &paged.data()["pagination"];
    assert_eq!((&pagination["offset"], &pagination["limit"], &pagination["total"]), (&json!(1), &json!(1), &json!(3)));
    assert!(pagination["nextCursor"].is_string(), "a third job follows");
}

#[actix_web::test]
async fn with_no_claims_window_a_scoped_key_sees_all_its_jobs() {
    let app = spawn_app_with(|settings| settings.claims_window = 0).await;
    let (token, claimed, _) = five_jobs_oldest_three_claimed(&app).await;
    let key = scoped_key(&app, &token, json!({ "teams": [claimed.team] })).await;
    let list = app.get("/api/v1/jobs", &key).await.expect(200);
    let newest_first: Vec<&str> = claimed.jobs.iter().rev().map(String::as_str).collect();
    assert_eq!(job_ids(&list), newest_first);
    assert_eq!(list.data()["pagination"]["total"], 3);
}

struct Claimed {
    team: String,
    /// Oldest first.
    jobs: Vec<String>,
}

/// Workspace `acme` with five jobs: the oldest three in team A (claimed by
/// the tests' scoped keys), the newest two in team B.
async fn five_jobs_oldest_three_claimed(app: &TestApp) -> (String, Claimed, Vec<String>) {
    let token = app.create_workspace("acme").await;
    let team_a = app.create_team("acme", &token, "A").await;
    let team_b = app.create_team("acme", &token, "B").await;
    let mut claimed = Vec::new();
    let mut unclaimed = Vec::new();
    for (position, team) in [&team_a, &team_a, &team_a, &team_b, &team_b].into_iter().enumerate() {
        let body = json!({ "teamId": team, "title": format!("Job {}", position + 1), "status": "active" });
        let reply = app.create_job("acme", &token, body).await.expect(201);
        let job_id = reply.data()["id"].as_str().unwrap().to_owned();
        if team == &team_a {
            claimed.push(job_id);
        } else {
            unclaimed.push(job_id);
        }
        app.clock.advance_milliseconds(1_000);
    }
    (token, Claimed { team: team_a, jobs: claimed }, unclaimed)
}

async fn scoped_key(app: &TestApp, token: &str, claims: Value) -> String {
    let reply = app.create_key("acme", token, json!({ "name": "scoped", "claims": claims })).await.expect(201);
    reply.data()["apiKey"].as_str().unwrap().to_owned()
}

fn job_ids(reply: &Reply) -> Vec<&str> {
    reply.data()["items"].as_array().unwrap().iter().map(|job| job["id"].as_str().unwrap()).collect()
}

fn id(job: &Value) -> &str {
    job["id"].as_str().unwrap()
}
