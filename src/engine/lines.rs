//! Line splitting and the small line-level helpers every section parser
//! shares: bullet stripping, separator splitting, whitespace collapsing.
//!
//! Resumes arrive with `\n`, `\r\n` or bare `\r` line endings, so lines are
//! split on all three. Each line keeps its byte offset into the original text
//! because scoring attributes keyword matches to sections by byte offset.
//! Splitting only ever happens at ASCII bytes or at offsets returned by
//! `str::find`, so no string is ever sliced inside a multi-byte character.

/// One line of the resume, without its line terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    /// Byte offset of the line's first byte in the whole text.
    pub start_byte: usize,
    pub text: &'a str,
}

/// Splits `text` into lines on `\n`, `\r\n` and bare `\r`.
pub(crate) fn split_lines(text: &str) -> Vec<Line<'_>> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut line_start_byte = 0;
    // memchr finds the next terminator a word at a time; every resume line
    // is split at least twice (parse and score), so this is a hot loop.
    for index in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        if index < line_start_byte {
            // The `\n` of a `\r\n` pair, already consumed with its `\r`.
            continue;
        }
        lines.push(Line { start_byte: line_start_byte, text: &text[line_start_byte..index] });
        let terminator_bytes = if bytes[index] == b'\r' && bytes.get(index + 1) == Some(&b'\n') { 2 } else { 1 };
        line_start_byte = index + terminator_bytes;
    }
    if line_start_byte < bytes.len() {
        lines.push(Line { start_byte: line_start_byte, text: &text[line_start_byte..] });
    }
    lines
}

/// Bullet markers that count as a bullet even without a following space.
pub(crate) const SYMBOL_BULLETS: [char; 8] = ['•', '·', '▪', '◦', '‣', '●', '○', '∙'];

/// Bullet markers that are also ordinary punctuation, so they only count as a
/// bullet when followed by whitespace (`- item`, not `-5%` or `*args`), and
/// arrows, ticks and diamonds, which may start a heading's ornament or a
/// symbol's name without one (`→Rust`).
const PUNCTUATION_BULLETS: [char; 16] =
    ['-', '*', '–', '▸', '►', '▶', '➢', '➤', '✓', '✔', '❖', '→', '»', '◆', '◇', '♦'];

/// If `line` is a bullet line, returns its text without the marker, trimmed.
pub(crate) fn strip_bullet(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let first = trimmed.chars().next()?;
    let rest = &trimmed[first.len_utf8()..];
    if SYMBOL_BULLETS.contains(&first) {
        return Some(rest.trim());
    }
    if PUNCTUATION_BULLETS.contains(&first) && rest.starts_with(char::is_whitespace) {
        return Some(rest.trim());
    }
    None
}

/// Returns the line's text without a bullet marker, trimmed.
pub(crate) fn without_bullet(line: &str) -> &str {
    strip_bullet(line).unwrap_or_else(|| line.trim())
}

/// Joins every run of whitespace into one space and trims the ends.
pub(crate) fn collapse_whitespace(text: &str) -> String {
    let mut collapsed = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !collapsed.is_empty() {
            collapsed.push(' ');
        }
        collapsed.push_str(word);
    }
    collapsed
}

/// Splits `line` on the first separator in `separators` that occurs in it,
/// trying separators in priority order (matching is ASCII case-insensitive,
/// so `" at "` also finds `" AT "`). Returns every part, trimmed.
///
/// Priority order matters: `Engineer, Backend — Acme` splits on the dash,
/// not the comma, when the dash comes first in `separators`.
pub(crate) fn split_on_first_separator<'a>(line: &'a str, separators: &[&str]) -> Vec<&'a str> {
    let lowered = lowered_for(line, separators);
    for separator in separators {
        if lowered.contains(separator) {
            let mut parts = Vec::new();
            let mut part_start_byte = 0;
            for (match_byte, matched) in lowered.match_indices(separator) {
                parts.push(line[part_start_byte..match_byte].trim());
                part_start_byte = match_byte + matched.len();
            }
            parts.push(line[part_start_byte..].trim());
            return parts;
        }
    }
    vec![line.trim()]
}

