//! Cursors: the opaque text a client sends back to continue a walk. A
//! cursor carries where the walk stands (the last item's sort key and its
//! ordinal, see `domain::walk`), the walk's pin, and a fingerprint of each
//! parameter of the query that made it, so that a cursor used with another
//! query is refused naming the parameter that differs. It holds no time and
//! no server state, so it never expires; its layout is versioned so that
//! cursors issued by this release keep working in later ones.
//!
//! Layout (then base64url without padding): version, listing, one 32-bit
//! FNV-1a fingerprint per parameter of that listing, pin flag and pin, and
//! the position: its kind, then its fields. A score position is kind 5:
//! score, the months that rank ties, ordinal. Kind 1, a score position
//! without months, is what releases before the months tie-break issued; it
//! still reads, as 0 months, which is how those releases' results rank.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

use crate::domain::limits::NAME_LENGTH_MAX;
use crate::domain::walk::{Position, Standing, WalkFrom};

const CURSOR_VERSION: u8 = 1;
/// Longest cursor text accepted: a name position at the longest name, in
/// base64, with room to spare.
pub const CURSOR_LENGTH_MAX: usize = 2_048;

/// The listings that take cursors, each with the parameters a cursor is bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    Jobs,
    Applications,
    Comments,
}

impl Listing {
    fn code(self) -> u8 {
        match self {
            Listing::Jobs => 1,
            Listing::Applications => 2,
            Listing::Comments => 3,
        }
    }
}

/// The query a cursor belongs to: each bound parameter's name and its value
/// as the server understood it (so `60` and `60.0` are the same query).
pub struct QueryBinding<'a> {
    pub listing: Listing,
    pub parameters: Vec<(&'static str, &'a str)>,
}

/// Why a cursor was refused, phrased for the client.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum CursorError {
    #[error("`cursor` is not a cursor this API issued")]
    Malformed,
    #[error("`cursor` was issued by another listing; a cursor continues the listing that returned it")]
    OtherListing,
    #[error("`cursor` was issued for another `{0}`; a cursor is bound to the filters and sort of the query that returned it")]
    OtherQuery(&'static str),
}

fn fingerprint(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |hash, byte| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193))
}

