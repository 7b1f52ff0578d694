//! The stored form of an API key: its SHA-256 digest. The plaintext never
//! reaches the domain; `auth` hashes presented keys and compares digests.

use serde::{Deserialize, Serialize};

/// SHA-256 of a plaintext API key.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KeyHash(pub [u8; 32]);

impl KeyHash {
    /// The first eight bytes, used to bucket keys in the registry so that the
    /// full digest is compared in constant time rather than by a map's `Eq`.
    pub fn lookup_tag(&self) -> u64 {
        let mut tag = [0u8; 8];
        tag.copy_from_slice(&self.0[..8]);
        u64::from_le_bytes(tag)
    }
}

impl std::fmt::Debug for KeyHash {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Digests are not secret, but a short form keeps logs readable.
        write!(formatter, "KeyHash({:016x}…)", self.lookup_tag())
    }
}
