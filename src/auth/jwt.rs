//! JSON Web Tokens for the management surface: verifying bearer tokens and,
//! for the `shortlist token` command, the demo and tests, signing them.
//!
//! Verification is deliberately narrow. Exactly one algorithm, fixed by the
//! configured key, is accepted, so a token cannot choose how it is checked
//! (`alg: none`, or an HMAC token keyed with a public RSA key). `exp` is
//! required and checked with no leeway against the injected clock, and so is
//! `nbf` when present (a token is not valid before it). The claims
//! the service relies on (`sub`, `org`, `role`) must be present and valid.
//! Audience and issuer are not checked: one deployment issues and consumes
//! its own tokens.
//!
//! Wire claims: `{"sub": string, "org": string, "role": "owner"|"admin"|"member",
//! "exp": number, "iat"?: number}`.

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::rngs::OsRng;
use rand::TryRngCore;
use serde::{Deserialize, Serialize};

use crate::domain::member::Role;
use crate::domain::time::Timestamp;

/// Size of a generated HS256 secret before hex encoding; 256 bits matches
/// the SHA-256 output size, the minimum RFC 7518 asks of HMAC keys.
pub const JWT_SECRET_BYTES: usize = 32;

/// What a verified token says about its bearer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenClaims {
    pub subject: String,
    pub organisation: String,
    pub role: Role,
    pub expires_at_seconds: u64,
}

/// The one signature algorithm a verifier accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JwtAlgorithm {
    Hs256,
    Rs256,
    Es256,
}

impl JwtAlgorithm {
    /// The JOSE name, as it appears in a token's `alg` header.
    pub fn as_str(self) -> &'static str {
        match self {
            JwtAlgorithm::Hs256 => "HS256",
            JwtAlgorithm::Rs256 => "RS256",
            JwtAlgorithm::Es256 => "ES256",
        }
    }

    fn to_jsonwebtoken(self) -> Algorithm {
        match self {
            JwtAlgorithm::Hs256 => Algorithm::HS256,
            JwtAlgorithm::Rs256 => Algorithm::RS256,
            JwtAlgorithm::Es256 => Algorithm::ES256,
        }
    }
}

/// The configured verification key; its variant fixes the algorithm.
#[derive(Clone)]
pub enum VerificationKey {
    /// The shared secret's bytes, used as the HMAC key as given (a secret
    /// from `generate_jwt_secret` is used as its 64 hex characters, not
    /// decoded).
    Hs256Secret(Vec<u8>),
    /// An RSA public key, PEM (`BEGIN PUBLIC KEY` or `BEGIN RSA PUBLIC KEY`).
    Rs256PublicKeyPem(Vec<u8>),
    /// A P-256 public key, PEM (`BEGIN PUBLIC KEY`).
    Es256PublicKeyPem(Vec<u8>),
}

impl std::fmt::Debug for VerificationKey {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The HS256 secret signs tokens too; never print it. Public keys are
        // harmless but long, so they are elided as well.
        let name = match self {
            VerificationKey::Hs256Secret(_) => "Hs256Secret",
            VerificationKey::Rs256PublicKeyPem(_) => "Rs256PublicKeyPem",
            VerificationKey::Es256PublicKeyPem(_) => "Es256PublicKeyPem",
        };
        write!(formatter, "{name}(<redacted>)")
    }
}

impl VerificationKey {
    fn algorithm(&self) -> JwtAlgorithm {
        match self {
            VerificationKey::Hs256Secret(_) => JwtAlgorithm::Hs256,
            VerificationKey::Rs256PublicKeyPem(_) => JwtAlgorithm::Rs256,
            VerificationKey::Es256PublicKeyPem(_) => JwtAlgorithm::Es256,
        }
    }
}

/// Why a verification key could not be used. Shown to the operator at
/// start-up, never to clients.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtSetupError {
    #[error("the HS256 secret is empty")]
    EmptySecret,
    #[error("the {algorithm} verification key is a private key; configure the matching public key")]
    PrivateKeySupplied { algorithm: &'static str },
    #[error("the {algorithm} verification key is not a usable PEM public key: {reason}")]
    InvalidPem { algorithm: &'static str, reason: String },
}

/// Why a token was refused. `Invalid` reasons are short, fixed phrases that
/// are safe to return to the client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("invalid token: {reason}")]
    Invalid { reason: String },
    #[error("token has expired")]
    Expired,
}

