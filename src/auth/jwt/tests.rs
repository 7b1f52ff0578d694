//! Specifications of token verification and signing: algorithms, keys,
//! expiry and `nbf` against a fixed present, and the claims.

use serde_json::json;

use super::*;

const SECRET: &[u8] = b"test-secret-that-is-long-enough-for-hs256";
const RS256_PRIVATE_PEM: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jwt/rs256_private.pem"));
const RS256_PUBLIC_PEM: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jwt/rs256_public.pem"));
const ES256_PRIVATE_PEM: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jwt/es256_private.pem"));
const ES256_PUBLIC_PEM: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jwt/es256_public.pem"));

fn hs256_verifier() -> JwtVerifier {
    JwtVerifier::new(VerificationKey::Hs256Secret(SECRET.to_vec())).unwrap()
}

/// The tests' present: a fixed second, so that no test reads the system time.
fn now_seconds() -> u64 {
    1_800_000_000
}

fn now() -> Timestamp {
    Timestamp::from_unix_milliseconds(now_seconds() as i64 * 1_000)
}

fn valid_claims() -> serde_json::Value {
    json!({
        "sub": "user_1",
        "org": "org_acme",
        "role": "admin",
        "iat": now_seconds(),
        "exp": now_seconds() + 3600,
    })
}

fn encode_with(algorithm: Algorithm, claims: &serde_json::Value, key: &EncodingKey) -> String {
    jsonwebtoken::encode(&Header::new(algorithm), claims, key).unwrap()
}

fn hs256_token(claims: &serde_json::Value) -> String {
    encode_with(Algorithm::HS256, claims, &EncodingKey::from_secret(SECRET))
}

/// Unpadded base64url (RFC 4648 §5), enough to hand-build hostile tokens.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut encoded = String::new();
    for chunk in bytes.chunks(3) {
        let group =
            chunk.iter().enumerate().fold(0u32, |group, (index, byte)| group | u32::from(*byte) << (16 - 8 * index));
        for sextet in 0..=chunk.len() {
            let index = (group >> (18 - 6 * sextet)) & 0b11_1111;
            encoded.push(char::from(ALPHABET[index as usize]));
        }
    }
    encoded
}

fn assert_invalid(result: Result<TokenClaims, TokenError>) -> String {
    match result {
        Err(TokenError::Invalid { reason }) => reason,
        other => panic!("expected Invalid, got {other:?}"),
    }
}

#[test]
fn base64url_helper_matches_rfc_4648_vectors() {
    assert_eq!(base64url(b""), "");
    assert_eq!(base64url(b"f"), "Zg");
    assert_eq!(base64url(b"fo"), "Zm8");
    assert_eq!(base64url(b"foo"), "Zm9v");
    assert_eq!(base64url(b"foob"), "Zm9vYg");
    assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
}

#[test]
fn signed_token_round_trips_through_the_verifier() {
    let issued_at = now_seconds();
    let token = JwtSigner::new(SECRET).sign("org_acme", "user_1", Role::Owner, issued_at, 600);
    let claims = hs256_verifier().verify(&token, now()).unwrap();
    assert_eq!(
        claims,
        TokenClaims {
            subject: "user_1".to_owned(),
            organisation: "org_acme".to_owned(),
            role: Role::Owner,
            expires_at_seconds: issued_at + 600,
        }
    );
}

#[test]
fn every_role_round_trips() {
    let signer = JwtSigner::new(SECRET);
    for role in [Role::Owner, Role::Admin, Role::Member] {
        let token = signer.sign("org_acme", "user_1", role, now_seconds(), 60);
        assert_eq!(hs256_verifier().verify(&token, now()).unwrap().role, role);
    }
}

#[test]
fn signed_token_carries_the_documented_wire_claims() {
    let token = JwtSigner::new(SECRET).sign("org_acme", "user_1", Role::Member, 1_000, 60);
    let header = jsonwebtoken::decode_header(&token).unwrap();
    assert_eq!(header.alg, Algorithm::HS256);
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    let claims =
        jsonwebtoken::decode::<serde_json::Value>(&token, &jsonwebtoken::DecodingKey::from_secret(SECRET), &validation)
            .unwrap()
            .claims;
    assert_eq!(claims, json!({"sub": "user_1", "org": "org_acme", "role": "member", "iat": 1_000, "exp": 1_060}));
}

#[test]
fn expired_token_is_reported_as_expired() {
    let token = JwtSigner::new(SECRET).sign("org_acme", "user_1", Role::Admin, now_seconds() - 7200, 3600);
    assert_eq!(hs256_verifier().verify(&token, now()), Err(TokenError::Expired));
}

