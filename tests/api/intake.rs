//! Getting data in: the careers-page apply (JSON and multipart), and the
//! dashboard routes for workspaces, members, teams and jobs; then paging,
//! sorting and filtering the applications that came in.

use serde_json::{json, Value};
use shortlist::domain::member::Role;

use crate::helpers::{fixture, spawn_app, spawn_app_with, Auth, Fixture, Reply, TestApp, MATCHING_RESUME};

const BOUNDARY: &str = "shortlist-test-boundary-7MA4YWxkTrZu0gW";

// ----- the careers-page apply -----

#[actix_web::test]
async fn applying_with_json_creates_an_application_in_the_first_stage_with_its_pipeline_queued() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let body = json!({ "candidateName": "Ana Rust", "email": "ana@example.com", "phone": "+44 20 7946 0958", "resumeText": MATCHING_RESUME });
    let reply = app.apply(fixture.paid_job_id(), body).await.expect(201);
    assert_eq!(reply.body["status"], "success");
    let application = &reply.data()["application"];
    assert!(application["id"].as_str().unwrap().starts_with("app_"), "{application}");
    assert_eq!(application["jobId"], fixture.paid_job_id());
    assert_eq!(application["candidateName"], "Ana Rust");
    assert_eq!(application["email"], "ana@example.com");
    assert_eq!(application["phone"], "+44 20 7946 0958");
    assert_eq!(application["stage"], json!({ "id": fixture.stage_id(0), "name": "Applied", "position": 0 }));
    assert_eq!(application["jobStageId"], fixture.stage_id(0));
    assert_eq!(application["resume"], Value::Null);
    assert_eq!(application["ats"], Value::Null);
    assert_eq!(application["atsScore"], Value::Null);
    assert_eq!(application["pipeline"]["state"], "queued");
    assert_eq!(application["tags"], json!([]));
    assert_eq!(application["status"], "active");
    // The key sees the same application.
    let id = application["id"].as_str().unwrap();
    let detail = app.get(&format!("/api/v1/applications/{id}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["candidateName"], "Ana Rust");
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(job.data()["applicationCount"], 1);
}

#[actix_web::test]
async fn an_application_without_a_resume_skips_the_pipeline_and_says_why() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app
        .apply(fixture.paid_job_id(), json!({ "candidateName": "Nora", "email": "nora@example.com" }))
        .await
        .expect(201);
    let application = &reply.data()["application"];
    assert_eq!(application["pipeline"]["state"], "skipped");
    assert!(application["pipeline"]["reason"].as_str().unwrap().contains("no resume"));
    assert_eq!(envelope(&app, &fixture).await, 10, "nothing to score, nothing charged");
}

#[actix_web::test]
async fn applying_with_multipart_and_a_plain_text_resume_file_is_parsed_by_the_pipeline() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let body = multipart(&[
        Part::field("candidateName", "Ana Rust"),
        Part::field("email", "ana@example.com"),
        Part::field("phone", "+1 555 0100"),
        Part::file("resume", "ana-rust.txt", "text/plain", MATCHING_RESUME),
    ]);
    let reply = post_multipart(&app, fixture.paid_job_id(), body).await.expect(201);
    let application = &reply.data()["application"];
    assert!(application["id"].as_str().unwrap().starts_with("app_"));
    assert_eq!(application["candidateName"], "Ana Rust");
    assert_eq!(application["phone"], "+1 555 0100");
    assert_eq!(application["resume"], Value::Null);
    assert_eq!(application["pipeline"]["state"], "queued");
    assert_eq!(
        application["resumeFile"],
        json!({ "fileName": "ana-rust.txt", "mediaType": "text/plain", "sizeBytes": MATCHING_RESUME.len() })
    );
    let id = application["id"].as_str().unwrap();
    let ats = app.wait_for_pipeline(&fixture.key, id).await;
    assert_eq!(ats["pipeline"]["state"], "done", "{ats}");
    let resume = app.get(&format!("/api/v1/applications/{id}/resume"), &fixture.key).await.expect(200);
    assert!(
        resume.data()["resume"]["skills"].as_array().unwrap().iter().any(|skill| skill["name"] == "PostgreSQL"),
        "{}",
        resume.body
    );
}

