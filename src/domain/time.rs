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
const SECONDS_PER_DAY: i64 = 86_400;
/// Days in 400 Gregorian years.
const DAYS_PER_ERA: i64 = 146_097;
/// From 0000-03-01, where the civil-from-days algorithm counts, to 1970-01-01.
const DAYS_FROM_0000_03_01_TO_EPOCH: i64 = 719_468;
/// `2026-11-21T09:30:00.000Z`.
pub const ISO8601_BYTES: usize = 24;

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
        match self.iso8601_bytes() {
            Some(bytes) => std::str::from_utf8(&bytes).expect("ASCII digits and separators").to_owned(),
            None => self.to_iso8601_outside_years_0_to_9999(),
        }
    }

    /// The 24 bytes of [`Timestamp::to_iso8601`] for years 0 to 9999 (every
    /// instant a server records), `None` outside them. Responses write
    /// timestamps by the thousand per second, so this is plain integer
    /// arithmetic into a stack buffer: the civil-from-days conversion of
    /// Howard Hinnant's `chrono`-compatible date algorithms, no allocation
    /// and no formatting machinery.
    pub fn iso8601_bytes(self) -> Option<[u8; ISO8601_BYTES]> {
        let milliseconds = self.0.rem_euclid(MILLISECONDS_PER_SECOND);
        let seconds = self.0.div_euclid(MILLISECONDS_PER_SECOND);
        let days = seconds.div_euclid(SECONDS_PER_DAY);
        let second_of_day = seconds.rem_euclid(SECONDS_PER_DAY);
        let shifted = days.checked_add(DAYS_FROM_0000_03_01_TO_EPOCH)?;
        let era = shifted.div_euclid(DAYS_PER_ERA);
        let day_of_era = shifted - era * DAYS_PER_ERA;
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
        let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        if !(0..=9999).contains(&year) {
            return None;
        }
        let mut bytes = *b"0000-00-00T00:00:00.000Z";
        let mut put = |at: usize, width: usize, mut value: i64| {
            for position in (at..at + width).rev() {
                bytes[position] = b'0' + (value % 10) as u8;
                value /= 10;
            }
        };
        put(0, 4, year);
        put(5, 2, month);
        put(8, 2, day);
        put(11, 2, second_of_day / 3600);
        put(14, 2, second_of_day / 60 % 60);
        put(17, 2, second_of_day % 60);
        put(20, 3, milliseconds);
        Some(bytes)
    }

    fn to_iso8601_outside_years_0_to_9999(self) -> String {
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

    proptest::proptest! {
        #[test]
        fn the_fast_rendering_matches_the_calendar_library_from_year_0_to_9999(
            milliseconds in -62_167_219_200_000i64..253_402_300_800_000i64
        ) {
            let timestamp = Timestamp::from_unix_milliseconds(milliseconds);
            proptest::prop_assert_eq!(timestamp.to_iso8601(), timestamp.to_iso8601_outside_years_0_to_9999());
        }
    }

    #[test]
    fn instants_outside_the_calendar_range_render_as_the_epoch_as_before() {
        assert_eq!(Timestamp::from_unix_milliseconds(-62_167_219_200_001).iso8601_bytes(), None);
        assert_eq!(Timestamp::from_unix_milliseconds(-62_167_219_200_001).to_iso8601(), "-001-12-31T23:59:59.999Z");
        assert_eq!(Timestamp::from_unix_milliseconds(253_402_300_800_000).iso8601_bytes(), None);
        assert_eq!(Timestamp::from_unix_milliseconds(253_402_300_800_000).to_iso8601(), "1970-01-01T00:00:00.000Z");
        assert_eq!(Timestamp::from_unix_milliseconds(i64::MIN).to_iso8601(), "1970-01-01T00:00:00.000Z");
    }

    #[test]
    fn round_trips_through_text() {
        let timestamp = Timestamp::from_unix_milliseconds(1_700_000_000_001);
        assert_eq!(Timestamp::parse_iso8601(&timestamp.to_iso8601()), Some(timestamp));
    }
}
