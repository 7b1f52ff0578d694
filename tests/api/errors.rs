//! Every row of the spec's error table over real HTTP, the rate-limit headers,
//! and the failures the framework itself would otherwise answer (unknown
//! routes, wrong methods, bad bodies, panics), all in the one envelope.

use serde_json::json;

use crate::helpers::{fixture, spawn_app, Auth, Reply};

/// A key with the right shape that was never issued.
const UNKNOWN_KEY: &str = "svc_live_0123456789abcdefghijABCDEFGHIJ0";

#[actix_web::test]
async fn a_request_without_an_api_key_is_refused_with_api_key_missing() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    let reply = app.request("GET", "/api/v1/jobs", Auth::None, None).await;
    assert_failure(&reply, 401, "API_KEY_MISSING");
}

#[actix_web::test]
async fn an_unknown_or_malformed_key_is_refused_with_api_key_invalid() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    assert_eq!(UNKNOWN_KEY.len(), 40);
    for presented in [UNKNOWN_KEY, "not-a-key", "", "svc_live_short"] {
        let reply = app.get("/api/v1/jobs", presented).await;
        assert_failure(&reply, 401, "API_KEY_INVALID");
    }
}

#[actix_web::test]
async fn a_revoked_key_is_refused_with_api_key_invalid() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    app.revoke_key("acme", &fixture.token, &fixture.key_id).await.expect(200);
    let reply = app.get("/api/v1/jobs", &fixture.key).await;
    assert_failure(&reply, 401, "API_KEY_INVALID");
}

#[actix_web::test]
async fn a_key_past_its_expiry_is_refused_with_api_key_expired() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let expires_at = app.iso8601_after(60_000);
    let reply = app
        .create_key("acme", &fixture.token, json!({ "name": "short-lived", "expiresAt": expires_at }))
        .await
        .expect(201);
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    app.get("/api/v1/jobs", &key).await.expect(200);
    app.clock.advance_milliseconds(60_000);
    let reply = app.get("/api/v1/jobs", &key).await;
    assert_failure(&reply, 401, "API_KEY_EXPIRED");
}

#[actix_web::test]
async fn a_missing_job_or_application_is_v1_resource_not_found() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let paths = [
        "/api/v1/jobs/job_doesnotexist",
        "/api/v1/jobs/not-even-an-id",
        "/api/v1/jobs/job_doesnotexist/applications",
        "/api/v1/applications/app_doesnotexist",
        "/api/v1/applications/app_doesnotexist/resume",
        "/api/v1/applications/app_doesnotexist/ats",
        "/api/v1/applications/app_doesnotexist/comments",
    ];
    for path in paths {
        let reply = app.get(path, &fixture.key).await;
        assert_failure(&reply, 404, "V1_RESOURCE_NOT_FOUND");
    }
    let writes = [
        ("PATCH", "/api/v1/applications/app_doesnotexist/stage", Some(json!({ "stage": fixture.stage_id(1) }))),
        ("PATCH", "/api/v1/applications/app_doesnotexist/tags", Some(json!({ "add": ["x"] }))),
        ("POST", "/api/v1/applications/app_doesnotexist/comments", Some(json!({ "text": "hello" }))),
        ("POST", "/api/v1/applications/app_doesnotexist/ats/rerun", None),
    ];
    for (method, path, body) in writes {
        let reply = app.request(method, path, Auth::Key(&fixture.key), body).await;
        assert_failure(&reply, 404, "V1_RESOURCE_NOT_FOUND");
    }
}

#[actix_web::test]
async fn an_invalid_body_is_v1_invalid_request() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Nora Noresume").await;
    let reply = app
        .request(
            "PATCH",
            &format!("/api/v1/applications/{application_id}/stage"),
            Auth::Key(&fixture.key),
            Some(json!({})),
        )
        .await;
    assert_failure(&reply, 400, "V1_INVALID_REQUEST");
    let reply = app
        .request(
            "POST",
            &format!("/api/v1/applications/{application_id}/comments"),
            Auth::Key(&fixture.key),
            Some(json!({})),
        )
        .await;
    assert_failure(&reply, 400, "V1_INVALID_REQUEST");
}

