//! The one place that knows bincode: every value that reaches the disk (log
//! records, snapshot payloads) is encoded and decoded here and nowhere else.
//!
//! # Why one module
//! bincode is pinned to `=2.0.1` with its `serde` feature. Version 3.0.0 is a
//! deliberate compile error and the crate is unmaintained (RUSTSEC-2025-0141),
//! so the day a bincode-compatible successor is chosen, this file is the only
//! one that changes. Callers see three functions and [`CodecError`]; no bincode
//! type escapes.
//!
//! # The format is the configuration
//! [`bincode::config::standard`] (little-endian, variable-length integers) is
//! part of the on-disk format. Changing it, or changing the shape of an encoded
//! type, makes old snapshots and logs unreadable; the snapshot fixture test
//! under `tests/fixtures` exists to catch exactly that.
//!
//! # Serde attributes that must never reach an encoded type
//! bincode is not self-describing: the bytes carry no field names, no type
//! tags and no lengths of structs, so the decoder can only walk the type's
//! declared shape field by field. Therefore:
//! - `skip_serializing_if` writes *nothing* for a skipped field, but the decoder
//!   still reads that field, so it consumes the next field's bytes instead and
//!   the round trip fails or, worse, silently yields different values.
//! - `flatten` serialises the struct as a map of unknown length, which bincode
//!   refuses to encode (`SequenceMustHaveLength`).
//! - `tag` (internally or adjacently tagged enums) and `untagged` need
//!   `deserialize_any`, which only self-describing formats can offer; bincode
//!   refuses to decode them (`AnyNotSupported`).
//! - `skip_serializing` alone (or `skip_deserializing` alone) breaks the same
//!   way: one side walks one field fewer than the other.
//!
//! The tests at the bottom of this file demonstrate each failure, so the rule
//! is visible as behaviour and not only as prose. `skip` (both directions, the
//! field comes back as its `Default`), `rename` and `default` are harmless.
//!
//! # A bound on what decoding may allocate
//! bincode allocates a string or byte buffer as soon as it has read its length
//! prefix, before it reads the contents. A corrupt or misinterpreted prefix
//! (a bit flip, or a record written by another version of a type) could
//! therefore ask for terabytes and abort the process. bincode's `with_limit`
//! caps the bytes a decode may claim in total. It counts decoded sizes (a
//! `u64` counts 8 bytes even when its varint took 1), and no decoded value
//! claims more than [`DECODE_AMPLIFICATION_MAX`] times its encoded size (a
//! `u128` from a one-byte varint). So the limit is picked per call from the
//! input's size class, as that multiple of the class's largest input: inputs
//! up to 1 MiB (log records) may claim 16 MiB, up to 64 MiB may claim
//! 1 GiB, larger ones 256 GiB. A well-formed value never reaches its limit,
//! and a corrupt length prefix in a log record cannot ask for more than 16 MiB.

pub mod sharing;
pub mod wire;

use std::io::Write;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The largest encoded value accepted, in either direction. It matches the
/// snapshot payload limit: nothing larger is ever written, so nothing larger
/// is ever a legitimate input.
pub const ENCODED_BYTES_MAX: usize = 16 << 30;

/// At most how many bytes bincode claims per encoded byte (see the module doc).
pub const DECODE_AMPLIFICATION_MAX: usize = 16;

/// Inputs up to this size (log records) decode under the small limit.
const SMALL_INPUT_BYTES_MAX: usize = 1 << 20;
/// Inputs up to this size decode under the medium limit.
const MEDIUM_INPUT_BYTES_MAX: usize = 64 << 20;

const SMALL_DECODED_BYTES_MAX: usize = SMALL_INPUT_BYTES_MAX * DECODE_AMPLIFICATION_MAX;
const MEDIUM_DECODED_BYTES_MAX: usize = MEDIUM_INPUT_BYTES_MAX * DECODE_AMPLIFICATION_MAX;
const LARGE_DECODED_BYTES_MAX: usize = ENCODED_BYTES_MAX * DECODE_AMPLIFICATION_MAX;

/// Why a value could not be encoded or decoded.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("could not encode the value: {0}")]
    Encode(String),
    #[error("could not decode the value: {0}")]
    Decode(String),
    #[error("the value ends after {consumed} of {length} bytes: the remaining bytes are not part of it")]
    TrailingBytes { consumed: usize, length: usize },
}

impl CodecError {
    /// A stable code that callers may match on and log.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            CodecError::Encode(_) => "CODEC_ENCODE_FAILED",
            CodecError::Decode(_) => "CODEC_DECODE_FAILED",
            CodecError::TrailingBytes { .. } => "CODEC_TRAILING_BYTES",
        }
    }
}

