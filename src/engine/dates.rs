//! Date ranges on experience lines, month arithmetic and overlap merging.
//!
//! Dates are counted in whole months on a single axis (`year * 12 + month`),
//! and every range becomes a half-open span `[start, end)` so that durations
//! are plain subtractions and overlapping jobs can be merged by sorting.
//! Counting conventions, chosen to match how a reader reads a resume:
//!
//! * a month-precise range counts both end months: `Jan 2019 – Dec 2019` is
//!   12 months;
//! * a year-only start means January; a year-only end means "until that
//!   year", so `2015–2018` is 36 months, and `2019 – 2019` is the one year;
//! * `present`, `current`, `now` and `today` end at the reference month,
//!   inclusive. The reference is a parameter, never the clock: the service
//!   passes the month the application was submitted, so the same application
//!   always parses the same way;
//! * a range that ends before it starts has no duration.

use regex::Regex;
use std::sync::LazyLock;

/// A calendar month; `month` is 1..=12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YearMonth {
    pub year: u16,
    pub month: u8,
}

impl YearMonth {
    /// The month `timestamp` falls in (UTC), clamped to the years dates are read in.
    pub fn of(timestamp: crate::domain::time::Timestamp) -> YearMonth {
        let (year, month) = timestamp.year_and_month();
        let year = u16::try_from(year.clamp(i32::from(YEAR_MIN), i32::from(YEAR_MAX))).unwrap_or(YEAR_MAX);
        YearMonth { year, month: month.clamp(1, 12) }
    }

    fn month_index(self) -> u32 {
        u32::from(self.year) * 12 + u32::from(self.month) - 1
    }
}

/// A fixed `present` for tests and benches, whose expectations must not move with the calendar.
#[cfg(test)]
pub(crate) const PRESENT_REFERENCE: YearMonth = YearMonth { year: 2026, month: 11 };

/// Years outside this range are not taken as dates (they are more likely
/// phone fragments, amounts or typos).
pub(crate) const YEAR_MIN: u16 = 1900;
pub(crate) const YEAR_MAX: u16 = 2099;

/// One end of a range, as precise as the resume wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DatePoint {
    Month(YearMonth),
    Year(u16),
}

impl DatePoint {
    pub(crate) fn year(self) -> u16 {
        match self {
            DatePoint::Month(year_month) => year_month.year,
            DatePoint::Year(year) => year,
        }
    }

    /// `YYYY-MM` or `YYYY`, the format stored in `ExperienceEntry`.
    pub(crate) fn label(self) -> String {
        match self {
            DatePoint::Month(year_month) => format!("{:04}-{:02}", year_month.year, year_month.month),
            DatePoint::Year(year) => format!("{year:04}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RangeEnd {
    Date(DatePoint),
    Present,
}

impl RangeEnd {
    pub(crate) fn label(self) -> String {
        match self {
            RangeEnd::Date(point) => point.label(),
            RangeEnd::Present => "present".to_string(),
        }
    }
}

/// A half-open span of month indexes, `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct MonthSpan {
    pub start: u32,
    pub end: u32,
}

impl MonthSpan {
    pub(crate) fn duration_months(self) -> u32 {
        self.end - self.start
    }
}

/// A date range found in a line, with the byte span it occupies there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DateRange {
    pub start: DatePoint,
    pub end: RangeEnd,
    pub start_byte: usize,
    pub end_byte: usize,
}

impl DateRange {
    /// The months the range covers, or `None` when it ends before it starts.
    pub(crate) fn month_span(&self, reference: YearMonth) -> Option<MonthSpan> {
        let start = match self.start {
            DatePoint::Month(year_month) => year_month.month_index(),
            DatePoint::Year(year) => u32::from(year) * 12,
        };
        let end = match self.end {
            RangeEnd::Present => reference.month_index() + 1,
            RangeEnd::Date(DatePoint::Month(year_month)) => year_month.month_index() + 1,
            RangeEnd::Date(DatePoint::Year(year)) if u32::from(year) * 12 > start => u32::from(year) * 12,
            RangeEnd::Date(DatePoint::Year(year)) => (u32::from(year) + 1) * 12,
        };
        (end > start).then_some(MonthSpan { start, end })
    }
}

const MONTH_NAME_PATTERN: &str = r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";

const SEASON_PATTERN: &str = r"spring|summer|fall|autumn|winter";

/// Months as Spanish, French, German and Portuguese resumes write them
/// (`agosto 2019 – presente`, `févr. 2018 – aujourd'hui`), for the
/// bilingual resumes of the Americas and Europe. Abbreviations that are
/// also English words (`ago`, `set`, `out`) are left out: `ten years ago
/// 2015` is no date. The regex's alternation is built from this table
/// (`foreign_month_pattern`), so the two cannot drift apart. Each form with its month.
const FOREIGN_MONTHS: [(&str, u8); 58] = [
    ("enero", 1),
    ("ene", 1),
    ("febrero", 2),
    ("marzo", 3),
    ("abril", 4),
    ("abr", 4),
    ("mayo", 5),
    ("junio", 6),
    ("julio", 7),
    ("agosto", 8),
    ("septiembre", 9),
    ("setiembre", 9),
    ("octubre", 10),
    ("noviembre", 11),
    ("diciembre", 12),
    ("dic", 12),
    ("janvier", 1),
    ("janv", 1),
    ("février", 2),
    ("fevrier", 2),
    ("févr", 2),
    ("mars", 3),
    ("avril", 4),
    ("avr", 4),
    ("mai", 5),
    ("juin", 6),
    ("juillet", 7),
    ("juil", 7),
    ("août", 8),
    ("aout", 8),
    ("septembre", 9),
    ("octobre", 10),
    ("novembre", 11),
    ("décembre", 12),
    ("decembre", 12),
    ("déc", 12),
    ("januar", 1),
    ("februar", 2),
    ("märz", 3),
    ("maerz", 3),
    ("juni", 6),
    ("juli", 7),
    ("oktober", 10),
    ("okt", 10),
    ("dezember", 12),
    ("dez", 12),
    ("janeiro", 1),
    ("fevereiro", 2),
    ("fev", 2),
    ("março", 3),
    ("marco", 3),
    ("maio", 5),
    ("junho", 6),
    ("julho", 7),
    ("setembro", 9),
    ("outubro", 10),
    ("novembro", 11),
    ("dezembro", 12),
];

/// The alternation of every `FOREIGN_MONTHS` form.
fn foreign_month_pattern() -> String {
    FOREIGN_MONTHS.iter().map(|(form, _)| *form).collect::<Vec<_>>().join("|")
}

/// `present` in those languages: `presente`, `actualidad`, `aujourd'hui`,
/// `heute`, `atual`.
const FOREIGN_PRESENT_PATTERN: &str = r"presente|(?:la )?actualidad|actualmente|actual|hoy|la fecha|présent|aujourd'hui|aujourd’hui|heute|atualmente|atual|o momento";

/// One end of a range, as resumes write it: `Jan 2020`, `January 2020`,
/// `Sept 2021`, `Mar. 2017`, `Summer 2018`, `01/2020`, `04.2021`, `2020-01`
/// `2022.01`, `2022/01` or a bare year. The year-first forms come before
/// the bare year so `2020-01` is one month, while `2019-2021` (no month can
/// be 20) is a range of years.
fn point_pattern() -> String {
    let foreign_month_pattern = foreign_month_pattern();
    format!(
        r"(?:(?:{SEASON_PATTERN})\s+[0-9]{{4}}|(?:{MONTH_NAME_PATTERN}|{foreign_month_pattern})\.?,?\s*'?[0-9]{{4}}|[0-9]{{1,2}}[/.][0-9]{{1,2}}[/.][0-9]{{4}}|[0-9]{{1,2}}[/.][0-9]{{4}}|[0-9]{{4}}[-./](?:0[1-9]|1[0-2])(?-u:\b)|[0-9]{{4}})"
    )
}

/// A four-digit number standing alone. ASCII word boundaries keep the
/// regex on its fast DFA.
pub(crate) static YEAR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?-u:\b)[0-9]{4}(?-u:\b)").expect("the year pattern is a valid regex"));

