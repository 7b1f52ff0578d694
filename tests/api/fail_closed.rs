//! Fail closed: what an adversarial pass over the running service found, one
//! specification each. A key never gets more reach than asked for; the
//! public apply cannot drain an envelope; tokens are honoured only when they
//! are valid now and their subject belongs to the org; a body that never
//! ends cannot hold a connection or a shutdown; `lastUsedAt` survives a
//! restart; and text that shows nothing counts as empty.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use shortlist::domain::member::Role;

use crate::helpers::{fixture, spawn_app, spawn_app_in, spawn_app_with, Auth, Fixture, Reply, TestApp};
use shortlist::clock::Clock;

// ----- unknown fields -----

/// Every route that takes a JSON body, with an unknown field at each level
/// of its body, gets 400 naming the field, and changes nothing.
#[actix_web::test]
async fn an_unknown_field_at_any_level_of_any_body_is_refused_and_named() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let org = "/api/orgs/acme";
    let job = format!("{org}/jobs/{}", fixture.paid_job_id());
    let application = app
        .apply(fixture.paid_job_id(), json!({ "candidateName": "Ana Rust", "email": "ana@example.com" }))
        .await
        .expect(201)
        .data()["application"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let v1 = format!("/api/v1/applications/{application}");
    let stage = fixture.stage_id(1).to_owned();
    let team = fixture.team_id.clone();
    let tag = json!({ "name": "Senior", "color": "#22c55e" });
    let cases: Vec<(&str, String, Value, &str)> = vec![
        (
            "POST",
            format!("{org}/api-keys"),
            json!({ "name": "x", "claims": { "job": [fixture.paid_job_id()] } }),
            "job",
        ),
        ("POST", format!("{org}/api-keys"), json!({ "name": "x", "claims": { "Teams": [team] } }), "Teams"),
        ("POST", format!("{org}/api-keys"), json!({ "name": "x", "claims": { "workspaces": ["acme"] } }), "workspaces"),
        ("POST", format!("{org}/api-keys"), json!({ "name": "x", "claim": { "jobs": [] } }), "claim"),
        (
            "PUT",
            org.to_owned(),
            json!({ "name": "Acme", "owner": { "name": "O", "email": "o@example.com", "x": 1 } }),
            "x",
        ),
        ("PUT", org.to_owned(), json!({ "name": "Acme", "plan": "gold" }), "plan"),
        (
            "POST",
            format!("{org}/members"),
            json!({ "userId": "bo", "name": "Bo", "email": "bo@example.com", "role": "admin", "isOwner": true }),
            "isOwner",
        ),
        ("POST", format!("{org}/teams"), json!({ "name": "Ops", "parent": "x" }), "parent"),
        ("POST", format!("{org}/jobs"), json!({ "teamId": team, "title": "T", "salary": 1 }), "salary"),
        (
            "POST",
            format!("{org}/jobs"),
            json!({ "teamId": team, "title": "T", "stages": [{ "name": "A", "order": 1 }] }),
            "order",
        ),
        (
            "POST",
            format!("{org}/jobs"),
            json!({ "teamId": team, "title": "T", "formFields": [{ "key": "k", "label": "L", "type": "text", "hint": "h" }] }),
            "hint",
        ),
        (
            "POST",
            format!("{org}/jobs"),
            json!({ "teamId": team, "title": "T", "criteria": { "mustHave": ["Rust"] } }),
            "mustHave",
        ),
        (
            "POST",
            format!("{org}/jobs"),
            json!({ "teamId": team, "title": "T", "criteria": { "weighting": { "skills": 1 } } }),
            "skills",
        ),
        ("PATCH", job.clone(), json!({ "fitScoresAdd": 1, "fitScore": 5 }), "fitScore"),
        ("PATCH", job.clone(), json!({ "stages": [{ "name": "A", "colour": "red" }] }), "colour"),
        (
            "PATCH",
            job.clone(),
            json!({ "formFields": [{ "key": "k", "label": "L", "type": "text", "min": 1 }] }),
            "min",
        ),
        ("PATCH", job.clone(), json!({ "criteria": { "niceToHave": ["Kafka"] } }), "niceToHave"),
        ("PATCH", job.clone(), json!({ "criteria": { "weighting": { "education": 5 } } }), "education"),
        (
            "PATCH",
            format!("{org}/applications/{application}"),
            json!({ "status": "archived", "reason": "x" }),
            "reason",
        ),
        ("PATCH", format!("{v1}/stage"), json!({ "stage": stage, "notify": true }), "notify"),
        ("PATCH", format!("{v1}/tags"), json!({ "add": ["A"], "colour": "#000000" }), "colour"),
        ("PATCH", format!("{v1}/tags"), json!({ "tags": [{ "name": "A", "color": "#000000", "id": 1 }] }), "id"),
        (
            "PATCH",
            format!("{v1}/tags"),
            json!({ "tags": [tag], "addToJobTags": [{ "name": "A", "color": "#000000", "x": 1 }] }),
            "x",
        ),
        ("POST", format!("{v1}/comments"), json!({ "text": "Hi", "internal": true }), "internal"),
        ("POST", format!("{v1}/ats/rerun"), json!({ "force": true }), "force"),
        (
            "POST",
            format!("/api/jobs/{}/applications", fixture.paid_job_id()),
            json!({ "candidateName": "Cy", "email": "cy@example.com", "linkedin": "x" }),
            "linkedin",
        ),
    ];
    let keys_before = app.list_keys("acme", &fixture.token).await.expect(200).data()["keys"].as_array().unwrap().len();
    for (method, path, body, field) in cases {
        let auth = if path.starts_with("/api/v1") { Auth::Key(&fixture.key) } else { Auth::Bearer(&fixture.token) };
        let reply = app.request(method, &path, auth, Some(body.clone())).await;
        assert_eq!(reply.status, 400, "{method} {path} {body}: {}", reply.body);
        assert!(reply.error_code().ends_with("INVALID_REQUEST"), "{method} {path}: {}", reply.body);
        let message = reply.body["error"]["message"].as_str().unwrap();
        assert!(message.contains(&format!("unknown field `{field}`")), "{method} {path}: {message}");
    }
    let keys_after = app.list_keys("acme", &fixture.token).await.expect(200).data()["keys"].as_array().unwrap().len();
    assert_eq!(keys_after, keys_before, "no key was created");
}

