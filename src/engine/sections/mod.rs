//! Heading detection and the split of a resume into sections.
//!
//! A heading is a line by itself whose text, after dropping leading `#`s, a
//! trailing `:` and case, is one of a fixed list of names. Matching a closed
//! list (rather than "any short capitalised line") keeps job titles and
//! company names from being mistaken for headings. Sections remember the byte
//! offset where they start so that scoring can tell which section a keyword
//! match falls in with a binary search.

use super::dates::{find_date_range, last_year};
use super::entry_header::role_and_company_scores;
use super::lines::{is_rule_character, split_lines, strip_bullet, Line, SYMBOL_BULLETS};
use super::text::{is_alphabetic, is_alphanumeric, is_ascii_whitespace};

/// The kinds of section are the domain's: the parsed resume names them.
pub(crate) use crate::domain::resume::SectionKind;

mod heading_list;

use heading_list::HEADINGS;

/// Lines outside these bounds cannot be headings (the shortest is `about`,
/// the longest three words); checking them first spares most lines the
/// comparison with every heading.
const HEADING_BYTES_MIN: usize = 5;
const HEADING_BYTES_MAX: usize = 64;
const HEADING_WORDS_MAX: usize = 4;

/// The section kind `line` is a heading for, if it is a heading. Headings
/// are ASCII, so words are compared ASCII case-insensitively, which needs no
/// lowercased copy of the line.
#[cfg(test)]
pub(crate) fn heading_kind(line: &str) -> Option<SectionKind> {
    heading_kind_of_trimmed(line.trim())
}

fn heading_kind_of_trimmed(trimmed: &str) -> Option<SectionKind> {
    if trimmed.len() < HEADING_BYTES_MIN {
        return None;
    }
    // The bound applies to the words: a rule of box characters around them
    // (`── Skills ──────────────────`) may be longer than any heading.
    let without_colon = heading_words(trimmed);
    if without_colon.len() > HEADING_BYTES_MAX {
        // `EMPLOYMENT (a reference is listed under each position; …)`: an
        // aside longer than any heading, after one.
        return before_a_bracket(without_colon)
            .filter(|before| before.len() <= HEADING_BYTES_MAX && !before.contains('('))
            .and_then(heading_kind_of_trimmed);
    }
    // Every heading starts with a letter: bullets, dates and most lines of
    // content stop here, before a key is written.
    if !without_colon.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return after_an_ornament(trimmed)
            .or_else(|| after_a_number(trimmed))
            .or_else(|| after_a_prompt(trimmed))
            .and_then(heading_kind_of_trimmed);
    }
    // `II. EXPERIENCE`: a Roman numeral is letters, checked apart.
    if matches!(trimmed.as_bytes()[0], b'I' | b'V' | b'X') {
        if let Some(words) = after_a_number(trimmed) {
            return heading_kind_of_trimmed(words);
        }
    }
    let joined;
    let words = match letter_spaced_words(without_colon) {
        Some(words) => {
            joined = words;
            joined.as_str()
        }
        None => without_colon,
    };
    // A long aside in brackets (`WORK HISTORY (union dispatches, most
    // recent first)`) makes too many words for a key of the whole line, and
    // the heading before it is still read.
    HeadingKey::of(words)
        .and_then(|key| listed_heading_kind(key.as_bytes()).or_else(|| joined_heading_kind(words, key.as_bytes())))
        .or_else(|| {
            before_a_bracket(words).and_then(HeadingKey::of).and_then(|key| listed_heading_kind(key.as_bytes()))
        })
        .or_else(|| names_things_made(words).then_some(SectionKind::Projects))
        .or_else(|| translated_heading_kind(words))
}