/// Encodes `value` into a new buffer.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, CodecError> {
    let bytes = bincode::serde::encode_to_vec(value, bincode::config::standard())
        .map_err(|error| CodecError::Encode(error.to_string()))?;
    check_encoded_length(bytes.len())?;
    Ok(bytes)
}

/// Encodes `value` into `writer` as it goes, for values too large to hold
/// encoded in memory beside themselves (a snapshot's workspace), and returns
/// the bytes written. On error the writer holds part of a value: the
/// caller throws it away.
pub fn encode_to_writer<T: Serialize>(value: &T, writer: &mut impl Write) -> Result<usize, CodecError> {
    let bytes = bincode::serde::encode_into_std_write(value, writer, bincode::config::standard())
        .map_err(|error| CodecError::Encode(error.to_string()))?;
    check_encoded_length(bytes)?;
    Ok(bytes)
}

/// Appends the encoding of `value` to `buffer`, so the log can frame records
/// in one reused buffer. On error the buffer is left exactly as it was, so a
/// half-encoded value can never be framed by mistake.
pub fn encode_into<T: Serialize>(value: &T, buffer: &mut Vec<u8>) -> Result<(), CodecError> {
    let length_before = buffer.len();
    let outcome = bincode::serde::encode_into_std_write(value, buffer, bincode::config::standard())
        .map_err(|error| CodecError::Encode(error.to_string()))
        .and_then(check_encoded_length);
    if outcome.is_err() {
        buffer.truncate(length_before);
    }
    outcome.map(|_| ())
}

/// Decodes one value that must occupy all of `bytes`: trailing bytes mean the
/// input is not what the caller thinks it is, so they are an error.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    decode_borrowed(bytes)
}

/// Decodes one value, as [`decode`] does, whose `&str` fields point into
/// `bytes` instead of being copied: a read that only serialises the value
/// again (a response) then allocates nothing per string.
pub fn decode_borrowed<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, CodecError> {
    if bytes.len() > ENCODED_BYTES_MAX {
        return Err(CodecError::Decode(format!(
            "the input is {} bytes; the limit is {ENCODED_BYTES_MAX} bytes",
            bytes.len()
        )));
    }
    if bytes.len() <= SMALL_INPUT_BYTES_MAX {
        decode_with_limit::<T, SMALL_DECODED_BYTES_MAX>(bytes)
    } else if bytes.len() <= MEDIUM_INPUT_BYTES_MAX {
        decode_with_limit::<T, MEDIUM_DECODED_BYTES_MAX>(bytes)
    } else {
        decode_with_limit::<T, LARGE_DECODED_BYTES_MAX>(bytes)
    }
}

fn decode_with_limit<'a, T: Deserialize<'a>, const DECODED_BYTES_MAX: usize>(bytes: &'a [u8]) -> Result<T, CodecError> {
    let configuration = bincode::config::standard().with_limit::<DECODED_BYTES_MAX>();
    let (value, consumed) = bincode::serde::borrow_decode_from_slice(bytes, configuration)
        .map_err(|error| CodecError::Decode(error.to_string()))?;
    if consumed != bytes.len() {
        return Err(CodecError::TrailingBytes { consumed, length: bytes.len() });
    }
    Ok(value)
}