#[test]
fn token_whose_nbf_is_in_the_future_is_invalid_with_no_leeway() {
    for seconds_ahead in [2, 3600] {
        let mut claims = valid_claims();
        claims["nbf"] = json!(now_seconds() + seconds_ahead);
        let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
        assert!(reason.contains("not valid yet"), "{reason}");
    }
}

#[test]
fn token_whose_nbf_has_passed_is_accepted() {
    let mut claims = valid_claims();
    claims["nbf"] = json!(now_seconds() - 5);
    assert!(hs256_verifier().verify(&hs256_token(&claims), now()).is_ok());
}

#[test]
fn token_expired_a_few_seconds_ago_gets_no_leeway() {
    let token = JwtSigner::new(SECRET).sign("org_acme", "user_1", Role::Admin, now_seconds() - 10, 5);
    assert_eq!(hs256_verifier().verify(&token, now()), Err(TokenError::Expired));
}

#[test]
fn token_without_exp_is_invalid() {
    let mut claims = valid_claims();
    claims.as_object_mut().unwrap().remove("exp");
    let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
    assert_eq!(reason, "missing exp claim");
}

#[test]
fn token_with_non_numeric_or_negative_exp_is_invalid() {
    for exp in [json!("tomorrow"), json!(-1), json!(null)] {
        let mut claims = valid_claims();
        claims["exp"] = exp;
        let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
        assert!(reason.contains("exp"), "{reason}");
    }
}

#[test]
fn fractional_exp_is_accepted_and_truncated() {
    let mut claims = valid_claims();
    let expires_at_seconds = now_seconds() + 3600;
    claims["exp"] = json!(expires_at_seconds as f64 + 0.25);
    let verified = hs256_verifier().verify(&hs256_token(&claims), now()).unwrap();
    assert_eq!(verified.expires_at_seconds, expires_at_seconds);
}

#[test]
fn non_string_subject_or_organisation_is_invalid() {
    for claim in ["sub", "org"] {
        let mut claims = valid_claims();
        claims[claim] = json!(42);
        let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
        assert_eq!(reason, format!("malformed {claim} claim"));
    }
}

#[test]
fn token_signed_with_another_secret_is_invalid() {
    let token = JwtSigner::new(b"another-secret-entirely-different").sign(
        "org_acme",
        "user_1",
        Role::Owner,
        now_seconds(),
        600,
    );
    let reason = assert_invalid(hs256_verifier().verify(&token, now()));
    assert_eq!(reason, "signature does not match");
}

#[test]
fn token_with_tampered_payload_is_invalid() {
    let token = JwtSigner::new(SECRET).sign("org_acme", "user_1", Role::Member, now_seconds(), 600);
    let parts: Vec<&str> = token.split('.').collect();
    let mut claims = valid_claims();
    claims["role"] = json!("owner");
    let forged_payload = base64url(claims.to_string().as_bytes());
    let forged = format!("{}.{}.{}", parts[0], forged_payload, parts[2]);
    assert_invalid(hs256_verifier().verify(&forged, now()));
}

