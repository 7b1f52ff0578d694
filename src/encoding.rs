//! Text encodings of bytes and random text that several layers need: hex
//! for digests (blob names, content hashes, secrets) and base62 for random
//! identifiers and API keys. A leaf module: it uses nothing of the crate, so
//! `domain` and `store`, which depend on nothing else, may use it.

use std::fmt;

use rand::Rng;

/// The characters of base62, digits first.
pub const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `length` characters drawn uniformly from base62 (`random_range` rejects
/// rather than takes a modulo, so no character is favoured).
pub fn random_base62(rng: &mut impl Rng, length: usize) -> String {
    (0..length).map(|_| char::from(BASE62[rng.random_range(0..BASE62.len())])).collect()
}

/// Lower-case hexadecimal, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(HEX_DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

/// Writes `bytes` as [`hex`] does, without building a string.
pub fn write_hex(formatter: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    bytes.iter().try_for_each(|byte| write!(formatter, "{byte:02x}"))
}

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn hex_is_two_lower_case_digits_a_byte() {
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(hex(&[]), "");
        struct Shown<'a>(&'a [u8]);
        impl fmt::Display for Shown<'_> {
            fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_hex(formatter, self.0)
            }
        }
        assert_eq!(Shown(&[0xde, 0xad, 0x01]).to_string(), hex(&[0xde, 0xad, 0x01]));
    }

    #[test]
    fn base62_text_has_the_length_asked_and_only_base62_characters() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let text = random_base62(&mut rng, 2_000);
        assert_eq!(text.len(), 2_000);
        assert!(text.bytes().all(|byte| byte.is_ascii_alphanumeric()));
        for class in [u8::is_ascii_digit, u8::is_ascii_uppercase, u8::is_ascii_lowercase] {
            assert!(text.bytes().any(|byte| class(&byte)), "every class of character appears");
        }
    }
}
