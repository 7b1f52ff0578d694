//! Who the resume is about: the name, the credentials after it, the headline
//! and the place, from the lines before the first heading.
//!
//! The name is not "the first line": resumes open with "Curriculum Vitae",
//! or a headline such as "Frontend Intern" sits above the name, or the name
//! wraps. Each of the first lines is scored as a name: two to five words,
//! each capitalised (or a particle such as `van`, `de`), only letters,
//! hyphens and apostrophes, no role word, no place, no contact detail; a
//! line whose words appear in the email address scores higher. The best
//! line wins, and what follows its first comma is read as credentials when
//! every piece is one (`, RN, BSN`, `, PhD`).

use super::entry_header::{is_location, role_word_count, role_word_count_in_a_name, without_markdown_marks};
use super::lines::strip_bullet;
use super::text::is_listed;

/// Lines read from the top for the name and headline.
const HEADER_LINES_MAX: usize = 8;
/// Words a name has at most (`Maria Elena Lopez de la Cruz`).
const NAME_WORDS_MAX: usize = 6;

const PARTICLES: &[&str] = &[
    "de", "da", "das", "do", "dos", "del", "della", "di", "du", "la", "le", "van", "von", "der", "den", "ter", "ten",
    "bin", "binti", "al", "el", "y", "e", "st.", "mac", "o'",
];

const NOT_NAMES: &[&str] =
    &["resume", "résumé", "curriculum vitae", "cv", "contact", "profile", "summary", "references", "portfolio"];

/// The candidate's identity as the header gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Identity {
    pub name: Option<String>,
    pub label: Option<String>,
    pub credentials: Vec<String>,
    pub location: Option<String>,
}

/// Reads `lines` (the header, top first). `email` is the first email found.
pub(crate) fn read_identity(lines: &[&str], email: Option<&str>) -> Identity {
    let candidates: Vec<&str> = lines
        .iter()
        .map(|line| without_markdown_marks(strip_bullet(line).unwrap_or(line)).trim())
        .filter(|line| !line.is_empty())
        .take(HEADER_LINES_MAX)
        .collect();
    let mut identity = Identity::default();
    let email_local = email.and_then(|email| email.split('@').next()).map(str::to_lowercase).unwrap_or_default();
    let mut best: Option<(usize, i32, String, Vec<String>)> = None;
    let mut headline_beside_name = None;
    for (index, line) in candidates.iter().enumerate() {
        // The name may share its line with a headline (`Ana Ibarra | Data
        // Scientist`, `Luis Carrizales — Executive Sous Chef`).
        let beside = split_at_name_separator(line);
        let parts = [(*line, None), beside];
        let tried = if beside.1.is_some() { &parts[..] } else { &parts[..1] };
        for &(part, rest) in tried {
            let (name, credentials) = split_credentials(part, &email_local);
            let Some(score) = name_score(&name, &email_local) else { continue };
            // Earlier lines win ties: the name is usually on top.
            let score = score - i32::try_from(index).unwrap_or(i32::MAX);
            if best.as_ref().is_none_or(|(_, best_score, _, _)| score > *best_score) {
                best = Some((index, score, name, credentials));
                headline_beside_name = rest;
            }
        }
    }
    let mut name_lines = best.as_ref().map(|(index, ..)| *index..*index + 1);
    if let Some((index, name, credentials)) = wrapped_name(&candidates, &email_local) {
        if best.as_ref().is_none_or(|(best_index, ..)| index < *best_index) {
            name_lines = Some(index..index + 2);
            best = Some((index, 0, name, credentials));
        }
    }
    if let Some((_, _, name, credentials)) = best {
        identity.name = Some(name);
        identity.credentials = credentials;
        identity.label = headline_beside_name
            .filter(|headline| role_word_count(headline) > 0 && !is_contact_line(headline))
            .map(str::to_owned);
    }
    for (index, line) in candidates.iter().enumerate() {
        let parts = contact_parts(line);
        if name_lines.as_ref().is_some_and(|lines| lines.contains(&index)) {
            // The name's own line may go on to the place (`Name | Headline |
            // Fort Collins, CO | phone`); its first part is the name, whose
            // credentials (`, RN`) would read as a state.
            if identity.location.is_none() {
                identity.location = place_among(parts.get(1..).unwrap_or_default());
            }
            continue;
        }
        if identity.location.is_none() {
            identity.location = place_among(&parts);
        }
        if identity.label.is_none() && !is_contact_line(line) && role_word_count(line) > 0 && !is_location(line) {
            identity.label = Some(parts.first().map_or(*line, |part| *part).to_owned());
        }
    }
    identity
}