#[actix_web::test]
async fn the_error_names_where_the_unknown_field_is() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let body = json!({ "name": "x", "claims": { "job": [fixture.paid_job_id()] } });
    let reply = app.create_key("acme", &fixture.token, body).await.expect(400);
    let message = reply.body["error"]["message"].as_str().unwrap();
    assert!(message.contains("`claims.job`") && message.contains("expected `teams` or `jobs`"), "{message}");
}

#[actix_web::test]
async fn a_rerun_still_takes_no_body_or_an_empty_object() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", crate::helpers::MATCHING_RESUME).await;
    app.wait_for_pipeline(&fixture.key, &application).await;
    let path = format!("/api/v1/applications/{application}/ats/rerun");
    app.request("POST", &path, Auth::Key(&fixture.key), None).await.expect(200);
    app.wait_for_pipeline(&fixture.key, &application).await;
    app.request("POST", &path, Auth::Key(&fixture.key), Some(json!({}))).await.expect(200);
}

// ----- the public apply -----

fn candidate(number: u32) -> Value {
    json!({ "candidateName": format!("Candidate {number}"), "email": format!("candidate{number}@example.com") })
}

/// Applies to the paid job as candidate `number`; returns the application ID.
async fn apply_candidate(app: &TestApp, fixture: &Fixture, number: u32) -> String {
    let reply = app.apply(fixture.paid_job_id(), candidate(number)).await.expect(201);
    reply.data()["application"]["id"].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn the_public_apply_is_throttled_per_client_address_with_retry_after() {
    let app = spawn_app_with(|settings| settings.apply_rate_per_address_per_minute = 3).await;
    let fixture = fixture(&app, "acme").await;
    for number in 0..3 {
        app.apply(fixture.paid_job_id(), candidate(number)).await.expect(201);
    }
    let refused = app.apply(fixture.free_job_id(), candidate(3)).await.expect(429);
    assert_eq!(refused.error_code(), "RATE_LIMITED");
    let retry_after: u64 = refused.header("retry-after").expect("Retry-After").parse().unwrap();
    assert_eq!(retry_after, 20, "three a minute refill one every 20 seconds");
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(job.data()["fitScores"], 10, "applications without a resume charge nothing; the refused one neither");

    app.clock.advance_milliseconds(20_000);
    app.apply(fixture.free_job_id(), candidate(3)).await.expect(201);
}

#[actix_web::test]
async fn the_public_apply_is_throttled_per_job_across_addresses() {
    let app = spawn_app_with(|settings| settings.apply_rate_per_job_per_minute = 2).await;
    let fixture = fixture(&app, "acme").await;
    app.apply(fixture.paid_job_id(), candidate(0)).await.expect(201);
    app.apply(fixture.paid_job_id(), candidate(1)).await.expect(201);
    assert_eq!(app.apply(fixture.paid_job_id(), candidate(2)).await.expect(429).error_code(), "RATE_LIMITED");
    app.apply(fixture.free_job_id(), candidate(3)).await.expect(201);
}

async fn apply_from(app: &TestApp, fixture: &Fixture, forwarded_for: &str, number: u32) -> Reply {
    let request = app
        .client
        .post(app.url(&format!("/api/jobs/{}/applications", fixture.paid_job_id())))
        .insert_header(("X-Forwarded-For", forwarded_for))
        .insert_header(("Content-Type", "application/json"));
    app.raw(request, awc::body::BoxBody::new(candidate(number).to_string())).await
}

#[actix_web::test]
async fn forwarding_headers_count_only_from_a_trusted_proxy() {
    let untrusted = spawn_app_with(|settings| settings.apply_rate_per_address_per_minute = 1).await;
    let fixture_untrusted = fixture(&untrusted, "acme").await;
    apply_from(&untrusted, &fixture_untrusted, "203.0.113.1", 0).await.expect(201);
    let spoofed = apply_from(&untrusted, &fixture_untrusted, "203.0.113.2", 1).await;
    assert_eq!(spoofed.status, 429, "a client cannot pick a fresh address: {}", spoofed.body);

    let behind_proxy = spawn_app_with(|settings| {
        settings.apply_rate_per_address_per_minute = 1;
        settings.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let fixture = fixture(&behind_proxy, "acme").await;
    apply_from(&behind_proxy, &fixture, "203.0.113.1", 0).await.expect(201);
    apply_from(&behind_proxy, &fixture, "203.0.113.2", 1).await.expect(201);
    apply_from(&behind_proxy, &fixture, "198.51.100.7, 203.0.113.1", 2).await.expect(429);
}

#[actix_web::test]
async fn a_second_application_from_one_email_to_one_job_is_refused_charging_nothing_and_revealing_nothing() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let first = json!({ "candidateName": "Ana Rust", "email": "ana@example.com", "resumeText": crate::helpers::MATCHING_RESUME });
    let created = app.apply(fixture.paid_job_id(), first).await.expect(201);
    let first_id = created.data()["application"]["id"].as_str().unwrap().to_owned();
    let job_path = format!("/api/v1/jobs/{}", fixture.paid_job_id());
    let fit_scores = app.get(&job_path, &fixture.key).await.expect(200).data()["fitScores"].clone();

    let again = json!({ "candidateName": "Someone Else", "email": "  ANA@Example.COM ", "resumeText": "Other text" });
    let refused = app.apply(fixture.paid_job_id(), again).await.expect(409);
    assert_eq!(refused.error_code(), "APPLICATION_EXISTS");
    let message = refused.body["error"]["message"].as_str().unwrap();
    assert!(!message.contains(&first_id) && !message.contains("Ana"), "{message}");
    assert_eq!(app.get(&job_path, &fixture.key).await.expect(200).data()["fitScores"], fit_scores, "nothing charged");
    let listed = app.get(&format!("{job_path}/applications"), &fixture.key).await.expect(200);
    assert_eq!(listed.data()["pagination"]["total"], 1);

    let other_job = json!({ "candidateName": "Ana Rust", "email": "ana@example.com" });
    app.apply(fixture.free_job_id(), other_job).await.expect(201);
}

#[actix_web::test]
async fn duplicate_emails_are_found_after_a_restart_too() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.apply(fixture.paid_job_id(), candidate(1)).await.expect(201);
    let data_dir = app.stop_gracefully().await;
    let restarted = spawn_app_in(data_dir.path().to_path_buf(), |_| {}).await;
    assert_eq!(
        restarted.apply(fixture.paid_job_id(), candidate(1)).await.expect(409).error_code(),
        "APPLICATION_EXISTS"
    );
    restarted.apply(fixture.paid_job_id(), candidate(2)).await.expect(201);
}

// ----- tokens -----

fn token_with(app: &TestApp, claims: Value) -> String {
    let key = jsonwebtoken::EncodingKey::from_secret(crate::helpers::TEST_JWT_SECRET.as_bytes());
    let _ = app;
    jsonwebtoken::encode(&jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256), &claims, &key).unwrap()
}