#[test]
fn unsigned_alg_none_token_is_invalid() {
    let header = base64url(br#"{"alg":"none","typ":"JWT"}"#);
    let payload = base64url(valid_claims().to_string().as_bytes());
    let token = format!("{header}.{payload}.");
    assert_invalid(hs256_verifier().verify(&token, now()));
}

#[test]
fn alg_none_token_with_a_copied_signature_is_invalid() {
    let genuine = JwtSigner::new(SECRET).sign("org_acme", "user_1", Role::Owner, now_seconds(), 600);
    let signature = genuine.rsplit('.').next().unwrap();
    let header = base64url(br#"{"alg":"none","typ":"JWT"}"#);
    let payload = base64url(valid_claims().to_string().as_bytes());
    assert_invalid(hs256_verifier().verify(&format!("{header}.{payload}.{signature}"), now()));
}

#[test]
fn hs384_and_hs512_tokens_are_refused_by_an_hs256_verifier() {
    let key = EncodingKey::from_secret(SECRET);
    for algorithm in [Algorithm::HS384, Algorithm::HS512] {
        let token = encode_with(algorithm, &valid_claims(), &key);
        let reason = assert_invalid(hs256_verifier().verify(&token, now()));
        assert_eq!(reason, "token algorithm is not accepted");
    }
}

#[test]
fn rs256_token_is_refused_by_an_hs256_verifier() {
    let key = EncodingKey::from_rsa_pem(RS256_PRIVATE_PEM).unwrap();
    let token = encode_with(Algorithm::RS256, &valid_claims(), &key);
    assert_invalid(hs256_verifier().verify(&token, now()));
}

#[test]
fn hs256_token_keyed_with_the_rsa_public_key_is_refused_by_an_rs256_verifier() {
    // The classic algorithm-confusion attack: HMAC with the public key.
    let token = encode_with(Algorithm::HS256, &valid_claims(), &EncodingKey::from_secret(RS256_PUBLIC_PEM));
    let verifier = JwtVerifier::new(VerificationKey::Rs256PublicKeyPem(RS256_PUBLIC_PEM.to_vec())).unwrap();
    let reason = assert_invalid(verifier.verify(&token, now()));
    assert_eq!(reason, "token algorithm is not accepted");
}

#[test]
fn unknown_role_is_invalid() {
    let mut claims = valid_claims();
    claims["role"] = json!("superuser");
    let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
    assert_eq!(reason, "unknown role");
}

#[test]
fn role_is_case_sensitive() {
    let mut claims = valid_claims();
    claims["role"] = json!("Owner");
    assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
}

#[test]
fn missing_role_is_invalid() {
    let mut claims = valid_claims();
    claims.as_object_mut().unwrap().remove("role");
    let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
    assert_eq!(reason, "missing role claim");
}

#[test]
fn missing_or_empty_subject_is_invalid() {
    let mut without_subject = valid_claims();
    without_subject.as_object_mut().unwrap().remove("sub");
    let mut empty_subject = valid_claims();
    empty_subject["sub"] = json!("");
    for claims in [without_subject, empty_subject] {
        let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
        assert_eq!(reason, "missing sub claim");
    }
}

#[test]
fn missing_or_empty_organisation_is_invalid() {
    let mut without_organisation = valid_claims();
    without_organisation.as_object_mut().unwrap().remove("org");
    let mut empty_organisation = valid_claims();
    empty_organisation["org"] = json!("");
    for claims in [without_organisation, empty_organisation] {
        let reason = assert_invalid(hs256_verifier().verify(&hs256_token(&claims), now()));
        assert_eq!(reason, "missing org claim");
    }
}

#[test]
fn audience_and_issuer_are_ignored() {
    let mut claims = valid_claims();
    claims["aud"] = json!(["someone-else"]);
    claims["iss"] = json!("elsewhere");
    assert!(hs256_verifier().verify(&hs256_token(&claims), now()).is_ok());
}

#[test]
fn garbage_is_invalid() {
    for garbage in ["", "not-a-token", "a.b.c", "a.b", "....."] {
        assert_invalid(hs256_verifier().verify(garbage, now()));
    }
}

#[test]
fn rs256_token_verifies_with_the_matching_public_key() {
    let key = EncodingKey::from_rsa_pem(RS256_PRIVATE_PEM).unwrap();
    let token = encode_with(Algorithm::RS256, &valid_claims(), &key);
    let verifier = JwtVerifier::new(VerificationKey::Rs256PublicKeyPem(RS256_PUBLIC_PEM.to_vec())).unwrap();
    assert_eq!(verifier.algorithm(), JwtAlgorithm::Rs256);
    let claims = verifier.verify(&token, now()).unwrap();
    assert_eq!(claims.subject, "user_1");
    assert_eq!(claims.organisation, "org_acme");
    assert_eq!(claims.role, Role::Admin);
}

#[test]
fn es256_token_verifies_with_the_matching_public_key() {
    let key = EncodingKey::from_ec_pem(ES256_PRIVATE_PEM).unwrap();
    let token = encode_with(Algorithm::ES256, &valid_claims(), &key);
    let verifier = JwtVerifier::new(VerificationKey::Es256PublicKeyPem(ES256_PUBLIC_PEM.to_vec())).unwrap();
    assert_eq!(verifier.algorithm(), JwtAlgorithm::Es256);
    let claims = verifier.verify(&token, now()).unwrap();
    assert_eq!(claims.role, Role::Admin);
}

#[test]
fn es256_token_is_refused_by_an_rs256_verifier() {
    let key = EncodingKey::from_ec_pem(ES256_PRIVATE_PEM).unwrap();
    let token = encode_with(Algorithm::ES256, &valid_claims(), &key);
    let verifier = JwtVerifier::new(VerificationKey::Rs256PublicKeyPem(RS256_PUBLIC_PEM.to_vec())).unwrap();
    assert_invalid(verifier.verify(&token, now()));
}

#[test]
fn expired_es256_token_is_reported_as_expired() {
    let mut claims = valid_claims();
    claims["exp"] = json!(now_seconds() - 1);
    let key = EncodingKey::from_ec_pem(ES256_PRIVATE_PEM).unwrap();
    let token = encode_with(Algorithm::ES256, &claims, &key);
    let verifier = JwtVerifier::new(VerificationKey::Es256PublicKeyPem(ES256_PUBLIC_PEM.to_vec())).unwrap();
    assert_eq!(verifier.verify(&token, now()), Err(TokenError::Expired));
}

#[test]
fn verifier_and_signer_can_be_shared_across_threads() {
    // The HTTP layer keeps one verifier in shared application state.
    fn assert_send_and_sync<T: Send + Sync>() {}
    assert_send_and_sync::<JwtVerifier>();
    assert_send_and_sync::<JwtSigner>();
}

#[test]
fn hs256_verifier_reports_its_algorithm() {
    assert_eq!(hs256_verifier().algorithm(), JwtAlgorithm::Hs256);
}

#[test]
fn empty_hs256_secret_is_a_setup_error() {
    let error = JwtVerifier::new(VerificationKey::Hs256Secret(Vec::new())).unwrap_err();
    assert_eq!(error, JwtSetupError::EmptySecret);
}

#[test]
fn non_pem_public_key_is_a_setup_error_with_a_clear_message() {
    let error = JwtVerifier::new(VerificationKey::Rs256PublicKeyPem(b"not a pem".to_vec())).unwrap_err();
    assert!(matches!(error, JwtSetupError::InvalidPem { algorithm: "RS256", .. }));
    assert!(error.to_string().contains("BEGIN PUBLIC KEY"), "{error}");
}

#[test]
fn corrupted_pem_body_is_a_setup_error() {
    let corrupted = b"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".to_vec();
    let error = JwtVerifier::new(VerificationKey::Es256PublicKeyPem(corrupted)).unwrap_err();
    assert!(matches!(error, JwtSetupError::InvalidPem { algorithm: "ES256", .. }));
}

#[test]
fn private_key_in_place_of_the_public_key_is_a_setup_error() {
    for key in [
        VerificationKey::Rs256PublicKeyPem(RS256_PRIVATE_PEM.to_vec()),
        VerificationKey::Es256PublicKeyPem(ES256_PRIVATE_PEM.to_vec()),
    ] {
        let error = JwtVerifier::new(key).unwrap_err();
        assert!(matches!(error, JwtSetupError::PrivateKeySupplied { .. }));
        assert!(error.to_string().contains("public key"), "{error}");
    }
}

#[test]
fn public_key_of_the_wrong_type_is_a_setup_error() {
    let error = JwtVerifier::new(VerificationKey::Rs256PublicKeyPem(ES256_PUBLIC_PEM.to_vec())).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the RS256 verification key is not a usable PEM public key: expected an RSA public key"
    );
    let error = JwtVerifier::new(VerificationKey::Es256PublicKeyPem(RS256_PUBLIC_PEM.to_vec())).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the ES256 verification key is not a usable PEM public key: expected a P-256 public key"
    );
}

