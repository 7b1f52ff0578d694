//! Every way a JWT on the management surface can fail: missing, garbage,
//! wrongly signed, expired, `alg: none`, another algorithm, a missing claim
//! or an unknown role, a member's role, another org.

use serde_json::{json, Value};
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::Clock;
use shortlist::domain::member::Role;

use crate::helpers::{fixture, spawn_app, Auth, Reply, TestApp, TEST_JWT_SECRET};

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
