//! Getting data in: the careers-page apply, as JSON and as multipart.

use serde_json::{json, Value};

use crate::helpers::{fixture, spawn_app, spawn_app_with, Reply, TestApp, MATCHING_RESUME};

const BOUNDARY: &str = "shortlist-test-boundary-7MA4YWxkTrZu0gW";

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
    assert_eq!(app.fit_scores(&fixture.key, fixture.paid_job_id()).await.0, 10, "nothing to score, nothing charged");
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