#[actix_web::test]
async fn a_token_whose_nbf_is_still_ahead_is_refused_with_no_leeway() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let now = u64::try_from(app.clock.now().unix_seconds()).unwrap();
    let claims =
        |nbf: u64| json!({ "sub": "acme-owner", "org": "acme", "role": "owner", "exp": now + 3600, "nbf": nbf });
    let early = token_with(&app, claims(now + 5));
    let reply = app.list_keys("acme", &early).await.expect(401);
    assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID");
    assert!(reply.body["error"]["message"].as_str().unwrap().contains("not valid yet"), "{}", reply.body);
    app.list_keys("acme", &token_with(&app, claims(now - 1))).await.expect(200);
    app.clock.advance_milliseconds(5_000);
    app.list_keys("acme", &early).await.expect(200);
    let _ = fixture;
}

#[actix_web::test]
async fn a_token_for_someone_who_is_not_a_member_reaches_nothing() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let stranger = app.token("acme", "nobody", Role::Owner);
    assert_eq!(app.list_keys("acme", &stranger).await.expect(403).error_code(), "FORBIDDEN");
    assert_eq!(app.create_key("acme", &stranger, json!({ "name": "x" })).await.expect(403).error_code(), "FORBIDDEN");
    let notifications = app.request("GET", "/api/orgs/acme/notifications", Auth::Bearer(&stranger), None).await;
    assert_eq!(notifications.expect(403).error_code(), "FORBIDDEN");
    let workspace = json!({ "name": "Acme", "owner": { "name": "N", "email": "n@example.com" } });
    let put = app.request("PUT", "/api/orgs/acme", Auth::Bearer(&stranger), Some(workspace)).await.expect(403);
    assert!(!put.body.to_string().contains("olive@example.com"), "the owner is not revealed: {}", put.body);
    assert_eq!(app.list_keys("acme", &fixture.token).await.expect(200).data()["keys"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn the_role_that_counts_is_the_weaker_of_the_token_and_the_member() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.add_member("acme", &fixture.token, "mia", "member").await.expect(201);
    app.add_member("acme", &fixture.token, "ada", "admin").await.expect(201);
    let member_claiming_owner = app.token("acme", "mia", Role::Owner);
    assert_eq!(app.list_keys("acme", &member_claiming_owner).await.expect(403).error_code(), "FORBIDDEN");
    let admin_claiming_owner = app.token("acme", "ada", Role::Owner);
    app.list_keys("acme", &admin_claiming_owner).await.expect(200);
    let workspace = json!({ "name": "Acme", "owner": { "name": "N", "email": "n@example.com" } });
    app.request("PUT", "/api/orgs/acme", Auth::Bearer(&admin_claiming_owner), Some(workspace)).await.expect(403);
    let owner_claiming_member = app.token("acme", "acme-owner", Role::Member);
    app.list_keys("acme", &owner_claiming_member).await.expect(403);
}

#[actix_web::test]
async fn readyz_reports_readiness_only() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    let reply = app.request("GET", "/readyz", Auth::None, None).await.expect(200);
    assert_eq!(reply.data(), &json!({ "ready": true }));
}