impl TokenError {
    fn invalid(reason: &str) -> Self {
        TokenError::Invalid { reason: reason.to_owned() }
    }
}

/// Checks bearer tokens against one configured key and algorithm.
#[derive(Clone)]
pub struct JwtVerifier {
    algorithm: JwtAlgorithm,
    decoding_key: DecodingKey,
    validation: Validation,
}

impl std::fmt::Debug for JwtVerifier {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("JwtVerifier").field("algorithm", &self.algorithm).finish_non_exhaustive()
    }
}

impl JwtVerifier {
    /// Parses the key once, at start-up, so a bad key fails loudly there
    /// rather than as a stream of rejected tokens.
    pub fn new(key: VerificationKey) -> Result<Self, JwtSetupError> {
        let algorithm = key.algorithm();
        Ok(JwtVerifier { algorithm, decoding_key: decoding_key(&key)?, validation: strict_validation(algorithm) })
    }

    /// The only algorithm this verifier accepts.
    pub fn algorithm(&self) -> JwtAlgorithm {
        self.algorithm
    }

    /// Verifies signature and algorithm, then expiry and `nbf` against `now`
    /// (the service's clock, not jsonwebtoken's reading of the system time),
    /// then the service's claims.
    pub fn verify(&self, token: &str, now: Timestamp) -> Result<TokenClaims, TokenError> {
        self.check_header(token)?;
        let mut wire_claims = jsonwebtoken::decode::<WireClaims>(token, &self.decoding_key, &self.validation)
            .map_err(|error| token_error(error.kind()))?
            .claims;
        check_validity_period(wire_claims.exp.as_ref(), wire_claims.nbf.take(), now)?;
        wire_claims.into_token_claims()
    }

    /// Rejects a token whose header is unreadable or names another algorithm
    /// before any key material is touched. `alg: none` lands here too: it is
    /// not an algorithm jsonwebtoken can parse, so the header is unreadable.
    fn check_header(&self, token: &str) -> Result<(), TokenError> {
        let header = jsonwebtoken::decode_header(token)
            .map_err(|_| TokenError::invalid("malformed or unsupported token header"))?;
        if header.alg != self.algorithm.to_jsonwebtoken() {
            return Err(TokenError::invalid("token algorithm is not accepted"));
        }
        Ok(())
    }
}

fn decoding_key(key: &VerificationKey) -> Result<DecodingKey, JwtSetupError> {
    match key {
        VerificationKey::Hs256Secret(secret) if secret.is_empty() => Err(JwtSetupError::EmptySecret),
        VerificationKey::Hs256Secret(secret) => Ok(DecodingKey::from_secret(secret)),
        VerificationKey::Rs256PublicKeyPem(pem) => rsa_decoding_key(pem),
        VerificationKey::Es256PublicKeyPem(pem) => p256_decoding_key(pem),
    }
}

fn rsa_decoding_key(pem: &[u8]) -> Result<DecodingKey, JwtSetupError> {
    let algorithm = JwtAlgorithm::Rs256;
    ensure_public_pem(pem, algorithm)?;
    DecodingKey::from_rsa_pem(pem).map_err(|error| invalid_pem(algorithm, &error, "an RSA"))
}

fn p256_decoding_key(pem: &[u8]) -> Result<DecodingKey, JwtSetupError> {
    let algorithm = JwtAlgorithm::Es256;
    ensure_public_pem(pem, algorithm)?;
    let key = DecodingKey::from_ec_pem(pem).map_err(|error| invalid_pem(algorithm, &error, "a P-256"))?;
    // jsonwebtoken accepts any elliptic-curve public key here; a key on
    // another curve would silently reject every token. A P-256 point is 65
    // bytes uncompressed or 33 compressed (SEC 1), other curves differ.
    if !matches!(key.as_bytes().len(), 33 | 65) {
        return Err(JwtSetupError::InvalidPem {
            algorithm: algorithm.as_str(),
            reason: "the key is not on the P-256 curve".to_owned(),
        });
    }
    Ok(key)
}

