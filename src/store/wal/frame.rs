//! The record format on disk, and the only code that knows it.
//!
//! `payload_length: u32 LE | crc32c: u32 LE | lsn: u64 LE | payload`
//!
//! The length comes first so a reader knows how much to read; the checksum
//! covers the length, the LSN and the payload, so a flipped bit in any of
//! them is detected, not only in the payload. A length above
//! [`RECORD_PAYLOAD_BYTES_MAX`] is damage, never an allocation request.
//!
//! Decoding is split into header parsing and payload verification so that
//! the slice decoder (used by tests and by recovery's tail scan) and the
//! streaming segment reader share every check.

use super::Lsn;

/// The fixed part of a record: length, checksum and LSN.
pub const RECORD_HEADER_BYTES: usize = 16;
/// The largest payload a record may carry. Resumes live in the blob store,
/// so a log record is an event of a few hundred bytes; 16 MiB is a limit on
/// damage, not a size anyone should approach.
pub const RECORD_PAYLOAD_BYTES_MAX: usize = 16 * 1024 * 1024;

const LENGTH_RANGE: std::ops::Range<usize> = 0..4;
const CHECKSUM_RANGE: std::ops::Range<usize> = 4..8;
const LSN_RANGE: std::ops::Range<usize> = 8..16;

/// The outcome of decoding one record from a byte slice.
#[derive(Debug, PartialEq, Eq)]
pub enum Decoded<'bytes> {
    /// A whole record whose checksum matches.
    Complete { lsn: Lsn, payload: &'bytes [u8], next_offset: usize },
    /// The slice ends inside the record: a torn tail, or more bytes to come.
    Incomplete,
    /// The bytes cannot be a record.
    Corrupt { reason: FrameDefect },
}

/// A record header as read, not yet trusted: its checksum is verified
/// together with the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordHeader {
    pub payload_length: u32,
    pub checksum: u32,
    pub lsn: Lsn,
}

impl RecordHeader {
    /// Reads the three fields; never fails, the checks come after.
    pub fn parse(bytes: &[u8; RECORD_HEADER_BYTES]) -> Self {
        RecordHeader {
            payload_length: u32::from_le_bytes(bytes[LENGTH_RANGE].try_into().expect("4 bytes")),
            checksum: u32::from_le_bytes(bytes[CHECKSUM_RANGE].try_into().expect("4 bytes")),
            lsn: u64::from_le_bytes(bytes[LSN_RANGE].try_into().expect("8 bytes")),
        }
    }

    /// The payload length if it is within the limit. Checked before anything
    /// is read or allocated for the payload.
    pub fn checked_payload_bytes(&self) -> Result<usize, FrameDefect> {
        let payload_bytes = self.payload_length as usize;
        if payload_bytes > RECORD_PAYLOAD_BYTES_MAX {
            return Err(FrameDefect::PayloadTooLarge { payload_bytes });
        }
        Ok(payload_bytes)
    }

    /// Checks the checksum over the header's length and LSN and `payload`.
    pub fn verify(&self, payload: &[u8]) -> Result<(), FrameDefect> {
        debug_assert_eq!(payload.len(), self.payload_length as usize);
        let computed = record_checksum(self.payload_length, self.lsn, payload);
        if computed != self.checksum {
            return Err(FrameDefect::ChecksumMismatch { stored: self.checksum, computed });
        }
        // LSN 0 is never written; a checksummed zero would mean a writer bug.
        if self.lsn == 0 {
            return Err(FrameDefect::ZeroLsn);
        }
        Ok(())
    }
}

/// What is wrong with a record's frame.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameDefect {
    #[error("the record claims a payload of {payload_bytes} bytes, above the limit of {RECORD_PAYLOAD_BYTES_MAX}")]
    PayloadTooLarge { payload_bytes: usize },
    #[error("checksum mismatch: stored {stored:#010x}, computed {computed:#010x}")]
    ChecksumMismatch { stored: u32, computed: u32 },
    #[error("the record has LSN 0, which is never written")]
    ZeroLsn,
}

fn record_checksum(payload_length: u32, lsn: Lsn, payload: &[u8]) -> u32 {
    let checksum = crc32c::crc32c(&payload_length.to_le_bytes());
    let checksum = crc32c::crc32c_append(checksum, &lsn.to_le_bytes());
    crc32c::crc32c_append(checksum, payload)
}

