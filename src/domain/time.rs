//! Time as the domain sees it: milliseconds since the Unix epoch, rendered as
//! ISO-8601 in UTC with a `Z`. The domain never reads a clock; callers pass
//! `now` in, which is what lets tests move time without sleeping.

use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Timestamp(i64);

const MILLISECONDS_PER_SECOND: i64 = 1_000;
const NANOSECONDS_PER_MILLISECOND: i128 = 1_000_000;

impl Timestamp {
    pub const fn from_unix_milliseconds(milliseconds: i64) -> Self {
        Self(milliseconds)
    }

    pub const fn unix_milliseconds(self) -> i64 {
        self.0
    }

    pub const fn unix_seconds(self) -> i64 {
        self.0.div_euclid(MILLISECONDS_PER_SECOND)
    }

    pub fn plus_milliseconds(self, milliseconds: i64) -> Self {
        Self(self.0.saturating_add(milliseconds))
    }

    /// The calendar year and month (1-12) of this instant, in UTC.
    pub fn year_and_month(self) -> (i32, u8) {
        let date_time = OffsetDateTime::from_unix_timestamp_nanos(i128::from(self.0) * NANOSECONDS_PER_MILLISECOND)
            .unwrap_or(OffsetDateTime::UNIX_EPOCH);
        (date_time.year(), u8::from(date_time.month()))
    }

    /// `2026-11-21T09:30:00.000Z`: fixed width, always UTC, always milliseconds,
    /// so clients can compare timestamps as strings.
    pub fn to_iso8601(self) -> String {
        let date_time = OffsetDateTime::from_unix_timestamp_nanos(i128::from(self.0) * NANOSECONDS_PER_MILLISECOND)
            .unwrap_or(OffsetDateTime::UNIX_EPOCH);
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
            date_time.year(),
            u8::from(date_time.month()),
            date_time.day(),
            date_time.hour(),
            date_time.minute(),
            date_time.second(),
            date_time.millisecond()
        )
    }

    /// Accepts RFC 3339 (the ISO-8601 profile with a date, a time and an
    /// offset); sub-millisecond digits are dropped.
    pub fn parse_iso8601(text: &str) -> Option<Self> {
        let date_time = OffsetDateTime::parse(text, &Rfc3339).ok()?;
        let milliseconds = date_time.unix_timestamp_nanos() / NANOSECONDS_PER_MILLISECOND;
        i64::try_from(milliseconds).ok().map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_utc_with_milliseconds_and_z() {
        let timestamp = Timestamp::from_unix_milliseconds(1_795_000_000_123);
        assert_eq!(timestamp.to_iso8601(), "2026-11-18T11:06:40.123Z");
    }

    #[test]
    fn parses_offsets_into_utc() {
        let parsed = Timestamp::parse_iso8601("2026-11-18T13:06:40.123+02:00").unwrap();
        assert_eq!(parsed, Timestamp::from_unix_milliseconds(1_795_000_000_123));
    }

    #[test]
    fn rejects_dates_without_time_or_offset() {
        assert_eq!(Timestamp::parse_iso8601("2026-11-19"), None);
        assert_eq!(Timestamp::parse_iso8601("2026-11-19T09:46:40"), None);
        assert_eq!(Timestamp::parse_iso8601("tomorrow"), None);
    }

    #[test]
    fn round_trips_through_text() {
        let timestamp = Timestamp::from_unix_milliseconds(1_700_000_000_001);
        assert_eq!(Timestamp::parse_iso8601(&timestamp.to_iso8601()), Some(timestamp));
    }
}