#[actix_web::test]
async fn a_resume_file_is_judged_by_its_bytes_and_an_unreadable_one_fails_its_pipeline_with_a_reason() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let files = [
        ("ana.pdf", "application/pdf"),
        ("ana.bin", "application/pdf"),
        ("ana.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ];
    for (number, (file_name, media_type)) in files.into_iter().enumerate() {
        let body = multipart(&[
            Part::field("candidateName", "Ana Rust"),
            Part::field("email", &format!("ana{number}@example.com")),
            Part::file("resume", file_name, media_type, "%PDF-1.7 not really"),
        ]);
        let reply = post_multipart(&app, fixture.paid_job_id(), body).await.expect(201);
        let application = &reply.data()["application"];
        assert_eq!(application["resumeFile"]["mediaType"], "application/pdf", "detected from the bytes: {application}");
        let id = application["id"].as_str().unwrap();
        let ats = app.wait_for_pipeline(&fixture.key, id).await;
        assert_eq!(ats["pipeline"]["state"], "failed", "{ats}");
        assert!(ats["pipeline"]["reason"].as_str().unwrap().starts_with("file_corrupt:"), "{ats}");
    }
}

#[actix_web::test]
async fn an_apply_body_that_is_neither_json_nor_multipart_is_415() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let request = app
        .client
        .post(app.url(&format!("/api/jobs/{}/applications", fixture.paid_job_id())))
        .content_type("text/plain");
    let reply = app.raw(request, awc::body::BoxBody::new("candidateName=Ana")).await.expect(415);
    assert_eq!(reply.error_code(), "UNSUPPORTED_MEDIA_TYPE");
}

#[actix_web::test]
async fn an_apply_body_over_the_intake_limit_is_413() {
    let app = spawn_app_with(|settings| settings.intake_body_bytes_max = 1024).await;
    let fixture = fixture(&app, "acme").await;
    let resume = "Rust and PostgreSQL. ".repeat(100);
    let json_reply = app
        .apply(
            fixture.paid_job_id(),
            json!({ "candidateName": "Ana", "email": "ana@example.com", "resumeText": resume }),
        )
        .await;
    assert_eq!(json_reply.status, 413, "{}", json_reply.body);
    assert_eq!(json_reply.error_code(), "PAYLOAD_TOO_LARGE");
    let body = multipart(&[
        Part::field("candidateName", "Ana"),
        Part::field("email", "ana@example.com"),
        Part::file("resume", "ana.txt", "text/plain", &resume),
    ]);
    let multipart_reply = post_multipart(&app, fixture.paid_job_id(), body).await;
    assert_eq!(multipart_reply.status, 413, "{}", multipart_reply.body);
    assert_eq!(multipart_reply.error_code(), "PAYLOAD_TOO_LARGE");
    // Under the limit is fine.
    app.apply(
        fixture.paid_job_id(),
        json!({ "candidateName": "Ana", "email": "ana@example.com", "resumeText": "Rust" }),
    )
    .await
    .expect(201);
}

#[actix_web::test]
async fn an_application_without_a_name_or_a_valid_email_is_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for body in [
        json!({ "email": "ana@example.com" }),
        json!({ "candidateName": "", "email": "ana@example.com" }),
        json!({ "candidateName": "   ", "email": "ana@example.com" }),
        json!({ "candidateName": "Ana" }),
        json!({ "candidateName": "Ana", "email": "" }),
        json!({ "candidateName": "Ana", "email": "not-an-email" }),
        json!({ "candidateName": "Ana", "email": "ana@example.com", "phone": "call me" }),
        json!({ "candidateName": "Ana", "email": "ana@example.com", "nickname": "A" }),
    ] {
        let reply = app.apply(fixture.paid_job_id(), body.clone()).await;
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
        assert_eq!(reply.error_code(), "INVALID_REQUEST", "{body}: {}", reply.body);
    }
    let body = multipart(&[Part::field("email", "ana@example.com")]);
    let reply = post_multipart(&app, fixture.paid_job_id(), body).await.expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
}