/// A heading written in two languages (`EXPERIENCIA PROFESIONAL /
/// PROFESSIONAL EXPERIENCE`, `Educación / Education`): one side a listed
/// heading, the other as short as a heading, every word capitalised. The
/// joined form of two listed headings (`Skills / Tools`) is read before
/// this, by its key.
fn translated_heading_kind(words: &str) -> Option<SectionKind> {
    // Nearly every line has no slash: a byte's search spares it the
    // substring searcher's set-up.
    if !words.as_bytes().contains(&b'/') {
        return None;
    }
    let (left, right) = words.split_once(" / ")?;
    let is_capitalised = |word: &str| word.chars().next().is_some_and(char::is_uppercase);
    let is_heading_sized = |side: &str| (1..=HEADING_WORDS_MAX).contains(&side.split_whitespace().count());
    if !is_heading_sized(left)
        || !is_heading_sized(right)
        || !words.split_whitespace().all(|word| word == "/" || is_capitalised(word))
    {
        return None;
    }
    let listed = |side: &str| HeadingKey::of(side.trim()).and_then(|key| listed_heading_kind(key.as_bytes()));
    listed(right).or_else(|| listed(left))
}

/// `Tools I wrote`, `Things I've built`, `apps i made`: a heading over what
/// the writer made, in their own words. At most `HEADING_WORDS_MAX` words.
fn names_things_made(words: &str) -> bool {
    let ends_with_word = |word: &str| {
        words.len() > word.len()
            && words.as_bytes()[words.len() - word.len()..].eq_ignore_ascii_case(word.as_bytes())
            && words.as_bytes()[words.len() - word.len() - 1] == b' '
    };
    if !["built", "wrote", "made", "written"].into_iter().any(ends_with_word) {
        return false;
    }
    let pieces: Vec<&str> = words.split_whitespace().collect();
    let maker = pieces.len().checked_sub(2).map(|index| pieces[index]);
    let maker = maker.filter(|word| matches!(word.to_ascii_lowercase().as_str(), "i" | "i've" | "i’ve" | "have"));
    maker.is_some() && (3..=HEADING_WORDS_MAX).contains(&pieces.len())
}

/// A heading's words before a bracket that ends them (`Certifications
/// (ICC)`, `Experience (selected)`): the listed heading is before it.
fn before_a_bracket(words: &str) -> Option<&str> {
    let inside = words.strip_suffix(')')?;
    let (before, _) = inside.rsplit_once(" (")?;
    Some(before.trim_end())
}

/// `P R O F I L E` or `W O R K   H I S T O R Y` (letters spaced out, words
/// parted by wider gaps) as `PROFILE` and `WORK HISTORY`. `None` unless
/// every piece is one letter and there are at least
/// `LETTER_SPACED_LETTERS_MIN` of them.
fn letter_spaced_words(text: &str) -> Option<String> {
    let spaced = text.as_bytes().get(1) == Some(&b' ')
        && text.split_whitespace().count() >= LETTER_SPACED_LETTERS_MIN
        && text.split_whitespace().all(|piece| piece.chars().count() == 1 && piece.chars().all(is_alphabetic));
    if !spaced {
        return None;
    }
    let words: Vec<String> =
        text.split("  ").filter(|word| !word.trim().is_empty()).map(|word| word.split_whitespace().collect()).collect();
    Some(words.join(" "))
}

const LETTER_SPACED_LETTERS_MIN: usize = 4;

/// A heading after an ornament and a space (`✦ Experience`, `► Skills`):
/// the words, if the ornament is a symbol outside ASCII that is not a
/// bullet. `• Training` is an item of a list.
fn after_an_ornament(trimmed: &str) -> Option<&str> {
    let mut characters = trimmed.chars();
    let ornament = characters.next()?;
    let is_ornament = !ornament.is_ascii() && !is_alphanumeric(ornament) && !SYMBOL_BULLETS.contains(&ornament);
    let rest = characters.as_str();
    (is_ornament && rest.starts_with(' ')).then(|| rest.trim())
}

/// A heading written as a shell's prompt (`> experience`, `$ skills`):
/// the words after the prompt's mark and a space. The words must still be
/// a listed heading, so a quoted line (`> Led the team…`) is none.
fn after_a_prompt(trimmed: &str) -> Option<&str> {
    trimmed.strip_prefix(['>', '$']).and_then(|rest| rest.strip_prefix(' ')).map(str::trim)
}