/// Splits `line` once, at the first occurrence of the highest-priority
/// separator present (ASCII case-insensitive); both halves trimmed.
/// Separators whose bytes the line lacks are not searched for.
pub(crate) fn split_once_at_separator<'a>(line: &'a str, separators: &[&str]) -> Option<(&'a str, &'a str)> {
    let present = BytesPresent::of(line);
    let possible: Vec<&str> = separators.iter().copied().filter(|separator| present.may_hold(separator)).collect();
    split_once_at_first_of(line, &possible)
}

/// Splits `line` once, at the first occurrence of the first of `separators` it holds.
fn split_once_at_first_of<'a>(line: &'a str, separators: &[&str]) -> Option<(&'a str, &'a str)> {
    if separators.is_empty() {
        return None;
    }
    let lowered = lowered_for(line, separators);
    separators.iter().find_map(|separator| {
        let byte = lowered.find(separator)?;
        Some((line[..byte].trim(), line[byte + separator.len()..].trim()))
    })
}

/// `line` as separators are searched for in it: ASCII-lowercased when some
/// separator holds a letter (` at `), as it is, without a copy, when none
/// does. ASCII lowercasing keeps every byte offset unchanged, so offsets
/// found in the lowered copy are valid (and on char boundaries) in the original.
fn lowered_for<'a>(line: &'a str, separators: &[&str]) -> std::borrow::Cow<'a, str> {
    if separators.iter().any(|separator| separator.bytes().any(|byte| byte.is_ascii_alphabetic())) {
        std::borrow::Cow::Owned(line.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(line)
    }
}

/// The bytes a text holds, ASCII letters in lower case: a needle with a
/// byte the text lacks cannot occur in it, nor in any piece of it, whatever
/// the case. One pass spares the searches for separators a line cannot hold.
pub(crate) struct BytesPresent([bool; 256]);

impl BytesPresent {
    pub(crate) fn of(text: &str) -> BytesPresent {
        let mut present = [false; 256];
        for &byte in text.as_bytes() {
            present[usize::from(byte.to_ascii_lowercase())] = true;
        }
        BytesPresent(present)
    }

    /// False when `needle` (matched ASCII case-insensitively) cannot occur.
    pub(crate) fn may_hold(&self, needle: &str) -> bool {
        needle.bytes().all(|byte| self.0[usize::from(byte.to_ascii_lowercase())])
    }
}

/// The byte offset of `needle` in `haystack`, ASCII letters matched without
/// case. Offsets are always character boundaries: a match starts with the
/// needle's first byte, which is never a UTF-8 continuation byte.
pub(crate) fn find_ignoring_ascii_case(haystack: &str, needle: &str) -> Option<usize> {
    let (haystack, needle) = (haystack.as_bytes(), needle.as_bytes());
    let is_match = |start: usize| {
        haystack.get(start..start + needle.len()).is_some_and(|window| window.eq_ignore_ascii_case(needle))
    };
    // Jump between the occurrences of the needle's first byte, in either
    // case, instead of comparing at every byte.
    match needle.first() {
        Some(first) if first.is_ascii_alphabetic() => {
            memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), haystack)
                .find(|start| is_match(*start))
        }
        Some(first) => memchr::memchr_iter(*first, haystack).find(|start| is_match(*start)),
        None => Some(0),
    }
}

/// Splits `line` on every occurrence of every separator in `separators`,
/// for lines whose fields come in no fixed order. Returns every part, trimmed.
pub(crate) fn split_on_every_separator<'a>(line: &'a str, separators: &[&str]) -> Vec<&'a str> {
    let present = BytesPresent::of(line);
    split_on_each(line, separators.iter().copied().filter(|separator| present.may_hold(separator)))
}

/// Splits `line` on every occurrence of each of `separators`, in turn.
fn split_on_each<'a, 's>(line: &'a str, separators: impl Iterator<Item = &'s str>) -> Vec<&'a str> {
    let mut parts = vec![line.trim()];
    for separator in separators {
        parts = parts.into_iter().flat_map(|part| split_on_first_separator(part, &[separator])).collect();
    }
    parts
}

