//! The dashboard routes that set a workspace up: workspaces, members,
//! teams and jobs.

use serde_json::json;
use shortlist::domain::member::Role;

use crate::helpers::{fixture, spawn_app, Auth};

#[actix_web::test]
async fn putting_a_workspace_creates_it_once_and_then_answers_200() {
    let app = spawn_app().await;
    let token = app.owner_token("acme");
    let body = json!({ "name": "Acme Inc", "owner": { "name": "Olive Owner", "email": "olive@example.com" } });
    let created = app.request("PUT", "/api/orgs/acme", Auth::Bearer(&token), Some(body.clone())).await.expect(201);
    let workspace = &created.data()["workspace"];
    assert_eq!(workspace["id"], "acme");
    assert_eq!(workspace["name"], "Acme Inc");
    assert_eq!(
        workspace["owner"],
        json!({ "userId": "acme-owner", "name": "Olive Owner", "email": "olive@example.com" })
    );
    let again = app.request("PUT", "/api/orgs/acme", Auth::Bearer(&token), Some(body)).await.expect(200);
    assert_eq!(again.data(), created.data());
}

#[actix_web::test]
async fn only_an_owner_token_for_that_org_can_create_a_workspace() {
    let app = spawn_app().await;
    let body = json!({ "name": "Acme Inc", "owner": { "name": "Olive Owner", "email": "olive@example.com" } });
    let admin = app.token("acme", "ada", Role::Admin);
    let reply = app.request("PUT", "/api/orgs/acme", Auth::Bearer(&admin), Some(body.clone())).await.expect(403);
    assert_eq!(reply.error_code(), "FORBIDDEN");
    let other_org = app.owner_token("globex");
    let reply = app.request("PUT", "/api/orgs/acme", Auth::Bearer(&other_org), Some(body.clone())).await.expect(404);
    assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
    let reply = app.request("PUT", "/api/orgs/acme", Auth::None, Some(body.clone())).await.expect(401);
    assert_eq!(reply.error_code(), "AUTH_TOKEN_MISSING");
    let bad_id_token = app.token("acme inc!", "olive", Role::Owner);
    let reply = app.request("PUT", "/api/orgs/acme%20inc!", Auth::Bearer(&bad_id_token), Some(body)).await.expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
}

#[actix_web::test]
async fn owners_and_admins_add_members_and_members_cannot() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let reply = app.add_member("acme", &token, "ada", "admin").await.expect(201);
    assert_eq!(reply.data()["member"]["userId"], "ada");
    assert_eq!(reply.data()["member"]["role"], "admin");
    assert_eq!(reply.data()["member"]["email"], "ada@example.com");
    let admin = app.token("acme", "ada", Role::Admin);
    app.add_member("acme", &admin, "mel", "member").await.expect(201);
    let member = app.token("acme", "mel", Role::Member);
    let reply = app.add_member("acme", &member, "zed", "member").await.expect(403);
    assert_eq!(reply.error_code(), "FORBIDDEN");
    // Adding an existing member again updates it: 200.
    app.add_member("acme", &token, "mel", "admin").await.expect(200);
    let reply = app.add_member("acme", &token, "bad", "superuser").await.expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
    let reply = app.add_member("globex", &token, "x", "member").await.expect(404);
    assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
}

#[actix_web::test]
async fn creating_a_team_returns_201_with_a_team_id() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let reply = app
        .request("POST", "/api/orgs/acme/teams", Auth::Bearer(&token), Some(json!({ "name": "Platform" })))
        .await
        .expect(201);
    assert!(reply.data()["team"]["id"].as_str().unwrap().starts_with("team_"));
    assert_eq!(reply.data()["team"]["name"], "Platform");
    for body in [json!({}), json!({ "name": "" }), json!({ "name": "  " })] {
        let reply = app.request("POST", "/api/orgs/acme/teams", Auth::Bearer(&token), Some(body.clone())).await;
        assert_eq!(reply.status, 400, "{body}");
        assert_eq!(reply.error_code(), "INVALID_REQUEST");
    }
    let member = app.token("acme", "mel", Role::Member);
    let reply = app
        .request("POST", "/api/orgs/acme/teams", Auth::Bearer(&member), Some(json!({ "name": "Nope" })))
        .await
        .expect(403);
    assert_eq!(reply.error_code(), "FORBIDDEN");
}

