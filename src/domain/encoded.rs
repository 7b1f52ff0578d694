//! A value held as the bytes the store's codec made of it. Parsed resumes
//! and ATS breakdowns are large (about 1.9 KB and 0.4 KB encoded for the
//! seeded resumes, in dozens of small strings) and read one application at a
//! time, so the state keeps them
//! encoded: copying the state for a snapshot clones an `Arc`, and the
//! `workspace` layer decodes them when an endpoint reads them.
//!
//! The bytes are either their own allocation or a window into a buffer that
//! many values share (a snapshot's payload). Which one is the store's
//! business: `store::codec::sharing` decodes a snapshot so that its values
//! are windows instead of copies, and holds this type's `Deserialize`.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize, Serializer};

/// A buffer that many `Encoded` values may point into: a snapshot's payload,
/// for instance, so that loading it does not copy every blob out of it.
/// Its `as_ref` must return the same bytes at every call: views keep an
/// offset and a length into them.
pub type SharedBytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

#[derive(Clone)]
pub struct Encoded(Storage);

#[derive(Clone)]
enum Storage {
    Owned(Arc<[u8]>),
    /// `length` bytes at `offset` of a shared buffer, which this keeps alive.
    Shared {
        buffer: SharedBytes,
        offset: usize,
        length: usize,
    },
}

impl Encoded {
    pub fn new(bytes: Vec<u8>) -> Self {
        Self(Storage::Owned(Arc::from(bytes)))
    }

    pub fn copy_of(bytes: &[u8]) -> Self {
        Self(Storage::Owned(Arc::from(bytes)))
    }

    /// The `length` bytes at `offset` of `buffer`, without copying them.
    pub fn window(buffer: SharedBytes, offset: usize, length: usize) -> Self {
        let end = offset.checked_add(length).expect("a window ends within the address space");
        assert!(end <= (*buffer).as_ref().len(), "a window lies inside its buffer");
        Self(Storage::Shared { buffer, offset, length })
    }

    pub fn bytes(&self) -> &[u8] {
        match &self.0 {
            Storage::Owned(bytes) => bytes,
            Storage::Shared { buffer, offset, length } => &(**buffer).as_ref()[*offset..*offset + *length],
        }
    }

    /// Whether the bytes live in a shared buffer rather than their own allocation.
    pub fn is_shared(&self) -> bool {
        matches!(self.0, Storage::Shared { .. })
    }
}

impl PartialEq for Encoded {
    fn eq(&self, other: &Self) -> bool {
        self.bytes() == other.bytes()
    }
}

impl Eq for Encoded {}

impl fmt::Debug for Encoded {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Encoded({} bytes)", self.bytes().len())
    }
}

// As bytes, not as a sequence of `u8`: a binary codec then reads them with
// one copy, or none when they lie in a shared buffer.
impl Serialize for Encoded {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.bytes())
    }
}

/// An ATS breakdown kept encoded, with its score beside it for the indexes.
/// The months its ties rank by lead the encoded bytes (`stored_result`),
/// so that adding them changed neither the log's nor the snapshot's format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoredBreakdown {
    pub overall_score: u8,
    pub breakdown: Encoded,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_and_copies_of_the_same_bytes_are_equal_and_serialize_alike() {
        let buffer: SharedBytes = Arc::new(b"header|same bytes|trailer".to_vec());
        let window = Encoded::window(buffer, 7, 10);
        let copy = Encoded::new(b"same bytes".to_vec());
        assert!(window.is_shared() && !copy.is_shared());
        assert_eq!(window, copy);
        assert_eq!(format!("{window:?}"), "Encoded(10 bytes)");
        let serialized = |value: &Encoded| serde_json::to_string(value).expect("serializes");
        assert_eq!(serialized(&window), serialized(&copy));
        assert_eq!(serialized(&window), serde_json::to_string(&b"same bytes"[..]).expect("serializes"));
    }

    #[test]
    #[should_panic(expected = "a window lies inside its buffer")]
    fn a_window_past_the_end_of_its_buffer_is_a_programmer_error() {
        let buffer: SharedBytes = Arc::new(b"abc".to_vec());
        let _ = Encoded::window(buffer, 2, 2);
    }
}