#[actix_web::test]
async fn going_over_the_per_key_rate_limit_is_429_with_retry_after() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply =
        app.create_key("acme", &fixture.token, json!({ "name": "slow", "rateLimitPerMinute": 2 })).await.expect(201);
    assert_eq!(reply.data()["key"]["rateLimitPerMinute"], 2);
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    let first = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(first.header("x-ratelimit-limit").as_deref(), Some("2"));
    assert_eq!(first.header("x-ratelimit-remaining").as_deref(), Some("1"));
    let second = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(second.header("x-ratelimit-remaining").as_deref(), Some("0"));
    let third = app.get("/api/v1/jobs", &key).await;
    assert_failure(&third, 429, "V1_RATE_LIMITED");
    // Two a minute refill one request every 30 seconds; the clock has not moved.
    assert_eq!(number_header(&third, "retry-after"), 30);
    assert_eq!(third.header("x-ratelimit-limit").as_deref(), Some("2"));
    assert_eq!(third.header("x-ratelimit-remaining").as_deref(), Some("0"));
    assert_eq!(number_header(&third, "x-ratelimit-reset"), 60);
    // The limit is per key: the fixture's key is unaffected.
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
}

#[actix_web::test]
async fn the_rate_limit_window_refills_as_the_clock_moves() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply =
        app.create_key("acme", &fixture.token, json!({ "name": "slow", "rateLimitPerMinute": 2 })).await.expect(201);
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    app.get("/api/v1/jobs", &key).await.expect(200);
    app.get("/api/v1/jobs", &key).await.expect(200);

    app.clock.advance_milliseconds(29_000);
    let early = app.get("/api/v1/jobs", &key).await;
    assert_failure(&early, 429, "V1_RATE_LIMITED");
    assert_eq!(number_header(&early, "retry-after"), 1, "one second of the 30 is left");

    app.clock.advance_milliseconds(1_000);
    let refilled = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(number_header(&refilled, "x-ratelimit-remaining"), 0, "one request came back, and this used it");
    assert_eq!(number_header(&refilled, "x-ratelimit-reset"), 60, "both requests are 60 seconds from refilled");

    app.clock.advance_milliseconds(60_000);
    let rested = app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(number_header(&rested, "x-ratelimit-remaining"), 1, "a full minute refills the whole burst");
    assert_eq!(number_header(&rested, "x-ratelimit-reset"), 30);
}

#[actix_web::test]
async fn an_ats_rerun_on_a_free_job_is_402_job_tier_required() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.free_job_id(), "Nora Noresume").await;
    let reply = app
        .request("POST", &format!("/api/v1/applications/{application_id}/ats/rerun"), Auth::Key(&fixture.key), None)
        .await;
    assert_failure(&reply, 402, "JOB_TIER_REQUIRED");
}

#[actix_web::test]
async fn v1_responses_carry_rate_limit_headers_on_success_and_on_error() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let first = app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    assert_eq!(number_header(&first, "x-ratelimit-limit"), 120);
    let remaining_after_first = number_header(&first, "x-ratelimit-remaining");
    assert_eq!(remaining_after_first, 119);
    assert!(first.header("x-ratelimit-reset").is_some());
    let not_found = app.get("/api/v1/jobs/job_doesnotexist", &fixture.key).await.expect(404);
    assert_eq!(number_header(&not_found, "x-ratelimit-limit"), 120);
    assert_eq!(number_header(&not_found, "x-ratelimit-remaining"), remaining_after_first - 1, "an error still counts");
    assert!(not_found.header("x-ratelimit-reset").is_some());
    let invalid = app.get("/api/v1/jobs?limit=0", &fixture.key).await.expect(400);
    assert_eq!(number_header(&invalid, "x-ratelimit-remaining"), remaining_after_first - 2);
    let malformed_json = app
        .raw(
            app.client
                .post(app.url("/api/v1/applications/app_x/comments"))
                .insert_header(("X-API-Key", fixture.key.as_str()))
                .content_type("application/json"),
            text_body("{not json"),
        )
        .await
        .expect(400);
    assert!(malformed_json.header("x-ratelimit-limit").is_some());
    for auth in [Auth::None, Auth::Key(UNKNOWN_KEY)] {
        let refused = app.request("GET", "/api/v1/jobs", auth, None).await.expect(401);
        for header in ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"] {
            assert!(refused.header(header).is_some(), "a 401 carries {header}");
        }
    }
}

#[actix_web::test]
async fn every_v1_response_carries_rate_limit_headers_even_for_an_unknown_route_or_a_wrong_method() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for (method, path, status) in [
        ("GET", "/api/v1/nope", 404),
        ("GET", "/api/v1/applications/app_x/nope", 404),
        ("DELETE", "/api/v1/jobs", 405),
        ("GET", "/api/v1/applications/app_x/stage", 405),
    ] {
        let reply = app.request(method, path, Auth::Key(&fixture.key), None).await;
        assert_eq!(reply.status, status, "{method} {path}: {}", reply.body);
        for header in ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"] {
            assert!(reply.header(header).is_some(), "{method} {path} carries {header}");
        }
    }
}

