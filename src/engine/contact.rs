//! Contact details: emails, phone numbers and links, from the whole text.
//!
//! Contact lines usually sit in the header, but people also put a GitHub link
//! under projects or an email in a footer, so the whole text is searched.
//! Phone numbers are the hard part: a loose pattern also matches date ranges
//! such as `2019 - 2023`, so candidates are kept only when they have a phone's
//! number of digits and are not just a run of years.

use regex::Regex;
use std::collections::HashSet;
use std::sync::LazyLock;

use crate::domain::resume::ContactDetails;

static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
        .expect("the email pattern is a valid regex")
});

/// `http(s)://…` links, and bare `github.com/…` / `linkedin.com/…` links.
/// The word boundary is ASCII so the regex stays on its fast DFA over
/// non-ASCII text.
static LINK: LazyLock<Regex> = LazyLock::new(|| {
    // A full URL; or a bare lower-case domain with a usual ending and an
    // optional path (`github.com/jane`, `noahfitz.design`), which is how
    // resumes mostly write links. Lower case keeps `ASP.NET` out.
    Regex::new(&format!(
        concat!(
            r#"(?i:https?://[^\s<>"'()\[\]]+)"#,
            r#"|(?-u:\b)(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:{})(?-u:\b)(?:/[^\s<>"'()\[\],;]*)?"#,
        ),
        DOMAIN_ENDINGS.join("|")
    ))
    .expect("the link pattern is a valid regex")
});

/// The endings of the bare domains `LINK` finds, in lower case (a test
/// checks that each starts with a letter, which `may_hold_a_link` relies on).
const DOMAIN_ENDINGS: [&str; 29] = [
    "com", "org", "net", "io", "dev", "design", "me", "co", "ai", "app", "page", "site", "xyz", "info", "tech",
    "studio", "codes", "uk", "de", "fr", "nl", "se", "no", "ie", "ca", "au", "in", "sg", "example",
];

/// Digits with the usual phone punctuation; never spans a line break nor a
/// tab, which parts the fields of a table's row (`Boston, MA 02110<tab>617-555-0152`).
static PHONE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\+?\(?[0-9][0-9 ().-]{5,}[0-9]").expect("the phone pattern is a valid regex"));

/// Digit counts of real phone numbers, with and without country codes
/// (E.164 allows at most 15); fewer than 9 digits is more likely a date range.
const PHONE_DIGITS_MIN: usize = 9;
const PHONE_DIGITS_MAX: usize = 15;

/// Extracts distinct emails, phones and links in order of appearance.
pub(crate) fn extract_contact(text: &str) -> ContactDetails {
    let lines = lines_with_starts(text);
    let emails = distinct(
        matches_in_lines(text, &lines, &EMAIL, |line| line.contains('@'))
            .map(|(_, end, found)| with_wrapped_tail(text, end, found)),
    );
    // Not the domain of an email address (`hello@noahfitz.design`).
    let links = distinct(
        matches_in_lines(text, &lines, &LINK, may_hold_a_link)
            .filter(|(start, _, _)| {
                !text[..*start]
                    .ends_with(|character: char| character == '@' || character == '.' || character.is_alphanumeric())
            })
            .map(|(_, _, found)| trim_trailing_punctuation(found).to_string()),
    );
    let phones = distinct(
        matches_in_lines(text, &lines, &PHONE, |line| {
            line.bytes().filter(u8::is_ascii_digit).count() >= PHONE_DIGITS_MIN
        })
        .filter(|(start, _, _)| {
            !text[..*start].ends_with(|character: char| character.is_alphanumeric() || "/_@".contains(character))
        })
        .flat_map(|(_, _, found)| spaced_dash_pieces(found.trim()))
        .filter(|candidate| is_phone_number(candidate))
        .map(str::to_string),
    );
    ContactDetails { emails, phones, links, ..ContactDetails::default() }
}

/// Whether `line` holds a way to reach a person: an email, a link with its
/// scheme, or a phone number. A skills list's versions (`Microsoft 365,
/// Storyline 360, ISO 9001`) hold many digits and none of these.
pub(crate) fn holds_contact_details(line: &str) -> bool {
    line.contains('@')
        || line.contains("://")
        || (line.bytes().filter(u8::is_ascii_digit).count() >= PHONE_DIGITS_MIN
            && PHONE.find_iter(line).any(|found| is_phone_number(found.as_str().trim())))
}

/// The lines of `text`, each with its line break, and the byte where each
/// starts: split once, for the three patterns that read them.
fn lines_with_starts(text: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text.as_bytes()).map(|index| index + 1).chain([text.len()]) {
        if end > start {
            lines.push((start, &text[start..end]));
        }
        start = end;
    }
    lines
}