fn check_encoded_length(length: usize) -> Result<usize, CodecError> {
    if length > ENCODED_BYTES_MAX {
        return Err(CodecError::Encode(format!(
            "the encoding is {length} bytes; the limit is {ENCODED_BYTES_MAX} bytes"
        )));
    }
    Ok(length)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};
    use std::sync::Arc;

    use proptest::prelude::*;
    use serde::{Deserialize, Serialize};

    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Stage {
        Applied,
        Interview { round: u8, interviewer: Arc<str> },
        Offer(i64),
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Candidate {
        name: Arc<str>,
        email: Option<String>,
        stage: Stage,
        scores: Vec<f64>,
        tags: BTreeMap<String, u32>,
        notes_by_author: HashMap<u64, Vec<String>>,
        resume_hash: Option<[u8; 32]>,
        referral: Option<Box<Candidate>>,
    }

    fn populated_candidate() -> Candidate {
        let referral = Candidate {
            name: Arc::from("Grace"),
            email: None,
            stage: Stage::Offer(-1_700_000_000_000),
            scores: vec![],
            tags: BTreeMap::new(),
            notes_by_author: HashMap::new(),
            resume_hash: None,
            referral: None,
        };
        Candidate {
            name: Arc::from("Ada Lovelace"),
            email: Some("ada@example.com".to_owned()),
            stage: Stage::Interview { round: 2, interviewer: Arc::from("Charles") },
            scores: vec![0.5, 97.25, f64::MAX],
            tags: BTreeMap::from([("rust".to_owned(), 3), ("math".to_owned(), u32::MAX)]),
            notes_by_author: HashMap::from([(7, vec!["strong".to_owned(), String::new()]), (u64::MAX, vec![])]),
            resume_hash: Some([0xab; 32]),
            referral: Some(Box::new(referral)),
        }
    }

    #[test]
    fn nested_structs_enums_options_and_collections_round_trip() {
        let candidate = populated_candidate();
        let bytes = encode(&candidate).unwrap();
        assert_eq!(decode::<Candidate>(&bytes).unwrap(), candidate);
        for stage in [Stage::Applied, Stage::Offer(0)] {
            assert_eq!(decode::<Stage>(&encode(&stage).unwrap()).unwrap(), stage);
        }
    }

    #[test]
    fn encode_into_appends_the_same_bytes_as_encode() {
        let candidate = populated_candidate();
        let mut buffer = b"frame header".to_vec();
        encode_into(&candidate, &mut buffer).unwrap();
        assert_eq!(&buffer[..12], b"frame header");
        assert_eq!(buffer[12..], encode(&candidate).unwrap()[..]);
    }

    #[test]
    fn encode_into_leaves_the_buffer_unchanged_when_encoding_fails() {
        let mut buffer = b"earlier record".to_vec();
        let error = encode_into(&Flattened { id: 1, inner: Inner { value: 2 } }, &mut buffer).unwrap_err();
        assert_eq!(error.code(), "CODEC_ENCODE_FAILED");
        assert_eq!(buffer, b"earlier record");
    }

    #[test]
    fn trailing_bytes_are_rejected() {
        let mut bytes = encode(&populated_candidate()).unwrap();
        let length = bytes.len();
        bytes.push(0);
        match decode::<Candidate>(&bytes).unwrap_err() {
            CodecError::TrailingBytes { consumed, length: total } => {
                assert_eq!((consumed, total), (length, length + 1));
            }
            other => panic!("expected TrailingBytes, got {other:?}"),
        }
    }

    #[test]
    fn every_truncation_of_an_encoded_value_is_rejected() {
        let bytes = encode(&populated_candidate()).unwrap();
        for length in 0..bytes.len() {
            assert!(decode::<Candidate>(&bytes[..length]).is_err(), "a prefix of {length} bytes decoded");
        }
    }

    #[test]
    fn a_corrupt_length_prefix_is_refused_before_it_can_allocate() {
        // 0xFD announces a little-endian u64 varint: a string of one terabyte,
        // inside a 12-byte input. Without the limit bincode would try to
        // allocate it and abort the process.
        let mut bytes = vec![0xfd];
        bytes.extend_from_slice(&(1u64 << 40).to_le_bytes());
        bytes.extend_from_slice(b"abc");
        let error = decode::<String>(&bytes).unwrap_err();
        assert_eq!(error.code(), "CODEC_DECODE_FAILED");
        assert!(error.to_string().contains("LimitExceeded"), "{error}");
    }

    #[test]
    fn a_value_larger_than_the_small_limit_tier_round_trips() {
        let bytes: Vec<u8> = (0..3_000_000u32).map(|index| (index % 251) as u8).collect();
        let strings: Vec<String> = (0..200_000).map(|index| format!("candidate-{index}")).collect();
        assert_eq!(decode::<Vec<u8>>(&encode(&bytes).unwrap()).unwrap(), bytes);
        assert_eq!(decode::<Vec<String>>(&encode(&strings).unwrap()).unwrap(), strings);
    }

    #[test]
    fn the_most_amplifying_value_at_each_size_class_boundary_still_decodes() {
        // A u128 zero is one encoded byte and sixteen claimed ones: the worst
        // ratio bincode has. Just under and just over the small class bound.
        for count in [SMALL_INPUT_BYTES_MAX - 9, SMALL_INPUT_BYTES_MAX + 1] {
            let zeros = vec![0u128; count];
            let bytes = encode(&zeros).unwrap();
            assert_eq!(decode::<Vec<u128>>(&bytes).unwrap().len(), count, "{} encoded bytes", bytes.len());
        }
    }

    #[test]
    fn codes_are_stable_screaming_snake_case() {
        assert_eq!(CodecError::Encode(String::new()).code(), "CODEC_ENCODE_FAILED");
        assert_eq!(CodecError::Decode(String::new()).code(), "CODEC_DECODE_FAILED");
        assert_eq!(CodecError::TrailingBytes { consumed: 1, length: 2 }.code(), "CODEC_TRAILING_BYTES");
    }

    // The four attributes that must never reach an encoded type, each shown
    // failing. If one of these tests starts to fail, bincode's behaviour has
    // changed and the module doc must be revisited.

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct SkipsNone {
        #[serde(skip_serializing_if = "Option::is_none")]
        email: Option<String>,
        round: u32,
    }

    #[test]
    fn skip_serializing_if_breaks_the_round_trip() {
        for round in [0, 1, 7, 300] {
            let value = SkipsNone { email: None, round };
            // The decoder reads `round`'s bytes as the Option tag of `email`.
            let decoded = encode(&value).ok().and_then(|bytes| decode::<SkipsNone>(&bytes).ok());
            assert_ne!(decoded, Some(value), "round {round} survived a skipped field");
        }
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct SkipsOnOneSide {
        #[serde(skip_serializing, default)]
        cache: u32,
        round: u32,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct SkipsBothWays {
        #[serde(skip)]
        cache: u32,
        round: u32,
    }

    #[test]
    fn skipping_a_field_on_one_side_only_breaks_the_round_trip_and_skip_does_not() {
        let one_sided = encode(&SkipsOnOneSide { cache: 0, round: 5 }).unwrap();
        assert!(decode::<SkipsOnOneSide>(&one_sided).is_err(), "the decoder walked a field the encoder skipped");

        let both_ways = encode(&SkipsBothWays { cache: 9, round: 5 }).unwrap();
        assert_eq!(decode::<SkipsBothWays>(&both_ways).unwrap(), SkipsBothWays { cache: 0, round: 5 });
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Inner {
        value: u32,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Flattened {
        id: u32,
        #[serde(flatten)]
        inner: Inner,
    }

    #[test]
    fn flatten_cannot_be_encoded() {
        let error = encode(&Flattened { id: 1, inner: Inner { value: 2 } }).unwrap_err();
        assert!(error.to_string().contains("SequenceMustHaveLength"), "{error}");
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "kind")]
    enum InternallyTagged {
        Moved { stage: u32 },
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(untagged)]
    enum Untagged {
        Number(u32),
        Text(String),
    }

    #[test]
    fn tagged_and_untagged_enums_cannot_be_decoded() {
        let tagged = InternallyTagged::Moved { stage: 3 };
        let tagged_decoded = encode(&tagged).and_then(|bytes| decode::<InternallyTagged>(&bytes));
        assert!(tagged_decoded.is_err(), "an internally tagged enum round-tripped: {tagged_decoded:?}");

        let untagged = Untagged::Text("three".to_owned());
        let untagged_decoded = encode(&untagged).and_then(|bytes| decode::<Untagged>(&bytes));
        assert!(untagged_decoded.is_err(), "an untagged enum round-tripped: {untagged_decoded:?}");
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Arbitrary {
        id: u64,
        offset: i32,
        weight: u128,
        flag: bool,
        name: String,
        bytes: Vec<u8>,
        email: Option<String>,
        tags: BTreeMap<String, i64>,
        stages: Vec<Stage>,
    }

    fn arbitrary_stage() -> impl Strategy<Value = Stage> {
        prop_oneof![
            Just(Stage::Applied),
            (any::<u8>(), ".{0,12}")
                .prop_map(|(round, interviewer)| Stage::Interview { round, interviewer: Arc::from(interviewer) }),
            any::<i64>().prop_map(Stage::Offer),
        ]
    }

    fn arbitrary_value() -> impl Strategy<Value = Arbitrary> {
        let numbers = (any::<u64>(), any::<i32>(), any::<u128>(), any::<bool>());
        let texts = (".{0,40}", proptest::collection::vec(any::<u8>(), 0..64), proptest::option::of(".{0,20}"));
        let collections = (
            proptest::collection::btree_map(".{0,8}", any::<i64>(), 0..8),
            proptest::collection::vec(arbitrary_stage(), 0..8),
        );
        (numbers, texts, collections).prop_map(|((id, offset, weight, flag), (name, bytes, email), (tags, stages))| {
            Arbitrary { id, offset, weight, flag, name, bytes, email, tags, stages }
        })
    }

    proptest! {
        #[test]
        fn any_value_round_trips(value in arbitrary_value()) {
            let bytes = encode(&value).unwrap();
            prop_assert_eq!(decode::<Arbitrary>(&bytes).unwrap(), value);
        }

        #[test]
        fn any_value_with_a_trailing_byte_is_rejected(value in arbitrary_value(), extra in any::<u8>()) {
            let mut bytes = encode(&value).unwrap();
            bytes.push(extra);
            let is_trailing = matches!(decode::<Arbitrary>(&bytes), Err(CodecError::TrailingBytes { .. }));
            prop_assert!(is_trailing);
        }
    }
}