/// The last plausible four-digit year of `line`: in `2012 – 2016` it is
/// the graduation.
pub(crate) fn last_year(line: &str) -> Option<u16> {
    YEAR.find_iter(line)
        .filter_map(|found| found.as_str().parse::<u16>().ok())
        .filter(|year| (YEAR_MIN..=YEAR_MAX).contains(year))
        .last()
}

/// Word boundaries are ASCII (`(?-u:\b)`): dates are ASCII, and a Unicode
/// boundary would stop the regex crate from using its fast DFA on any line
/// holding a non-ASCII character such as `—`.
static DATE_RANGE: LazyLock<Regex> = LazyLock::new(|| {
    let point = point_pattern();
    let pattern = format!(
        r"(?i)(?-u:\b)(?P<start>{point})\s*(?:-|–|—|~|➜|→|(?-u:\b)to(?-u:\b):?|(?-u:\b)until(?-u:\b)|(?-u:\b)till?(?-u:\b)|(?-u:\b)through(?-u:\b)|(?-u:\b)thru(?-u:\b)|(?-u:\b)(?:hasta|bis|au|até)(?-u:\b)|à)\s*(?P<end>{point}|(?:current|present) (?:position|role|job)|present day|present|pres|current|now|today|ongoing|date|(?:til|till|until) (?:now|date)|{FOREIGN_PRESENT_PATTERN})(?-u:\b)"
    );
    Regex::new(&pattern).expect("the date range pattern is a valid regex")
});

/// A single month (or season) with its year, for entries dated by one point.
static SINGLE_DATE: LazyLock<Regex> = LazyLock::new(|| {
    let point = point_pattern();
    let pattern = format!(r"(?i)(?-u:\b)(?P<point>{point})(?-u:\b)");
    Regex::new(&pattern).expect("the single date pattern is a valid regex")
});

/// A range written with two-digit years (`08/19 – Present`, `07/18 - 08/19`,
/// `Jan '19 – Mar '21`). Both ends are short (or the end is `present`): a
/// lone `3/4` beside a four-digit year is more likely a fraction.
static SHORT_YEAR_RANGE: LazyLock<Regex> = LazyLock::new(|| {
    let point = format!(r"(?:0?[1-9]|1[0-2])/[0-9]{{2}}|(?:{MONTH_NAME_PATTERN})\.?\s*'[0-9]{{2}}");
    let pattern = format!(
        r"(?i)(?-u:\b)(?P<start>{point})(?-u:\b)\s*(?:-|–|—|(?-u:\b)to(?-u:\b):?)\s*(?P<end>{point}|present|current|now|today|ongoing|(?:til|till|until) now)(?-u:\b)"
    );
    Regex::new(&pattern).expect("the short year range pattern is a valid regex")
});

/// Two-digit years up to this one are this century's; later ones the last
/// century's (`08/19` is 2019, `09/98` is 1998).
const SHORT_YEAR_PIVOT: u16 = 69;

/// Every date range holds a four-digit year; checking for one first spares
/// most lines (descriptions, bullets) the regex search.
fn has_four_digit_run(line: &str) -> bool {
    line.as_bytes().split(|byte| !byte.is_ascii_digit()).any(|run| run.len() >= 4)
}

/// Finds the first valid date range in `line`.
pub(crate) fn find_date_range(line: &str) -> Option<DateRange> {
    find_date_range_in_order(line, false)
}