/// jsonwebtoken's PEM reader also accepts private RSA keys as "verification"
/// keys and then rejects every token. Catch that mistake, and non-PEM input,
/// at start-up with a message that says what is wrong.
fn ensure_public_pem(pem: &[u8], algorithm: JwtAlgorithm) -> Result<(), JwtSetupError> {
    let text = String::from_utf8_lossy(pem);
    let begin_line = text.lines().map(str::trim).find(|line| line.starts_with("-----BEGIN "));
    match begin_line {
        None => Err(JwtSetupError::InvalidPem {
            algorithm: algorithm.as_str(),
            reason: "no -----BEGIN PUBLIC KEY----- block found".to_owned(),
        }),
        Some(line) if line.contains("PRIVATE KEY") => {
            Err(JwtSetupError::PrivateKeySupplied { algorithm: algorithm.as_str() })
        }
        Some(_) => Ok(()),
    }
}

fn invalid_pem(algorithm: JwtAlgorithm, error: &jsonwebtoken::errors::Error, expected_key: &str) -> JwtSetupError {
    // jsonwebtoken's own text for a wrong key type is just "InvalidKeyFormat".
    let reason = match error.kind() {
        ErrorKind::InvalidKeyFormat => format!("expected {expected_key} public key"),
        _ => error.to_string(),
    };
    JwtSetupError::InvalidPem { algorithm: algorithm.as_str(), reason }
}

fn strict_validation(algorithm: JwtAlgorithm) -> Validation {
    let mut validation = Validation::new(algorithm.to_jsonwebtoken());
    validation.set_required_spec_claims(&["exp"]);
    // `exp` and `nbf` are checked against the injected clock, by
    // `check_validity_period`: jsonwebtoken would read the system time.
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.leeway = 0;
    // jsonwebtoken rejects any token carrying `aud` unless an audience is
    // configured; audience is not part of this service's contract.
    validation.validate_aud = false;
    validation
}

fn token_error(kind: &ErrorKind) -> TokenError {
    match kind {
        ErrorKind::InvalidClaimFormat(claim) if claim == "nbf" => TokenError::invalid("malformed nbf claim"),
        ErrorKind::InvalidSignature => TokenError::invalid("signature does not match"),
        ErrorKind::InvalidAlgorithm => TokenError::invalid("token algorithm is not accepted"),
        ErrorKind::MissingRequiredClaim(claim) if claim == "exp" => TokenError::invalid("missing exp claim"),
        ErrorKind::InvalidClaimFormat(claim) if claim == "exp" => TokenError::invalid("malformed exp claim"),
        _ => TokenError::invalid("malformed token"),
    }
}

/// The claims as they travel. Each is read as raw JSON so that a missing or
/// mistyped claim is reported by name rather than as a parse error.
#[derive(Debug, Deserialize)]
struct WireClaims {
    sub: Option<serde_json::Value>,
    org: Option<serde_json::Value>,
    role: Option<serde_json::Value>,
    exp: Option<serde_json::Value>,
    nbf: Option<serde_json::Value>,
}

impl WireClaims {
    fn into_token_claims(self) -> Result<TokenClaims, TokenError> {
        Ok(TokenClaims {
            subject: required_text(self.sub, "sub")?,
            organisation: required_text(self.org, "org")?,
            role: parse_role(self.role)?,
            expires_at_seconds: parse_expiry(self.exp)?,
        })
    }
}

fn required_text(value: Option<serde_json::Value>, claim: &str) -> Result<String, TokenError> {
    match value {
        Some(serde_json::Value::String(text)) if !text.is_empty() => Ok(text),
        Some(serde_json::Value::String(_)) | None => Err(TokenError::invalid(&format!("missing {claim} claim"))),
        Some(_) => Err(TokenError::invalid(&format!("malformed {claim} claim"))),
    }
}

fn parse_role(value: Option<serde_json::Value>) -> Result<Role, TokenError> {
    match value {
        None => Err(TokenError::invalid("missing role claim")),
        Some(serde_json::Value::String(text)) => Role::parse(&text).ok_or_else(|| TokenError::invalid("unknown role")),
        Some(_) => Err(TokenError::invalid("unknown role")),
    }
}

