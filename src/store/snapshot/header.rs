//! The fixed binary header of a snapshot file: encoding it, and parsing and
//! checking it, as pure functions over bytes so every rule is testable
//! without touching the disk.
//!
//! Layout (little-endian), format versions 1 and 2 (version 2 changed the
//! payload only: the workspace image gained the keys' last use):
//!
//! | bytes | field                                         |
//! |-------|-----------------------------------------------|
//! | 8     | magic `SHORTSNP`                              |
//! | 4     | format_version (`u32`, 1 or 2)                |
//! | 4     | header_length (`u32`, bytes before payload)   |
//! | 2     | workspace_id_length (`u16`, 1..=64)           |
//! | n     | workspace_id (UTF-8, `[A-Za-z0-9_-]`)         |
//! | 8     | lsn (`u64`)                                   |
//! | 8     | created_at_unix_milliseconds (`i64`)          |
//! | 8     | payload_bytes (`u64`)                         |
//! | 4     | payload_crc32c (`u32`)                        |
//! | 4     | header_crc32c (`u32`, over every byte before) |
//!
//! # The contract every future version keeps
//! The first 16 bytes (magic, version, header length) and the final header
//! CRC-32C over the bytes before it are the same in every format version. So
//! a reader checks the header's checksum *before* it trusts the version: a
//! flipped bit in the version field is reported as corruption, and only a
//! header that is intact and names a version this build does not know is
//! reported as unsupported.

use std::path::Path;

use super::{
    check_workspace_id, SnapshotError, SnapshotHeader, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_FORMAT_VERSION_OLDEST,
    SNAPSHOT_MAGIC, SNAPSHOT_PAYLOAD_BYTES_MAX,
};

/// Magic, format version and header length: readable in every version.
pub(super) const STABLE_PREFIX_BYTES: usize = 16;
/// The header checksum that closes the header in every version.
const HEADER_CRC_BYTES: usize = 4;
/// The shortest header any version could have: the stable prefix and the checksum.
const HEADER_BYTES_MIN: u32 = (STABLE_PREFIX_BYTES + HEADER_CRC_BYTES) as u32;
/// Room for future versions, and a bound on what a reader allocates for a
/// header before it has checked anything but the magic.
pub(super) const HEADER_BYTES_MAX: u32 = 4096;
/// A version 1 header without its workspace ID: 16 + 2 + 8 + 8 + 8 + 4 + 4.
const VERSION_1_HEADER_BYTES_WITHOUT_ID: usize = 50;

/// The encoded header, checksum included, ready to precede the payload.
/// The caller has validated the workspace ID and the payload size.
pub(super) fn encode_header(header: &SnapshotHeader) -> Vec<u8> {
    let workspace_id = header.workspace_id.as_bytes();
    let header_length = VERSION_1_HEADER_BYTES_WITHOUT_ID + workspace_id.len();
    let mut bytes = Vec::with_capacity(header_length);
    bytes.extend_from_slice(&SNAPSHOT_MAGIC);
    bytes.extend_from_slice(&header.format_version.to_le_bytes());
    bytes.extend_from_slice(&(header_length as u32).to_le_bytes());
    bytes.extend_from_slice(&(workspace_id.len() as u16).to_le_bytes());
    bytes.extend_from_slice(workspace_id);
    bytes.extend_from_slice(&header.lsn.to_le_bytes());
    bytes.extend_from_slice(&header.created_at_unix_milliseconds.to_le_bytes());
    bytes.extend_from_slice(&header.payload_bytes.to_le_bytes());
    bytes.extend_from_slice(&header.payload_crc32c.to_le_bytes());
    let header_crc32c = crc32c::crc32c(&bytes);
    bytes.extend_from_slice(&header_crc32c.to_le_bytes());
    assert_eq!(bytes.len(), header_length, "the header layout and its length constant disagree");
    bytes
}

/// Checks the stable prefix and returns the total header length it declares.
pub(super) fn parse_stable_prefix(path: &Path, prefix: &[u8; STABLE_PREFIX_BYTES]) -> Result<u32, SnapshotError> {
    if prefix[..8] != SNAPSHOT_MAGIC {
        return Err(SnapshotError::BadMagic { path: path.to_path_buf() });
    }
    let header_length = read_u32(prefix, 12);
    if !(HEADER_BYTES_MIN..=HEADER_BYTES_MAX).contains(&header_length) {
        return Err(corrupt(
            path,
            format!("the header claims {header_length} bytes; a header has {HEADER_BYTES_MIN} to {HEADER_BYTES_MAX}"),
        ));
    }
    Ok(header_length)
}