/// Every match of `pattern` (none spans a line break) in the lines that
/// `line_may_hold` lets through, with its start and end in `text`. A resume
/// has few lines with an `@`, a phone's digits or a domain, and a cheap
/// test per line spares the regexes the rest of the text.
fn matches_in_lines<'t>(
    text: &'t str,
    lines: &'t [(usize, &'t str)],
    pattern: &'t Regex,
    line_may_hold: impl Fn(&str) -> bool + 't,
) -> impl Iterator<Item = (usize, usize, &'t str)> + 't {
    debug_assert!(lines.iter().all(|(start, line)| text[*start..].starts_with(line)));
    lines.iter().filter(move |(_, line)| line_may_hold(line)).flat_map(move |(start, line)| {
        pattern.find_iter(line).map(move |found| (start + found.start(), start + found.end(), found.as_str()))
    })
}

/// What `LINK` cannot match without: a scheme's `://`, or a dot, a domain
/// ending and the end of a word (`github.com/`, `.co.uk`), which neither a
/// sentence's full stop nor `Node.js` or `B.Sc.` has. Every line of every
/// resume is tested, and only a few go on to the regex.
fn may_hold_a_link(line: &str) -> bool {
    let bytes = line.as_bytes();
    memchr::memchr2_iter(b'.', b':', bytes).any(|index| {
        let after = &bytes[index + 1..];
        if bytes[index] == b':' {
            return after.starts_with(b"//");
        }
        // Every ending starts with a lower-case letter; a sentence's full
        // stop is followed by a space, and no ending is compared there.
        after.first().is_some_and(u8::is_ascii_lowercase)
            && DOMAIN_ENDINGS.iter().any(|ending| {
                after.starts_with(ending.as_bytes())
                    && !after.get(ending.len()).is_some_and(|byte| byte.is_ascii_alphanumeric() || *byte == b'_')
            })
    })
}

/// An email at the end of a line in a narrow column may be wrapped, its
/// last letters alone on the next line (`jane@example.co` then `m`): a
/// line of at most `WRAPPED_TAIL_CHARACTERS_MAX` lower-case letters
/// continues it.
fn with_wrapped_tail(text: &str, end: usize, email: &str) -> String {
    let rest = &text[end..];
    let Some(after_break) = rest.strip_prefix("\r\n").or_else(|| rest.strip_prefix('\n')) else {
        return email.to_string();
    };
    let next_line = after_break.lines().next().unwrap_or("").trim_end();
    let is_tail = !next_line.is_empty()
        && next_line.chars().count() <= WRAPPED_TAIL_CHARACTERS_MAX
        && next_line.chars().all(|character| character.is_ascii_lowercase());
    if is_tail {
        format!("{email}{next_line}")
    } else {
        email.to_string()
    }
}

/// The most letters of a top-level domain wrapped onto a line of their own.
const WRAPPED_TAIL_CHARACTERS_MAX: usize = 3;

/// A match cut at its spaced dashes and column gaps: `Gary, IN 46403 -
/// 219-555-0152` parts a postal code from a phone number with ` - `, and
/// `02110  617-555-0152` with two spaces, which a phone's own groups are
/// never written with.
fn spaced_dash_pieces(candidate: &str) -> impl Iterator<Item = &str> {
    candidate.split(" - ").flat_map(|piece| piece.split(COLUMN_GAP)).map(str::trim)
}

/// Spaces that part two fields of a line; a phone's groups have one.
const COLUMN_GAP: &str = "  ";

fn is_phone_number(candidate: &str) -> bool {
    let digit_count = candidate.chars().filter(char::is_ascii_digit).count();
    let groups: Vec<&str> =
        candidate.split(|character: char| !character.is_ascii_digit()).filter(|group| !group.is_empty()).collect();
    let is_run_of_years =
        groups.iter().all(|group| group.len() == 4 && (group.starts_with("19") || group.starts_with("20")));
    (PHONE_DIGITS_MIN..=PHONE_DIGITS_MAX).contains(&digit_count) && !is_run_of_years
}

/// A sentence's full stop or a closing bracket is not part of the link.
fn trim_trailing_punctuation(link: &str) -> &str {
    link.trim_end_matches(['.', ',', ';', ':', '!', '?'])
}

fn distinct(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = HashSet::new();
    items.filter(|item| seen.insert(item.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_domain_ending_starts_with_a_lower_case_letter_as_the_link_test_assumes() {
        assert!(DOMAIN_ENDINGS.iter().all(|ending| ending.as_bytes()[0].is_ascii_lowercase()));
    }

    #[test]
    fn finds_emails_phones_and_links_in_the_header() {
        let contact = extract_contact(
            "Jane Doe\njane.doe@example.co.uk | +44 20 7946 0958\nhttps://janedoe.dev, github.com/janedoe, linkedin.com/in/jane-doe",
        );
        assert_eq!(contact.emails, ["jane.doe@example.co.uk"]);
        assert_eq!(contact.phones, ["+44 20 7946 0958"]);
        assert_eq!(contact.links, ["https://janedoe.dev", "github.com/janedoe", "linkedin.com/in/jane-doe"]);
    }

    #[test]
    fn full_url_is_one_link() {
        let contact = extract_contact("See https://github.com/janedoe/shortlist.");
        assert_eq!(contact.links, ["https://github.com/janedoe/shortlist"]);
    }

    #[test]
    fn north_american_phone_formats_are_found() {
        let contact = extract_contact("(555) 123-4567\n555.123.4567\n+1 555 123 4567");
        assert_eq!(contact.phones, ["(555) 123-4567", "555.123.4567", "+1 555 123 4567"]);
    }

    #[test]
    fn a_postal_code_before_a_spaced_dash_is_not_part_of_the_phone() {
        let contact = extract_contact("Ana Ruiz\nGary, IN 46403 - 219-555-0152 - ana@example.com\n");
        assert_eq!(contact.phones, ["219-555-0152"]);
        let contact = extract_contact("Ana Ruiz\nBoston, MA 02110\t617-555-0152\tana@example.com\n");
        assert_eq!(contact.phones, ["617-555-0152"], "a tab parts the fields of a row");
        let contact = extract_contact("Ana Ruiz\nBoston, MA 02110  617-555-0152  ana@example.com\n");
        assert_eq!(contact.phones, ["617-555-0152"], "so do two spaces");
    }

    #[test]
    fn date_ranges_are_not_phone_numbers() {
        let contact = extract_contact("Engineer 2019 - 2023\n03/2018 - 06/2021\n2015-2018 2019");
        assert!(contact.phones.is_empty(), "{:?}", contact.phones);
    }

    #[test]
    fn digits_inside_links_are_not_phone_numbers() {
        let contact = extract_contact("linkedin.com/in/123456789012");
        assert!(contact.phones.is_empty());
    }

    proptest::proptest! {
        #[test]
        fn a_line_the_link_test_passes_over_holds_no_link(
            line in "([a-zA-Z]{1,6}|\\.|://|/|@| |com|co|io|net|Node|js|www|https?)*",
        ) {
            if !may_hold_a_link(&line) {
                proptest::prop_assert!(LINK.find(&line).is_none(), "{:?}", line);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn lines_are_split_as_split_inclusive_splits_them(text in "[a\n\r é]{0,20}") {
            let mut start = 0;
            let expected: Vec<(usize, &str)> = text
                .split_inclusive('\n')
                .map(|line| {
                    start += line.len();
                    (start - line.len(), line)
                })
                .collect();
            proptest::prop_assert_eq!(lines_with_starts(&text), expected);
        }
    }

    #[test]
    fn repeated_details_are_listed_once() {
        let contact = extract_contact("a@b.io\na@b.io");
        assert_eq!(contact.emails, ["a@b.io"]);
    }

    #[test]
    fn bare_domains_are_links_but_email_domains_and_framework_names_are_not() {
        let contact =
            extract_contact("hello@noahfitz.design · noahfitz.design · dribbble.com/noahfitz · ASP.NET, Node.js");
        assert_eq!(contact.links, ["noahfitz.design", "dribbble.com/noahfitz"]);
    }

    #[test]
    fn an_email_wrapped_before_its_last_letters_is_joined() {
        let contact = extract_contact("kwame.asante@example.co\nm\nTechnical");
        assert_eq!(contact.emails, ["kwame.asante@example.com"]);
        let contact = extract_contact("ana@example.com\nSkills");
        assert_eq!(contact.emails, ["ana@example.com"]);
    }
}