// ----- jobs -----

#[actix_web::test]
async fn creating_a_job_returns_the_detail_exactly_as_the_api_reads_it() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.add_member("acme", &fixture.token, "cora", "member").await.expect(201);
    let body = json!({
        "teamId": fixture.team_id,
        "title": "Data Engineer",
        "status": "active",
        "description": "Pipelines in Rust.\nKafka at scale.",
        "formFields": [{ "key": "github", "label": "GitHub", "type": "url" }],
        "stages": [{ "name": "New" }, { "name": "Call" }],
        "criteria": { "mustHaves": ["Rust"], "niceToHaves": ["Kafka", "Flink"], "weighting": { "mustHaves": 60, "niceToHaves": 30, "experience": 10 }, "minYearsExperience": 2 },
        "tier": "paid",
        "fitScores": 25,
        "collaborators": ["acme-owner", "cora"],
    });
    let created = app.create_job("acme", &fixture.token, body).await.expect(201);
    let job = created.data();
    let job_id = job["id"].as_str().unwrap();
    assert!(job_id.starts_with("job_"));
    let read = app.get(&format!("/api/v1/jobs/{job_id}"), &fixture.key).await.expect(200);
    assert_eq!(read.data(), job);
    assert_eq!(job["title"], "Data Engineer");
    assert_eq!(job["teamId"], fixture.team_id.as_str());
    assert_eq!(job["teamName"], "Engineering");
    assert_eq!(job["description"], "Pipelines in Rust.\nKafka at scale.");
    assert_eq!(
        job["formFields"],
        json!([{ "key": "github", "label": "GitHub", "type": "url", "required": false, "options": [] }])
    );
    let stages = job["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 2);
    assert!(stages.iter().all(|stage| stage["id"].as_str().unwrap().starts_with("stage_")));
    assert_eq!((stages[0]["name"].clone(), stages[1]["name"].clone()), (json!("New"), json!("Call")));
    assert_eq!(
        job["criteria"],
        json!({ "mustHaves": ["Rust"], "niceToHaves": ["Kafka", "Flink"], "weighting": { "mustHaves": 60, "niceToHaves": 30, "experience": 10 }, "minYearsExperience": 2 })
    );
    assert_eq!(job["tier"], "paid");
    assert_eq!(job["fitScores"], 25);
    assert_eq!(job["fitScoresUsed"], 0);
    assert_eq!(job["collaborators"], json!(["acme-owner", "cora"]));
    assert_eq!(job["applicationCount"], 0);
    assert_eq!(job["tags"], json!([]));
}

#[actix_web::test]
async fn a_job_created_with_only_a_team_and_title_gets_defaults() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app
        .create_job("acme", &fixture.token, json!({ "teamId": fixture.team_id, "title": "Minimal" }))
        .await
        .expect(201);
    let job = reply.data();
    assert_eq!(job["status"], "draft");
    assert_eq!(job["tier"], "free");
    assert_eq!(job["fitScores"], 0);
    let names: Vec<&str> =
        job["stages"].as_array().unwrap().iter().map(|stage| stage["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Applied", "Screening", "Interview", "Offer", "Hired"]);
}

#[actix_web::test]
async fn an_invalid_job_body_is_400_invalid_request() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let team = fixture.team_id.as_str();
    for body in [
        json!({ "title": "No team" }),
        json!({ "teamId": "team_doesnotexist", "title": "Unknown team" }),
        json!({ "teamId": team }),
        json!({ "teamId": team, "title": "" }),
        json!({ "teamId": team, "title": "x", "status": "open" }),
        json!({ "teamId": team, "title": "x", "tier": "gold" }),
        json!({ "teamId": team, "title": "x", "stages": [] }),
        json!({ "teamId": team, "title": "x", "fitScores": -1 }),
        json!({ "teamId": team, "title": "x", "fitScoresAdd": 3 }),
        json!({ "teamId": team, "title": "x", "collaborators": ["nobody"] }),
        json!({ "teamId": team, "title": "x", "criteria": { "weighting": { "mustHaves": 101 } } }),
        json!({ "teamId": team, "title": "x", "unknownField": true }),
    ] {
        let reply = app.create_job("acme", &fixture.token, body.clone()).await;
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
        assert_eq!(reply.error_code(), "INVALID_REQUEST", "{body}");
    }
}