// ----- bodies that never end -----

/// Sends `head` then `body` on a raw connection and reads until the server
/// closes it or `wait` passes; returns what came back and how long it took.
async fn raw_exchange(app: &TestApp, head: String, body: Vec<u8>, wait: Duration) -> (String, Duration, bool) {
    let address = app.base_url.trim_start_matches("http://").to_owned();
    actix_web::rt::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(wait)).unwrap();
        let started = Instant::now();
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&body).unwrap();
        let mut received = Vec::new();
        let mut buffer = [0u8; 4096];
        let closed = loop {
            match stream.read(&mut buffer) {
                Ok(0) => break true,
                Ok(read) => received.extend_from_slice(&buffer[..read]),
                Err(_) => break false,
            }
        };
        (String::from_utf8_lossy(&received).into_owned(), started.elapsed(), closed)
    })
    .await
    .unwrap()
}

fn envelope_code(response: &str) -> String {
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str::<Value>(body)
        .map(|value| value["error"]["code"].as_str().unwrap_or("").to_owned())
        .unwrap_or_default()
}

#[actix_web::test]
async fn a_multipart_apply_that_ends_without_its_closing_boundary_is_answered_400() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let boundary = "XyZzy";
    let body = format!(
        "--{boundary}\r\ncontent-disposition: form-data; name=\"candidateName\"\r\n\r\nAna Rust\r\n--{boundary}\r\ncontent-disposition: form-data; name=\"email\"\r\n\r\nana@example.com\r\n"
    );
    let head = format!(
        "POST /api/jobs/{}/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n",
        fixture.paid_job_id(),
        body.len()
    );
    let (response, elapsed, _) = raw_exchange(&app, head, body.into_bytes(), Duration::from_secs(10)).await;
    assert!(response.starts_with("HTTP/1.1 400"), "answered, and at once ({elapsed:?}): {response}");
    assert_eq!(envelope_code(&response), "INVALID_REQUEST");
    assert!(response.contains("closing boundary"), "{response}");
}

