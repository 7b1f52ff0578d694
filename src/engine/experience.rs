//! Experience entries: title, company, dates and highlights.
//!
//! Each line of the experience section is first classified on its own
//! (blank, bullet, line with a date range, plain line); entries are then
//! assembled in one pass that looks ahead at most two lines. The lookahead lets
//! a plain line be read correctly: `Senior Engineer, Acme Corp` followed by a
//! date line starts an entry, while the same shape after an entry's dates is a
//! description line and becomes a highlight. Supported header shapes:
//! `Title — Company`, `Title at Company`, `Title, Company`, `Title | Company`
//! (or the title and company on two lines), with the date range on the same
//! line (optionally in brackets) or the next. Every dated line's range counts
//! towards the total, whichever entry it ends up on.

use super::dates::{find_date_range, union_months, DateRange, MonthSpan, YearMonth};
use super::lines::{split_on_first_separator, strip_bullet, trim_dangling};
use crate::domain::resume::ExperienceEntry;

/// Separators between a title and a company, highest priority first: a dash
/// or pipe is a stronger signal than a comma, which also appears in titles.
const TITLE_COMPANY_SEPARATORS: [&str; 9] = [" — ", " – ", " | ", " at ", " @ ", " - ", "—", "–", ", "];

#[derive(Debug, PartialEq, Eq)]
enum LineKind<'a> {
    Blank,
    Bullet(&'a str),
    Dated { range: DateRange, header: Header<'a> },
    Plain(&'a str),
}

/// A title and company, borrowed from the line (most plain lines turn out to
/// be highlights, so nothing is copied until an entry is made).
#[derive(Debug, Default, PartialEq, Eq)]
struct Header<'a> {
    title: Option<&'a str>,
    company: Option<&'a str>,
}

/// Reads `Title — Company` and the other supported shapes.
fn parse_header(text: &str) -> Header<'_> {
    let parts = split_on_first_separator(trim_dangling(text), &TITLE_COMPANY_SEPARATORS);
    let field = |index: usize| parts.get(index).map(|part| trim_dangling(part)).filter(|part| !part.is_empty());
    Header { title: field(0), company: field(1) }
}

fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return LineKind::Blank;
    }
    if let Some(text) = strip_bullet(trimmed) {
        return LineKind::Bullet(text);
    }
    match find_date_range(trimmed) {
        Some(range) => {
            // Text before the dates is the header; when the line starts with
            // the dates (`2019 - 2023: Engineer at Acme`) it is the text after.
            let before = trim_dangling(&trimmed[..range.start_byte]);
            let after = trim_dangling(&trimmed[range.end_byte..]);
            let header_text = if before.is_empty() { after } else { before };
            LineKind::Dated { range, header: parse_header(header_text) }
        }
        None => LineKind::Plain(trimmed),
    }
}

/// A dated line with no company (only dates, or dates and a location) gives
/// its dates to the entry above it instead of starting an entry.
fn dates_belong_to_entry_above(kind: &LineKind<'_>) -> bool {
    matches!(kind, LineKind::Dated { header, .. } if header.company.is_none())
}

/// True when a plain line with `header` starts an entry: the lines after it
/// (`following`) hold its dates, directly or after a company line.
fn starts_dated_entry(following: &[LineKind<'_>], header: &Header<'_>) -> bool {
    let mut non_blank = following.iter().filter(|kind| **kind != LineKind::Blank);
    match non_blank.next() {
        Some(next) if dates_belong_to_entry_above(next) => true,
        Some(LineKind::Plain(next)) if header.company.is_none() && parse_header(next).company.is_none() => {
            non_blank.next().is_some_and(dates_belong_to_entry_above)
        }
        _ => false,
    }
}

/// A plain line without a separator right under a header that has a title
/// but no company yet (and no dates or highlights) is that header's company.
fn is_company_line(entry: &ExperienceEntry, header: &Header<'_>) -> bool {
    awaiting_dates(entry) && entry.company.is_none() && header.company.is_none()
}

fn awaiting_dates(entry: &ExperienceEntry) -> bool {
    entry.start.is_none() && entry.highlights.is_empty()
}

fn set_dates(entry: &mut ExperienceEntry, range: &DateRange, reference: YearMonth) {
    entry.start = Some(range.start.label());
    entry.end = Some(range.end.label());
    entry.duration_months = range.month_span(reference).map(MonthSpan::duration_months);
}

/// The experience section, parsed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Experience {
    pub entries: Vec<ExperienceEntry>,
    /// Months covered by all entries' date ranges, overlaps counted once;
    /// `None` when no entry has a usable date range.
    pub total_months: Option<u32>,
}

/// Parses the experience section's lines into entries.
pub(crate) fn parse_experience(lines: &[&str], reference: YearMonth) -> Experience {
    let kinds: Vec<LineKind<'_>> = lines.iter().map(|line| classify(line)).collect();
    let mut entries: Vec<ExperienceEntry> = Vec::new();
    let mut spans: Vec<MonthSpan> = Vec::new();
    for (index, kind) in kinds.iter().enumerate() {
        match kind {
            LineKind::Blank => {}
            LineKind::Bullet(text) => match entries.last_mut() {
                Some(entry) => entry.highlights.push((*text).to_string()),
                // Before any entry a bullet can only be a bulleted header.
                None => entries.push(new_entry(&parse_header(text))),
            },
            LineKind::Dated { range, header } => {
                spans.extend(range.month_span(reference));
                let current = entries.last_mut().filter(|entry| awaiting_dates(entry));
                match current {
                    Some(entry) if header.company.is_none() => set_dates(entry, range, reference),
                    _ => {
                        let mut entry = new_entry(header);
                        set_dates(&mut entry, range, reference);
                        entries.push(entry);
                    }
                }
            }
            LineKind::Plain(text) => {
                let header = parse_header(text);
                match entries.last_mut() {
                    // `Title` then `Company` on separate lines, dates below.
                    Some(entry) if is_company_line(entry, &header) => entry.company = header.title.map(str::to_string),
                    Some(entry) if !starts_dated_entry(&kinds[index + 1..], &header) => {
                        entry.highlights.push((*text).to_string());
                    }
                    _ => entries.push(new_entry(&header)),
                }
            }
        }
    }
    let total_months = (!spans.is_empty()).then(|| union_months(&spans));
    Experience { entries, total_months }
}