#[actix_web::test]
async fn patching_a_job_renames_it_changes_its_status_and_keeps_stage_ids() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let job_id = fixture.paid_job_id();
    let reply = app
        .update_job("acme", &fixture.token, job_id, json!({ "title": "Senior Backend Engineer", "status": "closed" }))
        .await
        .expect(200);
    assert_eq!(reply.data()["title"], "Senior Backend Engineer");
    assert_eq!(reply.data()["status"], "closed");
    assert_eq!(reply.data()["stages"], fixture.paid_job["stages"], "untouched fields stay");
    let stages = json!([
        { "id": fixture.stage_id(0), "name": "Applied" },
        { "name": "Phone screen" },
        { "id": fixture.stage_id(1), "name": "Onsite" },
        { "id": fixture.stage_id(2), "name": "Offer" },
    ]);
    let reply = app.update_job("acme", &fixture.token, job_id, json!({ "stages": stages })).await.expect(200);
    let updated = reply.data()["stages"].as_array().unwrap();
    assert_eq!(updated.len(), 4);
    assert_eq!(updated[0]["id"], fixture.stage_id(0));
    assert_eq!(updated[2], json!({ "id": fixture.stage_id(1), "name": "Onsite", "position": 2 }));
    assert_eq!(updated[3]["id"], fixture.stage_id(2));
    let new_stage = updated[1]["id"].as_str().unwrap();
    assert!(
        new_stage.starts_with("stage_")
            && ![fixture.stage_id(0), fixture.stage_id(1), fixture.stage_id(2)].contains(&new_stage)
    );
    let read = app.get(&format!("/api/v1/jobs/{job_id}"), &fixture.key).await.expect(200);
    assert_eq!(read.data(), reply.data());
}

#[actix_web::test]
async fn removing_a_stage_that_holds_applications_is_400_and_an_empty_one_can_go() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let job_id = fixture.paid_job_id();
    let reply = app.apply(job_id, json!({ "candidateName": "Ana", "email": "ana@example.com" })).await.expect(201);
    let application_id = reply.data()["application"]["id"].as_str().unwrap().to_owned();
    app.request(
        "PATCH",
        &format!("/api/v1/applications/{application_id}/stage"),
        Auth::Key(&fixture.key),
        Some(json!({ "stage": fixture.stage_id(1) })),
    )
    .await
    .expect(200);
    let without_interview =
        json!([{ "id": fixture.stage_id(0), "name": "Applied" }, { "id": fixture.stage_id(2), "name": "Offer" }]);
    let reply =
        app.update_job("acme", &fixture.token, job_id, json!({ "stages": without_interview })).await.expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
    assert!(reply.body["error"]["message"].as_str().unwrap().contains(fixture.stage_id(1)), "{}", reply.body);
    let without_offer =
        json!([{ "id": fixture.stage_id(0), "name": "Applied" }, { "id": fixture.stage_id(1), "name": "Interview" }]);
    let reply = app.update_job("acme", &fixture.token, job_id, json!({ "stages": without_offer })).await.expect(200);
    assert_eq!(reply.data()["stages"].as_array().unwrap().len(), 2);
    let reply = app
        .update_job(
            "acme",
            &fixture.token,
            job_id,
            json!({ "stages": [{ "id": fixture.free_job["stages"][0]["id"], "name": "Stolen" }] }),
        )
        .await
        .expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
}

#[actix_web::test]
async fn patching_an_unknown_job_is_404_and_a_member_cannot_patch() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app.update_job("acme", &fixture.token, "job_doesnotexist", json!({ "title": "x" })).await.expect(404);
    assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
    let member = app.token("acme", "mel", Role::Member);
    let reply = app.update_job("acme", &member, fixture.paid_job_id(), json!({ "title": "x" })).await.expect(403);
    assert_eq!(reply.error_code(), "FORBIDDEN");
    let reply =
        app.update_job("acme", &fixture.token, fixture.paid_job_id(), json!({ "fitScoresAdd": 0 })).await.expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
}