/// A numbered heading's words (`2. EXPERIENCE`, `3) Education`, `IV.
/// SKILLS`): a number of one or two digits or a Roman numeral up to
/// `XII`, a full stop or a closing bracket, then a space.
fn after_a_number(trimmed: &str) -> Option<&str> {
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    let numeral = trimmed.bytes().take_while(|byte| matches!(byte, b'I' | b'V' | b'X')).count();
    let number = if digits > 0 { digits } else { numeral };
    let rest = trimmed[number..].strip_prefix(['.', ')'])?;
    let is_number = (1..=2).contains(&digits) || ROMAN_NUMERALS.contains(&&trimmed[..number]);
    (is_number && rest.starts_with(' ')).then(|| rest.trim())
}

/// The Roman numerals that number a resume's sections.
const ROMAN_NUMERALS: [&str; 12] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];

/// A heading line's words, without what may set it off: marks around it,
/// Markdown's hashes before it and a colon after it.
fn heading_words(trimmed: &str) -> &str {
    let undecorated = undecorated(trimmed);
    // A slash after the words sets them off as a colon does (`Employment /`).
    undecorated.strip_suffix(':').or_else(|| undecorated.strip_suffix(" /")).unwrap_or(undecorated).trim_end()
}

/// A heading line without its marks and Markdown's hashes; a colon stays.
fn undecorated(trimmed: &str) -> &str {
    without_decoration(trimmed).trim_start_matches('#').trim()
}

/// A heading set between marks (`[ Experience ]`, `*** SKILLS ***`,
/// `== Education ==`, `**Projects**`), without them. Marks on one side only
/// are left: `* Leadership` is an item of a list, not a heading.
fn without_decoration(trimmed: &str) -> &str {
    // Nearly every line of a resume starts with a letter or a digit, which
    // is no mark: answered before any character is decoded.
    if trimmed.as_bytes().first().is_some_and(u8::is_ascii_alphanumeric) {
        return without_a_trailing_rule(trimmed);
    }
    // Rules drawn with box characters or dashes count too (`── Summary ──`).
    let is_mark = |character: char| {
        matches!(character, '[' | ']' | '*' | '=' | '~' | '|' | '_' | '<' | '>' | '-' | '#')
            || (!character.is_ascii() && !is_alphanumeric(character) && !character.is_whitespace())
    };
    if trimmed.starts_with(is_mark) && trimmed.ends_with(is_mark) {
        trimmed.trim_matches(|character: char| is_mark(character) || character.is_whitespace())
    } else {
        trimmed
    }
}

/// A heading with a rule drawn after it to the margin (`EXPERIENCE
/// ————————`, `Skills ---------`), without the rule: at least
/// `TRAILING_RULE_CHARACTERS_MIN` rule characters after a space.
fn without_a_trailing_rule(trimmed: &str) -> &str {
    // Most lines end in a letter, a digit or a stop: answered from one byte.
    if trimmed.as_bytes().last().is_some_and(|byte| byte.is_ascii() && !is_rule_character(char::from(*byte))) {
        return trimmed;
    }
    let words = trimmed.trim_end_matches(is_rule_character);
    let rule_characters = trimmed[words.len()..].chars().count();
    if rule_characters >= TRAILING_RULE_CHARACTERS_MIN && words.ends_with(char::is_whitespace) {
        words.trim_end()
    } else {
        trimmed
    }
}

const TRAILING_RULE_CHARACTERS_MIN: usize = 3;

/// Headings of sections whose entries from schools (an apprenticeship's
/// certificate, a diploma programme) are education, though the section is
/// not only that: courses and workshops are listed there too.
const TRAINING_HEADINGS: [&str; 3] = ["training", "technical training", "professional training"];

/// Whether `section` of `text` sits under a training heading
/// (`TRAINING_HEADINGS`).
pub(crate) fn is_training(text: &str, section: &Section<'_>) -> bool {
    if section.kind != SectionKind::Other {
        return false;
    }
    let heading = heading_words(text[section.start_byte..].lines().next().unwrap_or("").trim());
    let Some(key) = HeadingKey::of(heading) else { return false };
    let is_training_key = |key: &[u8]| TRAINING_HEADINGS.iter().any(|training| training.as_bytes() == key);
    // A joined heading with a training side (`TRAINING & EDUCATION`) is one too.
    is_training_key(key.as_bytes())
        || joined_sides(key.as_bytes()).is_some_and(|(left, right)| is_training_key(left) || is_training_key(right))
}