/// As `find_date_range`, where `day_first` says that the text around the
/// line writes its dates day first (`01/09/2021 – CURRENT` beside
/// `15/02/2018 – 31/08/2021`), so a date whose numbers could be either
/// way is read that way too.
pub(crate) fn find_date_range_in_order(line: &str, day_first: bool) -> Option<DateRange> {
    if !has_four_digit_run(line) {
        return find_short_year_range(line);
    }
    DATE_RANGE
        .find_iter(line)
        .find_map(|whole| {
            let (start_text, end_text) = match divide_range(whole.as_str()) {
                Some(divided) => divided,
                None => {
                    let captures = DATE_RANGE.captures_at(line, whole.start())?;
                    (captures.name("start")?.as_str(), captures.name("end")?.as_str())
                }
            };
            // `03/02/2014 – 24/06/2016`: one side's first number cannot be
            // a month, so both sides write the day first.
            let (start, end) = if day_first || writes_the_day_first(start_text) || writes_the_day_first(end_text) {
                let day_first = |text: &str| parse_day_month_year(text, true).or_else(|| parse_date_point(text));
                (day_first(start_text)?, range_end(end_text, day_first)?)
            } else {
                (parse_date_point(start_text)?, range_end(end_text, parse_date_point)?)
            };
            let (start_byte, end_byte) = with_seasonal_words(line, whole.start(), whole.end());
            Some(DateRange { start, end, start_byte, end_byte })
        })
        .or_else(|| find_months_of_one_year(line))
        .or_else(|| find_short_year_range(line))
}

/// A `DATE_RANGE` match's start and end, divided by hand: the regex's
/// captures cost a backtracking search of every match (about 5,000
/// instructions a range, the most of a header line's date). A match divides
/// one way only: the only separator a point holds is the hyphen of
/// `2020-01`, and what follows it there (`01`) begins no point. `None` when a
/// point holds anything but ASCII (`\s` and `(?i)` reach further there), and
/// the captures decide; `a_divided_range_is_the_one_the_captures_find`
/// holds the two to each other.
fn divide_range(matched: &str) -> Option<(&str, &str)> {
    let bytes = matched.as_bytes();
    (1..bytes.len()).find_map(|index| {
        let separator_length = range_separator_length(bytes, index);
        if separator_length == 0 {
            return None;
        }
        let start = matched[..index].trim_end_matches(is_regex_ascii_space);
        let end = matched[index + separator_length..].trim_start_matches(is_regex_ascii_space);
        (is_whole_point(start) && (is_whole_point(end) || is_present_word(end))).then_some((start, end))
    })
}

/// The length of the range separator (`-`, `–`, `—`, `~`, or one of the
/// words `to`, `until`, `till`, `til`, `through` and `thru`) at byte
/// `index`, or 0.
fn range_separator_length(bytes: &[u8], index: usize) -> usize {
    let rest = &bytes[index..];
    match rest {
        [b'-' | b'~', ..] => 1,
        [0xE2, 0x80, 0x93 | 0x94, ..] => 3,
        // `➜` and `→`, arrows a template draws between the dates.
        [0xE2, 0x9E, 0x9C, ..] | [0xE2, 0x86, 0x92, ..] => 3,
        _ => {
            let is_word_byte = |byte: &u8| byte.is_ascii_alphanumeric() || *byte == b'_';
            if is_word_byte(&bytes[index - 1]) {
                return 0;
            }
            ["to", "until", "till", "til", "through", "thru"]
                .iter()
                .find(|word| {
                    rest.get(..word.len()).is_some_and(|written| written.eq_ignore_ascii_case(word.as_bytes()))
                        && !rest.get(word.len()).is_some_and(is_word_byte)
                })
                // `From: 04/2021  To: Present`, as a form labels the end.
                .map_or(0, |word| word.len() + usize::from(rest.get(word.len()) == Some(&b':')))
        }
    }
}

/// The ASCII characters the regex's `\s` matches (`u8::is_ascii_whitespace` leaves out the vertical tab).
fn is_regex_ascii_space(character: char) -> bool {
    matches!(character, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ')
}

/// Whether `text`, ASCII, is one whole point of `point_pattern`.
fn is_whole_point(text: &str) -> bool {
    let bytes = text.as_bytes();
    let are_digits = |digits: &[u8]| digits.iter().all(u8::is_ascii_digit);
    match bytes {
        [_, _, _, _] => are_digits(bytes),
        [year @ .., b'-' | b'.' | b'/', first, second] if year.len() == 4 && are_digits(year) => {
            matches!((first, second), (b'0', b'1'..=b'9') | (b'1', b'0'..=b'2'))
        }
        _ if bytes.first().is_some_and(u8::is_ascii_digit) => {
            let Some(divider) = bytes.iter().position(|byte| matches!(byte, b'/' | b'.')) else {
                return false;
            };
            // `03/2019`, or with the day: `03/02/2019`, `03.02.2019`.
            let rest = &bytes[divider + 1..];
            let rest = match rest.iter().position(|byte| matches!(byte, b'/' | b'.')) {
                Some(second) if (1..=2).contains(&second) && are_digits(&rest[..second]) => &rest[second + 1..],
                _ => rest,
            };
            (1..=2).contains(&divider) && are_digits(&bytes[..divider]) && rest.len() == 4 && are_digits(rest)
        }
        _ => {
            let word_length = bytes.iter().take_while(|byte| byte.is_ascii_alphabetic()).count();
            let (word, rest) = bytes.split_at(word_length);
            let is_four_digits = |year: &[u8]| year.len() == 4 && are_digits(year);
            let is_one_of = |names: &[&str]| names.iter().any(|name| name.as_bytes().eq_ignore_ascii_case(word));
            if is_one_of(&["spring", "summer", "fall", "autumn", "winter"]) {
                let year = text[word_length..].trim_start_matches(is_regex_ascii_space);
                return year.len() < rest.len() && is_four_digits(year.as_bytes());
            }
            if !is_one_of(&MONTH_NAMES) {
                return false;
            }
            let rest = rest.strip_prefix(b".").unwrap_or(rest);
            let rest = rest.strip_prefix(b",").unwrap_or(rest);
            let spaces = rest.iter().take_while(|byte| is_regex_ascii_space(char::from(**byte))).count();
            let rest = &rest[spaces..];
            is_four_digits(rest.strip_prefix(b"'").unwrap_or(rest))
        }
    }
}

/// Every form of a month's name that `MONTH_NAME_PATTERN` matches.
const MONTH_NAMES: [&str; 24] = [
    "jan",
    "january",
    "feb",
    "february",
    "mar",
    "march",
    "apr",
    "april",
    "may",
    "jun",
    "june",
    "jul",
    "july",
    "aug",
    "august",
    "sep",
    "sept",
    "september",
    "oct",
    "october",
    "nov",
    "november",
    "dec",
    "december",
];

/// The words a range's end may be for `present`, as `DATE_RANGE` reads them.
fn is_present_word(text: &str) -> bool {
    [
        "present",
        "current",
        "now",
        "today",
        "ongoing",
        "date",
        "til now",
        "till now",
        "until now",
        "til date",
        "till date",
        "until date",
        "current position",
        "current role",
        "current job",
        "present position",
        "present role",
        "present job",
        "present day",
        "pres",
    ]
    .iter()
    .any(|word| text.eq_ignore_ascii_case(word))
}

/// Two months of one year, the year written once (`Jun–Sep 2018`, `June
/// to August 2019`): a summer's internship.
static MONTHS_OF_ONE_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    let pattern = format!(
        r"(?i)(?-u:\b)(?P<start>{MONTH_NAME_PATTERN})\.?\s*(?:-|–|—|(?-u:\b)to(?-u:\b))\s*(?P<end>(?:{MONTH_NAME_PATTERN})\.?,?\s*[0-9]{{4}})(?-u:\b)"
    );
    Regex::new(&pattern).expect("the pattern of two months of one year is a valid regex")
});