#[actix_web::test]
async fn an_unknown_route_is_404_route_not_found_in_the_envelope() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let paths = [
        "/nope",
        "/api/v1/nope",
        "/api/v1/jobs/",
        "/api/v1/jobs/job_x/nope",
        "/api/v1/jobs/job_x/applications/more",
        "/api/v1/applications/",
        "/api/v1/applications/app_x/nope",
        "/api/v1/applications/app_x/ats/nope",
        "/api/orgs/acme/nope",
        "/api/v2/jobs",
    ];
    for path in paths {
        let reply = app.request("GET", path, Auth::Key(&fixture.key), None).await;
        assert_failure(&reply, 404, "ROUTE_NOT_FOUND");
    }
}

#[actix_web::test]
async fn a_wrong_method_is_405_method_not_allowed_in_the_envelope() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let job_path = format!("/api/v1/jobs/{}", fixture.paid_job_id());
    let cases = [
        ("DELETE", "/api/v1/jobs".to_owned()),
        ("POST", job_path),
        ("GET", "/api/v1/applications/app_x/stage".to_owned()),
        ("PUT", "/api/v1/applications/app_x/comments".to_owned()),
        ("GET", "/api/orgs/acme/teams".to_owned()),
        ("PATCH", "/api/orgs/acme/api-keys".to_owned()),
        ("GET", format!("/api/jobs/{}/applications", fixture.paid_job_id())),
    ];
    for (method, path) in cases {
        let reply = app.request(method, &path, Auth::Key(&fixture.key), None).await;
        assert_failure(&reply, 405, "METHOD_NOT_ALLOWED");
    }
    let comments = app.request("PUT", "/api/v1/applications/app_x/comments", Auth::Key(&fixture.key), None).await;
    assert_eq!(comments.header("allow").as_deref(), Some("GET, POST"), "the 405 names the methods the route takes");
}

#[actix_web::test]
async fn malformed_json_is_400_with_the_code_of_its_surface() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Nora Noresume").await;
    for body in ["{\"text\": ", "not json at all", "[1, 2]", "{\"text\": 42}"] {
        let request = app
            .client
            .post(app.url(&format!("/api/v1/applications/{application_id}/comments")))
            .insert_header(("X-API-Key", fixture.key.as_str()))
            .content_type("application/json");
        let reply = app.raw(request, text_body(body)).await;
        assert_failure(&reply, 400, "V1_INVALID_REQUEST");
    }
    for body in ["{\"name\": ", "not json at all", "{\"name\": [1]}"] {
        let request = app
            .client
            .post(app.url("/api/orgs/acme/teams"))
            .insert_header(("Authorization", format!("Bearer {}", fixture.token)))
            .content_type("application/json");
        let reply = app.raw(request, text_body(body)).await;
        assert_failure(&reply, 400, "INVALID_REQUEST");
    }
}

#[actix_web::test]
async fn a_body_that_is_not_json_on_a_json_route_is_415_unsupported_media_type() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Nora Noresume").await;
    let request = app
        .client
        .post(app.url(&format!("/api/v1/applications/{application_id}/comments")))
        .insert_header(("X-API-Key", fixture.key.as_str()))
        .content_type("text/plain");
    assert_failure(&app.raw(request, text_body("{\"text\": \"hello\"}")).await, 415, "UNSUPPORTED_MEDIA_TYPE");
    let request = app
        .client
        .post(app.url("/api/orgs/acme/teams"))
        .insert_header(("Authorization", format!("Bearer {}", fixture.token)))
        .content_type("application/xml");
    assert_failure(&app.raw(request, text_body("<team/>")).await, 415, "UNSUPPORTED_MEDIA_TYPE");
    // Nothing was written.
    let comments = app.get(&format!("/api/v1/applications/{application_id}/comments"), &fixture.key).await.expect(200);
    assert_eq!(comments.data()["comments"], json!([]));
}

#[actix_web::test]
async fn a_json_body_over_one_mebibyte_is_413_payload_too_large() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application_id = app.apply_without_resume(fixture.paid_job_id(), "Nora Noresume").await;
    let text = "a".repeat(1024 * 1024 + 1);
    let reply = app
        .request(
            "POST",
            &format!("/api/v1/applications/{application_id}/comments"),
            Auth::Key(&fixture.key),
            Some(json!({ "text": text })),
        )
        .await;
    assert_failure(&reply, 413, "PAYLOAD_TOO_LARGE");
    let reply =
        app.request("POST", "/api/orgs/acme/teams", Auth::Bearer(&fixture.token), Some(json!({ "name": text }))).await;
    assert_failure(&reply, 413, "PAYLOAD_TOO_LARGE");
}

