//! The seven reads of /api/v1: shapes, filters, sorting, pagination, scope.

use serde_json::json;

use crate::helpers::{fixture, spawn_app, MATCHING_RESUME};

#[actix_web::test]
async fn a_whole_workspace_key_lists_every_job_newest_first_with_summary_fields() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    assert_eq!(reply.body["status"], "success");
    let items = reply.data()["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["id"], fixture.free_job["id"], "newest first");
    for field in ["id", "title", "status", "teamId", "teamName", "applicationCount", "createdAt"] {
        assert!(items[0].get(field).is_some(), "job summary has {field}");
    }
    assert_eq!(items[0]["teamName"], "Engineering");
    assert_eq!(reply.data()["pagination"], json!({ "offset": 0, "limit": 20, "total": 2, "nextCursor": null }));
}

#[actix_web::test]
async fn job_detail_carries_stages_criteria_and_envelope() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    let job = reply.data();
    assert_eq!(job, &fixture.paid_job, "the create response is the detail as GET returns it");
    assert!(job["stages"][0]["id"].as_str().unwrap().starts_with("stage_"));
    assert_eq!(job["criteria"]["mustHaves"], json!(["Rust", "PostgreSQL"]));
    assert_eq!(job["fitScores"], 10);
    assert_eq!(job["tier"], "paid");
}

#[actix_web::test]
async fn an_application_is_parsed_and_scored_and_charged_to_its_job() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", MATCHING_RESUME).await;
    let ats = app.wait_for_pipeline(&fixture.key, &application_id).await;
    assert_eq!(ats["pipeline"]["state"], "done", "{ats}");
    let score = ats["atsScore"].as_u64().unwrap();
    assert!(score > 50 && score <= 100, "a matching resume scores high: {score}");
    assert_eq!(ats["ats"]["overallScore"], score);
    assert!(ats["ats"]["matchedKeywords"].as_array().unwrap().contains(&json!("Rust")));
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(job.data()["fitScores"], 9, "initial scoring takes one fit score");
    assert_eq!(job.data()["fitScoresUsed"], 1);
    let resume = app.get(&format!("/api/v1/applications/{application_id}/resume"), &fixture.key).await.expect(200);
    assert!(resume.data()["resume"]["skills"].as_array().unwrap().iter().any(|skill| skill["name"] == "Rust"));
    let detail = app.get(&format!("/api/v1/applications/{application_id}"), &fixture.key).await.expect(200);
    assert_eq!(detail.data()["stage"]["id"], fixture.stage_id(0));
    assert_eq!(detail.data()["atsScore"], score);
}

#[actix_web::test]
async fn a_free_job_parses_but_never_scores() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_with_resume(fixture.free_job_id(), "Dee Signer", "Dee\n\nSKILLS\nFigma\n").await;
    let ats = app.wait_for_pipeline(&fixture.key, &application_id).await;
    assert_eq!(ats["pipeline"]["state"], "skipped");
    assert!(ats["pipeline"]["reason"].as_str().unwrap().contains("free tier"));
    assert_eq!(ats["ats"], json!(null));
    let resume = app.get(&format!("/api/v1/applications/{application_id}/resume"), &fixture.key).await.expect(200);
    assert_ne!(resume.data()["resume"], json!(null), "the resume is still parsed");
}

/// Reads are routed by hand (`http::read_routes`) unless an ID is
/// percent-encoded, when actix's router takes them: both ways must give the
/// same answer (status, body, content type, ETag and rate limit), for a
/// success, a missing resource and a refused key.
#[actix_web::test]
async fn a_read_answers_the_same_whether_routed_by_hand_or_by_the_router() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", MATCHING_RESUME).await;
    app.wait_for_pipeline(&fixture.key, &application_id).await;
    let job_id = fixture.paid_job_id();
    let encoded = |id: &str| id.replacen('_', "%5F", 1);
    let paths = [
        (format!("/api/v1/jobs/{job_id}"), format!("/api/v1/jobs/{}", encoded(job_id))),
        (
            format!("/api/v1/jobs/{job_id}/applications?sort=ats-desc"),
            format!("/api/v1/jobs/{}/applications?sort=ats-desc", encoded(job_id)),
        ),
        (
            format!("/api/v1/applications/{application_id}"),
            format!("/api/v1/applications/{}", encoded(&application_id)),
        ),
        (
            format!("/api/v1/applications/{application_id}/resume"),
            format!("/api/v1/applications/{}/resume", encoded(&application_id)),
        ),
        (
            format!("/api/v1/applications/{application_id}/ats"),
            format!("/api/v1/applications/{}/ats", encoded(&application_id)),
        ),
        (
            format!("/api/v1/applications/{application_id}/comments"),
            format!("/api/v1/applications/{}/comments", encoded(&application_id)),
        ),
        ("/api/v1/applications/app_missing".to_owned(), "/api/v1/applications/app%5Fmissing".to_owned()),
    ];
    for key in [fixture.key.as_str(), "svc_live_notakeyatall"] {
        for (by_hand, by_router) in &paths {
            let direct = app.get(by_hand, key).await;
            let routed = app.get(by_router, key).await;
            assert_eq!(direct.status, routed.status, "{by_hand}");
            assert_eq!(direct.body, routed.body, "{by_hand}");
            for header in ["content-type", "etag", "x-ratelimit-limit"] {
                assert_eq!(direct.header(header), routed.header(header), "{by_hand}: {header}");
            }
            assert!(direct.header("x-ratelimit-remaining").is_some() && direct.header("x-request-id").is_some());
        }
    }
}
