//! API key material: generating keys, hashing presented keys, masking them
//! for display and comparing digests.
//!
//! A key is shown to its creator exactly once. Afterwards the service keeps
//! only its SHA-256 digest (`KeyHash`) and a short non-secret prefix for
//! display, so a leaked store does not leak usable keys. Keys are long
//! (31 base62 characters, about 185 bits) and random, which is why a fast
//! unsalted hash is sufficient here, unlike for human-chosen passwords.

use rand::rngs::OsRng;
use rand::TryRngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::domain::key_hash::KeyHash;

/// Every key starts with this, so leaked keys are recognisable by secret
/// scanners and a presented value can be rejected cheaply.
pub const API_KEY_PREFIX: &str = "svc_live_";
/// Total key length: `API_KEY_PREFIX` plus 31 base62 characters.
pub const API_KEY_LENGTH: usize = 40;
/// `keyPrefix` is the first 12 characters of the key: the fixed prefix plus
/// three random characters, enough to tell keys apart in a listing.
pub const KEY_PREFIX_LENGTH: usize = 12;
/// `maskedKey` is `keyPrefix` followed by this many U+2022 bullets.
pub const MASK_BULLET_COUNT: usize = 8;

const RANDOM_PART_LENGTH: usize = API_KEY_LENGTH - API_KEY_PREFIX.len();
const MASK_BULLET: char = '\u{2022}';

// The display prefix must lie inside the key and reveal some random part.
const _: () = assert!(RANDOM_PART_LENGTH == 31);
const _: () = assert!(KEY_PREFIX_LENGTH > API_KEY_PREFIX.len());
const _: () = assert!(KEY_PREFIX_LENGTH < API_KEY_LENGTH);

/// A freshly generated key. `plaintext` must be returned to the caller once
/// and then dropped; only `hash` and `key_prefix` are stored.
pub struct GeneratedApiKey {
    pub plaintext: String,
    pub hash: KeyHash,
    pub key_prefix: String,
}

impl std::fmt::Debug for GeneratedApiKey {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The plaintext is the credential itself; keep it out of logs.
        formatter
            .debug_struct("GeneratedApiKey")
            .field("plaintext", &"<redacted>")
            .field("hash", &self.hash)
            .field("key_prefix", &self.key_prefix)
            .finish()
    }
}

/// Generates a new key from the operating system's CSPRNG.
///
/// `OsRng` is used rather than `rand::rng()`: key generation is rare, so the
/// cost of asking the kernel directly is irrelevant, and it leaves no
/// user-space generator state that could be duplicated (for example across a
/// fork) or inspected. Each character is drawn uniformly from the 62 base62
/// characters (`encoding::random_base62`), with no modulo bias.
///
/// # Panics
/// If the operating system cannot provide randomness, which on supported
/// platforms only happens when the system is unusable anyway.
pub fn generate_api_key() -> GeneratedApiKey {
    let plaintext = format!("{API_KEY_PREFIX}{}", random_base62(RANDOM_PART_LENGTH));
    GeneratedApiKey { hash: hash_api_key(&plaintext), key_prefix: plaintext[..KEY_PREFIX_LENGTH].to_owned(), plaintext }
}

fn random_base62(length: usize) -> String {
    crate::encoding::random_base62(&mut OsRng.unwrap_err(), length)
}

/// The stored form of a key: SHA-256 of its UTF-8 bytes.
pub fn hash_api_key(presented: &str) -> KeyHash {
    KeyHash(Sha256::digest(presented.as_bytes()).into())
}

/// The display form of a key: its prefix followed by bullets, so listings
/// identify a key without revealing it.
pub fn masked_key(key_prefix: &str) -> String {
    let mut masked = String::with_capacity(key_prefix.len() + MASK_BULLET_COUNT * 3);
    masked.push_str(key_prefix);
    masked.extend(std::iter::repeat_n(MASK_BULLET, MASK_BULLET_COUNT));
    masked
}

/// Whether `presented` could be a key at all: right prefix, right length and
/// base62 after the prefix. Lets obvious garbage be rejected before hashing
/// and lookup. Not a secret comparison, so it need not be constant time.
pub fn has_api_key_shape(presented: &str) -> bool {
    presented.len() == API_KEY_LENGTH
        && presented.starts_with(API_KEY_PREFIX)
        && presented.as_bytes()[API_KEY_PREFIX.len()..].iter().all(u8::is_ascii_alphanumeric)
}

