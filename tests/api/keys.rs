//! Key management under /api/orgs/:orgId/api-keys (JWT): creation,
//! listing, revocation and expiry on the very next request.

use serde_json::{json, Value};
use shortlist::clock::Clock;

use crate::helpers::{fixture, spawn_app, TestApp};

const BULLET: char = '\u{2022}';

#[actix_web::test]
async fn creating_a_key_returns_the_plaintext_once_with_the_masked_key_object() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let reply = app.create_key("acme", &token, json!({ "name": "Zapier" })).await.expect(201);
    assert_eq!(reply.body["status"], "success");
    let api_key = reply.data()["apiKey"].as_str().unwrap();
    assert_eq!(api_key.chars().count(), 40);
    assert!(api_key.starts_with("svc_live_"));
    assert!(
        api_key["svc_live_".len()..].chars().all(|character| character.is_ascii_alphanumeric()),
        "base62: {api_key}"
    );
    let key = &reply.data()["key"];
    assert!(key["id"].as_str().is_some_and(|id| !id.is_empty()));
    assert_eq!(key["name"], "Zapier");
    assert_eq!(key["keyPrefix"], api_key[..12]);
    let masked = format!("{}{}", &api_key[..12], BULLET.to_string().repeat(8));
    assert_eq!(key["maskedKey"], masked.as_str());
    assert_eq!(key["claims"], json!({ "teams": [], "jobs": [] }));
    assert_eq!(key["lastUsedAt"], Value::Null);
    assert_eq!(key["expiresAt"], Value::Null);
    assert_eq!(key["isActive"], true);
    assert_eq!(key["createdAt"], app.clock.now().to_iso8601());
    assert!(!key.to_string().contains(api_key), "the key object never holds the plaintext");
    // The key works straight away.
    app.get("/api/v1/jobs", api_key).await.expect(200);
}

#[actix_web::test]
async fn two_keys_never_share_material() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let (first, _) = app.workspace_key("acme", &token).await;
    let (second, _) = app.workspace_key("acme", &token).await;
    assert_ne!(first, second);
    assert_ne!(first[9..], second[9..]);
}

#[actix_web::test]
async fn the_key_list_is_newest_first_masked_and_never_holds_the_plaintext() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let mut plaintexts = Vec::new();
    for name in ["first", "second", "third"] {
        let reply = app.create_key("acme", &token, json!({ "name": name })).await.expect(201);
        plaintexts.push(reply.data()["apiKey"].as_str().unwrap().to_owned());
        app.clock.advance_milliseconds(1_000);
    }
    let list = app.list_keys("acme", &token).await.expect(200);
    let keys = list.data()["keys"].as_array().unwrap();
    let names: Vec<&str> = keys.iter().map(|key| key["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["third", "second", "first"]);
    for (key, plaintext) in keys.iter().zip(plaintexts.iter().rev()) {
        assert_eq!(key["keyPrefix"], plaintext[..12]);
        assert_eq!(key["maskedKey"], format!("{}{}", &plaintext[..12], BULLET.to_string().repeat(8)).as_str());
        assert!(key.get("apiKey").is_none());
    }
    let text = list.body.to_string();
    for plaintext in &plaintexts {
        assert!(!text.contains(plaintext.as_str()), "the listing leaks a plaintext key");
    }
}

#[actix_web::test]

async fn keys_created_in_the_same_millisecond_are_still_listed_newest_first() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let mut created = Vec::new();
    for _ in 0..5 {
        created.push(app.workspace_key("acme", &token).await.1);
    }
    let list = app.list_keys("acme", &token).await.expect(200);
    let listed: Vec<&str> =
        list.data()["keys"].as_array().unwrap().iter().map(|key| key["id"].as_str().unwrap()).collect();
    let newest_first: Vec<&str> = created.iter().rev().map(String::as_str).collect();
    assert_eq!(listed, newest_first);
}

#[actix_web::test]
async fn revoked_keys_are_left_out_of_the_list() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let (_, kept_id) = app.workspace_key("acme", &token).await;
    let (_, revoked_id) = app.workspace_key("acme", &token).await;
    app.revoke_key("acme", &token, &revoked_id).await.expect(200);
    let list = app.list_keys("acme", &token).await.expect(200);
    let ids: Vec<&str> =
        list.data()["keys"].as_array().unwrap().iter().map(|key| key["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [kept_id.as_str()]);
}

#[actix_web::test]
async fn last_used_at_is_null_until_the_key_is_used_and_then_shows_the_use() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let (key, key_id) = app.workspace_key("acme", &token).await;
    assert_eq!(listed_key(&app, &token, &key_id).await["lastUsedAt"], Value::Null);
    app.clock.advance_milliseconds(5_000);
    let used_at = app.clock.now().to_iso8601();
    app.get("/api/v1/jobs", &key).await.expect(200);
    assert_eq!(listed_key(&app, &token, &key_id).await["lastUsedAt"], used_at.as_str());
    app.clock.advance_milliseconds(5_000);
    let used_again_at = app.clock.now().to_iso8601();
    app.get("/api/v1/jobs/job_doesnotexist", &key).await.expect(404);
    assert_eq!(
        listed_key(&app, &token, &key_id).await["lastUsedAt"],
        used_again_at.as_str(),
        "an error reply is still a use"
    );
}