#[actix_web::test]
async fn duplicate_multipart_fields_are_refused() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let boundary = "XyZzy";
    let part = |name: &str, value: &str| {
        format!("--{boundary}\r\ncontent-disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
    };
    let body = [part("candidateName", "Ana"), part("email", "a@example.com"), part("email", "b@example.com")].concat()
        + &format!("--{boundary}--\r\n");
    let request = app
        .client
        .post(app.url(&format!("/api/jobs/{}/applications", fixture.paid_job_id())))
        .insert_header(("Content-Type", format!("multipart/form-data; boundary={boundary}")));
    let reply = app.raw(request, awc::body::BoxBody::new(body)).await.expect(400);
    assert!(reply.body["error"]["message"].as_str().unwrap().contains("`email` is given twice"), "{}", reply.body);
}

#[actix_web::test]
async fn an_answer_given_twice_in_json_is_refused() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let body = r#"{"candidateName":"Ana","email":"ana@example.com","answers":{"level":"Senior","level":"Junior"}}"#;
    let request = app
        .client
        .post(app.url(&format!("/api/jobs/{}/applications", fixture.paid_job_id())))
        .insert_header(("Content-Type", "application/json"));
    let reply = app.raw(request, awc::body::BoxBody::new(body)).await.expect(400);
    assert!(
        reply.body["error"]["message"].as_str().unwrap().contains("answer `level` is given twice"),
        "{}",
        reply.body
    );
}