fn new_entry(header: &Header<'_>) -> ExperienceEntry {
    ExperienceEntry {
        title: header.title.map(str::to_string),
        company: header.company.map(str::to_string),
        ..ExperienceEntry::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: YearMonth = YearMonth { year: 2026, month: 11 };

    fn parse(text: &str) -> Vec<ExperienceEntry> {
        let lines: Vec<&str> = text.lines().collect();
        parse_experience(&lines, REFERENCE).entries
    }

    fn title_and_company(entry: &ExperienceEntry) -> (Option<&str>, Option<&str>) {
        (entry.title.as_deref(), entry.company.as_deref())
    }

    #[test]
    fn reads_each_title_company_separator() {
        for line in [
            "Senior Engineer — Acme Corp",
            "Senior Engineer at Acme Corp",
            "Senior Engineer, Acme Corp",
            "Senior Engineer | Acme Corp",
        ] {
            let entries = parse(&format!("{line}\nJan 2019 – Present"));
            assert_eq!(entries.len(), 1, "{line}");
            assert_eq!(title_and_company(&entries[0]), (Some("Senior Engineer"), Some("Acme Corp")), "{line}");
            assert_eq!(entries[0].duration_months, Some(95), "{line}");
        }
    }

    #[test]
    fn reads_dates_on_the_header_line_in_brackets_or_after_a_separator() {
        let entries = parse("Senior Engineer — Acme Corp (Jan 2019 – Present)\nEngineer | Beta Ltd | 2015–2018");
        assert_eq!(entries.len(), 2);
        assert_eq!(title_and_company(&entries[0]), (Some("Senior Engineer"), Some("Acme Corp")));
        assert_eq!(entries[0].start.as_deref(), Some("2019-01"));
        assert_eq!(entries[0].end.as_deref(), Some("present"));
        assert_eq!(title_and_company(&entries[1]), (Some("Engineer"), Some("Beta Ltd")));
        assert_eq!(entries[1].duration_months, Some(36));
    }

    #[test]
    fn bullets_become_highlights_of_the_entry_above() {
        let entries = parse(
            "Engineer at Acme\n2019 - 2023\n- Built the billing system\n• Cut latency 40%\n* Mentored two juniors",
        );
        assert_eq!(entries[0].highlights, ["Built the billing system", "Cut latency 40%", "Mentored two juniors"]);
    }

    #[test]
    fn description_line_with_a_comma_is_a_highlight_not_an_entry() {
        let entries =
            parse("Engineer at Acme\n2019 - 2023\nLed payments, search and billing.\n\nManager, Beta\n2023 - Present");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].highlights, ["Led payments, search and billing."]);
        assert_eq!(title_and_company(&entries[1]), (Some("Manager"), Some("Beta")));
    }

    #[test]
    fn date_line_with_a_location_still_belongs_to_the_entry_above() {
        let entries = parse("Engineer — Acme\nLondon | 03/2018 - 06/2021");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].duration_months, Some(40));
    }

    #[test]
    fn dates_first_line_reads_the_header_after_the_dates() {
        let entries = parse("2019 - 2023: Engineer at Acme");
        assert_eq!(title_and_company(&entries[0]), (Some("Engineer"), Some("Acme")));
    }

    #[test]
    fn company_on_its_own_line_under_the_title() {
        let entries = parse("Senior Engineer\nAcme Corp\nJan 2019 - Dec 2019\nEngineer\nBeta\n2015 - 2018");
        assert_eq!(entries.len(), 2);
        assert_eq!(title_and_company(&entries[0]), (Some("Senior Engineer"), Some("Acme Corp")));
        assert_eq!(title_and_company(&entries[1]), (Some("Engineer"), Some("Beta")));
        assert_eq!(entries[1].duration_months, Some(36));
    }

    #[test]
    fn bullet_before_any_entry_is_a_header() {
        let entries = parse("• Engineer — Acme\n- Built things");
        assert_eq!(title_and_company(&entries[0]), (Some("Engineer"), Some("Acme")));
        assert_eq!(entries[0].highlights, ["Built things"]);
    }

    #[test]
    fn entry_without_dates_has_no_duration() {
        let entries = parse("Volunteer — Food Bank\n- Sorted donations");
        assert_eq!(entries[0].duration_months, None);
        assert_eq!(entries[0].highlights, ["Sorted donations"]);
    }

    #[test]
    fn total_counts_overlapping_jobs_once() {
        let lines = ["A at B", "Jan 2019 - Dec 2020", "C at D", "Jan 2020 - Dec 2021", "E at F (2010 - 2011)"];
        assert_eq!(parse_experience(&lines, REFERENCE).total_months, Some(48));
        assert_eq!(parse_experience(&["Engineer at Acme"], REFERENCE).total_months, None);
    }
}