/// The bytes one record takes on disk.
#[must_use]
pub fn encoded_bytes(payload_bytes: usize) -> usize {
    RECORD_HEADER_BYTES + payload_bytes
}

/// Appends one framed record to `output`.
///
/// The caller checks the payload against [`RECORD_PAYLOAD_BYTES_MAX`] first
/// (appending refuses larger records), so here it is an invariant.
pub fn encode_record(lsn: Lsn, payload: &[u8], output: &mut Vec<u8>) {
    assert!(payload.len() <= RECORD_PAYLOAD_BYTES_MAX, "payload of {} bytes exceeds the record limit", payload.len());
    debug_assert!(lsn >= 1, "LSNs start at 1");
    let payload_length = u32::try_from(payload.len()).expect("bounded by RECORD_PAYLOAD_BYTES_MAX");
    let checksum = record_checksum(payload_length, lsn, payload);
    output.reserve(encoded_bytes(payload.len()));
    output.extend_from_slice(&payload_length.to_le_bytes());
    output.extend_from_slice(&checksum.to_le_bytes());
    output.extend_from_slice(&lsn.to_le_bytes());
    output.extend_from_slice(payload);
}

/// Decodes the record that starts at `offset` in `bytes`. At or past the end
/// of the slice the answer is `Incomplete`: callers stop at the end first.
#[must_use]
pub fn decode_record(bytes: &[u8], offset: usize) -> Decoded<'_> {
    let rest = bytes.get(offset..).unwrap_or_default();
    let Some(header_bytes) = rest.first_chunk::<RECORD_HEADER_BYTES>() else {
        return Decoded::Incomplete;
    };
    let header = RecordHeader::parse(header_bytes);
    let payload_bytes = match header.checked_payload_bytes() {
        Ok(payload_bytes) => payload_bytes,
        Err(reason) => return Decoded::Corrupt { reason },
    };
    let Some(payload) = rest.get(RECORD_HEADER_BYTES..RECORD_HEADER_BYTES + payload_bytes) else {
        return Decoded::Incomplete;
    };
    match header.verify(payload) {
        Ok(()) => Decoded::Complete { lsn: header.lsn, payload, next_offset: offset + encoded_bytes(payload_bytes) },
        Err(reason) => Decoded::Corrupt { reason },
    }
}