#[actix_web::test]
async fn a_body_that_stops_part_way_gets_408_at_the_deadline_and_the_connection_closes() {
    let app = spawn_app_with(|settings| settings.body_read_timeout_milliseconds = 300).await;
    let fixture = fixture(&app, "acme").await;
    let head = format!(
        "POST /api/v1/applications/app_x/comments HTTP/1.1\r\nHost: localhost\r\nX-API-Key: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
        fixture.key
    );
    let (response, elapsed, closed) = raw_exchange(&app, head, b"{\"text\":".to_vec(), Duration::from_secs(10)).await;
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    assert_eq!(envelope_code(&response), "REQUEST_TIMEOUT");
    assert!(closed, "the connection is closed after the 408");
    assert!(elapsed < Duration::from_secs(5), "answered at the deadline, not later: {elapsed:?}");
}

#[actix_web::test]
async fn a_graceful_shutdown_ends_within_its_bound_whatever_a_client_holds_open() {
    let app = spawn_app_with(|settings| {
        settings.body_read_timeout_milliseconds = 600_000;
        settings.shutdown_timeout_seconds = 1;
    })
    .await;
    let fixture = fixture(&app, "acme").await;
    let address = app.base_url.trim_start_matches("http://").to_owned();
    let head = format!(
        "POST /api/jobs/{}/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{",
        fixture.paid_job_id()
    );
    let mut stalled = TcpStream::connect(address).unwrap();
    stalled.write_all(head.as_bytes()).unwrap();
    // Shut down only once the server holds the request, reading its body.
    actix_web::rt::time::timeout(Duration::from_secs(10), app.requests_in_flight.at_least(1))
        .await
        .expect("the stalled request reaches a handler");
    let started = Instant::now();
    let stopping = app.stop_gracefully();
    actix_web::rt::time::timeout(Duration::from_secs(10), stopping).await.expect("the shutdown ends");
    assert!(started.elapsed() < Duration::from_secs(5), "bounded by the 1 s setting: {:?}", started.elapsed());
    drop(stalled);
}

// ----- errors the HTTP framework answers itself -----

async fn transport_error(app: &TestApp, request: String) -> (String, String) {
    let (response, _, _) = raw_exchange(app, request, Vec::new(), Duration::from_secs(10)).await;
    let status = response.split(' ').nth(1).unwrap_or("").to_owned();
    (status, envelope_code(&response))
}

#[actix_web::test]
async fn errors_answered_before_any_handler_runs_are_in_the_envelope_too() {
    let app = spawn_app().await;
    let long_path = format!("/api/v1/jobs/{}", "a".repeat(100 * 1024));
    let cases = [
        (format!("GET {long_path} HTTP/1.1\r\nHost: x\r\n\r\n"), "400", "MALFORMED_REQUEST"),
        (format!("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n", "b".repeat(200 * 1024)), "431", "REQUEST_HEADERS_TOO_LARGE"),
        ("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Nul: a\0b\r\n\r\n".to_owned(), "400", "MALFORMED_REQUEST"),
        ("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n  b\r\n\r\n".to_owned(), "400", "MALFORMED_REQUEST"),
        (
            "POST /api/jobs/job_x/applications HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".to_owned(),
            "400",
            "MALFORMED_REQUEST",
        ),
    ];
    for (request, status, code) in cases {
        let shown: String = request.chars().take(60).collect();
        assert_eq!(transport_error(&app, request).await, (status.to_owned(), code.to_owned()), "{shown:?}");
    }
}

#[actix_web::test]
async fn headers_that_arrive_too_slowly_get_408_in_the_envelope() {
    let app = spawn_app_with(|settings| settings.header_read_timeout_milliseconds = 300).await;
    let (response, elapsed, closed) =
        raw_exchange(&app, "GET /healthz HTTP/1.1\r\nHost: x\r\n".to_owned(), Vec::new(), Duration::from_secs(10))
            .await;
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    assert_eq!(envelope_code(&response), "REQUEST_TIMEOUT");
    assert!(closed && elapsed < Duration::from_secs(5), "{elapsed:?}");
}