fn find_months_of_one_year(line: &str) -> Option<DateRange> {
    MONTHS_OF_ONE_YEAR.captures_iter(line).find_map(|captures| {
        let whole = captures.get(0)?;
        let RangeEnd::Date(DatePoint::Month(end)) = range_end(captures.name("end")?.as_str(), parse_date_point)? else {
            return None;
        };
        let start = year_month(end.year, month_number(captures.name("start")?.as_str())?)?;
        (start.month <= end.month).then_some(DateRange {
            start: DatePoint::Month(start),
            end: RangeEnd::Date(DatePoint::Month(end)),
            start_byte: whole.start(),
            end_byte: whole.end(),
        })
    })
}

/// A range's bytes widened over the words that say the work was seasonal:
/// `Summers 2017-2019 (June–July)` is the range 2017 to 2019 as written, and
/// neither `Summers` nor the months in brackets are a part of the header.
fn with_seasonal_words(line: &str, start_byte: usize, end_byte: usize) -> (usize, usize) {
    let before = line[..start_byte].trim_end();
    // Not `Springs` or `Falls`: `Colorado Springs 2019 – 2021` is a city.
    let start_byte = ["summers", "winters"]
        .iter()
        .find(|word| {
            before.len() >= word.len()
                && before.is_char_boundary(before.len() - word.len())
                && before[before.len() - word.len()..].eq_ignore_ascii_case(word)
                && !before[..before.len() - word.len()].ends_with(char::is_alphanumeric)
        })
        .map_or(start_byte, |word| before.len() - word.len());
    let after = &line[end_byte..];
    let bracket = after.trim_start();
    let months_in_brackets = bracket.strip_prefix('(').and_then(|inner| inner.split_once(')')).filter(|(inside, _)| {
        !inside.is_empty()
            && inside
                .split(['-', '–', '—', ' ', ','])
                .filter(|word| !word.is_empty())
                .all(|word| is_month_name(word.trim_end_matches('.')) || word.eq_ignore_ascii_case("to"))
    });
    let end_byte =
        months_in_brackets.map_or(end_byte, |(inside, _)| end_byte + (after.len() - bracket.len()) + inside.len() + 2);
    (start_byte, end_byte)
}

/// A range's end: a date `parse` reads, or a word for `present`.
fn range_end(end_text: &str, parse: fn(&str) -> Option<DatePoint>) -> Option<RangeEnd> {
    match parse(end_text) {
        Some(point) => Some(RangeEnd::Date(point)),
        None if end_text
            .chars()
            .all(|character| character.is_alphabetic() || matches!(character, ' ' | '\'' | '’')) =>
        {
            Some(RangeEnd::Present)
        }
        None => None,
    }
}

/// Finds a range with two-digit years (`SHORT_YEAR_RANGE`). Lines without
/// a slash or an apostrophe cannot hold one and skip the search.
fn find_short_year_range(line: &str) -> Option<DateRange> {
    if !line.contains(['/', '\'']) {
        return None;
    }
    SHORT_YEAR_RANGE.captures_iter(line).find_map(|captures| {
        let whole = captures.get(0)?;
        let start = parse_short_year_point(captures.name("start")?.as_str())?;
        let end = range_end(captures.name("end")?.as_str(), parse_short_year_point)?;
        Some(DateRange { start, end, start_byte: whole.start(), end_byte: whole.end() })
    })
}

/// Parses `08/19` or `Jan '19` (`Jan. '19`).
fn parse_short_year_point(text: &str) -> Option<DatePoint> {
    let (month, year_text) = match text.trim().split_once('/') {
        Some((month_text, year_text)) => (month_text.parse().ok()?, year_text),
        None => {
            let (month_text, year_text) = text.split_once('\'')?;
            (month_number(month_text.trim().trim_end_matches('.'))?, year_text)
        }
    };
    if year_text.len() != 2 {
        return None;
    }
    let short_year: u16 = year_text.parse().ok()?;
    let century = if short_year <= SHORT_YEAR_PIVOT { 2000 } else { 1900 };
    year_month(century + short_year, month).map(DatePoint::Month)
}

