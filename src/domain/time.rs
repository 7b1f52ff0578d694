//! Time as the domain sees it: milliseconds since the Unix epoch, rendered as
//! ISO-8601 in UTC with a `Z`. The domain never reads a clock; callers pass
//! `now` in, which is what lets tests move time without sleeping.

use std::cell::Cell;

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
    /// Howard Hinnant's `chrono`-compatible date algorithms (remembered for
    /// the last day each thread rendered), digit pairs from a table, no
    /// allocation and no formatting machinery.
    pub fn iso8601_bytes(self) -> Option<[u8; ISO8601_BYTES]> {
        let milliseconds = self.0.rem_euclid(MILLISECONDS_PER_SECOND) as usize;
        let seconds = self.0.div_euclid(MILLISECONDS_PER_SECOND);
        let second_of_day = seconds.rem_euclid(SECONDS_PER_DAY) as usize;
        let mut bytes = *b"0000-00-00T00:00:00.000Z";
        bytes[..10].copy_from_slice(&date_bytes_cached(seconds.div_euclid(SECONDS_PER_DAY))?);
        put_two_digits(&mut bytes, 11, second_of_day / 3600);
        put_two_digits(&mut bytes, 14, second_of_day / 60 % 60);
        put_two_digits(&mut bytes, 17, second_of_day % 60);
        bytes[20] = b'0' + (milliseconds / 100) as u8;
        put_two_digits(&mut bytes, 21, milliseconds % 100);
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

/// "00" to "99", so that two digits are one table read rather than two
/// divisions.
const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut value = 0;
    while value < 100 {
        pairs[value * 2] = b'0' + (value / 10) as u8;
        pairs[value * 2 + 1] = b'0' + (value % 10) as u8;
        value += 1;
    }
    pairs
};

fn put_two_digits(bytes: &mut [u8], at: usize, value: usize) {
    debug_assert!(value < 100);
    bytes[at..at + 2].copy_from_slice(&DIGIT_PAIRS[value * 2..value * 2 + 2]);
}

/// `YYYY-MM-DD` of a day counted from the epoch, remembering the last day
/// each thread rendered: the timestamps of one response mostly share a
/// day, and the calendar arithmetic is most of a timestamp's cost.
fn date_bytes_cached(days: i64) -> Option<[u8; 10]> {
    thread_local! {
        static LAST_DATE: Cell<(i64, [u8; 10])> = const { Cell::new((i64::MIN, [0; 10])) };
    }
    LAST_DATE.with(|last| {
        let (last_days, last_bytes) = last.get();
        if last_days == days {
            return Some(last_bytes);
        }
        let bytes = date_bytes(days)?;
        last.set((days, bytes));
        Some(bytes)
    })
}

/// The civil-from-days conversion of Howard Hinnant's date algorithms;
/// `None` outside years 0 to 9999.
fn date_bytes(days: i64) -> Option<[u8; 10]> {
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
    let mut bytes = *b"0000-00-00";
    put_two_digits(&mut bytes, 0, (year / 100) as usize);
    put_two_digits(&mut bytes, 2, (year % 100) as usize);
    put_two_digits(&mut bytes, 5, month as usize);
    put_two_digits(&mut bytes, 8, day as usize);
    Some(bytes)
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

    proptest::proptest! {
        #[test]
        fn instants_rendered_one_after_another_match_the_calendar_library_whether_their_day_repeats_or_not(
            start in 0i64..253_402_000_000_000i64,
            steps in proptest::collection::vec(-200_000_000i64..200_000_000i64, 1..40)
        ) {
            let mut milliseconds = start;
            for step in steps {
                milliseconds = (milliseconds + step).clamp(0, 253_402_300_799_999);
                let timestamp = Timestamp::from_unix_milliseconds(milliseconds);
                proptest::prop_assert_eq!(timestamp.to_iso8601(), timestamp.to_iso8601_outside_years_0_to_9999());
            }
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