#[test]
fn elliptic_curve_key_on_another_curve_is_a_setup_error() {
    const P384_PUBLIC_PEM: &str = "-----BEGIN PUBLIC KEY-----
MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEvwJxIUZPSlxWh30TcjQt6RAhFlPY2i03
rCULA01680Bvg02X6QPekicec6MNxbTbYgu4lxuVOJ7UPnVMdSEMIC5PqqH1U4GK
U11sRSmZwSz+OIRmx0pvi6VJeCQ5TRNA
-----END PUBLIC KEY-----
";
    let key = VerificationKey::Es256PublicKeyPem(P384_PUBLIC_PEM.as_bytes().to_vec());
    let error = JwtVerifier::new(key).unwrap_err();
    assert!(error.to_string().contains("P-256"), "{error}");
}

#[test]
fn debug_output_hides_secrets() {
    let secret_text = String::from_utf8(SECRET.to_vec()).unwrap();
    let key = VerificationKey::Hs256Secret(SECRET.to_vec());
    assert!(!format!("{key:?}").contains(&secret_text));
    assert!(!format!("{:?}", hs256_verifier()).contains(&secret_text));
    assert!(!format!("{:?}", JwtSigner::new(SECRET)).contains(&secret_text));
}

#[test]
fn generated_secret_is_sixty_four_lowercase_hex_characters() {
    let secret = generate_jwt_secret();
    assert_eq!(secret.len(), JWT_SECRET_BYTES * 2);
    assert!(secret.bytes().all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f')));
}

#[test]
fn generated_secrets_differ() {
    assert_ne!(generate_jwt_secret(), generate_jwt_secret());
}

#[test]
fn generated_secret_works_as_an_hs256_key() {
    let secret = generate_jwt_secret();
    let token = JwtSigner::new(secret.as_bytes()).sign("org_acme", "user_1", Role::Member, now_seconds(), 60);
    let verifier = JwtVerifier::new(VerificationKey::Hs256Secret(secret.into_bytes())).unwrap();
    assert!(verifier.verify(&token, now()).is_ok());
}

#[test]
fn token_error_messages_are_short_and_name_the_reason() {
    assert_eq!(TokenError::Expired.to_string(), "token has expired");
    assert_eq!(TokenError::invalid("unknown role").to_string(), "invalid token: unknown role");
}