#[actix_web::test]
async fn a_draft_or_closed_job_does_not_accept_applications() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let draft = app
        .create_job("acme", &fixture.token, json!({ "teamId": fixture.team_id, "title": "Later", "status": "draft" }))
        .await
        .expect(201);
    let reply = app
        .apply(draft.data()["id"].as_str().unwrap(), json!({ "candidateName": "Ana", "email": "ana@example.com" }))
        .await
        .expect(409);
    assert_eq!(reply.error_code(), "JOB_NOT_ACCEPTING_APPLICATIONS");
    app.update_job("acme", &fixture.token, fixture.paid_job_id(), json!({ "status": "closed" })).await.expect(200);
    let reply = app
        .apply(fixture.paid_job_id(), json!({ "candidateName": "Ana", "email": "ana@example.com" }))
        .await
        .expect(409);
    assert_eq!(reply.error_code(), "JOB_NOT_ACCEPTING_APPLICATIONS");
    let body = multipart(&[Part::field("candidateName", "Ana"), Part::field("email", "ana@example.com")]);
    assert_eq!(
        post_multipart(&app, fixture.paid_job_id(), body).await.expect(409).error_code(),
        "JOB_NOT_ACCEPTING_APPLICATIONS"
    );
    // Reopened, it accepts them again.
    app.update_job("acme", &fixture.token, fixture.paid_job_id(), json!({ "status": "active" })).await.expect(200);
    app.apply(fixture.paid_job_id(), json!({ "candidateName": "Ana", "email": "ana@example.com" })).await.expect(201);
}

#[actix_web::test]
async fn applying_to_an_unknown_job_is_404_resource_not_found() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    for job_id in ["job_doesnotexist", "not-a-job-id"] {
        let reply = app.apply(job_id, json!({ "candidateName": "Ana", "email": "ana@example.com" })).await.expect(404);
        assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
    }
}

#[actix_web::test]
async fn required_form_answers_are_enforced_and_answers_are_checked_against_their_type() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let body = json!({
        "teamId": fixture.team_id, "title": "With a form", "status": "active",
        "formFields": [
            { "key": "portfolio", "label": "Portfolio URL", "type": "url", "required": true },
            { "key": "visa", "label": "Needs a visa?", "type": "select", "options": ["yes", "no"], "required": true },
            { "label": "Years of Rust", "type": "number" },
        ],
    });
    let job = app.create_job("acme", &fixture.token, body).await.expect(201);
    assert_eq!(job.data()["formFields"][2]["key"], "years_of_rust", "a key defaults to a slug of the label");
    let job_id = job.data()["id"].as_str().unwrap();
    let candidate = |answers: Value| json!({ "candidateName": "Ana", "email": "ana@example.com", "answers": answers });
    for (answers, named) in [
        (json!({}), "portfolio"),
        (json!({ "visa": "no" }), "portfolio"),
        (json!({ "portfolio": "https://ana.dev" }), "visa"),
        (json!({ "portfolio": "   ", "visa": "no" }), "portfolio"),
        (json!({ "portfolio": "ana.dev", "visa": "no" }), "portfolio"),
        (json!({ "portfolio": "https://ana.dev", "visa": "maybe" }), "visa"),
        (json!({ "portfolio": "https://ana.dev", "visa": "no", "years_of_rust": "many" }), "years_of_rust"),
        (json!({ "portfolio": "https://ana.dev", "visa": "no", "favourite_colour": "red" }), "favourite_colour"),
    ] {
        let reply = app.apply(job_id, candidate(answers.clone())).await;
        assert_eq!(reply.status, 400, "{answers}: {}", reply.body);
        assert_eq!(reply.error_code(), "INVALID_REQUEST");
        assert!(reply.body["error"]["message"].as_str().unwrap().contains(named), "{answers}: {}", reply.body);
    }
    let reply = app
        .apply(job_id, candidate(json!({ "portfolio": "https://ana.dev", "visa": "no", "years_of_rust": 4 })))
        .await
        .expect(201);
    assert_eq!(
        reply.data()["application"]["answers"],
        json!({ "portfolio": "https://ana.dev", "visa": "no", "years_of_rust": "4" })
    );
    // Multipart answers use `answers[key]` fields.
    let body = multipart(&[
        Part::field("candidateName", "Bo"),
        Part::field("email", "bo@example.com"),
        Part::field("answers[portfolio]", "https://bo.dev"),
        Part::field("answers[visa]", "yes"),
    ]);
    let reply = post_multipart(&app, job_id, body).await.expect(201);
    assert_eq!(reply.data()["application"]["answers"], json!({ "portfolio": "https://bo.dev", "visa": "yes" }));
    let body = multipart(&[
        Part::field("candidateName", "Cy"),
        Part::field("email", "cy@example.com"),
        Part::field("answers[visa]", "yes"),
    ]);
    post_multipart(&app, job_id, body).await.expect(400);
}