/// Characters left dangling around a field after a date or label is cut out
/// of a line: separators, brackets and whitespace.
pub(crate) fn is_dangling_punctuation(character: char) -> bool {
    character.is_whitespace() || "-–—|,;:()[]·•@/".contains(character)
}

/// Trims dangling separators and brackets from both ends of `text`, but
/// not the bracket that closes one left open (`Master of Business
/// Administration (MBA)` keeps its `)`).
pub(crate) fn trim_dangling(text: &str) -> &str {
    let start = text.len() - text.trim_start_matches(is_dangling_punctuation).len();
    let trimmed = text[start..].trim_end_matches(is_dangling_punctuation);
    with_closing_bracket(text, start, start + trimmed.len())
}

/// `text[start..end]`, one byte longer when it leaves a `(` open and the
/// next byte of `text` is the `)` that closes it.
pub(crate) fn with_closing_bracket(text: &str, start: usize, end: usize) -> &str {
    let kept = &text[start..end];
    let opens = kept.bytes().filter(|byte| *byte == b'(').count();
    let closes = kept.bytes().filter(|byte| *byte == b')').count();
    if opens > closes && text[end..].starts_with(')') {
        &text[start..=end]
    } else {
        kept
    }
}

/// Returns `None` for an empty string, so optional fields stay `None`
/// rather than `Some("")`.
pub(crate) fn non_empty(text: &str) -> Option<String> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// A character rules are drawn with (`-----`, `=====`, `───`, `———`).
pub(crate) fn is_rule_character(character: char) -> bool {
    matches!(character, '-' | '=' | '_' | '~' | '─' | '━' | '—' | '–' | '═')
}

#[cfg(test)]
mod tests {

    #[test]
    fn trimming_keeps_the_bracket_that_closes_an_open_one() {
        assert_eq!(trim_dangling("Master of Business Administration (MBA)"), "Master of Business Administration (MBA)");
        assert_eq!(trim_dangling(" (Remote) "), "Remote");
        assert_eq!(trim_dangling("Acme, "), "Acme");
        assert_eq!(trim_dangling("Acme)"), "Acme");
    }
    use super::*;

    #[test]
    fn splits_on_every_line_ending_style() {
        let lines = split_lines("one\ntwo\r\nthree\rfour");
        let texts: Vec<&str> = lines.iter().map(|line| line.text).collect();
        assert_eq!(texts, ["one", "two", "three", "four"]);
        assert_eq!(lines[2].start_byte, 9);
    }