/// The two sides of a key joined by `and` (`&` in the line) or `/`.
fn joined_sides(key: &[u8]) -> Option<(&[u8], &[u8])> {
    [&b" and "[..], &b" / "[..]].into_iter().find_map(|joiner| {
        let at = key.windows(joiner.len()).position(|window| window == joiner)?;
        Some((&key[..at], &key[at + joiner.len()..]))
    })
}

fn listed_heading_kind(key: &[u8]) -> Option<SectionKind> {
    HEADINGS_BY_KEY
        .binary_search_by(|(heading, _)| heading.as_bytes().cmp(key))
        .ok()
        .map(|index| HEADINGS_BY_KEY[index].1)
}

/// Two headings' worth joined by `&`, `and` or `/`, one side a listed
/// heading and the other listed too or a single word (`Experience &
/// Leadership`, `Skills / Tools`, `Leadership and Experience`): the first
/// listed side's kind. Every word but the joiner is capitalised, as headings
/// are, or the first only with the listed side first (`Education &
/// learning`); a sentence such as `Experience and leadership matter` is not one,
/// nor a title or an employer (`Education and Training Coordinator`,
/// `Pearson Education & Training`), whose other side is longer.
fn joined_heading_kind(line: &str, key: &[u8]) -> Option<SectionKind> {
    let capitalised = line
        .split_whitespace()
        .all(|word| matches!(word, "&" | "and" | "/") || word.as_bytes()[0].is_ascii_uppercase());
    // In lower case (`education & certs:`) both sides must be headings:
    // prose in lower case joins words with `and` all the time.
    let in_lower_case = !line.bytes().any(|byte| byte.is_ascii_uppercase());
    // In sentence case (`Education & learning`) the first side is the
    // listed heading and the other one word.
    let sentence_case =
        line.as_bytes()[0].is_ascii_uppercase() && !line.bytes().skip(1).any(|byte| byte.is_ascii_uppercase());
    if !capitalised && !in_lower_case && !sentence_case {
        return None;
    }
    let (left, right) = joined_sides(key)?;
    let one_word = |side: &[u8]| !side.contains(&b' ');
    match (listed_heading_kind(left), listed_heading_kind(right)) {
        (Some(kind), Some(_)) => Some(kind),
        (Some(kind), None) if (capitalised || sentence_case) && one_word(right) => Some(kind),
        (None, Some(kind)) if capitalised && one_word(left) => Some(kind),
        _ => None,
    }
}