/// Parses a whole header (stable prefix included, as long as the prefix
/// declared): checksum first, then version, then the version 1 fields.
pub(super) fn parse_header(path: &Path, bytes: &[u8]) -> Result<SnapshotHeader, SnapshotError> {
    let checked_length = bytes.len() - HEADER_CRC_BYTES;
    let stored_crc32c = read_u32(bytes, checked_length);
    let computed_crc32c = crc32c::crc32c(&bytes[..checked_length]);
    if stored_crc32c != computed_crc32c {
        return Err(corrupt(
            path,
            format!("header checksum mismatch: stored {stored_crc32c:#010x}, computed {computed_crc32c:#010x}"),
        ));
    }
    let format_version = read_u32(bytes, 8);
    if !(SNAPSHOT_FORMAT_VERSION_OLDEST..=SNAPSHOT_FORMAT_VERSION).contains(&format_version) {
        return Err(SnapshotError::UnsupportedVersion { path: path.to_path_buf(), version: format_version });
    }
    parse_version_1_fields(path, bytes, format_version)
}

/// The header fields, laid out alike in versions 1 and 2.
fn parse_version_1_fields(path: &Path, bytes: &[u8], format_version: u32) -> Result<SnapshotHeader, SnapshotError> {
    let workspace_id_length = usize::from(read_u16(bytes, STABLE_PREFIX_BYTES));
    let expected_length = VERSION_1_HEADER_BYTES_WITHOUT_ID + workspace_id_length;
    if bytes.len() != expected_length {
        return Err(corrupt(
            path,
            format!(
                "a version 1 header with a {workspace_id_length}-byte workspace ID is {expected_length} bytes, not {}",
                bytes.len()
            ),
        ));
    }
    let id_start = STABLE_PREFIX_BYTES + 2;
    let id_end = id_start + workspace_id_length;
    let workspace_id = std::str::from_utf8(&bytes[id_start..id_end])
        .map_err(|_| corrupt(path, "the workspace ID is not UTF-8".to_owned()))?
        .to_owned();
    check_workspace_id(&workspace_id).map_err(|defect| corrupt(path, defect.to_string()))?;
    let header = SnapshotHeader {
        format_version,
        workspace_id,
        lsn: read_u64(bytes, id_end),
        created_at_unix_milliseconds: read_u64(bytes, id_end + 8) as i64,
        payload_bytes: read_u64(bytes, id_end + 16),
        payload_crc32c: read_u32(bytes, id_end + 24),
    };
    if header.payload_bytes > SNAPSHOT_PAYLOAD_BYTES_MAX {
        return Err(SnapshotError::PayloadTooLarge {
            path: path.to_path_buf(),
            payload_bytes: header.payload_bytes,
            payload_bytes_max: SNAPSHOT_PAYLOAD_BYTES_MAX,
        });
    }
    Ok(header)
}

fn corrupt(path: &Path, reason: String) -> SnapshotError {
    SnapshotError::HeaderCorrupt { path: path.to_path_buf(), reason }
}

fn read_u16(bytes: &[u8], offset: usize) -> u16 {
    u16::from_le_bytes(bytes[offset..offset + 2].try_into().expect("a two-byte slice"))
}

fn read_u32(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes(bytes[offset..offset + 4].try_into().expect("a four-byte slice"))
}