/// A name wrapped in a narrow column (`Kwame` then `Asante, PE`): one word
/// on a line, the rest on the next. Taken only when every word of it is in
/// the email address, since two lines of one word each are otherwise more
/// likely a heading and a word. Gives the first line's index.
fn wrapped_name(candidates: &[&str], email_local: &str) -> Option<(usize, String, Vec<String>)> {
    candidates.windows(2).enumerate().find_map(|(index, pair)| {
        let first = pair[0];
        if first.contains(char::is_whitespace) || first.contains(',') {
            return None;
        }
        let (rest, credentials) = split_credentials(pair[1], email_local);
        let name = format!("{first} {rest}");
        let words_in_email = name
            .split_whitespace()
            .all(|word| word.chars().count() > 1 && email_local.contains(&ascii_folded(&word.to_lowercase())));
        (name_score(&name, email_local).is_some() && words_in_email).then_some((index, name, credentials))
    })
}

/// A line that says how to reach the candidate: an email, a link or a phone
/// number (enough digits for one; a postcode or a year has fewer).
pub(crate) fn is_contact_line(line: &str) -> bool {
    line.contains('@')
        || line.contains("://")
        || line.chars().filter(char::is_ascii_digit).count() >= CONTACT_LINE_DIGITS_MIN
}

/// A contact line holds at least this many digits.
const CONTACT_LINE_DIGITS_MIN: usize = 6;

/// The pieces of a header line, between the separators contact lines use:
/// bars, dots, dashes with spaces, a slash with spaces, and column gaps of
/// three spaces or more (`e: ana@example.net   m: 555-0197   Arlington, VA`).
fn contact_parts(line: &str) -> Vec<&str> {
    line.split(['|', '·', '•', '\t'])
        .flat_map(|part| part.split(" — "))
        .flat_map(|part| part.split(" – "))
        .flat_map(|part| part.split(" / "))
        .flat_map(|part| part.split(COLUMN_GAP))
        .flat_map(split_at_lone_symbols)
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect()
}

/// `Lancaster, PA 17602  ~  717-555-0119`: a symbol standing alone
/// between spaces parts two details, whichever one the writer chose (`~`,
/// `*`, `◆`, `-`), and so does a short run of them (`::`, `//`).
/// Brackets, commas and the like belong to a detail, and one colon ends a
/// label (`Phone : 555-0100`).
fn split_at_lone_symbols(part: &str) -> impl Iterator<Item = &str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut token_start = 0;
    for token in part.split(' ') {
        let token_end = token_start + token.len();
        let is_separator = token_start > 0
            && token_end < part.len()
            && (1..=SEPARATOR_RUN_CHARACTERS_MAX).contains(&token.chars().count())
            && token.chars().all(|character| {
                !character.is_alphanumeric()
                    && !matches!(character, '(' | ')' | ',' | '.' | '&' | '+' | '@' | '\'' | '"' | '#')
            })
            && token != ":";
        if is_separator {
            pieces.push(&part[start..token_start]);
            start = token_end;
        }
        token_start = token_end + 1;
    }
    pieces.push(&part[start..]);
    pieces.into_iter()
}

/// Symbols in a run that separates details at most (`::`, `-->`).
const SEPARATOR_RUN_CHARACTERS_MAX: usize = 3;

/// Spaces that part two details written side by side on one line.
const COLUMN_GAP: &str = "   ";

