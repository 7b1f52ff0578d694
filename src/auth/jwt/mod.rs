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
    crate::encoding::hex(&secret)
}

#[cfg(test)]
mod tests;