/// The offset of the first whole, valid record in `bytes` whose LSN is in
/// `lsns`, if any. Recovery asks this about the bytes after a damaged record
/// in the newest segment: if such a record exists, the damage is not a torn
/// tail but lost acknowledged data.
///
/// The LSN is checked before the checksum, so that scanning a torn payload
/// whose bytes happen to look like plausible lengths does not compute a
/// checksum over megabytes at every offset.
#[must_use]
pub fn find_valid_record(bytes: &[u8], lsns: std::ops::RangeInclusive<Lsn>) -> Option<usize> {
    (0..bytes.len()).find(|&offset| {
        let Some(header_bytes) = bytes[offset..].first_chunk::<RECORD_HEADER_BYTES>() else {
            return false;
        };
        lsns.contains(&RecordHeader::parse(header_bytes).lsn)
            && matches!(decode_record(bytes, offset), Decoded::Complete { .. })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn encoded(lsn: Lsn, payload: &[u8]) -> Vec<u8> {
        let mut output = Vec::new();
        encode_record(lsn, payload, &mut output);
        output
    }

    #[test]
    fn header_layout_is_length_checksum_lsn_little_endian() {
        let bytes = encoded(0x0102_0304_0506_0708, b"abc");
        assert_eq!(bytes.len(), RECORD_HEADER_BYTES + 3);
        assert_eq!(&bytes[0..4], &3u32.to_le_bytes());
        assert_eq!(&bytes[8..16], &0x0102_0304_0506_0708u64.to_le_bytes());
        let expected_checksum = crc32c::crc32c(&[&bytes[0..4], &bytes[8..]].concat());
        assert_eq!(&bytes[4..8], &expected_checksum.to_le_bytes());
    }

    #[test]
    fn empty_payload_round_trips() {
        let bytes = encoded(1, b"");
        assert_eq!(decode_record(&bytes, 0), Decoded::Complete { lsn: 1, payload: b"", next_offset: 16 });
    }

    #[test]
    fn a_length_above_the_limit_is_corrupt_without_allocating() {
        let mut bytes = encoded(1, b"x");
        bytes[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(
            matches!(decode_record(&bytes, 0), Decoded::Corrupt { reason } if reason.to_string().contains("above the limit"))
        );
    }

    #[test]
    fn zeroed_bytes_are_not_a_record() {
        let zeros = [0u8; 64];
        assert!(matches!(decode_record(&zeros, 0), Decoded::Corrupt { .. }));
        assert_eq!(find_valid_record(&zeros, 0..=u64::MAX), None);
    }

    #[test]
    fn decoding_at_or_past_the_end_is_incomplete() {
        let bytes = encoded(1, b"abc");
        assert_eq!(decode_record(&bytes, bytes.len()), Decoded::Incomplete);
        assert_eq!(decode_record(&bytes, bytes.len() + 10), Decoded::Incomplete);
    }

    #[test]
    fn a_valid_record_is_found_after_garbage_when_its_lsn_is_plausible() {
        let mut bytes = vec![0xAB; 7];
        bytes.extend(encoded(9, b"payload"));
        assert_eq!(find_valid_record(&bytes, 5..=9), Some(7));
        assert_eq!(find_valid_record(&bytes, 10..=20), None);
    }

    fn payloads() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(any::<u8>(), 0..600)
    }

    proptest! {
        #[test]
        fn any_record_round_trips(lsn in 1..=u64::MAX, payload in payloads()) {
            let bytes = encoded(lsn, &payload);
            let decoded = decode_record(&bytes, 0);
            prop_assert_eq!(decoded, Decoded::Complete { lsn, payload: &payload, next_offset: bytes.len() });
        }

        #[test]
        fn a_sequence_of_records_round_trips_in_order(
            first_lsn in 1..u64::MAX / 2,
            payloads in proptest::collection::vec(payloads(), 1..20),
        ) {
            let mut bytes = Vec::new();
            for (index, payload) in payloads.iter().enumerate() {
                encode_record(first_lsn + index as u64, payload, &mut bytes);
            }
            let mut offset = 0;
            for (index, payload) in payloads.iter().enumerate() {
                match decode_record(&bytes, offset) {
                    Decoded::Complete { lsn, payload: decoded, next_offset } => {
                        prop_assert_eq!(lsn, first_lsn + index as u64);
                        prop_assert_eq!(decoded, payload.as_slice());
                        offset = next_offset;
                    }
                    other => prop_assert!(false, "record {} decoded as {:?}", index, other),
                }
            }
            prop_assert_eq!(offset, bytes.len());
        }

        #[test]
        fn every_truncation_of_a_record_is_incomplete(lsn in 1..=u64::MAX, payload in payloads()) {
            let bytes = encoded(lsn, &payload);
            for length in 0..bytes.len() {
                prop_assert_eq!(decode_record(&bytes[..length], 0), Decoded::Incomplete, "prefix of {} bytes", length);
            }
        }

        #[test]
        fn any_single_bit_flip_is_detected(lsn in 1..=u64::MAX, payload in payloads(), bit in any::<prop::sample::Index>()) {
            let original = encoded(lsn, &payload);
            let mut damaged = original.clone();
            let bit = bit.index(damaged.len() * 8);
            damaged[bit / 8] ^= 1 << (bit % 8);
            match decode_record(&damaged, 0) {
                Decoded::Corrupt { .. } | Decoded::Incomplete => {}
                Decoded::Complete { .. } => prop_assert!(false, "flipping bit {} went undetected", bit),
            }
        }

        #[test]
        fn every_bit_flip_of_a_small_record_is_detected(lsn in 1..=u64::MAX, payload in proptest::collection::vec(any::<u8>(), 0..24)) {
            let original = encoded(lsn, &payload);
            for bit in 0..original.len() * 8 {
                let mut damaged = original.clone();
                damaged[bit / 8] ^= 1 << (bit % 8);
                let detected = !matches!(decode_record(&damaged, 0), Decoded::Complete { .. });
                prop_assert!(detected, "flipping bit {} went undetected", bit);
            }
        }
    }
}