// ----- lastUsedAt -----

async fn last_used_at(app: &TestApp, fixture: &Fixture) -> Value {
    let keys = app.list_keys("acme", &fixture.token).await.expect(200);
    let keys = keys.data()["keys"].as_array().unwrap().clone();
    keys.iter().find(|key| key["id"] == fixture.key_id.as_str()).unwrap()["lastUsedAt"].clone()
}

#[actix_web::test]
async fn last_used_at_survives_a_clean_restart() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let used = last_used_at(&app, &fixture).await;
    assert!(used.is_string(), "{used}");
    let data_dir = app.stop_gracefully().await;
    let restarted = spawn_app_in(data_dir.path().to_path_buf(), |_| {}).await;
    assert_eq!(last_used_at(&restarted, &fixture).await, used);
}

/// The snapshot files of `workspace` in `data_dir` (`<lsn>-<created
/// ms>.snap`), by name; none when the workspace has no directory yet.
fn snapshot_names(data_dir: &std::path::Path, workspace: &str) -> Vec<String> {
    let directory = data_dir.join("workspaces").join(workspace);
    let Ok(entries) = std::fs::read_dir(directory) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".snap"))
        .collect();
    names.sort();
    names
}

#[actix_web::test]
async fn a_clean_stop_after_nothing_changed_writes_no_snapshot_and_keeps_the_older_ones() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let data_dir = app.stop_gracefully().await;
    let after_first_stop = snapshot_names(data_dir.path(), "acme");
    assert!(!after_first_stop.is_empty(), "the first stop snapshots the fixture's writes");

    let restarted = spawn_app_in(data_dir.path().to_path_buf(), |_| {}).await;
    let _ = restarted.stop_gracefully().await;
    assert_eq!(snapshot_names(data_dir.path(), "acme"), after_first_stop, "nothing changed, nothing written");

    let restarted = spawn_app_in(data_dir.path().to_path_buf(), |_| {}).await;
    restarted.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let _ = restarted.stop_gracefully().await;
    let after_a_read = snapshot_names(data_dir.path(), "acme");
    assert_eq!(after_a_read.len(), after_first_stop.len() + 1, "a key's use since is kept by a new snapshot");
    let restarted = spawn_app_in(data_dir.path().to_path_buf(), |_| {}).await;
    assert!(last_used_at(&restarted, &fixture).await.is_string());
}

#[actix_web::test]
async fn last_used_at_is_logged_within_a_minute_so_a_crash_keeps_it() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let used = last_used_at(&app, &fixture).await;
    let workspace_id = shortlist::domain::ids::WorkspaceId::parse("acme").unwrap();
    let workspace = app.registry.workspace(&workspace_id).unwrap();
    let recorded = || !workspace.state.read().key_last_used.is_empty();
    assert!(!recorded(), "a read writes nothing by itself");
    app.clock.advance_milliseconds(61_000);
    app.wait_until(recorded, "the use was logged once a minute had passed").await;
    // What a kill -9 leaves: the data directory as it is, without a final snapshot.
    let copy = crate::helpers::temp_directory("crash-copy");
    copy_directory(&app.data_dir, copy.path());
    let restarted = spawn_app_in(copy.path().to_path_buf(), |_| {}).await;
    assert_eq!(last_used_at(&restarted, &fixture).await, used);
}