/// Finds a single date (`Summer 2025`, `June 2020`, `2019`) standing for an
/// entry that began and ended in that month or year. A bare year counts only
/// when it is the last thing on the line (`Charity run — 2019`) or the first,
/// set off as a field (`2013 · Recording Intern · Sidecar Studios`), since
/// years appear in prose too.
pub(crate) fn find_single_date(line: &str) -> Option<DateRange> {
    if !has_four_digit_run(line) {
        return None;
    }
    let found = SINGLE_DATE.captures_iter(line).filter_map(|captures| {
        let whole = captures.get(0)?;
        let point = parse_date_point(whole.as_str())?;
        let is_bare_year = matches!(point, DatePoint::Year(_));
        let at_end = line[whole.end()..].trim_matches(|character: char| !character.is_alphanumeric()).is_empty();
        let first_field = line[..whole.start()].trim().is_empty() && sets_off_a_field(&line[whole.end()..]);
        // `School Psychologist      Aug 2022 –`: a range left open at the
        // end of the line is still going on.
        let after = line[whole.end()..].trim_end();
        if matches!(after.trim_start(), "-" | "–" | "—") {
            return Some(DateRange {
                start: point,
                end: RangeEnd::Present,
                start_byte: whole.start(),
                end_byte: whole.end() + after.len(),
            });
        }
        // `Lead Audiologist, since March 2022`: begun then, not ended.
        if let Some(since_byte) = since_before(line, whole.start()) {
            return Some(DateRange {
                start: point,
                end: RangeEnd::Present,
                start_byte: since_byte,
                end_byte: whole.end(),
            });
        }
        (!is_bare_year || at_end || first_field).then_some(DateRange {
            start: point,
            end: RangeEnd::Date(point),
            start_byte: whole.start(),
            end_byte: whole.end(),
        })
    });
    found.last()
}

/// Where the word `since` starts, when it (and a space) is all that stands
/// between the words before and the date at `date_byte`.
fn since_before(line: &str, date_byte: usize) -> Option<usize> {
    let before = line[..date_byte].strip_suffix(' ')?;
    let start = before.len().checked_sub("since".len())?;
    let word = before.get(start..)?;
    let stands_alone = before[..start].chars().next_back().is_none_or(|character| !character.is_alphanumeric());
    (word.eq_ignore_ascii_case("since") && stands_alone).then_some(start)
}

/// Whether `rest` begins with what ends a field of a header line: a middle
/// dot, a bar, a dash between spaces, a tab or a run of spaces. Not a comma
/// or a colon, which follow a year in prose (`2019, the team…`).
fn sets_off_a_field(rest: &str) -> bool {
    let after_spaces = rest.trim_start_matches(' ');
    rest.starts_with('\t')
        || rest.starts_with("  ")
        || after_spaces.starts_with(['·', '•', '|', '—', '–'])
        || (rest.starts_with(' ') && after_spaces.starts_with("- "))
}

/// Parses `Jan 2019`, `January. 2019`, `Summer 2018`, `03/2018`, `04.2021`, `2020-01` or `2019`.
fn parse_date_point(text: &str) -> Option<DatePoint> {
    let text = text.trim();
    if let Some(point) = parse_day_month_year(text, text.contains('.')) {
        return Some(point);
    }
    if let Some((first, second)) = text
        .split_once(['/', '.', '-'])
        .filter(|(first, second)| first.chars().chain(second.chars()).all(|c| c.is_ascii_digit()))
    {
        // The year is the four digits: `2020-01`, `2022.01`, or `04.2021`.
        let (year_text, month_text) = if first.len() == 4 { (first, second) } else { (second, first) };
        let month: u8 = month_text.parse().ok()?;
        return year_month(parse_year(year_text)?, month).map(DatePoint::Month);
    }
    let mut words = text
        .split(|character: char| character.is_whitespace() || matches!(character, '.' | ',' | '\''))
        .filter(|word| !word.is_empty());
    match (words.next(), words.next(), words.next()) {
        (Some(year_text), None, _) => parse_year(year_text).map(DatePoint::Year),
        (Some(month_text), Some(year_text), None) => {
            let month = season_month(month_text).or_else(|| month_number(month_text))?;
            year_month(parse_year(year_text)?, month).map(DatePoint::Month)
        }
        _ => None,
    }
}

/// A date with its day, as the month it falls in: `03/02/2019` as the US
/// writes it (month first), `03.02.2019` as Europe does (day first), the
/// order `day_first` says. When the first number cannot be a month
/// (`25/02/2019`), the order is the other.
fn parse_day_month_year(text: &str, day_first: bool) -> Option<DatePoint> {
    let (first, second) = day_and_month_numbers(text)?;
    let month = match (day_first, first > 12, second > 12) {
        (_, true, false) => second,
        (_, false, true) => first,
        (true, false, false) => second,
        (false, false, false) => first,
        (_, true, true) => return None,
    };
    year_month(parse_year(text.trim().rsplit(['/', '.']).next()?)?, month).map(DatePoint::Month)
}

/// The first two numbers of a date with its day (`24/06/2016`): `None`
/// for any other form.
fn day_and_month_numbers(text: &str) -> Option<(u8, u8)> {
    let mut parts = text.trim().split(['/', '.']);
    let (first, second, year) = (parts.next()?, parts.next()?, parts.next()?);
    let is_number = |part: &str| (1..=2).contains(&part.len()) && part.bytes().all(|byte| byte.is_ascii_digit());
    if parts.next().is_some() || !is_number(first) || !is_number(second) || year.len() != 4 {
        return None;
    }
    Some((first.parse().ok()?, second.parse().ok()?))
}

/// Whether any of `lines` holds a date with its day written day first
/// (`15/02/2018`): then the lines write all their dates that way.
pub(crate) fn lines_write_the_day_first(lines: &[&str]) -> bool {
    lines.iter().any(|line| {
        // Few lines hold two slashes; only those are split into words.
        memchr::memchr_iter(b'/', line.as_bytes()).nth(1).is_some()
            && line
                .split(|character: char| character.is_whitespace() || matches!(character, '–' | '—' | '(' | ')' | '|'))
                .any(writes_the_day_first)
    })
}

/// Whether a date with its day has a first number no month has (`24/06/2016`).
fn writes_the_day_first(text: &str) -> bool {
    day_and_month_numbers(text).is_some_and(|(first, second)| first > 12 && second <= 12)
}

/// Seasons stand for a month: spring March, summer June, fall September, winter December.
fn season_month(name: &str) -> Option<u8> {
    const SEASONS: [(&str, u8); 5] = [("spring", 3), ("summer", 6), ("fall", 9), ("autumn", 9), ("winter", 12)];
    SEASONS.iter().find(|(season, _)| name.eq_ignore_ascii_case(season)).map(|(_, month)| *month)
}