fn read_u64(bytes: &[u8], offset: usize) -> u64 {
    u64::from_le_bytes(bytes[offset..offset + 8].try_into().expect("an eight-byte slice"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_header() -> SnapshotHeader {
        SnapshotHeader {
            format_version: SNAPSHOT_FORMAT_VERSION,
            workspace_id: "acme-corp_1".to_owned(),
            lsn: 0x0102_0304_0506_0708,
            created_at_unix_milliseconds: 1_763_000_000_123,
            payload_bytes: 42,
            payload_crc32c: 0xdead_beef,
        }
    }

    fn parse(bytes: &[u8]) -> Result<SnapshotHeader, SnapshotError> {
        let path = Path::new("sample.snap");
        let prefix: &[u8; STABLE_PREFIX_BYTES] = bytes[..STABLE_PREFIX_BYTES].try_into().unwrap();
        let header_length = parse_stable_prefix(path, prefix)? as usize;
        parse_header(path, &bytes[..header_length])
    }

    #[test]
    fn the_layout_is_the_documented_one() {
        let bytes = encode_header(&sample_header());
        assert_eq!(bytes.len(), 50 + 11);
        assert_eq!(&bytes[..8], b"SHORTSNP");
        assert_eq!(bytes[8..12], SNAPSHOT_FORMAT_VERSION.to_le_bytes());
        assert_eq!(bytes[12..16], 61u32.to_le_bytes());
        assert_eq!(bytes[16..18], 11u16.to_le_bytes());
        assert_eq!(&bytes[18..29], b"acme-corp_1");
        assert_eq!(bytes[29..37], 0x0102_0304_0506_0708u64.to_le_bytes());
        assert_eq!(bytes[37..45], 1_763_000_000_123i64.to_le_bytes());
        assert_eq!(bytes[45..53], 42u64.to_le_bytes());
        assert_eq!(bytes[53..57], 0xdead_beefu32.to_le_bytes());
        assert_eq!(bytes[57..61], crc32c::crc32c(&bytes[..57]).to_le_bytes());
    }

    #[test]
    fn an_encoded_header_parses_back_to_itself() {
        let header = sample_header();
        assert_eq!(parse(&encode_header(&header)).unwrap(), header);
    }

    #[test]
    fn a_negative_creation_time_survives_the_round_trip() {
        let header = SnapshotHeader { created_at_unix_milliseconds: -5, ..sample_header() };
        assert_eq!(parse(&encode_header(&header)).unwrap(), header);
    }

    #[test]
    fn a_flipped_version_bit_is_corruption_not_an_unsupported_version() {
        let mut bytes = encode_header(&sample_header());
        bytes[9] ^= 0x01;
        assert!(matches!(parse(&bytes), Err(SnapshotError::HeaderCorrupt { .. })));
    }

    fn with_version(version: u32) -> Vec<u8> {
        let mut bytes = encode_header(&sample_header());
        bytes[8..12].copy_from_slice(&version.to_le_bytes());
        let crc_offset = bytes.len() - 4;
        let crc = crc32c::crc32c(&bytes[..crc_offset]);
        bytes[crc_offset..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn an_intact_header_of_a_future_version_is_unsupported() {
        let future = SNAPSHOT_FORMAT_VERSION + 1;
        assert!(matches!(
            parse(&with_version(future)),
            Err(SnapshotError::UnsupportedVersion { version, .. }) if version == future
        ));
        assert!(matches!(parse(&with_version(0)), Err(SnapshotError::UnsupportedVersion { version: 0, .. })));
    }

    #[test]
    fn a_version_1_header_still_parses_and_says_so() {
        let header = parse(&with_version(1)).unwrap();
        assert_eq!(header, SnapshotHeader { format_version: 1, ..sample_header() });
    }

    #[test]
    fn a_header_length_outside_the_bounds_is_corruption() {
        for header_length in [0u32, HEADER_BYTES_MIN - 1, HEADER_BYTES_MAX + 1, u32::MAX] {
            let mut bytes = encode_header(&sample_header());
            bytes[12..16].copy_from_slice(&header_length.to_le_bytes());
            let prefix: &[u8; STABLE_PREFIX_BYTES] = bytes[..STABLE_PREFIX_BYTES].try_into().unwrap();
            let outcome = parse_stable_prefix(Path::new("sample.snap"), prefix);
            assert!(matches!(outcome, Err(SnapshotError::HeaderCorrupt { .. })), "{header_length}");
        }
    }

    #[test]
    fn an_intact_header_with_an_unsafe_workspace_id_is_refused() {
        let header = SnapshotHeader { workspace_id: "../etc".to_owned(), ..sample_header() };
        let outcome = parse(&encode_header(&header));
        assert!(matches!(outcome, Err(SnapshotError::HeaderCorrupt { .. })), "{outcome:?}");
    }

    #[test]
    fn an_intact_header_announcing_an_oversized_payload_is_refused() {
        let header = SnapshotHeader { payload_bytes: SNAPSHOT_PAYLOAD_BYTES_MAX + 1, ..sample_header() };
        let outcome = parse(&encode_header(&header));
        assert!(matches!(outcome, Err(SnapshotError::PayloadTooLarge { .. })), "{outcome:?}");
    }
}