/// Compares two digests in constant time, so response timing does not reveal
/// how many leading bytes of a guessed key's digest matched a stored one.
pub fn digests_equal(left: &KeyHash, right: &KeyHash) -> bool {
    left.0.ct_eq(&right.0).into()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    use crate::encoding::hex;

    #[test]
    fn generated_key_is_forty_characters_with_the_live_prefix() {
        let key = generate_api_key();
        assert_eq!(key.plaintext.len(), API_KEY_LENGTH);
        assert!(key.plaintext.starts_with(API_KEY_PREFIX));
    }

    #[test]
    fn generated_key_random_part_is_base62() {
        for _ in 0..100 {
            let key = generate_api_key();
            let random_part = &key.plaintext[API_KEY_PREFIX.len()..];
            assert_eq!(random_part.len(), 31);
            assert!(random_part.bytes().all(|byte| byte.is_ascii_alphanumeric()));
        }
    }

    #[test]
    fn generated_keys_are_distinct_across_a_thousand_draws() {
        let keys: HashSet<String> = (0..1000).map(|_| generate_api_key().plaintext).collect();
        assert_eq!(keys.len(), 1000);
    }

    #[test]
    fn generated_keys_use_every_character_class_of_base62() {
        // 1000 keys hold 31 000 random characters; missing a whole class
        // (uppercase, lowercase or digits) would mean a broken sampler.
        let characters: String =
            (0..1000).map(|_| generate_api_key().plaintext[API_KEY_PREFIX.len()..].to_owned()).collect();
        assert!(characters.bytes().any(|byte| byte.is_ascii_uppercase()));
        assert!(characters.bytes().any(|byte| byte.is_ascii_lowercase()));
        assert!(characters.bytes().any(|byte| byte.is_ascii_digit()));
    }

    #[test]
    fn generated_key_carries_the_hash_of_its_plaintext_and_its_first_twelve_characters() {
        let key = generate_api_key();
        assert_eq!(key.hash, hash_api_key(&key.plaintext));
        assert_eq!(key.key_prefix, &key.plaintext[..12]);
        assert!(has_api_key_shape(&key.plaintext));
    }

    #[test]
    fn hash_is_sha256_of_the_plaintext() {
        assert_eq!(hex(&hash_api_key("abc").0), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(
            hex(&hash_api_key("svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").0),
            "b0e7dbe241f8e75b2628f1d86c406677dfd292ba9cef0a29005df99fa5270b70"
        );
    }

    #[test]
    fn masked_key_is_the_prefix_followed_by_eight_bullets() {
        assert_eq!(
            masked_key("svc_live_Ab3"),
            "svc_live_Ab3\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}"
        );
        let masked = masked_key("svc_live_Ab3");
        assert_eq!(masked.chars().count(), KEY_PREFIX_LENGTH + MASK_BULLET_COUNT);
    }

    fn key_with_random_part(random_part: &str) -> String {
        format!("{API_KEY_PREFIX}{random_part}")
    }

    #[test]
    fn shape_check_accepts_a_well_formed_key() {
        assert!(has_api_key_shape(&key_with_random_part(&"A".repeat(31))));
        assert!(has_api_key_shape(&key_with_random_part("0123456789abcdefghijklmnopqrSTU")));
    }

    #[test]
    fn shape_check_rejects_a_wrong_prefix() {
        let random_part = "A".repeat(31);
        assert!(!has_api_key_shape(&format!("svc_test_{random_part}")));
        assert!(!has_api_key_shape(&format!("SVC_LIVE_{random_part}")));
    }

    #[test]
    fn shape_check_rejects_a_wrong_length() {
        assert!(!has_api_key_shape(""));
        assert!(!has_api_key_shape(API_KEY_PREFIX));
        assert!(!has_api_key_shape(&key_with_random_part(&"A".repeat(30))));
        assert!(!has_api_key_shape(&key_with_random_part(&"A".repeat(32))));
    }

    #[test]
    fn shape_check_rejects_characters_outside_base62() {
        let thirty = "A".repeat(30);
        for bad_character in ["-", "_", " ", "=", "+", "/"] {
            let key = key_with_random_part(&format!("{thirty}{bad_character}"));
            assert_eq!(key.len(), API_KEY_LENGTH);
            assert!(!has_api_key_shape(&key), "accepted {key:?}");
        }
        // 29 ASCII characters plus a two-byte "é" is the right byte length.
        let non_ascii = key_with_random_part(&format!("{}\u{e9}", "A".repeat(29)));
        assert_eq!(non_ascii.len(), API_KEY_LENGTH);
        assert!(!has_api_key_shape(&non_ascii));
    }

    #[test]
    fn digests_compare_equal_only_when_identical() {
        let first = hash_api_key("svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
        let same = hash_api_key("svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
        let other = hash_api_key("svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB");
        assert!(digests_equal(&first, &same));
        assert!(!digests_equal(&first, &other));
    }

    #[test]
    fn debug_output_hides_the_plaintext() {
        let key = generate_api_key();
        let debug = format!("{key:?}");
        assert!(!debug.contains(&key.plaintext));
        assert!(!debug.contains(&key.plaintext[KEY_PREFIX_LENGTH..]));
        assert!(debug.contains("<redacted>"));
        assert!(debug.contains(&key.key_prefix));
    }
}
