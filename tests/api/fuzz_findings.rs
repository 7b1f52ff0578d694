//! What the schema fuzzing found, pinned: each of these was accepted
//! before, though the OpenAPI document does not allow it.

use serde_json::json;

use crate::helpers::{fixture, spawn_app, Auth};

#[actix_web::test]
async fn page_parameters_beyond_a_signed_64_bit_integer_are_refused() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.get("/api/v1/jobs?offset=9223372036854775807", &fixture.key).await.expect(200);
    app.get("/api/v1/jobs?limit=9223372036854775807", &fixture.key).await.expect(200);
    for query in ["offset=9223372036854775808", "limit=9223372036854775808"] {
        app.get(&format!("/api/v1/jobs?{query}"), &fixture.key).await.expect(400);
    }
}

#[actix_web::test]
async fn an_array_where_an_object_belongs_is_refused_at_any_depth() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let put = |body| app.request("PUT", "/api/orgs/acme", Auth::Bearer(&fixture.token), Some(body));
    put(json!([null, null])).await.expect(400);
    put(json!({ "name": "Acme", "owner": ["Ana", "ana@example.com"] })).await.expect(400);
    put(json!({ "name": "Acme", "owner": { "name": "Ana", "email": "ana@example.com" } })).await.expect(200);
}

#[actix_web::test]
async fn a_put_on_an_existing_workspace_checks_its_body() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let reply =
        app.request("PUT", "/api/orgs/acme", Auth::Bearer(&fixture.token), Some(json!({ "name": "Acme" }))).await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert!(reply.body["error"]["message"].as_str().unwrap().contains("owner"), "{}", reply.body);
}

#[actix_web::test]
async fn a_colour_beside_the_replace_form_is_refused_rather_than_ignored() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let application = app.apply_without_resume(fixture.paid_job_id(), "Ana Colour").await;
    let body = json!({ "tags": [{ "name": "Senior", "color": "#2563eb" }], "color": "#000000" });
    let reply = app.tags(&fixture.key, &application, body).await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert!(reply.body["error"]["message"].as_str().unwrap().contains("`color`"), "{}", reply.body);
}

#[actix_web::test]
async fn a_text_limit_counts_the_text_as_sent_before_trimming() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let name = format!("\r{}", "a".repeat(200));
    let reply = app.apply(fixture.paid_job_id(), json!({ "candidateName": name, "email": "trim@example.com" })).await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    let fits = format!(" {} ", "a".repeat(198));
    app.apply(fixture.paid_job_id(), json!({ "candidateName": fits, "email": "fits@example.com" })).await.expect(201);
}
