//! Key management under /api/orgs/:orgId/api-keys (JWT) and what a key can
//! reach on /api/v1: creation, listing, revocation and expiry on the very next
//! request, every JWT failure, claims (team, job, whole workspace), other
//! workspaces' IDs, and the claims window of GET /api/v1/jobs.

use serde_json::{json, Value};
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::Clock;
use shortlist::domain::member::Role;

use crate::helpers::{fixture, spawn_app, spawn_app_with, Auth, Reply, TestApp, TEST_JWT_SECRET};

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

#[actix_web::test]
async fn key_management_without_a_token_is_401_auth_token_missing() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for (method, path, body) in key_routes(&fixture.key_id) {
        let reply = app.request(method, &path, Auth::None, body).await;
        assert_eq!(reply.status, 401, "{method} {path}");
        assert_eq!(reply.error_code(), "AUTH_TOKEN_MISSING");
        assert_eq!(reply.body["status"], "fail");
    }
    // An API key is no way in either.
    let reply = app.request("GET", "/api/orgs/acme/api-keys", Auth::Key(&fixture.key), None).await.expect(401);
    assert_eq!(reply.error_code(), "AUTH_TOKEN_MISSING");
}

#[actix_web::test]
async fn garbage_and_wrongly_signed_tokens_are_401_auth_token_invalid() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    let now = app.clock.now().unix_seconds() as u64;
    let wrong_secret =
        JwtSigner::new(b"another-secret-0123456789abcdef0123456789").sign("acme", "acme-owner", Role::Owner, now, 3600);
    let valid = app.owner_token("acme");
    let (header, rest) = valid.split_once('.').unwrap();
    let (claims, signature) = rest.split_once('.').unwrap();
    let tampered_claims = base64url(&claims_json("acme", "intruder", "owner", now + 3600));
    let tampered = format!("{header}.{tampered_claims}.{signature}");
    let truncated = format!("{header}.{claims}.");
    for token in ["garbage", "a.b.c", "", wrong_secret.as_str(), tampered.as_str(), truncated.as_str()] {
        let reply = list_keys_with_header(&app, &format!("Bearer {token}")).await;
        assert_eq!(reply.status, 401, "{token:?}: {}", reply.body);
        assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID", "{token:?}: {}", reply.body);
    }
    for header in [format!("Basic {valid}"), valid.clone(), format!("Token {valid}")] {
        let reply = list_keys_with_header(&app, &header).await;
        assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID", "{header:?}: {}", reply.body);
    }
    list_keys_with_header(&app, &format!("Bearer {valid}")).await.expect(200);
}

#[actix_web::test]
async fn an_expired_token_is_401_auth_token_expired() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let now = app.clock.now().unix_seconds() as u64;
    let expired = app.signer.sign("acme", "acme-owner", Role::Owner, now - 7_200, 60);
    for (method, path, body) in key_routes(&fixture.key_id) {
        let reply = app.request(method, &path, Auth::Bearer(&expired), body).await;
        assert_eq!(reply.status, 401, "{method} {path}");
        assert_eq!(reply.error_code(), "AUTH_TOKEN_EXPIRED");
    }
}

#[actix_web::test]
async fn an_unsigned_alg_none_token_is_401_auth_token_invalid() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    let now = app.clock.now().unix_seconds() as u64;
    let claims = base64url(&claims_json("acme", "acme-owner", "owner", now + 3600));
    for header in [r#"{"alg":"none","typ":"JWT"}"#, r#"{"alg":"None","typ":"JWT"}"#, r#"{"alg":"NONE"}"#] {
        let token = format!("{}.{claims}.", base64url(header));
        let reply = app.list_keys("acme", &token).await;
        assert_eq!(reply.status, 401, "{header}: {}", reply.body);
        assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID", "{header}: {}", reply.body);
    }
}

#[actix_web::test]
async fn a_token_signed_with_another_algorithm_is_401_auth_token_invalid() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    let now = app.clock.now().unix_seconds() as u64;
    let claims: Value = serde_json::from_str(&claims_json("acme", "acme-owner", "owner", now + 3600)).unwrap();
    let key = jsonwebtoken::EncodingKey::from_secret(TEST_JWT_SECRET.as_bytes());
    for algorithm in [jsonwebtoken::Algorithm::HS384, jsonwebtoken::Algorithm::HS512] {
        let token = jsonwebtoken::encode(&jsonwebtoken::Header::new(algorithm), &claims, &key).unwrap();
        let reply = app.list_keys("acme", &token).await;
        assert_eq!(reply.status, 401, "{algorithm:?}: {}", reply.body);
        assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID", "{algorithm:?}: {}", reply.body);
    }
    // The same claims signed HS256 with the same secret are accepted.
    let token =
        jsonwebtoken::encode(&jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256), &claims, &key).unwrap();
    app.list_keys("acme", &token).await.expect(200);
}

