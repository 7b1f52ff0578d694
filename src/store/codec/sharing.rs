//! Decoding a snapshot without copying its blobs. A snapshot's payload
//! holds every parsed resume and breakdown of a workspace as `Encoded`
//! bytes; decoded the usual way, each would be copied out into its own
//! allocation. While `decode_sharing` runs, an `Encoded` whose bytes lie
//! inside the given buffer becomes a window into it instead.
//!
//! The buffer is passed through a thread-local because serde offers no
//! other way to hand context to a `Deserialize` impl; the impl lives here,
//! beside the thread-local it reads, rather than with the domain type.

use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer};

use crate::domain::encoded::{Encoded, SharedBytes};

thread_local! {
    /// The buffer that values decoded on this thread may point into; see `decode_sharing`.
    static SHARED_BUFFER: RefCell<Option<SharedBytes>> = const { RefCell::new(None) };
}

/// Runs `decode`, during which every `Encoded` deserialized from a slice
/// that lies inside `buffer` points into `buffer` instead of copying. A
/// value borrowed from anywhere else is copied as usual, so the result is
/// the same whichever input `decode` reads; only the copies differ.
pub fn decode_sharing<T>(buffer: &SharedBytes, decode: impl FnOnce() -> T) -> T {
    struct Restore(Option<SharedBytes>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            SHARED_BUFFER.with(|shared| *shared.borrow_mut() = previous);
        }
    }
    let previous = SHARED_BUFFER.with(|shared| shared.borrow_mut().replace(Arc::clone(buffer)));
    let _restore = Restore(previous);
    decode()
}

/// The slice as a window of the shared buffer in use, when it lies inside
/// it. Empty values are not worth keeping a buffer alive for.
fn shared_window(bytes: &[u8]) -> Option<Encoded> {
    if bytes.is_empty() {
        return None;
    }
    SHARED_BUFFER.with(|shared| {
        let shared = shared.borrow();
        let buffer = shared.as_ref()?;
        let whole = (**buffer).as_ref();
        let offset = (bytes.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
        if offset.checked_add(bytes.len())? > whole.len() {
            return None;
        }
        Some(Encoded::window(Arc::clone(buffer), offset, bytes.len()))
    })
}

impl<'de> Deserialize<'de> for Encoded {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_bytes(EncodedVisitor)
    }
}

struct EncodedVisitor;

impl<'de> Visitor<'de> for EncodedVisitor {
    type Value = Encoded;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("encoded bytes")
    }

    fn visit_borrowed_bytes<E: de::Error>(self, bytes: &'de [u8]) -> Result<Encoded, E> {
        Ok(shared_window(bytes).unwrap_or_else(|| Encoded::copy_of(bytes)))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Encoded, E> {
        Ok(Encoded::copy_of(bytes))
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

#[cfg(test)]
mod tests {
    use serde::de::value::{BorrowedBytesDeserializer, Error as ValueError};

    use super::*;

    fn decode_from(bytes: &[u8]) -> Encoded {
        Encoded::deserialize(BorrowedBytesDeserializer::<ValueError>::new(bytes)).expect("bytes deserialize")
    }

    fn buffer_of(bytes: &[u8]) -> (Arc<Vec<u8>>, SharedBytes) {
        let owned = Arc::new(bytes.to_vec());
        let shared: SharedBytes = owned.clone();
        (owned, shared)
    }

    #[test]
    fn bytes_inside_the_shared_buffer_are_viewed_not_copied() {
        let (owned, shared) = buffer_of(b"header|resume bytes|trailer");
        let value = decode_sharing(&shared, || decode_from(&owned[7..19]));
        assert!(value.is_shared());
        assert_eq!(value.bytes(), b"resume bytes");
        assert_eq!(value.bytes().as_ptr(), owned[7..].as_ptr(), "the view points into the buffer");
    }

    #[test]
    fn bytes_from_elsewhere_are_copied_even_while_sharing() {
        let (_, shared) = buffer_of(b"the shared buffer");
        let elsewhere = b"another buffer".to_vec();
        let value = decode_sharing(&shared, || decode_from(&elsewhere));
        assert!(!value.is_shared());
        assert_eq!(value.bytes(), b"another buffer");
    }

    #[test]
    fn outside_decode_sharing_every_value_is_a_copy() {
        let (owned, shared) = buffer_of(b"abcdef");
        drop(decode_sharing(&shared, || decode_from(&owned[1..3])));
        let value = decode_from(&owned[1..3]);
        assert!(!value.is_shared(), "the sharing ended with decode_sharing");
        assert_eq!(value.bytes(), b"bc");
    }

    #[test]
    fn an_empty_value_is_never_a_view() {
        let (owned, shared) = buffer_of(b"abc");
        let value = decode_sharing(&shared, || decode_from(&owned[1..1]));
        assert!(!value.is_shared());
        assert_eq!(value.bytes(), b"");
    }

    #[test]
    fn a_view_keeps_its_buffer_alive_after_everyone_else_lets_go() {
        let (owned, shared) = buffer_of(b"0123456789");
        let value = decode_sharing(&shared, || decode_from(&owned[2..5]));
        drop((owned, shared));
        assert_eq!(value.bytes(), b"234");
        assert_eq!(value.clone().bytes(), b"234");
    }

    #[test]
    fn a_panic_while_sharing_ends_the_sharing_and_nesting_restores_the_outer_buffer() {
        let (outer_owned, outer) = buffer_of(b"outer buffer");
        let (_, inner) = buffer_of(b"inner buffer");
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            decode_sharing(&inner, || panic!("decoder failed"))
        }));
        assert!(panicked.is_err());
        assert!(!decode_from(&outer_owned[..5]).is_shared(), "no buffer is left installed after a panic");
        let value = decode_sharing(&outer, || {
            drop(decode_sharing(&inner, || decode_from(b"x")));
            decode_from(&outer_owned[..5])
        });
        assert!(value.is_shared(), "the outer buffer is back after the inner call");
    }
}