fn parse_year(text: &str) -> Option<u16> {
    let year: u16 = text.parse().ok()?;
    (YEAR_MIN..=YEAR_MAX).contains(&year).then_some(year)
}

fn year_month(year: u16, month: u8) -> Option<YearMonth> {
    (1..=12).contains(&month).then_some(YearMonth { year, month })
}

/// Month number from a month name or its abbreviation (first three letters).
/// A month's name or its abbreviation, whole (`June`, `Jul`, `Sept`), not
/// a word that begins like one (`Marketing`): the forms the date patterns
/// read, from the same `MONTH_NAME_PATTERN`.
fn is_month_name(word: &str) -> bool {
    static MONTH_NAME: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(r"(?i)^(?:{MONTH_NAME_PATTERN})$")).expect("the month name pattern is a valid regex")
    });
    MONTH_NAME.is_match(word)
}

fn month_number(name: &str) -> Option<u8> {
    const ABBREVIATIONS: [&str; 12] =
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    // Byte for byte: no character outside ASCII lowers to a letter of these.
    let prefix = name.as_bytes().get(..3)?;
    let english = ABBREVIATIONS.iter().position(|abbreviation| abbreviation.as_bytes().eq_ignore_ascii_case(prefix));
    // A foreign month shares its first three letters with the English one
    // or with none (`agosto`, `juin`, `dez`).
    match english {
        Some(index) => u8::try_from(index + 1).ok(),
        None => foreign_month_number(name),
    }
}

/// The month of a `FOREIGN_MONTHS` form, ignoring case.
fn foreign_month_number(name: &str) -> Option<u8> {
    let lowered = name.to_lowercase();
    FOREIGN_MONTHS.iter().find(|(form, _)| *form == lowered).map(|(_, month)| *month)
}

