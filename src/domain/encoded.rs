//! A value held as the bytes the store's codec made of it. Parsed resumes
//! and ATS breakdowns are large (about 2.6 KB encoded each, in dozens of small
//! strings) and read one application at a time, so the state keeps them
//! encoded: a snapshot loads them with one copy instead of dozens of
//! allocations, and copying the state for a snapshot clones an `Arc`. The
//! `workspace` layer decodes them when an endpoint reads them.

use std::fmt;
use std::sync::Arc;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Clone, PartialEq, Eq)]
pub struct Encoded(Arc<[u8]>);

impl Encoded {
    pub fn new(bytes: Vec<u8>) -> Self {
        Self(Arc::from(bytes))
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Encoded {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Encoded({} bytes)", self.0.len())
    }
}

// As bytes, not as a sequence of `u8`: a binary codec then reads them with one copy.
impl Serialize for Encoded {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Encoded {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_byte_buf(EncodedVisitor)
    }
}

struct EncodedVisitor;

impl<'de> Visitor<'de> for EncodedVisitor {
    type Value = Encoded;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("encoded bytes")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Encoded, E> {
        Ok(Encoded(Arc::from(bytes)))
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Encoded, E> {
        Ok(Encoded::new(bytes))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut sequence: A) -> Result<Encoded, A::Error> {
        let mut bytes = Vec::with_capacity(sequence.size_hint().unwrap_or(0).min(1 << 20));
        while let Some(byte) = sequence.next_element::<u8>()? {
            bytes.push(byte);
        }
        Ok(Encoded::new(bytes))
    }
}

/// An ATS breakdown kept encoded, with the one field the indexes need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoredBreakdown {
    pub overall_score: u8,
    pub breakdown: Encoded,
}