// ----- workspaces, members, teams -----

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

// ----- paging, sorting and filtering applications -----

#[actix_web::test]
async fn an_offset_past_the_end_gives_an_empty_page_with_the_right_total() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let mut ids = Vec::new();
    for name in ["Ana", "Bo", "Cy", "Di", "Ed"] {
        ids.push(apply_without_resume(&app, fixture.paid_job_id(), name).await);
        app.clock.advance_milliseconds(1_000);
    }
    let past = applications(&app, &fixture, "offset=5").await;
    assert_eq!(past.data()["applications"], json!([]));
    assert_eq!(past.data()["pagination"], json!({ "offset": 5, "limit": 20, "total": 5 }));
    let far = applications(&app, &fixture, "offset=1000000&limit=100").await;
    assert_eq!(far.data()["applications"], json!([]));
    assert_eq!(far.data()["pagination"]["total"], 5);
    let last = applications(&app, &fixture, "offset=4&limit=2").await;
    assert_eq!(application_ids(&last), [ids[0].as_str()], "newest first by default, so the oldest is last");
    let newest_first: Vec<&str> = ids.iter().rev().map(String::as_str).collect();
    let pages: Vec<String> = [0, 2, 4].iter().map(|offset| format!("offset={offset}&limit=2")).collect();
    let mut walked = Vec::new();
    for query in &pages {
        let page = applications(&app, &fixture, query).await;
        walked.extend(application_ids(&page).into_iter().map(str::to_owned));
    }
    assert_eq!(walked, newest_first, "pages walk the list without gaps or repeats");
    let oldest_first = applications(&app, &fixture, "sort=created-asc").await;
    assert_eq!(application_ids(&oldest_first), ids.iter().map(String::as_str).collect::<Vec<_>>());
}

#[actix_web::test]
async fn the_name_filter_is_a_case_insensitive_substring_and_name_asc_sorts_by_name() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for name in ["Anabel Smith", "Bo Banana", "Cy Jones", "DIANA Prince"] {
        apply_without_resume(&app, fixture.paid_job_id(), name).await;
    }
    let found = applications(&app, &fixture, "name=ANA&sort=name-asc").await;
    assert_eq!(names(&found), ["Anabel Smith", "Bo Banana", "DIANA Prince"]);
    assert_eq!(found.data()["pagination"]["total"], 3);
    let found = applications(&app, &fixture, "name=prince").await;
    assert_eq!(names(&found), ["DIANA Prince"]);
    let none = applications(&app, &fixture, "name=zzz").await;
    assert_eq!(none.data()["pagination"]["total"], 0);
    let paged = applications(&app, &fixture, "name=ana&sort=name-asc&offset=1&limit=1").await;
    assert_eq!(names(&paged), ["Bo Banana"]);
    assert_eq!(paged.data()["pagination"], json!({ "offset": 1, "limit": 1, "total": 3 }));
    let all = applications(&app, &fixture, "sort=name-asc").await;
    assert_eq!(names(&all), ["Anabel Smith", "Bo Banana", "Cy Jones", "DIANA Prince"]);
}