#[actix_web::test]
async fn a_revoked_key_is_refused_on_the_next_request() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let (other_key, _) = app.workspace_key("acme", &fixture.token).await;
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let reply = app.revoke_key("acme", &fixture.token, &fixture.key_id).await.expect(200);
    assert_eq!(reply.body, json!({ "status": "success", "data": { "revoked": true } }));
    let refused = app.get("/api/v1/jobs", &fixture.key).await.expect(401);
    assert_eq!(refused.error_code(), "API_KEY_INVALID");
    app.get("/api/v1/jobs", &other_key).await.expect(200);
    // Revoking twice, or a key that does not exist, is 404.
    let again = app.revoke_key("acme", &fixture.token, &fixture.key_id).await.expect(404);
    assert_eq!(again.error_code(), "RESOURCE_NOT_FOUND");
    let unknown = app.revoke_key("acme", &fixture.token, "key_doesnotexist").await.expect(404);
    assert_eq!(unknown.error_code(), "RESOURCE_NOT_FOUND");
}

#[actix_web::test]
async fn a_key_of_another_workspace_cannot_be_revoked_through_this_one() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    let globex = fixture(&app, "globex").await;
    let reply = app.revoke_key("acme", &acme.token, &globex.key_id).await.expect(404);
    assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
    app.get("/api/v1/jobs", &globex.key).await.expect(200);
}

#[actix_web::test]
async fn a_key_expires_on_the_first_request_after_its_expiry() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let expires_at = app.iso8601_after(3_600_000);
    let reply = app.create_key("acme", &token, json!({ "name": "hour", "expiresAt": expires_at })).await.expect(201);
    assert_eq!(reply.data()["key"]["expiresAt"], expires_at.as_str());
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    let key_id = reply.data()["key"]["id"].as_str().unwrap().to_owned();
    app.get("/api/v1/jobs", &key).await.expect(200);
    app.clock.advance_milliseconds(3_599_999);
    app.get("/api/v1/jobs", &key).await.expect(200);
    app.clock.advance_milliseconds(2);
    let refused = app.get("/api/v1/jobs", &key).await.expect(401);
    assert_eq!(refused.error_code(), "API_KEY_EXPIRED");
    let listed = listed_key(&app, &app.owner_token("acme"), &key_id).await;
    assert_eq!(listed["isActive"], false, "an expired key is listed as inactive");
}

#[actix_web::test]
async fn a_key_with_expiry_an_hour_ahead_is_refused_once_the_hour_has_passed() {
    let app = spawn_app().await;
    let token = app.create_workspace("acme").await;
    let expires_at = app.iso8601_after(3_600_000);
    let reply = app.create_key("acme", &token, json!({ "name": "hour", "expiresAt": expires_at })).await.expect(201);
    let key = reply.data()["apiKey"].as_str().unwrap().to_owned();
    app.get("/api/v1/jobs", &key).await.expect(200);
    app.clock.advance_milliseconds(3_600_001);
    let refused = app.get("/api/v1/jobs", &key).await.expect(401);
    assert_eq!(refused.error_code(), "API_KEY_EXPIRED");
}

#[actix_web::test]
async fn bad_key_bodies_are_400_invalid_request() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    let globex = fixture(&app, "globex").await;
    let past = app.iso8601_after(-1_000);
    let now = app.clock.now().to_iso8601();
    let bodies = [
        json!({}),
        json!({ "name": "" }),
        json!({ "name": "   " }),
        json!({ "name": "x", "expiresAt": "tomorrow" }),
        json!({ "name": "x", "expiresAt": "2099-01-01" }),
        json!({ "name": "x", "expiresAt": "2099-01-01T00:00:00" }),
        json!({ "name": "x", "expiresAt": past }),
        json!({ "name": "x", "expiresAt": now }),
        json!({ "name": "x", "claims": { "teams": ["team_doesnotexist"] } }),
        json!({ "name": "x", "claims": { "jobs": ["job_doesnotexist"] } }),
        json!({ "name": "x", "claims": { "teams": [globex.team_id] } }),
        json!({ "name": "x", "claims": { "jobs": [globex.paid_job["id"]] } }),
        json!({ "name": "x", "rateLimitPerMinute": 0 }),
    ];
    for body in bodies {
        let reply = app.create_key("acme", &acme.token, body.clone()).await;
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
        assert_eq!(reply.error_code(), "INVALID_REQUEST", "{body}: {}", reply.body);
    }
    let list = app.list_keys("acme", &acme.token).await.expect(200);
    assert_eq!(list.data()["keys"].as_array().unwrap().len(), 1, "no bad body made a key");
}

async fn listed_key(app: &TestApp, token: &str, key_id: &str) -> Value {
    let list = app.list_keys("acme", token).await.expect(200);
    list.data()["keys"].as_array().unwrap().iter().find(|key| key["id"] == key_id).cloned().expect("the key is listed")
}