/// The first of `parts` that is a place, without a label before it, or
/// the place at the end of a postal address.
fn place_among(parts: &[&str]) -> Option<String> {
    let unlabelled = || parts.iter().map(|part| without_place_label(part));
    let without_email = || unlabelled().filter(|part| !part.contains('@'));
    without_email()
        .find(|part| is_location(part))
        .or_else(|| without_email().find_map(place_ending_an_address))
        .or_else(|| without_email().find_map(place_ending_a_street_address))
        .or_else(|| unlabelled().find_map(place_leading_details_by_commas))
        .map(str::to_owned)
}

/// `Charlotte, NC 28202` out of `Charlotte, NC 28202, 704-555-0131,
/// priya@example.com`: details parted by commas alone, which a place's own
/// comma shares, so the place is the longest run of leading pieces that is
/// one, with an email or a phone number among what follows.
fn place_leading_details_by_commas(part: &str) -> Option<&str> {
    let comma_ends: Vec<usize> = part.match_indices(", ").map(|(index, _)| index).take(PLACE_PIECES_MAX).collect();
    comma_ends.iter().rev().find_map(|&end| {
        let (place, rest) = (&part[..end], &part[end..]);
        (is_location(place) && is_contact_line(rest)).then_some(place)
    })
}

/// A place is at most this many comma-parted pieces (`Kansas City, KS, USA`).
const PLACE_PIECES_MAX: usize = 3;

/// `Columbus, OH 43215` out of `412 Neil Avenue, Apt 3B, Columbus, OH
/// 43215`, or `York YO31 7EQ` out of `14 Gillygate Mews, York YO31 7EQ`:
/// the place that ends an address whose earlier pieces hold a number (the
/// street's or the room's), its last two pieces or its last one.
fn place_ending_a_street_address(part: &str) -> Option<&str> {
    let mut commas = part.rmatch_indices(", ").map(|(index, _)| index);
    let last = commas.next()?;
    let before_last = commas.next();
    let candidates = before_last.map(|index| index + 2).into_iter().chain([last + 2]);
    candidates.map(|start| (&part[..start], &part[start..])).find_map(|(before, place)| {
        (before.contains(|character: char| character.is_ascii_digit()) && is_location(place)).then_some(place)
    })
}

/// `Rotterdam, The Netherlands` out of `Mathenesserlaan 212b, 3021 HS
/// Rotterdam, The Netherlands`, or `Hamburg, Germany` out of `…, 20457
/// Hamburg, Germany`: the city after its postal code, and the country.
fn place_ending_an_address(part: &str) -> Option<&str> {
    let (before, country) = part.rsplit_once(", ")?;
    let city_piece = before.rsplit_once(", ").map_or(before, |(_, last)| last);
    let (code, rest) = city_piece.split_once(' ')?;
    if !((4..=5).contains(&code.len()) && code.bytes().all(|byte| byte.is_ascii_digit())) {
        return None;
    }
    // The Dutch code's two letters (`3021 HS`).
    let city = match rest.split_once(' ') {
        Some((letters, city)) if letters.len() == 2 && letters.bytes().all(|byte| byte.is_ascii_uppercase()) => city,
        _ => rest,
    };
    // The city and the country stand together at the end of `part`.
    let place = &part[part.len() - (city.len() + ", ".len() + country.len())..];
    (is_location(place) && is_location(country)).then_some(place)
}

/// The place on the line that holds `detail` (the email address or the
/// phone number), wherever that line is: a resume may put its contact
/// details at the end (`Reach me: Fort Wayne, IN 46805 · 260-555-0158 ·
/// a@example.com`) or under a `Contact` heading after the rest.
/// Only `text` from byte `after_byte` on is searched: the lines before it
/// were read for a place already.
pub(crate) fn place_beside(text: &str, after_byte: usize, detail: &str) -> Option<String> {
    if detail.is_empty() {
        return None;
    }
    // One search of the rest of the text, not one per line.
    let rest_start = after_byte.min(text.len());
    text.get(rest_start..)?.match_indices(detail).find_map(|(found, _)| {
        let at = rest_start + found;
        let start = text[..at].rfind('\n').map_or(0, |newline| newline + 1);
        let end = text[at..].find('\n').map_or(text.len(), |newline| at + newline);
        place_among(&contact_parts(&text[start..end]))
    })
}