#[actix_web::test]
async fn the_status_filter_tells_archived_applications_from_active_ones() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let kept = apply_without_resume(&app, fixture.paid_job_id(), "Kim Kept").await;
    let archived = apply_without_resume(&app, fixture.paid_job_id(), "Arlo Archived").await;
    let path = format!("/api/orgs/acme/applications/{archived}");
    let reply = app
        .request("PATCH", &path, Auth::Bearer(&fixture.token), Some(json!({ "status": "archived" })))
        .await
        .expect(200);
    assert_eq!(reply.data()["application"]["status"], "archived");
    let active = applications(&app, &fixture, "status=active").await;
    assert_eq!(application_ids(&active), [kept.as_str()]);
    assert_eq!(active.data()["pagination"]["total"], 1);
    let only_archived = applications(&app, &fixture, "status=archived").await;
    assert_eq!(application_ids(&only_archived), [archived.as_str()]);
    let everyone = applications(&app, &fixture, "").await;
    assert_eq!(everyone.data()["pagination"]["total"], 2);
}

#[actix_web::test]
async fn sort_by_ats_score_and_the_minimum_score_filter_use_the_scores() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let resumes = [
        ("Strong Match", MATCHING_RESUME.to_owned()),
        ("Partial Match", "Pat Partial\n\nSUMMARY\nBackend developer.\n\nSKILLS\nRust, Python\n\nEXPERIENCE\nDeveloper — Beta Ltd\nJan 2022 – Present\n- Wrote Rust tools\n".to_owned()),
        ("No Match", "Nat None\n\nSUMMARY\nIllustrator.\n\nSKILLS\nFigma, Sketch\n\nEXPERIENCE\nDesigner — Gamma\nJan 2023 – Present\n- Drew icons\n".to_owned()),
    ];
    let mut scored = Vec::new();
    for (name, resume) in &resumes {
        let id = app.apply_with_resume(fixture.paid_job_id(), name, resume).await;
        let ats = app.wait_for_pipeline(&fixture.key, &id).await;
        assert_eq!(ats["pipeline"]["state"], "done", "{name}: {ats}");
        scored.push((id, ats["atsScore"].as_u64().unwrap()));
    }
    let unscored = apply_without_resume(&app, fixture.paid_job_id(), "Un Scored").await;
    let (strong, weak) = (scored[0].1, scored[2].1);
    assert!(strong > weak, "a matching resume outscores an unrelated one: {strong} vs {weak}");

    let by_score = applications(&app, &fixture, "sort=ats-desc").await;
    let listed: Vec<Option<u64>> =
        by_score.data()["applications"].as_array().unwrap().iter().map(|item| item["atsScore"].as_u64()).collect();
    assert_eq!(listed.len(), 4);
    let scores: Vec<u64> = listed.iter().flatten().copied().collect();
    assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "descending: {listed:?}");
    assert_eq!(application_ids(&by_score)[0], scored[0].0.as_str());
    assert_eq!(application_ids(&by_score)[3], unscored.as_str(), "unscored applications come last");
    let ascending = applications(&app, &fixture, "sort=ats-asc").await;
    let ascending_scores: Vec<u64> = ascending.data()["applications"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|item| item["atsScore"].as_u64())
        .collect();
    assert!(ascending_scores.windows(2).all(|pair| pair[0] <= pair[1]), "ascending: {ascending_scores:?}");

    let threshold = weak + 1;
    let mut expected: Vec<&str> =
        scored.iter().filter(|(_, score)| *score >= threshold).map(|(id, _)| id.as_str()).collect();
    let filtered = applications(&app, &fixture, &format!("sort=ats-desc&atsScoreMin={threshold}")).await;
    let mut filtered_ids = application_ids(&filtered);
    assert_eq!(filtered.data()["pagination"]["total"], expected.len());
    assert_eq!(filtered_ids[0], scored[0].0.as_str());
    expected.sort_unstable();
    filtered_ids.sort_unstable();
    assert_eq!(filtered_ids, expected, "exactly the applications scoring at least {threshold}; never an unscored one");
    let exact = applications(&app, &fixture, &format!("atsScoreMin={strong}")).await;
    assert!(application_ids(&exact).contains(&scored[0].0.as_str()), "the minimum is inclusive");
    let everything = applications(&app, &fixture, "atsScoreMin=0").await;
    assert_eq!(everything.data()["pagination"]["total"], 3, "a minimum of 0 still needs a score");
}

