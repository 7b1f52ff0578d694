//! What the operator sees: every response carries a request ID (the
//! client's own when sane), and /metrics shows the request series by route
//! template once requests were made.

use serde_json::json;

use crate::helpers::{fixture, spawn_app, spawn_app_with, Auth, MATCHING_RESUME};

#[actix_web::test]
async fn every_response_carries_a_request_id_and_a_sane_client_id_is_kept() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let generated = app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let id = generated.header("x-request-id").expect("a generated request ID");
    assert_eq!(id.len(), 20, "{id}");
    let other = app.get("/api/v1/jobs", &fixture.key).await.header("x-request-id");
    assert_ne!(other.as_deref(), Some(id.as_str()), "each request gets its own");

    for (path, status) in [("/api/v1/jobs", 200), ("/api/v1/nope", 404), ("/healthz", 200)] {
        let response = app
            .client
            .get(app.url(path))
            .insert_header(("X-API-Key", fixture.key.as_str()))
            .insert_header(("X-Request-Id", "client-7f3a/retry.2"))
            .send()
            .await
            .expect("answered");
        assert_eq!(response.status().as_u16(), status, "{path}");
        assert_eq!(response.headers().get("x-request-id").unwrap(), "client-7f3a/retry.2", "{path}");
    }
    let unauthenticated = app.request("GET", "/api/v1/jobs", Auth::None, None).await.expect(401);
    assert!(unauthenticated.header("x-request-id").is_some(), "failures carry it too");

    let insane = app
        .client
        .get(app.url("/healthz"))
        .insert_header(("X-Request-Id", "x".repeat(129)))
        .send()
        .await
        .expect("answered");
    let replaced = insane.headers().get("x-request-id").unwrap().to_str().unwrap().to_owned();
    assert_eq!(replaced.len(), 20, "a 129-character ID is replaced: {replaced}");
}

async fn metrics_text(client: &awc::Client, url: String) -> (u16, String, String) {
    let mut response = client.get(url).send().await.expect("answered");
    let content_type = response.headers().get("content-type").unwrap().to_str().unwrap().to_owned();
    let body = response.body().limit(16 * 1024 * 1024).await.expect("a body");
    (response.status().as_u16(), content_type, String::from_utf8(body.to_vec()).expect("text"))
}

#[actix_web::test]
async fn metrics_show_every_series_and_what_the_service_did() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let job = fixture.paid_job_id().to_owned();
    let application = app.apply_with_resume(&job, "Ana Rust", MATCHING_RESUME).await;
    app.wait_for_pipeline(&fixture.key, &application).await;
    app.get(&format!("/api/v1/jobs/{job}/applications?limit=5"), &fixture.key).await.expect(200);
    app.get("/api/v1/jobs/job_doesnotexist", &fixture.key).await.expect(404);
    let limited = app.create_key("acme", &fixture.token, json!({ "name": "slow", "rateLimitPerMinute": 1 })).await;
    let slow_key = limited.expect(201).data()["apiKey"].as_str().unwrap().to_owned();
    app.get("/api/v1/jobs", &slow_key).await.expect(200);
    app.get("/api/v1/jobs", &slow_key).await.expect(429);

    let (status, content_type, text) = metrics_text(&app.client, app.url("/metrics")).await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    for metric in shortlist::telemetry::names::METRICS {
        assert!(text.contains(&format!("\n{}", metric.name)), "/metrics lacks {}:\n{text}", metric.name);
    }
    for expected in [
        r#"shortlist_http_requests_total{route="/api/v1/jobs/{job_id}/applications",method="GET",status="200"}"#,
        r#"shortlist_http_requests_total{route="/api/v1/jobs/{job_id}",method="GET",status="404"}"#,
        r#"shortlist_http_request_duration_seconds_bucket{route="/api/v1/jobs/{job_id}/applications",method="GET",status="200",le="0.001"}"#,
        r#"shortlist_http_rate_limited_total{surface="public_api"}"#,
        r#"shortlist_pipeline_stage_duration_seconds_bucket{stage="parse",outcome="ok""#,
        r#"shortlist_pipeline_stage_duration_seconds_bucket{stage="score",outcome="ok""#,
        "# HELP shortlist_http_requests_total",
    ] {
        assert!(text.contains(expected), "/metrics lacks {expected}:\n{text}");
    }
    assert!(!text.contains(&job), "no series is labelled with an ID");
}

#[actix_web::test]
async fn metrics_may_live_on_their_own_address_or_be_switched_off() {
    let elsewhere = spawn_app_with(|settings| settings.metrics_bind = Some("127.0.0.1:0".parse().unwrap())).await;
    let port = elsewhere.metrics_port.expect("the metrics listener's port");
    let (status, _, text) = metrics_text(&elsewhere.client, format!("http://127.0.0.1:{port}/metrics")).await;
    assert_eq!(status, 200);
    assert!(text.contains("shortlist_workspaces"), "{text}");
    let (status, _, _) = metrics_text(&elsewhere.client, elsewhere.url("/metrics")).await;
    assert_eq!(status, 404, "not on the main listener then");

    let off = spawn_app_with(|settings| settings.no_metrics = true).await;
    let (status, _, _) = metrics_text(&off.client, off.url("/metrics")).await;
    assert_eq!(status, 404);
}