/// Expired once `now` is past `exp`; not valid yet while `nbf` (when
/// present) is ahead of `now`. Both with no leeway, in whole seconds:
/// `now` equal to `exp` or to `nbf` is valid.
fn check_validity_period(
    exp: Option<&serde_json::Value>,
    nbf: Option<serde_json::Value>,
    now: Timestamp,
) -> Result<(), TokenError> {
    let now_seconds = u64::try_from(now.unix_seconds()).unwrap_or(0);
    if parse_expiry(exp.cloned())? < now_seconds {
        return Err(TokenError::Expired);
    }
    if let Some(not_before) = nbf {
        if parse_numeric_date(not_before, "nbf")? > now_seconds {
            return Err(TokenError::invalid("token is not valid yet (nbf is in the future)"));
        }
    }
    Ok(())
}

fn parse_expiry(value: Option<serde_json::Value>) -> Result<u64, TokenError> {
    match value {
        Some(value) => parse_numeric_date(value, "exp"),
        None => Err(TokenError::invalid("missing exp claim")),
    }
}

/// A NumericDate: seconds since the epoch, possibly fractional (RFC 7519
/// §2). Fractions are dropped.
fn parse_numeric_date(value: serde_json::Value, claim: &str) -> Result<u64, TokenError> {
    let malformed = || TokenError::invalid(&format!("malformed {claim} claim"));
    let serde_json::Value::Number(number) = value else { return Err(malformed()) };
    if let Some(seconds) = number.as_u64() {
        return Ok(seconds);
    }
    match number.as_f64() {
        Some(seconds) if seconds.is_finite() && seconds >= 0.0 && seconds < u64::MAX as f64 => {
            Ok(seconds.trunc() as u64)
        }
        _ => Err(malformed()),
    }
}

#[derive(Serialize)]
struct SignedClaims<'a> {
    sub: &'a str,
    org: &'a str,
    role: &'a str,
    iat: u64,
    exp: u64,
}

/// Issues HS256 tokens. Only for the `shortlist token` command, the demo and
/// tests; production deployments may instead verify tokens from elsewhere.
#[derive(Clone)]
pub struct JwtSigner {
    encoding_key: EncodingKey,
}

impl std::fmt::Debug for JwtSigner {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("JwtSigner(HS256, <redacted>)")
    }
}

impl JwtSigner {
    pub fn new(secret: &[u8]) -> Self {
        JwtSigner { encoding_key: EncodingKey::from_secret(secret) }
    }

    /// A token for `subject` acting as `role` in `organisation`, valid from
    /// `issued_at_seconds` (Unix time) for `time_to_live_seconds`.
    pub fn sign(
        &self,
        organisation: &str,
        subject: &str,
        role: Role,
        issued_at_seconds: u64,
        time_to_live_seconds: u64,
    ) -> String {
        let claims = SignedClaims {
            sub: subject,
            org: organisation,
            role: role.as_str(),
            iat: issued_at_seconds,
            exp: issued_at_seconds.saturating_add(time_to_live_seconds),
        };
        // HMAC signing accepts any key and these claims always serialise, so
        // encoding cannot fail.
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding_key)
            .expect("HS256 signing of fixed claims cannot fail")
    }
}

/// A new HS256 secret: `JWT_SECRET_BYTES` bytes from the operating system's
/// CSPRNG, hex-encoded (64 characters). The hex text is what gets stored and
/// passed as `SHORTLIST_JWT_SECRET`, and its bytes are the HMAC key.
///
/// # Panics
/// If the operating system cannot provide randomness.
pub fn generate_jwt_secret() -> String {
    let mut secret = [0u8; JWT_SECRET_BYTES];
    OsRng.try_fill_bytes(&mut secret).expect("the operating system random number generator failed");
    secret.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
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
            let group = chunk
                .iter()
                .enumerate()
                .fold(0u32, |group, (index, byte)| group | u32::from(*byte) << (16 - 8 * index));
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
        let claims = jsonwebtoken::decode::<serde_json::Value>(
            &token,
            &jsonwebtoken::DecodingKey::from_secret(SECRET),
            &validation,
        )
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
}