#[actix_web::test]
async fn stage_score_and_name_filters_combine_after_moves_and_scoring() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let moved = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", MATCHING_RESUME).await;
    let path = format!("/api/v1/applications/{moved}/stage");
    let body = json!({ "stage": fixture.stage_id(1) });
    app.request("PATCH", &path, Auth::Key(&fixture.key), Some(body)).await.expect(200);
    let stayed = app.apply_with_resume(fixture.paid_job_id(), "Ana Stayed", MATCHING_RESUME).await;
    let score = app.wait_for_pipeline(&fixture.key, &moved).await["atsScore"].as_u64().unwrap();
    app.wait_for_pipeline(&fixture.key, &stayed).await;
    let interview = fixture.stage_id(1);
    let found = applications(&app, &fixture, &format!("stage={interview}&sort=ats-desc&atsScoreMin={score}")).await;
    assert_eq!(application_ids(&found), [moved.as_str()]);
    assert_eq!(found.data()["pagination"]["total"], 1);
    let found = applications(&app, &fixture, &format!("stage={interview}&name=ANA&sort=name-asc")).await;
    assert_eq!(application_ids(&found), [moved.as_str()]);
    let applied = applications(&app, &fixture, &format!("stage={}&sort=ats-desc", fixture.stage_id(0))).await;
    assert_eq!(application_ids(&applied), [stayed.as_str()]);
    let offer = applications(&app, &fixture, &format!("stage={}&sort=ats-desc", fixture.stage_id(2))).await;
    assert_eq!(offer.data()["pagination"]["total"], 0);
}

// ----- helpers -----

struct Part<'a> {
    name: &'a str,
    file: Option<(&'a str, &'a str)>,
    value: &'a str,
}

impl<'a> Part<'a> {
    fn field(name: &'a str, value: &'a str) -> Self {
        Part { name, file: None, value }
    }

    fn file(name: &'a str, file_name: &'a str, media_type: &'a str, value: &'a str) -> Self {
        Part { name, file: Some((file_name, media_type)), value }
    }
}

/// A multipart/form-data body (RFC 7578), built by hand.
fn multipart(parts: &[Part<'_>]) -> Vec<u8> {
    let mut body = String::new();
    for part in parts {
        body.push_str(&format!("--{BOUNDARY}\r\n"));
        match part.file {
            None => body.push_str(&format!("Content-Disposition: form-data; name=\"{}\"\r\n\r\n", part.name)),
            Some((file_name, media_type)) => {
                body.push_str(&format!(
                    "Content-Disposition: form-data; name=\"{}\"; filename=\"{file_name}\"\r\n",
                    part.name
                ));
                body.push_str(&format!("Content-Type: {media_type}\r\n\r\n"));
            }
        }
        body.push_str(part.value);
        body.push_str("\r\n");
    }
    body.push_str(&format!("--{BOUNDARY}--\r\n"));
    body.into_bytes()
}

async fn post_multipart(app: &TestApp, job_id: &str, body: Vec<u8>) -> Reply {
    let request = app
        .client
        .post(app.url(&format!("/api/jobs/{job_id}/applications")))
        .insert_header(("content-type", format!("multipart/form-data; boundary={BOUNDARY}")));
    app.raw(request, awc::body::BoxBody::new(body)).await
}

async fn apply_without_resume(app: &TestApp, job_id: &str, name: &str) -> String {
    let email = format!("{}@example.com", name.to_lowercase().replace(' ', "."));
    let reply = app.apply(job_id, json!({ "candidateName": name, "email": email })).await.expect(201);
    reply.data()["application"]["id"].as_str().unwrap().to_owned()
}

async fn applications(app: &TestApp, fixture: &Fixture, query: &str) -> Reply {
    app.get(&format!("/api/v1/jobs/{}/applications?{query}", fixture.paid_job_id()), &fixture.key).await.expect(200)
}

async fn envelope(app: &TestApp, fixture: &Fixture) -> u64 {
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    job.data()["fitScores"].as_u64().unwrap()
}

fn application_ids(reply: &Reply) -> Vec<&str> {
    reply.data()["applications"].as_array().unwrap().iter().map(|item| item["id"].as_str().unwrap()).collect()
}

fn names(reply: &Reply) -> Vec<&str> {
    reply.data()["applications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["candidateName"].as_str().unwrap())
        .collect()
}