/// The log position the workspace's newest snapshot covers, 0 when there
/// is none.
fn newest_snapshot_lsn(app: &TestApp, workspace: &str) -> u64 {
    snapshot_names(&app.data_dir, workspace)
        .iter()
        .filter_map(|name| name.split('-').next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

#[actix_web::test]
async fn a_workspace_that_is_only_read_is_not_snapshotted_again_for_its_key_use_alone() {
    let app = spawn_app_with(|settings| settings.durability.snapshot_interval_seconds = 0).await;
    let fixture = fixture(&app, "acme").await;
    let application = apply_candidate(&app, &fixture, 1).await;
    let started = Instant::now();
    while newest_snapshot_lsn(&app, "acme") == 0 || started.elapsed() < Duration::from_secs(2) {
        assert!(started.elapsed() < Duration::from_secs(20), "the fixture's writes are snapshotted");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    let after_writes = newest_snapshot_lsn(&app, "acme");
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    app.clock.advance_milliseconds(61_000);
    let workspace_id = shortlist::domain::ids::WorkspaceId::parse("acme").unwrap();
    let workspace = app.registry.workspace(&workspace_id).unwrap();
    app.wait_until(|| !workspace.state.read().key_last_used.is_empty(), "the key's use is logged").await;
    // Four checks of the snapshot policy (one each half second) with the
    // interval long past.
    actix_web::rt::time::sleep(Duration::from_millis(2_000)).await;
    assert_eq!(newest_snapshot_lsn(&app, "acme"), after_writes, "the key-use record alone made no snapshot");
    app.comment(&fixture.key, &application, json!({ "text": "A change." })).await.expect(201);
    let started = Instant::now();
    while newest_snapshot_lsn(&app, "acme") == after_writes {
        assert!(started.elapsed() < Duration::from_secs(20), "a change is snapshotted once the interval has passed");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

fn copy_directory(source: &std::path::Path, target: &std::path::Path) {
    std::fs::create_dir_all(target).unwrap();
    for entry in std::fs::read_dir(source).unwrap() {
        let entry = entry.unwrap();
        let destination = target.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_directory(&entry.path(), &destination);
        } else {
            std::fs::copy(entry.path(), destination).unwrap();
        }
    }
}

// ----- text and tags -----

#[actix_web::test]
async fn text_made_only_of_invisible_characters_is_empty() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for invisible in ["\u{feff}", "\u{200b}", "\u{200b}\u{feff} \u{2060}"] {
        let reply =
            app.apply(fixture.paid_job_id(), json!({ "candidateName": invisible, "email": "x@example.com" })).await;
        assert_eq!(reply.status, 400, "candidate name {invisible:?}: {}", reply.body);
    }
    let application = apply_candidate(&app, &fixture, 1).await;
    for invisible in ["\u{feff}", "\u{200b}", " \u{200b}\n\u{feff} "] {
        let path = format!("/api/v1/applications/{application}/comments");
        let reply = app.request("POST", &path, Auth::Key(&fixture.key), Some(json!({ "text": invisible }))).await;
        assert_eq!(reply.status, 400, "comment {invisible:?}: {}", reply.body);
        assert_eq!(reply.error_code(), "V1_INVALID_REQUEST");
    }
}

#[actix_web::test]
async fn stage_and_stage_id_that_disagree_are_refused() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = apply_candidate(&app, &fixture, 1).await;
    let path = format!("/api/v1/applications/{application}/stage");
    let both = json!({ "stage": fixture.stage_id(1), "stageId": fixture.stage_id(2) });
    let reply = app.request("PATCH", &path, Auth::Key(&fixture.key), Some(both)).await.expect(400);
    assert!(reply.body["error"]["message"].as_str().unwrap().contains("disagree"), "{}", reply.body);
    let same = json!({ "stage": fixture.stage_id(1), "stageId": fixture.stage_id(1) });
    app.request("PATCH", &path, Auth::Key(&fixture.key), Some(same)).await.expect(200);
}

#[actix_web::test]
async fn tag_removal_uses_unicode_case_folding() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = apply_candidate(&app, &fixture, 1).await;
    let path = format!("/api/v1/applications/{application}/tags");
    let key = Auth::Key(&fixture.key);
    app.request("PATCH", &path, key, Some(json!({ "add": ["ß", "Straße", "Keep"] }))).await.expect(200);
    let key = Auth::Key(&fixture.key);
    let reply = app.request("PATCH", &path, key, Some(json!({ "remove": ["SS", "STRASSE"] }))).await.expect(200);
    let names: Vec<&str> = reply.data()["application"]["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tag| tag["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Keep"]);
}