/// `Address: Mesa, AZ 85201` → `Mesa, AZ 85201`; `Home base: Norman, OK`
/// → `Norman, OK`: a label of one or two words and a colon, or `Based in`.
fn without_place_label(part: &str) -> &str {
    if let Some((label, place)) = part.split_once(':') {
        let words = label.split_whitespace().count();
        if (1..=PLACE_LABEL_WORDS_MAX).contains(&words)
            && label.chars().all(|character| character.is_alphabetic() || character == ' ')
        {
            return place.trim();
        }
    }
    let based_in = part.get(..BASED_IN.len()).filter(|head| head.eq_ignore_ascii_case(BASED_IN));
    based_in.map_or(part, |head| part[head.len()..].trim())
}

/// Words a label before the place has at most (`Home base:`).
const PLACE_LABEL_WORDS_MAX: usize = 2;
const BASED_IN: &str = "Based in ";

/// Where a name line goes on to a headline.
const NAME_SEPARATORS: [&str; 6] = [" | ", " — ", " – ", " · ", " • ", "\t"];

/// The part of `line` before its first separator, and the rest when there is one.
fn split_at_name_separator(line: &str) -> (&str, Option<&str>) {
    // Most lines hold no separator: one pass over the characters says so.
    if !line.contains(['|', '—', '–', '·', '•', '\t']) {
        return (line, None);
    }
    NAME_SEPARATORS
        .iter()
        .filter_map(|separator| line.find(separator).map(|index| (index, separator.len())))
        .min()
        .map_or((line, None), |(index, length)| (line[..index].trim(), Some(line[index + length..].trim())))
}

/// `Hannah Kowalski, CPA` → (`Hannah Kowalski`, [`CPA`]); `Dr. Wen Li` → (`Wen Li`, []);
/// `Ewan MacLeod MCSP` → (`Ewan MacLeod`, [`MCSP`]). A last word in capitals
/// is a credential only after two other words, not in capitals, and when the
/// email address does not hold it (`Jean Paul DUPONT` keeps his surname).
/// A name without the form of address before it, in any case: `Dr.`,
/// `Mrs`, `CAPT.`, `Prof.`, `Rev.`. Ranks and the longer titles need their
/// full stop (`Major Tom` stays whole); the short civil ones may drop it, as
/// British usage does (`Dr Jane Okafor`).
fn without_honorific(line: &str) -> &str {
    let Some((first, rest)) = line.split_once(' ') else { return line };
    let (word, dotted) = match first.strip_suffix('.') {
        Some(word) => (word, true),
        None => (first, false),
    };
    let lowered = word.to_ascii_lowercase();
    let civil = matches!(lowered.as_str(), "dr" | "mr" | "ms" | "mrs" | "mx");
    let dotted_only =
        matches!(lowered.as_str(), "prof" | "rev" | "capt" | "cpt" | "lt" | "sgt" | "maj" | "col" | "hon");
    if (civil || dotted_only && dotted) && !rest.trim().is_empty() {
        rest.trim_start()
    } else {
        line
    }
}