#[actix_web::test]
async fn a_panicking_handler_is_500_internal_error_and_the_server_keeps_answering() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    // More panics than there are workers, so every worker has had one.
    for _ in 0..4 {
        let reply = app.request("GET", "/__test/panic", Auth::None, None).await;
        assert_failure(&reply, 500, "INTERNAL_ERROR");
        assert!(
            !reply.body["error"]["message"].as_str().unwrap().contains("deliberate"),
            "the panic message does not leak"
        );
    }
    for _ in 0..10 {
        app.request("GET", "/healthz", Auth::None, None).await.expect(200);
        app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    }
    app.create_team("acme", &fixture.token, "After the panic").await;
}

#[actix_web::test]
async fn page_parameters_that_are_not_whole_numbers_are_v1_invalid_request_naming_the_parameter() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let applications = format!("/api/v1/jobs/{}/applications", fixture.paid_job_id());
    for base in ["/api/v1/jobs", applications.as_str()] {
        for (query, parameter) in [
            ("offset=abc", "offset"),
            ("offset=-1", "offset"),
            ("offset=1.5", "offset"),
            ("limit=abc", "limit"),
            ("limit=-5", "limit"),
            ("limit=0", "limit"),
            ("limit=", "limit"),
        ] {
            let reply = app.get(&format!("{base}?{query}"), &fixture.key).await;
            assert_invalid_naming(&reply, parameter, &format!("{base}?{query}"));
        }
    }
}

#[actix_web::test]
async fn unknown_sort_status_or_query_parameter_is_v1_invalid_request_naming_it() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let applications = format!("/api/v1/jobs/{}/applications", fixture.paid_job_id());
    let cases = [
        ("/api/v1/jobs?status=open".to_owned(), "status"),
        ("/api/v1/jobs?sort=ats-desc".to_owned(), "sort"),
        ("/api/v1/jobs?page=2".to_owned(), "page"),
        (format!("{applications}?sort=score"), "sort"),
        (format!("{applications}?status=deleted"), "status"),
        (format!("{applications}?atsMinScore=50"), "atsMinScore"),
        (format!("{applications}?atsScoreMin=high"), "atsScoreMin"),
        (format!("{applications}?atsScoreMin=101"), "atsScoreMin"),
        (format!("{applications}?stage=stage_nope"), "stage"),
        (format!("/api/v1/jobs/{}?verbose=1", fixture.paid_job_id()), "verbose"),
    ];
    for (path, parameter) in cases {
        let reply = app.get(&path, &fixture.key).await;
        assert_invalid_naming(&reply, parameter, &path);
    }
}

#[actix_web::test]
async fn a_limit_above_one_hundred_is_capped_and_pagination_shows_the_cap() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply = app.get("/api/v1/jobs?limit=500", &fixture.key).await.expect(200);
    assert_eq!(reply.data()["pagination"], json!({ "offset": 0, "limit": 100, "total": 2, "nextCursor": null }));
    let reply = app
        .get(&format!("/api/v1/jobs/{}/applications?limit=500&offset=3", fixture.paid_job_id()), &fixture.key)
        .await
        .expect(200);
    assert_eq!(reply.data()["pagination"], json!({ "offset": 3, "limit": 100, "total": 0, "nextCursor": null }));
    let reply = app.get("/api/v1/jobs?limit=100", &fixture.key).await.expect(200);
    assert_eq!(reply.data()["pagination"]["limit"], 100);
}

// ----- helpers -----

/// A failure in the envelope, with this status and code and a message.
#[track_caller]
fn assert_failure(reply: &Reply, status: u16, code: &str) {
    assert_eq!(reply.status, status, "status; body: {}", reply.body);
    assert_eq!(reply.body["status"], "fail", "envelope; body: {}", reply.body);
    assert_eq!(reply.error_code(), code, "code; body: {}", reply.body);
    let message = reply.body["error"]["message"].as_str().unwrap_or("");
    assert!(!message.is_empty(), "a failure has a message; body: {}", reply.body);
    assert_eq!(reply.body.as_object().map(|body| body.len()), Some(2), "only status and error: {}", reply.body);
}

#[track_caller]
fn assert_invalid_naming(reply: &Reply, parameter: &str, request: &str) {
    assert_eq!(reply.status, 400, "{request}: {}", reply.body);
    assert_eq!(reply.error_code(), "V1_INVALID_REQUEST", "{request}: {}", reply.body);
    let message = reply.body["error"]["message"].as_str().unwrap_or("");
    assert!(message.contains(parameter), "{request}: the message {message:?} names `{parameter}`");
}

#[track_caller]
fn number_header(reply: &Reply, name: &str) -> u64 {
    reply
        .header(name)
        .unwrap_or_else(|| panic!("a {name} header"))
        .parse()
        .unwrap_or_else(|_| panic!("{name} is a whole number"))
}

fn text_body(text: &str) -> awc::body::BoxBody {
    awc::body::BoxBody::new(text.to_owned())
}