    #[test]
    fn keeps_blank_lines_and_offsets() {
        let lines = split_lines("a\n\nb\n");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1].text, "");
        assert_eq!(lines[2].start_byte, 3);
    }

    /// Each byte is a line terminator or not, one at a time: the rule
    /// `split_lines` must agree with, however it searches.
    fn lines_byte_by_byte(text: &str) -> Vec<Line<'_>> {
        let bytes = text.as_bytes();
        let (mut lines, mut start, mut index) = (Vec::new(), 0, 0);
        while index < bytes.len() {
            let terminator_bytes = match bytes[index] {
                b'\n' => 1,
                b'\r' if bytes.get(index + 1) == Some(&b'\n') => 2,
                b'\r' => 1,
                _ => {
                    index += 1;
                    continue;
                }
            };
            lines.push(Line { start_byte: start, text: &text[start..index] });
            index += terminator_bytes;
            start = index;
        }
        if start < bytes.len() {
            lines.push(Line { start_byte: start, text: &text[start..] });
        }
        lines
    }

    proptest::proptest! {
        /// Skipping the separators whose bytes a line lacks changes nothing.
        #[test]
        fn a_line_splits_on_every_separator_as_when_each_was_searched_for(
            line in "([aAtT ,;|—–-]|BSc|AT|Oxford){0,12}",
        ) {
            let separators = [" — ", " – ", " | ", " - ", ", ", " at ", "; "];
            proptest::prop_assert_eq!(
                split_on_every_separator(&line, &separators),
                split_on_each(&line, separators.into_iter())
            );
        }
    }

    proptest::proptest! {
        /// Skipping the separators whose bytes a line lacks changes nothing.
        #[test]
        fn a_line_splits_once_as_when_each_separator_was_searched_for(
            line in "([aAiInN :|—–-]|BSc|IN|Oxford|Rust){0,12}",
        ) {
            let separators = [" — ", " – ", " | ", " - ", ": ", " in "];
            proptest::prop_assert_eq!(
                split_once_at_separator(&line, &separators),
                split_once_at_first_of(&line, &separators)
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn splitting_agrees_with_reading_byte_by_byte(text in "[a\\r\\né ]{0,40}") {
            proptest::prop_assert_eq!(split_lines(&text), lines_byte_by_byte(&text));
        }
    }

    #[test]
    fn strips_each_bullet_style() {
        assert_eq!(strip_bullet("- Built things"), Some("Built things"));
        assert_eq!(strip_bullet("  • Built things"), Some("Built things"));
        assert_eq!(strip_bullet("* Built things"), Some("Built things"));
        assert_eq!(strip_bullet("•Built things"), Some("Built things"));
        for arrow in ["▸", "➢", "✓", "»", "◆"] {
            assert_eq!(
                strip_bullet(&format!("  {arrow} Transport shifts since 2023")),
                Some("Transport shifts since 2023")
            );
        }
    }

    #[test]
    fn hyphen_without_space_is_not_a_bullet() {
        assert_eq!(strip_bullet("-5% latency"), None);
        assert_eq!(strip_bullet("Plain line"), None);
    }

    #[test]
    fn splits_on_highest_priority_separator_present() {
        let parts = split_on_first_separator("Engineer, Backend — Acme", &[" — ", ", "]);
        assert_eq!(parts, ["Engineer, Backend", "Acme"]);
    }

    #[test]
    fn separator_search_is_case_insensitive() {
        let parts = split_on_first_separator("ENGINEER AT ACME", &[" at "]);
        assert_eq!(parts, ["ENGINEER", "ACME"]);
    }

    #[test]
    fn separator_split_is_safe_with_multibyte_text() {
        let parts = split_on_first_separator("Ingénieur — Société Générale", &[" — "]);
        assert_eq!(parts, ["Ingénieur", "Société Générale"]);
    }

    #[test]
    fn splits_once_at_the_first_separator_only() {
        assert_eq!(split_once_at_separator("Name: a: b", &[" — ", ": "]), Some(("Name", "a: b")));
        assert_eq!(split_once_at_separator("Name", &[": "]), None);
    }

    #[test]
    fn splits_on_every_separator_kind() {
        let parts = split_on_every_separator("a — b, c | d", &[" — ", ", ", " | "]);
        assert_eq!(parts, ["a", "b", "c", "d"]);
    }

    #[test]
    fn trims_dangling_brackets_and_dashes() {
        assert_eq!(trim_dangling(" Engineer — Acme () "), "Engineer — Acme");
    }

    proptest::proptest! {
        /// The search jumps between occurrences of the needle's first byte
        /// in either case; it must find what comparing at
        /// every byte finds, for needles that start with a letter too.
        #[test]
        fn a_separator_is_found_where_comparing_at_every_byte_finds_it(
            haystack in "[aAtT @|—–·\\t]{0,24}",
            needle in "[aAtT @|—–·\\t]{1,4}",
        ) {
            let every_byte = haystack.as_bytes().windows(needle.len()).position(|window| window.eq_ignore_ascii_case(needle.as_bytes()));
            proptest::prop_assert_eq!(find_ignoring_ascii_case(&haystack, &needle), every_byte);
        }

        #[test]
        fn whitespace_collapses_as_joining_the_words_with_one_space_does(text in "[a é\t\n\u{a0}]{0,16}") {
            proptest::prop_assert_eq!(collapse_whitespace(&text), text.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
}