fn split_credentials(line: &str, email_local: &str) -> (String, Vec<String>) {
    let line = line.trim();
    let line = without_honorific(line);
    // An aside after the name (`Rosalind Achterberg (on air: Roz Ryder)`,
    // `Sam Lee (they/them)`) is not part of it.
    let line = match line.strip_suffix(')').and_then(|inner| inner.split_once(" (")) {
        Some((name, aside)) if !aside.contains(['(', ')']) => name.trim_end(),
        _ => line,
    };
    if let Some((name, rest)) = line.split_once(',') {
        let pieces: Vec<String> =
            rest.split(',').map(|piece| piece.trim().to_owned()).filter(|piece| !piece.is_empty()).collect();
        if !pieces.is_empty() && pieces.iter().all(|piece| is_credential(piece)) {
            return (name.trim().to_owned(), pieces);
        }
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    if let [first_words @ .., last] = words.as_slice() {
        let in_capitals = |word: &str| {
            word.chars().all(|character| character.is_ascii_uppercase())
                && (CAPITALS_CREDENTIAL_LETTERS_MIN..=CAPITALS_CREDENTIAL_LETTERS_MAX).contains(&word.len())
        };
        if first_words.len() >= 2
            && in_capitals(last)
            && !first_words.iter().any(|word| in_capitals(word))
            && !email_local.contains(&last.to_ascii_lowercase())
        {
            return (first_words.join(" "), vec![(*last).to_owned()]);
        }
    }
    (line.to_owned(), Vec::new())
}

/// Letters of a credential written after the name without a comma (`RN`, `MCSP`).
const CAPITALS_CREDENTIAL_LETTERS_MIN: usize = 2;
const CAPITALS_CREDENTIAL_LETTERS_MAX: usize = 6;

/// `RN`, `BSN`, `CCRN`, `FNP-C`, `PhD`, `PharmD`, `MBA`, `P.Eng.`: short,
/// mostly capitals or two of them; or words all in capitals (`ENV SP`, `LEED AP`).
fn is_credential(piece: &str) -> bool {
    let is_abbreviation = |word: &str| {
        // `R.T.(R)(MR)(ARRT)`: the registry's codes in brackets after the
        // credential are counted apart, each in capitals.
        let (word, codes) = word.split_once('(').unwrap_or((word, ""));
        let codes_in_capitals =
            codes.split(['(', ')']).all(|code| code.chars().all(|character| character.is_ascii_uppercase()));
        if !codes_in_capitals {
            return false;
        }
        let letters: Vec<char> = word.chars().filter(|character| character.is_alphabetic()).collect();
        let capitals = letters.iter().filter(|character| character.is_uppercase()).count();
        (2..=8).contains(&letters.len()) && capitals >= 1 && (capitals * 2 >= letters.len() || capitals >= 2)
    };
    let words: Vec<&str> = piece.split_whitespace().collect();
    match words.as_slice() {
        [word] => is_abbreviation(word),
        words => {
            (2..=3).contains(&words.len())
                && words
                    .iter()
                    .all(|word| is_abbreviation(word) && !word.chars().any(|character| character.is_lowercase()))
        }
    }
}

fn name_score(name: &str, email_local: &str) -> Option<i32> {
    let lower = name.to_lowercase();
    if NOT_NAMES.contains(&lower.as_str())
        || name.contains('@')
        || name.chars().any(|character| character.is_ascii_digit())
    {
        return None;
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    // A double-barrelled surname may hold an occupation (`Quintero-Baker`).
    if !(2..=NAME_WORDS_MAX).contains(&words.len()) || is_location(name) || role_word_count_in_a_name(name) > 0 {
        return None;
    }
    let word_is_name_like = |word: &&str| {
        // A nickname in quotes (`Constance "Connie" Whitfield`) is a name's word.
        let word = &word.trim_matches(|character| matches!(character, '"' | '“' | '”'));
        let is_particle = is_listed(word, PARTICLES);
        let letters_only = word.chars().all(|character| character.is_alphabetic() || "-'’.".contains(character));
        letters_only && (is_particle || word.chars().next().is_some_and(char::is_uppercase))
    };
    // Surname first, as forms write it (`MARQUETTE-ADEBAYO, Celestine J.`):
    // the comma after the first word is the order's, not a credential's.
    let surname_first = words.first().and_then(|first| first.strip_suffix(','));
    let other_words = if surname_first.is_some() { &words[1..] } else { &words[..] };
    if !surname_first.is_none_or(|surname| word_is_name_like(&surname)) || !other_words.iter().all(word_is_name_like) {
        return None;
    }
    let in_email = words
        .iter()
        .filter(|word| word.chars().count() > 1)
        .filter(|word| email_local.contains(&ascii_folded(&word.to_lowercase())))
        .count();
    let all_capitals = name.chars().filter(|character| character.is_alphabetic()).all(char::is_uppercase);
    Some(10 + 5 * i32::try_from(in_email).unwrap_or(0) - i32::from(all_capitals))
}

/// `tomás` → `tomas`, for comparing with an email address.
fn ascii_folded(word: &str) -> String {
    word.chars()
        .map(|character| match character {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_without_credentials_and_the_headline_and_place() {
        let identity = read_identity(
            &["Maria Elena Lopez, RN, BSN", "Registered Nurse", "Columbus, OH | maria.lopez@example.com"],
            Some("maria.lopez@example.com"),
        );
        assert_eq!(identity.name.as_deref(), Some("Maria Elena Lopez"));
        assert_eq!(identity.credentials, ["RN", "BSN"]);
        assert_eq!(identity.label.as_deref(), Some("Registered Nurse"));
        assert_eq!(identity.location.as_deref(), Some("Columbus, OH"));
    }

    #[test]
    fn a_headline_or_a_title_line_above_the_name_is_not_the_name() {
        let identity = read_identity(
            &["Curriculum Vitae", "Frontend Intern", "Priya Raman", "priya@example.com"],
            Some("priya@example.com"),
        );
        assert_eq!(identity.name.as_deref(), Some("Priya Raman"));
        assert_eq!(identity.label.as_deref(), Some("Frontend Intern"));
    }

    #[test]
    fn a_name_may_share_its_line_with_the_headline() {
        let identity = read_identity(
            &["Ana Sofía Ibarra | Data Scientist", "Boston, MA", "ana.ibarra@example.com"],
            Some("ana.ibarra@example.com"),
        );
        assert_eq!(identity.name.as_deref(), Some("Ana Sofía Ibarra"));
        assert_eq!(identity.label.as_deref(), Some("Data Scientist"));
        let chef = read_identity(&["Luis Carrizales — Executive Sous Chef", "Austin, TX"], None);
        assert_eq!(chef.name.as_deref(), Some("Luis Carrizales"));
        assert_eq!(chef.label.as_deref(), Some("Executive Sous Chef"));
        assert_eq!(chef.location.as_deref(), Some("Austin, TX"));
    }

    #[test]
    fn credentials_in_mixed_case_in_capitals_or_without_a_comma_are_set_apart() {
        let pharmacist = read_identity(&["Priya Raman, PharmD, RPh"], None);
        assert_eq!(pharmacist.name.as_deref(), Some("Priya Raman"));
        assert_eq!(pharmacist.credentials, ["PharmD", "RPh"]);
        let radiographer = read_identity(&["Alyssa Marie Kowalski, R.T.(R)(MR)(ARRT)"], None);
        assert_eq!(radiographer.name.as_deref(), Some("Alyssa Marie Kowalski"));
        assert_eq!(radiographer.credentials, ["R.T.(R)(MR)(ARRT)"]);
        let engineer = read_identity(&["Nathaniel R. Osei, P.E., ENV SP"], None);
        assert_eq!(engineer.name.as_deref(), Some("Nathaniel R. Osei"));
        assert_eq!(engineer.credentials, ["P.E.", "ENV SP"]);
        let physiotherapist = read_identity(&["Ewan MacLeod MCSP"], Some("ewan.macleod@example.org"));
        assert_eq!(physiotherapist.name.as_deref(), Some("Ewan MacLeod"));
        assert_eq!(physiotherapist.credentials, ["MCSP"]);
        // A surname in capitals that the email address holds is the surname.
        let surname = read_identity(&["Jean Paul DUPONT"], Some("jp.dupont@example.com"));
        assert_eq!(surname.name.as_deref(), Some("Jean Paul DUPONT"));
        assert!(surname.credentials.is_empty());
    }

    #[test]
    fn a_labelled_place_is_read_without_its_label() {
        let identity = read_identity(&["Dana Ortiz", "Address: Mesa, AZ 85201"], None);
        assert_eq!(identity.location.as_deref(), Some("Mesa, AZ 85201"));
        let home_base = read_identity(&["DANA ORTIZ", "Cell: 405-555-0110", "Home base: Norman, OK"], None);
        assert_eq!(home_base.location.as_deref(), Some("Norman, OK"));
        let text = "Ana Ruiz\n\nExperience\nCook, Acme, 2019 – 2021\n\nReach me: Mesa, AZ 85201 · ana@example.com\n";
        let after_top = text.find("Experience").expect("a heading");
        assert_eq!(place_beside(text, after_top, "ana@example.com").as_deref(), Some("Mesa, AZ 85201"));
        assert_eq!(place_beside(text, text.len(), "ana@example.com"), None, "the top lines were read already");
        assert_eq!(place_beside(text, after_top, ""), None);
        let aside = read_identity(&["Rosalind Achterberg (on air: Roz Ryder)", "Boise, ID"], None);
        assert_eq!(aside.name.as_deref(), Some("Rosalind Achterberg"), "an aside after the name is not part of it");
    }

    #[test]
    fn a_place_among_details_in_columns_slashes_or_on_the_name_line_is_found() {
        let columns = read_identity(&["Ana Ruiz", "e: ana@example.net   m: 571-555-0197   Arlington, VA"], None);
        assert_eq!(columns.location.as_deref(), Some("Arlington, VA"));
        let slashes = read_identity(&["Ana Ruiz, LVT", "Tampa, FL  /  813-555-0142  /  ana@example.com"], None);
        assert_eq!(slashes.location.as_deref(), Some("Tampa, FL"));
        let one_line = read_identity(&["Ana Ruiz | Firmware Engineer | Fort Collins, CO | 970-555-0175"], None);
        assert_eq!(one_line.name.as_deref(), Some("Ana Ruiz"));
        assert_eq!(one_line.location.as_deref(), Some("Fort Collins, CO"));
        // The name line's credentials are not a state.
        let nurse = read_identity(&["Jane Doe, RN", "jane@example.com"], None);
        assert_eq!(nurse.location, None);
        let tildes =
            read_identity(&["Lorenzo Diallo", "Lancaster, PA 17602  ~  717-555-0119  ~  lo@example.com"], None);
        assert_eq!(tildes.location.as_deref(), Some("Lancaster, PA 17602"));
        let colons = read_identity(&["Jo Hale", "Fayetteville, NC 28303  ::  910-555-0138  ::  jo@example.net"], None);
        assert_eq!(colons.location.as_deref(), Some("Fayetteville, NC 28303"));
        let street =
            read_identity(&["Jo Hale", "Annex, Room 214, 2030 Estuary Way, Newport, OR 97365 | 541-555-0127"], None);
        assert_eq!(street.location.as_deref(), Some("Newport, OR 97365"));
        let british = read_identity(&["Jo Hale", "Address:   14 Gillygate Mews, York YO31 7EQ"], None);
        assert_eq!(british.location.as_deref(), Some("York YO31 7EQ"));
        // A title that begins with `Remote` is no place.
        let title = read_identity(&["Cody Holt", "Conductor / Remote Control Operator", "Kansas City, KS 66106"], None);
        assert_eq!(title.location.as_deref(), Some("Kansas City, KS 66106"));
    }

    #[test]
    fn a_place_leading_details_parted_by_commas_is_found() {
        let postcode = read_identity(&["Priya Raman", "Charlotte, NC 28202, 704-555-0131, priya@example.com"], None);
        assert_eq!(postcode.location.as_deref(), Some("Charlotte, NC 28202"));
        let state = read_identity(&["Aaron Cruz", "Raleigh, NC, 919-555-0145, aaron@example.com"], None);
        assert_eq!(state.location.as_deref(), Some("Raleigh, NC"));
        let no_details = read_identity(&["Aaron Cruz", "Raleigh, NC, Durham, NC"], None);
        assert_eq!(no_details.location, None);
    }

    #[test]
    fn a_double_barrelled_surname_may_hold_an_occupation() {
        let identity =
            read_identity(&["Marisol Quintero-Baker, CSCP", "Salinas, CA 93901"], Some("marisol.qb@example.com"));
        assert_eq!(identity.name.as_deref(), Some("Marisol Quintero-Baker"));
        assert_eq!(identity.credentials, ["CSCP"]);
        let headline = read_identity(&["Pastry Chef-Baker", "Dana Reyes", "Salinas, CA"], None);
        assert_eq!(headline.name.as_deref(), Some("Dana Reyes"));
    }

    #[test]
    fn a_name_written_surname_first_is_the_name_as_written() {
        let identity = read_identity(&["MARQUETTE-ADEBAYO, Celestine J.", "Senior Trial Attorney"], None);
        assert_eq!(identity.name.as_deref(), Some("MARQUETTE-ADEBAYO, Celestine J."));
        let credentials = read_identity(&["Ana Ruiz, RN, BSN"], None);
        assert_eq!(credentials.name.as_deref(), Some("Ana Ruiz"), "credentials after the name are still taken off");
    }

    #[test]
    fn a_form_of_address_before_the_name_is_not_part_of_it() {
        for (line, name) in [
            ("CAPT. BARNABY T. OYELOWO", "BARNABY T. OYELOWO"),
            ("Dr. Ana Ruiz", "Ana Ruiz"),
            ("Dr Ana Ruiz", "Ana Ruiz"),
            ("Prof. Ana Ruiz", "Ana Ruiz"),
            ("Major Tom Okafor", "Major Tom Okafor"),
        ] {
            assert_eq!(without_honorific(line), name, "{line}");
        }
    }

    #[test]
    fn the_city_and_country_that_end_a_postal_address_are_its_place() {
        let dutch = read_identity(
            &["Sanne de Wit", "Address:   Mathenesserlaan 212b, 3021 HS Rotterdam, The Netherlands"],
            None,
        );
        assert_eq!(dutch.location.as_deref(), Some("Rotterdam, The Netherlands"));
        assert_eq!(place_ending_an_address("Hafenstraße 4, 20457 Hamburg, Germany"), Some("Hamburg, Germany"));
        assert_eq!(place_ending_an_address("Suite 12, 20457 Widgets, Acme"), None, "a place and a country");
        assert_eq!(place_ending_an_address("Hamburg, Germany"), None, "no postal code: read as a place already");
    }

    #[test]
    fn a_markdown_heading_or_a_quoted_nickname_is_part_of_the_name_line() {
        let markdown = read_identity(&["# Ana Ruiz — iOS Engineer"], None);
        assert_eq!(markdown.name.as_deref(), Some("Ana Ruiz"));
        assert_eq!(markdown.label.as_deref(), Some("iOS Engineer"));
        let nickname = read_identity(&["Constance \"Connie\" Whitfield-Amari", "Executive Assistant"], None);
        assert_eq!(nickname.name.as_deref(), Some("Constance \"Connie\" Whitfield-Amari"));
    }

    #[test]
    fn a_name_wrapped_in_a_narrow_column_is_joined_when_the_email_confirms_it() {
        let lines = ["Kwame", "Asante, PE", "Electrical Engineer", "Raleigh, NC"];
        let identity = read_identity(&lines, Some("kwame.asante@example.com"));
        assert_eq!(identity.name.as_deref(), Some("Kwame Asante"));
        assert_eq!(identity.credentials, ["PE"]);
        assert_eq!(identity.label.as_deref(), Some("Electrical Engineer"));
        let unconfirmed = read_identity(&["Kwame", "Asante, PE", "Electrical Engineer"], Some("ka@example.com"));
        assert_eq!(unconfirmed.name, None);
    }
}