/// Total months covered by `spans`, counting overlapping months once.
pub(crate) fn union_months(spans: &[MonthSpan]) -> u32 {
    let mut sorted = spans.to_vec();
    sorted.sort_unstable();
    let mut total_months = 0;
    let mut current: Option<MonthSpan> = None;
    for span in sorted {
        current = match current {
            Some(open) if span.start <= open.end => Some(MonthSpan { start: open.start, end: open.end.max(span.end) }),
            Some(open) => {
                total_months += open.duration_months();
                Some(span)
            }
            None => Some(span),
        };
    }
    total_months + current.map_or(0, MonthSpan::duration_months)
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: YearMonth = YearMonth { year: 2026, month: 11 };

    fn months(line: &str) -> Option<u32> {
        find_date_range(line)?.month_span(REFERENCE).map(MonthSpan::duration_months)
    }

    fn labels(line: &str) -> (String, String) {
        let range = find_date_range(line).expect("a date range");
        (range.start.label(), range.end.label())
    }

    #[test]
    fn a_forms_labelled_end_and_spoken_presents_are_read() {
        assert_eq!(labels("From: 04/2021  To: Present"), ("2021-04".into(), "present".into()));
        assert_eq!(labels("From: 07/2017  To: 03/2021"), ("2017-07".into(), "2021-03".into()));
        assert_eq!(labels("(Sep 2022 – til now)"), ("2022-09".into(), "present".into()));
        assert_eq!(labels("Sep 2022 till now"), ("2022-09".into(), "present".into()));
        assert_eq!(labels("from August 2021 to Till date."), ("2021-08".into(), "present".into()));
        assert_eq!(labels("Jan 2020 till Mar 2021"), ("2020-01".into(), "2021-03".into()));
        assert_eq!(labels("Tulsa, OK | Mar 2019 – Pres."), ("2019-03".into(), "present".into()));
        assert_eq!(labels("🗓️ Mar 2022 ➜ Present   |   📍 Kansas City, MO"), ("2022-03".into(), "present".into()));
        assert_eq!(labels("Jul 2018 → Feb 2022"), ("2018-07".into(), "2022-02".into()));
        let range = find_date_range("Manager          Oct 2020 – current position").expect("a range");
        assert_eq!(range.end, RangeEnd::Present);
        assert_eq!(range.end_byte, "Manager          Oct 2020 – current position".len(), "the phrase is the range's");
    }

    #[test]
    fn spanish_french_german_and_portuguese_months_and_presents_are_read() {
        assert_eq!(labels("agosto 2019 – presente"), ("2019-08".into(), "present".into()));
        assert_eq!(labels("septiembre 2014 – mayo 2016"), ("2014-09".into(), "2016-05".into()));
        assert_eq!(labels("Ene. 2020 - Dic. 2021"), ("2020-01".into(), "2021-12".into()));
        assert_eq!(labels("enero 2018 hasta la actualidad"), ("2018-01".into(), "present".into()));
        assert_eq!(labels("févr. 2018 – aujourd'hui"), ("2018-02".into(), "present".into()));
        assert_eq!(labels("juin 2015 – juillet 2017"), ("2015-06".into(), "2017-07".into()));
        assert_eq!(labels("septembre 2012 à août 2014"), ("2012-09".into(), "2014-08".into()));
        assert_eq!(labels("März 2019 bis heute"), ("2019-03".into(), "present".into()));
        assert_eq!(labels("Okt. 2016 – Dez. 2018"), ("2016-10".into(), "2018-12".into()));
        assert_eq!(labels("outubro 2017 – atual"), ("2017-10".into(), "present".into()));
        assert_eq!(months("agosto 2016 – junio 2019"), Some(35));
    }

    #[test]
    fn english_words_that_abbreviate_a_foreign_month_begin_no_date() {
        assert_eq!(labels("Promoted ten years ago 2015 - 2016"), ("2015".into(), "2016".into()));
        assert!(find_date_range("Sold out 2019 tour").is_none());
        assert_eq!(labels("Mar 2019 – Present"), ("2019-03".into(), "present".into()));
    }

    #[test]
    fn month_name_to_present_runs_to_the_reference_month_inclusive() {
        assert_eq!(labels("Jan 2019 – Present"), ("2019-01".into(), "present".into()));
        assert_eq!(months("Jan 2019 – Present"), Some(95));
        assert_eq!(months("January 2019 - Current"), Some(95));
        assert_eq!(months("(Nov 2026 - now)"), Some(1));
    }

    #[test]
    fn month_precise_range_counts_both_end_months() {
        assert_eq!(months("Jan 2019 - Dec 2019"), Some(12));
        assert_eq!(months("March 2017 to May 2019"), Some(27));
        assert_eq!(months("Sept. 2020 — Feb 2021"), Some(6));
    }

    #[test]
    fn numeric_month_ranges_parse() {
        assert_eq!(labels("03/2018 - 06/2021"), ("2018-03".into(), "2021-06".into()));
        assert_eq!(months("03/2018 - 06/2021"), Some(40));
    }

    #[test]
    fn dates_with_their_day_are_read_as_their_month() {
        assert_eq!(labels("03/02/2019 – Present"), ("2019-03".into(), "present".into()));
        assert_eq!(labels("09/10/2018 – 03/01/2019"), ("2018-09".into(), "2019-03".into()));
        assert_eq!(
            labels("25/02/2019 - 14/07/2021"),
            ("2019-02".into(), "2021-07".into()),
            "a first number past 12 is the day"
        );
        assert_eq!(labels("03.02.2019 - 10.07.2021"), ("2019-02".into(), "2021-07".into()), "dots put the day first");
        assert_eq!(
            labels("03/02/2014 – 24/06/2016"),
            ("2014-02".into(), "2016-06".into()),
            "one side's day past 12 puts both sides' day first"
        );
        assert_eq!(labels("01/09/2010 – 31/01/2014"), ("2010-09".into(), "2014-01".into()));
        let range = find_date_range_in_order("01/09/2021 – CURRENT", true).expect("a range");
        assert_eq!(range.start.label(), "2021-09", "beside dates written day first");
        assert!(lines_write_the_day_first(&["01/09/2021 – CURRENT", "15/02/2018 – 31/08/2021"]));
        assert!(!lines_write_the_day_first(&["01/09/2021 – CURRENT", "02/15/2018 – 08/31/2021"]));
        assert_eq!(find_date_range("31/31/2019 - 2021"), None, "no month is 31");
    }

    #[test]
    fn year_only_ranges_count_whole_years() {
        assert_eq!(labels("2015–2018"), ("2015".into(), "2018".into()));
        assert_eq!(months("2015–2018"), Some(36));
        assert_eq!(months("2019 - 2023"), Some(48));
        assert_eq!(months("2019 - 2019"), Some(12));
    }

    #[test]
    fn finds_range_inside_a_header_line_with_its_span() {
        let line = "Senior Engineer — Acme Corp (Jan 2019 – Present)";
        let range = find_date_range(line).expect("a date range");
        assert_eq!(&line[range.start_byte..range.end_byte], "Jan 2019 – Present");
    }

    #[test]
    fn reversed_range_has_no_duration() {
        assert_eq!(months("2020 - 2018"), None);
        assert_eq!(months("Jan 2030 - Present"), None);
    }

    #[test]
    fn two_digit_years_are_read_only_in_a_range_of_short_dates() {
        assert_eq!(find_date_range("Scored 3/4 on the audit"), None);
        assert_eq!(find_date_range("13/19 - 08/21"), None);
        assert_eq!(find_date_range("Ratio 1/2 - 2024"), None);
    }

    #[test]
    fn invalid_month_or_year_is_not_a_date() {
        assert_eq!(find_date_range("13/2018 - 06/2021"), None);
        assert_eq!(find_date_range("1234 - 5678"), None);
    }

    #[test]
    fn words_containing_month_names_are_not_dates() {
        assert_eq!(find_date_range("Decimal 2019 - 2020").map(|range| range.start), Some(DatePoint::Year(2019)));
        assert_eq!(find_date_range("Mayor 2019"), None);
    }

    proptest::proptest! {
        #[test]
        fn a_divided_range_is_the_one_the_captures_find(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "Jan", "January", "Sept", "sep", "Mar.", "MAY", "june", "Dec,", "2020", "2021-05", "2020-13", "04.2021",
                    "2022.01", "01/2020", "1/2019", "12", "'2019", "Summer", "fall", "Present", "now", "DATE", "to", "TO",
                    "until", "thru", "Through", "tomorrow", "-", "–", "—", "~", ",", "'", ".", "x", "1999", "2019-2021",
                    "\u{a0}", "\u{b}", "ſep", "2020-01-2021", "to2020",
                ]),
                0..9,
            ),
            separators in proptest::collection::vec("[ \t]{0,2}", 9),
        ) {
            let line: String = words.iter().zip(&separators).flat_map(|(word, separator)| [*word, separator.as_str()]).collect();
            for captures in DATE_RANGE.captures_iter(&line) {
                let whole = captures.get(0).expect("group 0");
                let captured = (captures.name("start").expect("start").as_str(), captures.name("end").expect("end").as_str());
                if let Some(divided) = divide_range(whole.as_str()) {
                    proptest::prop_assert_eq!(divided, captured, "{:?}", line);
                }
            }
        }
    }

    #[test]
    fn a_range_divides_by_hand_in_the_forms_resumes_use() {
        for (matched, start, end) in [
            ("Jan 2020 – Present", "Jan 2020", "Present"),
            ("2020-01 - 2021-03", "2020-01", "2021-03"),
            ("2019-2021", "2019", "2021"),
            ("Sept. 2021 to now", "Sept. 2021", "now"),
            ("Summer 2018—Fall 2019", "Summer 2018", "Fall 2019"),
            ("04.2021 ~ 12/2022", "04.2021", "12/2022"),
            ("2020-11/2021", "2020", "11/2021"),
        ] {
            assert_eq!(DATE_RANGE.find(matched).map(|found| found.as_str()), Some(matched), "{matched}");
            assert_eq!(divide_range(matched), Some((start, end)), "{matched}");
            let captures = DATE_RANGE.captures(matched).expect("a range");
            assert_eq!((&captures["start"], &captures["end"]), (start, end), "{matched}");
        }
    }

    #[test]
    fn union_counts_overlapping_months_once() {
        let spans =
            [MonthSpan { start: 0, end: 12 }, MonthSpan { start: 6, end: 18 }, MonthSpan { start: 24, end: 30 }];
        assert_eq!(union_months(&spans), 24);
    }

    #[test]
    fn union_of_nested_and_adjacent_spans() {
        let spans =
            [MonthSpan { start: 10, end: 20 }, MonthSpan { start: 0, end: 10 }, MonthSpan { start: 12, end: 14 }];
        assert_eq!(union_months(&spans), 20);
        assert_eq!(union_months(&[]), 0);
    }

    #[test]
    fn reads_every_form_resumes_use_for_a_range() {
        let cases = [
            ("Jan 2020 – Present", "2020-01", "present"),
            ("January 2020 - March 2021", "2020-01", "2021-03"),
            ("Sept 2021 – Apr. 2025", "2021-09", "2025-04"),
            ("Mar. 2017 to June 2019", "2017-03", "2019-06"),
            ("01/2020 – Current", "2020-01", "present"),
            ("04.2021 - 09.2022", "2021-04", "2022-09"),
            ("2020-01 – 2021-03", "2020-01", "2021-03"),
            ("[2022.01 – present]", "2022-01", "present"),
            ("2017/03 - 2020/05", "2017-03", "2020-05"),
            ("2019 – Present", "2019", "present"),
            ("2019-2021", "2019", "2021"),
            ("Summer 2018 – Spring 2026", "2018-06", "2026-03"),
            ("Fall 2015 through Winter 2016", "2015-09", "2016-12"),
            ("Jun 2019—Ongoing", "2019-06", "present"),
            ("08/19 – Present", "2019-08", "present"),
            ("07/18 - 08/19", "2018-07", "2019-08"),
            ("Jan '19 – Mar. '21", "2019-01", "2021-03"),
            ("9/98 to 6/02", "1998-09", "2002-06"),
        ];
        for (text, start, end) in cases {
            let range = find_date_range(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!((range.start.label().as_str(), range.end.label().as_str()), (start, end), "{text}");
        }
    }

    #[test]
    fn two_months_of_one_year_share_its_year() {
        let range = find_date_range("Jun–Sep 2018   UX Research Intern, Acme").expect("a range");
        assert_eq!((range.start.label(), range.end.label()), ("2018-06".to_owned(), "2018-09".to_owned()));
        let range = find_date_range("Intern, June to August 2019").expect("a range");
        assert_eq!((range.start.label(), range.end.label()), ("2019-06".to_owned(), "2019-08".to_owned()));
        assert!(find_date_range("Dec - Jan 2019").is_none(), "a range that would run backwards is no range");
    }

    #[test]
    fn seasonal_work_is_the_range_written_with_its_words() {
        let line = "Camp Lead Teacher, Alum Creek Library — Summers 2017-2019 (June–July)";
        let range = find_date_range(line).expect("a range");
        assert_eq!(&line[range.start_byte..range.end_byte], "Summers 2017-2019 (June–July)");
        let line = "Barista, Peak Coffee, Colorado Springs 2019 – 2021";
        let range = find_date_range(line).expect("a range");
        assert_eq!(&line[range.start_byte..range.end_byte], "2019 – 2021", "a city ending in Springs stays");
        let line = "Analyst — 2017-2019 (Marketing)";
        let range = find_date_range(line).expect("a range");
        assert_eq!(&line[range.start_byte..range.end_byte], "2017-2019", "a bracket of other words stays");
    }

    #[test]
    fn a_single_month_or_season_dates_an_entry_and_a_bare_year_only_at_the_end() {
        let single = |text: &str| find_single_date(text).map(|range| range.start.label());
        assert_eq!(single("Summer 2025").as_deref(), Some("2025-06"));
        assert_eq!(single("Camp Counselor — Oregon Coast Science Camp — June 2014").as_deref(), Some("2014-06"));
        assert_eq!(single("Charity run organiser, 2019").as_deref(), Some("2019"));
        assert_eq!(single("Grew revenue 2019 by 30%"), None);
        assert_eq!(single("2013 · Recording Intern · Sidecar Studios · Austin, TX").as_deref(), Some("2013"));
        assert_eq!(single("2013 | Recording Intern | Sidecar Studios").as_deref(), Some("2013"));
        assert_eq!(single("2013 - Recording Intern, Sidecar Studios").as_deref(), Some("2013"));
        assert_eq!(single("2013    Recording Intern, Sidecar Studios").as_deref(), Some("2013"));
        assert_eq!(single("2019, the team doubled in size"), None);
        assert_eq!(single("2019 was the year we shipped"), None);
    }

    #[test]
    fn a_range_left_open_at_the_end_of_the_line_goes_on() {
        let line = "School Psychologist      Aug 2022 –";
        let range = find_single_date(line).expect("a date");
        assert_eq!((range.start.label(), range.end), ("2022-08".to_owned(), RangeEnd::Present));
        assert_eq!(&line[range.start_byte..range.end_byte], "Aug 2022 –");
        let point = DatePoint::Month(YearMonth { year: 2022, month: 8 });
        let within = find_single_date("Moved in Aug 2022 – then left").map(|range| range.end);
        assert_eq!(within, Some(RangeEnd::Date(point)), "a dash with more after it closes nothing");
    }

    #[test]
    fn a_date_after_since_begins_an_open_range() {
        let line = "Lead Audiologist, since March 2022";
        let range = find_single_date(line).expect("a date");
        assert_eq!((range.start.label(), range.end), ("2022-03".to_owned(), RangeEnd::Present));
        assert_eq!(&line[range.start_byte..range.end_byte], "since March 2022");
        let year = find_single_date("Volunteer firefighter since 2015").expect("a date");
        assert_eq!(year.end, RangeEnd::Present);
        // Only the word itself: `convinces 2019` is no `since`.
        assert_eq!(
            find_single_date("Award convinces 2019").map(|range| range.end),
            Some(RangeEnd::Date(DatePoint::Year(2019)))
        );
    }
}