/// The kind of a heading the list lacks, in a section of kind `current`
/// with `following` lines after it: a field's experience, or an unknown
/// heading over jobs where jobs are out of place (a summary, skills, or a
/// section read for nothing; education and projects have dated entries of
/// their own).
fn unlisted_heading_kind(trimmed: &str, current: SectionKind, following: &[Line<'_>]) -> Option<SectionKind> {
    let jobs_out_of_place = matches!(current, SectionKind::Summary | SectionKind::Skills | SectionKind::Other);
    let words = undecorated(trimmed);
    // Marks around a line (`*** LAB WORK ***`) set it off as a colon does,
    // and so does a number or an ornament before it (`2. On-Air
    // Experience`, `■ LEGAL EXPERIENCE`).
    let words = after_a_number(words).or_else(|| after_an_ornament(words)).unwrap_or(words);
    let marked = words.len() != trimmed.len();
    kind_of_experience_heading(words)
        .or_else(|| jobs_out_of_place.then(|| kind_of_unknown_heading_over_jobs(words, marked, following)).flatten())
}

/// A heading that names a field's experience (`PLUMBING EXPERIENCE`,
/// `brokerage experience`, `Nursing Experience:`): two or three words of
/// letters, the last `experience`, every word capitalised or every word in
/// lower case.
fn kind_of_experience_heading(trimmed: &str) -> Option<SectionKind> {
    let without_colon = trimmed.strip_suffix(':').unwrap_or(trimmed);
    let words = || without_colon.split_whitespace();
    let first_letters = || words().filter(|word| !is_joiner(word)).filter_map(|word| word.chars().next());
    let one_case = first_letters().all(char::is_uppercase) || first_letters().all(char::is_lowercase);
    // A hyphen may join two words into one (`On-Air`, `Hands-On`).
    let is_word = |word: &str| word.split('-').all(|part| !part.is_empty() && part.chars().all(is_alphabetic));
    let letters_only = words().all(|word| is_joiner(word) || is_word(word));
    let kind = match words().next_back() {
        // `Curatorial Appointments`, `Academic Appointments`: a CV's jobs.
        // `Research Career`, `Teaching Career`: no employer's name ends so.
        Some(last)
            if last.eq_ignore_ascii_case("experience")
                || last.eq_ignore_ascii_case("appointments")
                || last.eq_ignore_ascii_case("career") =>
        {
            SectionKind::Experience
        }
        // `SOFTWARE & FIELD SKILLS`, `Language Skills`.
        Some(last) if last.eq_ignore_ascii_case("skills") => SectionKind::Skills,
        _ => return None,
    };
    ((2..=FIELD_HEADING_WORDS_MAX).contains(&words().count()) && one_case && letters_only).then_some(kind)
}

/// `DRIVING EXPERIENCE`, `Solar Experience:` or `Kitchen Experience` over
/// `-----`, then a dated job: a field's experience heading that may come
/// before any listed heading. It must be set off as a heading (capitals, a
/// colon, an underline): a title would be none of those.
fn is_marked_experience_heading_over_jobs(trimmed: &str, following: &[Line<'_>]) -> bool {
    let words = undecorated(trimmed);
    let capitals = !words.chars().any(char::is_lowercase);
    let colon = words.ends_with(':');
    let underlined = following.first().is_some_and(|line| is_underline(line.text.trim()));
    // No title ends in `appointments`, so that word sets the line off too.
    let appointments = words.trim_end_matches(':').to_ascii_lowercase().ends_with(" appointments");
    (capitals || colon || underlined || appointments)
        && kind_of_experience_heading(words) == Some(SectionKind::Experience)
        && jobs_follow(following)
}

/// `THEATRE EXPERIENCE` over a dated job: a field's experience heading in
/// capitals, which no line of a paragraph or a list item is.
fn is_capitals_experience_heading_over_jobs(trimmed: &str, following: &[Line<'_>]) -> bool {
    !undecorated(trimmed).chars().any(char::is_lowercase) && is_marked_experience_heading_over_jobs(trimmed, following)
}

/// Words of a field's heading at most, joiners included (`Software & Field Skills`).
const FIELD_HEADING_WORDS_MAX: usize = 4;

/// A heading the list lacks (`newsroom:`, `ON THE ROAD`), over jobs: one
/// to three words of letters, ending in a colon or in capitals, with a date
/// range in one of the next `JOB_LOOKAHEAD_LINES` lines of content. Without
/// it, the jobs would be read as part of the section above (a summary).
fn kind_of_unknown_heading_over_jobs(trimmed: &str, marked: bool, following: &[Line<'_>]) -> Option<SectionKind> {
    let (words, colon) = match trimmed.strip_suffix(':') {
        Some(words) => (words, true),
        None => (trimmed, marked),
    };
    // A joiner between two words is no word of its own (`STAFF & SEASON POSITIONS`).
    let word_count = words.split_whitespace().filter(|word| !is_joiner(word)).count();
    let letters_only = words.split_whitespace().all(|word| is_joiner(word) || word.chars().all(is_alphabetic));
    let capitals = !words.chars().any(char::is_lowercase);
    // `Patent Practice` or `Track record` over a blank line and then jobs:
    // set off by the blank line, and naming no role or employer, which a
    // job's first line over the rest of its header would.
    let set_off_by_a_blank_line = following.first().is_some_and(|line| line.text.trim().is_empty())
        && words.starts_with(char::is_uppercase)
        && role_and_company_scores(words) == (0, 0);
    if !(1..=3).contains(&word_count) || !letters_only || !(colon || capitals || set_off_by_a_blank_line) {
        return None;
    }
    let dated = jobs_follow(following);
    dated.then_some(SectionKind::Experience)
}

/// A word that joins two of a heading's words (`&`, `/`, `and`).
fn is_joiner(word: &str) -> bool {
    matches!(word, "&" | "/" | "and")
}

/// A heading the list lacks, underlined (`Outside The Shop` over `-----`):
/// the underline says it is one, whatever its words. Over jobs it heads
/// experience; otherwise a section read for nothing, which at least ends the
/// section above. Inside experience an underlined line may be an employer
/// over its jobs, so it is left there.
fn underlined_heading_kind(trimmed: &str, current: SectionKind, following: &[Line<'_>]) -> Option<SectionKind> {
    // Checked first: nearly every line has no underline, and this runs for each.
    let underlined = following.first().is_some_and(|line| is_underline(line.text.trim()));
    if !underlined || current == SectionKind::Experience {
        return None;
    }
    let words = trimmed.split_whitespace().count();
    let heading_like = trimmed.starts_with(|character: char| is_alphabetic(character))
        && trimmed
            .chars()
            .all(|character| is_alphabetic(character) || matches!(character, ' ' | '&' | '/' | '\'' | ':'));
    if !(1..=HEADING_WORDS_MAX).contains(&words) || !heading_like {
        return None;
    }
    let dated = jobs_follow(following);
    Some(if dated { SectionKind::Experience } else { SectionKind::Other })
}

/// `TEACHING` heads an academic CV's courses taught, read for nothing; over
/// dated jobs (`Grade 4 Teacher, Lincoln Elementary   2019 – present`) it
/// heads a teacher's experience.
fn teaching_over_jobs(kind: SectionKind, trimmed: &str, following: &[Line<'_>]) -> SectionKind {
    if kind == SectionKind::Other && heading_words(trimmed).eq_ignore_ascii_case("teaching") && jobs_follow(following) {
        SectionKind::Experience
    } else {
        kind
    }
}

/// Whether a date range is in the first lines of content of `following`.
fn jobs_follow(following: &[Line<'_>]) -> bool {
    following
        .iter()
        .map(|line| line.text.trim())
        .filter(|text| !text.is_empty() && !is_underline(text))
        .take(JOB_LOOKAHEAD_LINES)
        .any(|text| find_date_range(text).is_some())
}

/// Lines of content looked at under an unknown heading for a job's dates:
/// a job's header takes at most three (title, company, dates).
const JOB_LOOKAHEAD_LINES: usize = 3;

/// The longest key a heading line can have: every word's `&` written `and`.
const HEADING_KEY_BYTES_MAX: usize = HEADING_BYTES_MAX + 2 * HEADING_WORDS_MAX;

/// A line as headings are compared: lower case, single spaces, `&` as
/// `and`. Held on the stack: every short line of a resume is looked up.
struct HeadingKey {
    bytes: [u8; HEADING_KEY_BYTES_MAX],
    length: usize,
}

impl HeadingKey {
    /// The key of `text`, or `None` when no heading can have it: more than
    /// `HEADING_WORDS_MAX` words, a word that is not ASCII, or too long.
    /// ASCII text, nearly every line, is split a byte at a time.
    fn of(text: &str) -> Option<HeadingKey> {
        if text.is_ascii() {
            let words = text.as_bytes().split(|byte| is_ascii_whitespace(*byte)).filter(|word| !word.is_empty());
            HeadingKey::of_words(words)
        } else {
            HeadingKey::of_words(text.split_whitespace().map(str::as_bytes))
        }
    }

    fn of_words<'a>(words: impl Iterator<Item = &'a [u8]>) -> Option<HeadingKey> {
        let mut key = HeadingKey { bytes: [0; HEADING_KEY_BYTES_MAX], length: 0 };
        for (index, word) in words.enumerate() {
            if index == HEADING_WORDS_MAX || !word.is_ascii() {
                return None;
            }
            if index > 0 {
                key.push(b" ")?;
            }
            if word == b"&" {
                key.push(b"and")?;
            } else {
                let start = key.length;
                key.push(word)?;
                key.bytes[start..key.length].make_ascii_lowercase();
            }
        }
        Some(key)
    }

    fn push(&mut self, bytes: &[u8]) -> Option<()> {
        let end = self.length + bytes.len();
        self.bytes.get_mut(self.length..end)?.copy_from_slice(bytes);
        self.length = end;
        Some(())
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.length]
    }
}

/// The headings by key, sorted: a line is looked up by binary search,
/// which neither hashes nor allocates.
static HEADINGS_BY_KEY: std::sync::LazyLock<Vec<(String, SectionKind)>> = std::sync::LazyLock::new(|| {
    let mut headings: Vec<(String, SectionKind)> = HEADINGS
        .iter()
        .map(|(heading, kind)| {
            let key = HeadingKey::of(heading).expect("every heading fits a key");
            (String::from_utf8(key.as_bytes().to_vec()).expect("keys are ASCII"), *kind)
        })
        .collect();
    headings.sort_unstable_by(|(left, _), (right, _)| left.cmp(right));
    assert!(
        headings.windows(2).all(|pair| pair[0].0 != pair[1].0),
        "every heading is listed once, so a lookup has one answer"
    );
    headings
});

/// `=====` or `-----` under a heading (`trimmed` is the trimmed line):
/// decoration, not content. Compared a byte at a time, since none of these
/// characters is a byte of a longer one.
fn is_underline(trimmed: &str) -> bool {
    let bytes = trimmed.as_bytes();
    bytes.len() >= 3 && (bytes.iter().all(|byte| *byte == b'=') || bytes.iter().all(|byte| matches!(byte, b'-' | b'_')))
}

/// A run of lines under one heading (or before the first heading).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Section<'a> {
    pub kind: SectionKind,
    /// Byte offset of the heading line (0 for the header or body).
    pub start_byte: usize,
    /// The lines after the heading, up to the next heading.
    pub lines: Vec<Line<'a>>,
}

/// Splits `text` into sections. The first section is always the header (or
/// the body, when there are no headings), so every byte belongs to a section.
pub(crate) fn split_sections(text: &str) -> Vec<Section<'_>> {
    let mut sections = vec![Section { kind: SectionKind::Header, start_byte: 0, lines: Vec::new() }];
    let mut after_blank = true;
    let lines = split_lines(text);
    for (index, line) in lines.iter().copied().enumerate() {
        let trimmed = line.text.trim();
        if is_underline(trimmed) {
            continue;
        }
        // A heading the list lacks only after a blank line, once a listed
        // heading has been seen: a line such as `Customer Experience` may be
        // a skill or a title elsewhere.
        // Before any, a field's experience heading set off as one over dated
        // jobs (`DRIVING EXPERIENCE`, `Solar Experience:`) is one too.
        // A DOCX or a PDF has no blank lines to set a heading off: there a
        // field's experience heading in capitals over dated jobs
        // (`THEATRE EXPERIENCE`) is one after a line of content too.
        let may_be_unlisted_heading = !trimmed.is_empty()
            && ((after_blank
                && (sections.len() > 1 || is_marked_experience_heading_over_jobs(trimmed, &lines[index + 1..])))
                || is_capitals_experience_heading_over_jobs(trimmed, &lines[index + 1..]));
        let heading = heading_kind_of_trimmed(trimmed)
            .map(|kind| teaching_over_jobs(kind, trimmed, &lines[index + 1..]))
            .or_else(|| {
                let current = sections.last().map_or(SectionKind::Header, |section| section.kind);
                let following = &lines[index + 1..];
                may_be_unlisted_heading.then(|| unlisted_heading_kind(trimmed, current, following)).flatten().or_else(
                    || (sections.len() > 1).then(|| underlined_heading_kind(trimmed, current, following)).flatten(),
                )
            });
        after_blank = trimmed.is_empty();
        let in_the_margin = || heading.is_none().then(|| heading_in_the_margin(line, &lines[index + 1..])).flatten();
        match (heading, in_the_margin()) {
            (Some(kind), _) => sections.push(Section { kind, start_byte: line.start_byte, lines: Vec::new() }),
            (None, Some((kind, content))) => {
                sections.push(Section { kind, start_byte: line.start_byte, lines: vec![content] });
            }
            (None, None) => {
                if let Some(current) = sections.last_mut() {
                    current.lines.push(line);
                }
            }
        }
    }
    if sections.len() == 1 {
        sections[0].kind = SectionKind::Body;
    }
    for section in &mut sections {
        if section.kind == SectionKind::Education && lists_qualities_not_schools(text, section) {
            section.kind = SectionKind::Summary;
        }
    }
    sections
}

/// `EXPERIENCE    Senior QC Microbiologist    May 2021 – present`, with the
/// lines under it indented to where its content starts: the section's name
/// written in a margin column beside the section's first line. The name is
/// a listed heading in capitals, and the next line's indent must match, so
/// a table's label (`Languages    Python, Go`) over rows of its own is none.
fn heading_in_the_margin<'a>(line: Line<'a>, following: &[Line<'_>]) -> Option<(SectionKind, Line<'a>)> {
    let text = line.text;
    // Two capitals first: most lines of content start otherwise, and are
    // turned away before the gap is searched for.
    if !text.as_bytes().get(..2).is_some_and(|start| start.iter().all(u8::is_ascii_uppercase)) {
        return None;
    }
    let gap = text.find(MARGIN_GAP)?;
    let name = text[..gap].trim();
    if name.is_empty() || name.chars().any(char::is_lowercase) || text.starts_with(char::is_whitespace) {
        return None;
    }
    let content_start = gap + (text[gap..].len() - text[gap..].trim_start().len());
    let next = following.iter().find(|next| !next.text.trim().is_empty())?;
    let next_indent = next.text.len() - next.text.trim_start().len();
    if next_indent != content_start || !next.text.is_char_boundary(next_indent) {
        return None;
    }
    let kind = heading_kind_of_trimmed(name)?;
    Some((kind, Line { start_byte: line.start_byte + content_start, text: &text[content_start..] }))
}

/// Spaces that part a margin's section name from the section's first line.
const MARGIN_GAP: &str = "   ";

/// Whether a `Qualifications` section is the American summary of
/// qualifications (bullets of what the person brings), not the British list
/// of schooling: it has bullets and no year, where schooling has its years.
fn lists_qualities_not_schools(text: &str, section: &Section<'_>) -> bool {
    let heading = text[section.start_byte..].lines().next().unwrap_or("");
    let is_qualifications = heading_words(heading.trim()).eq_ignore_ascii_case("qualifications");
    is_qualifications
        && section.lines.iter().any(|line| strip_bullet(line.text).is_some())
        && !section.lines.iter().any(|line| last_year(line.text).is_some())
}

/// Where each section of a text starts, in byte order: all that scoring
/// needs of the split, to place a keyword match in its section. Splitting a
/// resume into sections is a tenth of parsing it, so the parser hands this on
/// and a resume parsed and then scored is split once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionStarts(Vec<(usize, SectionKind)>);

impl SectionStarts {
    pub(crate) fn of(sections: &[Section<'_>]) -> SectionStarts {
        SectionStarts(sections.iter().map(|section| (section.start_byte, section.kind)).collect())
    }

    pub(crate) fn of_text(text: &str) -> SectionStarts {
        SectionStarts::of(&split_sections(text))
    }

    /// The kind of the section containing `byte`.
    pub(crate) fn kind_at(&self, byte: usize) -> SectionKind {
        let following_index = self.0.partition_point(|(start_byte, _)| *start_byte <= byte);
        // The first section starts at byte 0, so one precedes every byte.
        self.0[following_index.saturating_sub(1)].1
    }
}

/// The trimmed-end text of every line in sections of `kind`, in document
/// order, with an empty line between sections so that entries never run on
/// from one section into the next.
pub(crate) fn lines_of_kind<'a>(sections: &[Section<'a>], kind: SectionKind) -> Vec<&'a str> {
    let mut lines = Vec::new();
    for section in sections.iter().filter(|section| section.kind == kind) {
        if !lines.is_empty() {
            lines.push("");
        }
        lines.extend(lines_of(section));
    }
    lines
}

/// The lines of one section, trailing whitespace trimmed.
pub(crate) fn lines_of<'section, 'text>(
    section: &'section Section<'text>,
) -> impl Iterator<Item = &'text str> + 'section {
    section.lines.iter().map(|line| line.text.trim_end())
}

/// Canonical names of the headed sections, distinct, in document order.
pub(crate) fn sections_found(sections: &[Section<'_>]) -> Vec<SectionKind> {
    let mut kinds: Vec<SectionKind> = Vec::new();
    let headed = sections.iter().filter(|section| !matches!(section.kind, SectionKind::Header | SectionKind::Body));
    for section in headed {
        if !kinds.contains(&section.kind) {
            kinds.push(section.kind);
        }
    }
    kinds
}

#[cfg(test)]
mod tests;