pub fn encode(binding: &QueryBinding<'_>, walk: &WalkFrom) -> String {
    let mut bytes = vec![CURSOR_VERSION, binding.listing.code()];
    for (_, value) in &binding.parameters {
        bytes.extend_from_slice(&fingerprint(value).to_be_bytes());
    }
    match walk.pinned_at {
        None => bytes.push(0),
        Some(pin) => {
            bytes.push(1);
            bytes.extend_from_slice(&pin.to_be_bytes());
        }
    }
    match &walk.position {
        Position::Score { standing, ordinal } => {
            bytes.push(5);
            bytes.push(standing.map_or(u8::MAX, |standing| standing.score));
            bytes.extend_from_slice(&standing.map_or(0, |standing| standing.experience_months).to_be_bytes());
            bytes.extend_from_slice(&ordinal.to_be_bytes());
        }
        Position::Created { ordinal } => {
            bytes.push(2);
            bytes.extend_from_slice(&ordinal.to_be_bytes());
        }
        Position::Name { name_key, ordinal } => {
            bytes.push(3);
            let length = u16::try_from(name_key.len()).expect("name keys are bounded far below 64 KB");
            bytes.extend_from_slice(&length.to_be_bytes());
            bytes.extend_from_slice(name_key.as_bytes());
            bytes.extend_from_slice(&ordinal.to_be_bytes());
        }
        Position::Change { sequence, ordinal } => {
            bytes.push(4);
            bytes.extend_from_slice(&sequence.to_be_bytes());
            bytes.extend_from_slice(&ordinal.to_be_bytes());
        }
    }
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Reads a cursor, checking it belongs to `binding`'s listing and query.
pub fn decode(text: &str, binding: &QueryBinding<'_>) -> Result<WalkFrom, CursorError> {
    if text.len() > CURSOR_LENGTH_MAX {
        return Err(CursorError::Malformed);
    }
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| CursorError::Malformed)?;
    let mut reader = Reader(&bytes);
    if reader.byte()? != CURSOR_VERSION {
        return Err(CursorError::Malformed);
    }
    if reader.byte()? != binding.listing.code() {
        return Err(CursorError::OtherListing);
    }
    for (name, value) in &binding.parameters {
        if reader.u32()? != fingerprint(value) {
            return Err(CursorError::OtherQuery(name));
        }
    }
    let pinned_at = match reader.byte()? {
        0 => None,
        1 => Some(reader.u64()?),
        _ => return Err(CursorError::Malformed),
    };
    let position = match reader.byte()? {
        kind @ (1 | 5) => {
            let score = match reader.byte()? {
                u8::MAX => None,
                score if score <= crate::domain::walk::SCORE_MAX => Some(score),
                _ => return Err(CursorError::Malformed),
            };
            let experience_months = if kind == 5 { reader.u32()? } else { 0 };
            let standing = score.map(|score| Standing::new(score, experience_months));
            Position::Score { standing, ordinal: reader.u32()? }
        }
        2 => Position::Created { ordinal: reader.u32()? },
        3 => {
            let length = usize::from(u16::from_be_bytes(reader.array()?));
            if length > NAME_LENGTH_MAX * 4 {
                return Err(CursorError::Malformed);
            }
            let name = std::str::from_utf8(reader.take(length)?).map_err(|_| CursorError::Malformed)?;
            Position::Name { name_key: name.into(), ordinal: reader.u32()? }
        }
        4 => Position::Change { sequence: reader.u64()?, ordinal: reader.u32()? },
        _ => return Err(CursorError::Malformed),
    };
    if !reader.0.is_empty() {
        return Err(CursorError::Malformed);
    }
    Ok(WalkFrom { position, pinned_at })
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], CursorError> {
        if self.0.len() < count {
            return Err(CursorError::Malformed);
        }
        let (taken, rest) = self.0.split_at(count);
        self.0 = rest;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], CursorError> {
        Ok(self.take(N)?.try_into().expect("took N bytes"))
    }

    fn byte(&mut self) -> Result<u8, CursorError> {
        Ok(self.array::<1>()?[0])
    }

    fn u32(&mut self) -> Result<u32, CursorError> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    fn u64(&mut self) -> Result<u64, CursorError> {
        Ok(u64::from_be_bytes(self.array()?))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn binding(stage: &str) -> QueryBinding<'_> {
        QueryBinding { listing: Listing::Applications, parameters: vec![("sort", "ats-desc"), ("stage", stage)] }
    }

    fn positions() -> impl Strategy<Value = Position> {
        prop_oneof![
            (proptest::option::of((0u8..=100, any::<u32>())), any::<u32>()).prop_map(|(standing, ordinal)| {
                Position::Score { standing: standing.map(|(score, months)| Standing::new(score, months)), ordinal }
            }),
            any::<u32>().prop_map(|ordinal| Position::Created { ordinal }),
            ("\\PC{0,200}", any::<u32>()).prop_map(|(name, ordinal)| Position::Name { name_key: name.into(), ordinal }),
            (any::<u64>(), any::<u32>()).prop_map(|(sequence, ordinal)| Position::Change { sequence, ordinal }),
        ]
    }

    proptest! {
        #[test]
        fn every_walk_position_round_trips_through_its_cursor(
            position in positions(),
            pinned_at in proptest::option::of(any::<u64>()),
        ) {
            let walk = WalkFrom { position, pinned_at };
            let text = encode(&binding("stage_a"), &walk);
            prop_assert!(text.len() <= CURSOR_LENGTH_MAX);
            prop_assert_eq!(decode(&text, &binding("stage_a")), Ok(walk));
        }

        #[test]
        fn any_text_is_refused_or_read_without_panicking(text in "\\PC{0,300}") {
            let _ = decode(&text, &binding("stage_a"));
        }
    }

    #[test]
    fn a_score_cursor_of_a_release_before_the_months_tie_break_reads_as_zero_months() {
        let mut bytes = vec![CURSOR_VERSION, Listing::Applications.code()];
        for (_, value) in &binding("stage_a").parameters {
            bytes.extend_from_slice(&fingerprint(value).to_be_bytes());
        }
        bytes.extend_from_slice(&[0, 1, 87, 0, 0, 0, 9]);
        let read = decode(&URL_SAFE_NO_PAD.encode(bytes), &binding("stage_a"));
        let position = Position::Score { standing: Some(Standing::new(87, 0)), ordinal: 9 };
        assert_eq!(read, Ok(WalkFrom { position, pinned_at: None }));
    }

    #[test]
    fn a_cursor_used_with_another_query_or_listing_is_refused_naming_what_differs() {
        let walk = WalkFrom { position: Position::Created { ordinal: 7 }, pinned_at: None };
        let text = encode(&binding("stage_a"), &walk);
        assert_eq!(decode(&text, &binding("stage_b")), Err(CursorError::OtherQuery("stage")));
        let jobs = QueryBinding { listing: Listing::Jobs, parameters: vec![] };
        assert_eq!(decode(&text, &jobs), Err(CursorError::OtherListing));
        assert_eq!(decode("not a cursor", &binding("stage_a")), Err(CursorError::Malformed));
        assert_eq!(decode(&format!("{text}AA"), &binding("stage_a")), Err(CursorError::Malformed));
    }
}