#[actix_web::test]
async fn a_token_missing_a_claim_or_naming_an_unknown_role_is_401_auth_token_invalid() {
    let app = spawn_app().await;
    fixture(&app, "acme").await;
    let now = app.clock.now().unix_seconds() as u64;
    let key = jsonwebtoken::EncodingKey::from_secret(TEST_JWT_SECRET.as_bytes());
    let header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    let bodies = [
        json!({ "sub": "acme-owner", "org": "acme", "role": "owner" }),
        json!({ "sub": "acme-owner", "org": "acme", "exp": now + 3600 }),
        json!({ "sub": "acme-owner", "org": "acme", "role": "superuser", "exp": now + 3600 }),
        json!({ "org": "acme", "role": "owner", "exp": now + 3600 }),
        json!({ "sub": "acme-owner", "role": "owner", "exp": now + 3600 }),
    ];
    for claims in bodies {
        let token = jsonwebtoken::encode(&header, &claims, &key).unwrap();
        let reply = app.list_keys("acme", &token).await;
        assert_eq!(reply.status, 401, "{claims}: {}", reply.body);
        assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID", "{claims}: {}", reply.body);
    }
}

#[actix_web::test]
async fn a_member_token_is_403_forbidden_and_an_admin_token_is_allowed() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    app.add_member("acme", &fixture.token, "mel", "member").await.expect(201);
    app.add_member("acme", &fixture.token, "ada", "admin").await.expect(201);
    let member = app.token("acme", "mel", Role::Member);
    for (method, path, body) in key_routes(&fixture.key_id) {
        let reply = app.request(method, &path, Auth::Bearer(&member), body).await;
        assert_eq!(reply.status, 403, "{method} {path}: {}", reply.body);
        assert_eq!(reply.error_code(), "FORBIDDEN");
    }
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let admin = app.token("acme", "ada", Role::Admin);
    app.create_key("acme", &admin, json!({ "name": "by admin" })).await.expect(201);
    app.list_keys("acme", &admin).await.expect(200);
    app.revoke_key("acme", &admin, &fixture.key_id).await.expect(200);
}

#[actix_web::test]
async fn a_token_for_another_org_or_an_org_that_does_not_exist_is_404_resource_not_found() {
    let app = spawn_app().await;
    let acme = fixture(&app, "acme").await;
    fixture(&app, "globex").await;
    let globex_owner = app.owner_token("globex");
    for (method, path, body) in key_routes(&acme.key_id) {
        let reply = app.request(method, &path, Auth::Bearer(&globex_owner), body).await;
        assert_eq!(reply.status, 404, "{method} {path}: {}", reply.body);
        assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
    }
    let ghost_owner = app.owner_token("ghost");
    for (method, path, body) in key_routes("key_x") {
        let path = path.replace("/acme/", "/ghost/");
        let reply = app.request(method, &path, Auth::Bearer(&ghost_owner), body).await;
        assert_eq!(reply.status, 404, "{method} {path}: {}", reply.body);
        assert_eq!(reply.error_code(), "RESOURCE_NOT_FOUND");
    }
    app.get("/api/v1/jobs", &acme.key).await.expect(200);
}

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
    assert_eq!(list.data()["pagination"], json!({ "offset": 0, "limit": 20, "total": 1 }));
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
    assert_eq!(paged.data()["pagination"], json!({ "offset": 1, "limit": 1, "total": 3 }));
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

// ----- helpers -----

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

async fn listed_key(app: &TestApp, token: &str, key_id: &str) -> Value {
    let list = app.list_keys("acme", token).await.expect(200);
    list.data()["keys"].as_array().unwrap().iter().find(|key| key["id"] == key_id).cloned().expect("the key is listed")
}

/// The three key-management routes, with a body where the route takes one.
fn key_routes(key_id: &str) -> Vec<(&'static str, String, Option<Value>)> {
    vec![
        ("POST", "/api/orgs/acme/api-keys".to_owned(), Some(json!({ "name": "x" }))),
        ("GET", "/api/orgs/acme/api-keys".to_owned(), None),
        ("DELETE", format!("/api/orgs/acme/api-keys/{key_id}"), None),
    ]
}

async fn list_keys_with_header(app: &TestApp, authorization: &str) -> Reply {
    let request = app.client.get(app.url("/api/orgs/acme/api-keys")).insert_header(("Authorization", authorization));
    app.raw(request, awc::body::BoxBody::new(())).await
}

fn claims_json(org: &str, subject: &str, role: &str, expires_at_seconds: u64) -> String {
    json!({ "sub": subject, "org": org, "role": role, "exp": expires_at_seconds }).to_string()
}

/// Base64url without padding (RFC 7515 §2), enough to hand-build a JWT.
fn base64url(text: &str) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let bytes = text.as_bytes();
    let mut encoded = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let group = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        let characters = chunk.len() + 1;
        for index in 0..characters {
            let sextet = (group >> (18 - 6 * index)) & 0x3f;
            encoded.push(char::from(ALPHABET[sextet as usize]));
        }
    }
    encoded
}

#[test]
fn base64url_matches_the_rfc_4648_test_vectors() {
    for (input, expected) in [
        ("", ""),
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64url(input), expected);
    }
    assert_eq!(base64url("\u{ff}\u{fe}"), "w7_Dvg", "uses - and _ rather than + and /");
}
