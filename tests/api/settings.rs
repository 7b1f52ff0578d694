//! Server settings that change authentication: a generated HS256 secret kept
//! in the data directory, and RS256 with a PEM public key file.

use std::path::PathBuf;

use serde_json::json;
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::Clock;
use shortlist::config::JwtAlgorithmSetting;
use shortlist::domain::member::Role;
use shortlist::startup::JWT_SECRET_FILE_NAME;

use crate::helpers::{spawn_app_with, Auth, TestApp};

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jwt").join(name)
}

#[actix_web::test]
async fn without_a_configured_secret_one_is_generated_kept_private_and_reused() {
    let data_directory = crate::helpers::temp_directory("secret");
    let data_dir = data_directory.path().to_path_buf();
    let settings_dir = data_dir.clone();
    let app = spawn_app_with(move |settings| {
        settings.jwt.jwt_secret = None;
        settings.data_dir = settings_dir;
    })
    .await;
    let secret_path = data_dir.join(JWT_SECRET_FILE_NAME);
    let secret = std::fs::read_to_string(&secret_path).expect("the generated secret is in the data directory");
    assert_eq!(secret.len(), 64, "32 random bytes, hex-encoded");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&secret_path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "only the owner may read the secret");
    }
    let token = JwtSigner::new(secret.as_bytes()).sign("acme", "acme-owner", Role::Owner, now_seconds(&app), 600);
    let body = json!({ "name": "Acme", "owner": { "name": "Olive", "email": "olive@example.com" } });
    app.request("PUT", "/api/orgs/acme", Auth::Bearer(&token), Some(body)).await.expect(201);
    let reused = shortlist::startup::hs256_secret(None, &data_dir).unwrap();
    assert_eq!(reused, secret, "a restart reads the same secret back");
}

#[actix_web::test]
async fn an_rs256_server_accepts_tokens_from_its_key_pair_and_refuses_hs256() {
    let app = spawn_app_with(|settings| {
        settings.jwt.jwt_algorithm = JwtAlgorithmSetting::Rs256;
        settings.jwt.jwt_public_key_file = Some(fixture_path("rs256_public.pem"));
    })
    .await;
    let private_key = std::fs::read(fixture_path("rs256_private.pem")).unwrap();
    let claims = json!({ "sub": "acme-owner", "org": "acme", "role": "owner", "exp": now_seconds(&app) + 600 });
    let token = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_rsa_pem(&private_key).unwrap(),
    )
    .unwrap();
    let body = json!({ "name": "Acme", "owner": { "name": "Olive", "email": "olive@example.com" } });
    app.request("PUT", "/api/orgs/acme", Auth::Bearer(&token), Some(body.clone())).await.expect(201);
    let hs256 = app.owner_token("acme");
    let reply = app.request("PUT", "/api/orgs/acme", Auth::Bearer(&hs256), Some(body)).await.expect(401);
    assert_eq!(reply.error_code(), "AUTH_TOKEN_INVALID");
}

#[actix_web::test]
async fn a_workspace_has_exactly_one_owner() {
    let app = crate::helpers::spawn_app().await;
    let token = app.create_workspace("acme").await;
    let reply = app.add_member("acme", &token, "mallory", "owner").await.expect(400);
    assert_eq!(reply.error_code(), "INVALID_REQUEST");
    app.add_member("acme", &token, "ada", "admin").await.expect(201);
    app.add_member("acme", &token, "ada", "member").await.expect(200);
}

/// The test app's present, which its clock fixes.
fn now_seconds(app: &TestApp) -> u64 {
    u64::try_from(app.clock.now().unix_seconds()).unwrap()
}
