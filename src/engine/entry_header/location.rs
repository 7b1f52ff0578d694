//! Whether a part of a header is a place: `City, ST`, a city or country
//! alone, `Remote`, a postal address's last line. Every part of every
//! header is asked, and most are not places, so the checks read the text as
//! written and lower only a whole name they look up.

use super::{in_lower_case, role_and_company_scores};
use crate::engine::entry_words::{is_city, is_country, is_region, is_region_code};

/// `Boston, MA`, `Leeds, UK`, `Remote`, `Berlin`, `Montréal, QC, Canada`.
pub(crate) fn is_location(text: &str) -> bool {
    let text = text.trim().trim_matches(|character| matches!(character, '(' | ')'));
    // A bracket left inside puts a place beside something else
    // (`Harborview Outfitters (Tacoma, WA)`): `split_trailing_location` parts them.
    if text.contains(['(', ')']) {
        return false;
    }
    if let Some(place) = without_british_postcode(text) {
        return role_and_company_scores(place) == (0, 0);
    }
    if let Some(place) = without_postal_code(text) {
        return is_location(place);
    }
    // Every part of every header comes here, and most are not places: the
    // checks read the text as written, lowering only a whole name looked up.
    if text.bytes().any(|byte| byte.is_ascii_digit()) {
        // `Mississauga, ON L5B 3C2, Canada`: a postal address's last line
        // and its country after it; no other place holds a digit.
        return text.rsplit_once(", ").is_some_and(|(address, country)| {
            in_lower_case(country.trim(), is_country) && without_postal_code(address).is_some_and(is_location)
        });
    }
    let word_count = text.split_whitespace().count();
    if text.is_empty() || word_count > 6 {
        return false;
    }
    let starts_with = |prefix: &str| text.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix));
    // `Remote`, `Remote (US)`, `Hybrid, Denver`, but not `Remote Control
    // Operator`, a title.
    let arrangement = |word: &str| {
        starts_with(word)
            && !text[word.len()..].starts_with(|character: char| character.is_alphabetic())
            && role_and_company_scores(text).0 == 0
    };
    if arrangement("remote")
        || arrangement("hybrid")
        || in_lower_case(text, |lowered| is_country(lowered) || is_city(lowered))
    {
        return true;
    }
    // `Sydney NSW`, `Melbourne VIC`: a city and a region code, no comma.
    if !text.contains(',') && (2..=4).contains(&word_count) {
        let (city, code) = text.rsplit_once(char::is_whitespace).expect("two words or more");
        // The code first: it is cheap to check and rarely there; a known one,
        // since `Pediatric ICU` is a unit. A city is written in lower case
        // after its capital (`JI-WOO HAN` is a name).
        if is_region_code(code) && city.chars().any(char::is_lowercase) && role_and_company_scores(text) == (0, 0) {
            return true;
        }
    }
    let Some((_, last)) = text.rsplit_once(',') else { return false };
    let last = last.trim();
    // With two commas, a place is `City, ST, Country`: `Brightlane Health,
    // Boston, MA` is a company and a place.
    let pieces: Vec<&str> = text.split(',').map(str::trim).collect();
    if pieces.len() >= 3 {
        // `Minneapolis, Minnesota, United States`, as LinkedIn writes it.
        let middle = pieces[pieces.len() - 2];
        let middle_is_region = (middle.len() <= 3 && middle.chars().all(|character| character.is_ascii_uppercase()))
            || is_region(&middle.to_lowercase());
        return middle_is_region && is_country(&last.to_lowercase());
    }
    let is_region_code = last.len() == 2 && last.chars().all(|character| character.is_ascii_uppercase());
    let last = last.to_lowercase();
    is_region_code || is_country(&last) || is_region(&last)
}

/// `Boise, ID 83702`, `Austin, TX 78701-1234` and `Westerville, Ohio 43081`
/// without the ZIP code, and
/// `Saskatoon, SK S7H 0W4` without the Canadian postal code: the place
/// before it, which must end in a state (its two capitals or its name) or a
/// province's two capitals.
fn without_postal_code(text: &str) -> Option<&str> {
    // These kinds of code end in a digit; most parts do not, and are not searched.
    if !text.ends_with(|character: char| character.is_ascii_digit()) {
        return None;
    }
    if let Some(place) = without_canadian_postal_code(text) {
        return Some(place);
    }
    // `Hay NSW 2711`: an Australian postcode's four digits after the state.
    if let Some((place, code)) = text.rsplit_once(' ') {
        let state = place.rsplit_once(' ').map_or(place, |(_, state)| state);
        if code.len() == 4 && code.bytes().all(|byte| byte.is_ascii_digit()) && is_region_code(state) {
            return Some(place);
        }
    }
    let (place, code) = text.rsplit_once(' ')?;
    let (five, four) = code.split_once('-').unwrap_or((code, "0000"));
    let is_zip =
        five.len() == 5 && four.len() == 4 && five.bytes().chain(four.bytes()).all(|byte| byte.is_ascii_digit());
    let state = place.rsplit_once(", ")?.1;
    let is_state_code = state.len() == 2 && state.bytes().all(|byte| byte.is_ascii_uppercase());
    // `Westerville, Ohio 43081`: the state may be written out.
    (is_zip && (is_state_code || is_region(&state.to_lowercase()))).then_some(place)
}

/// `York YO31 7EQ` → `York`: a post town of capitalised words, then the
/// postcode's outward part (one or two letters, a digit, and a digit or a
/// letter) and its inward part (a digit and two letters). The code is
/// shaped so that no other word is, so the town need be on no list.
fn without_british_postcode(text: &str) -> Option<&str> {
    // The inward part's shape is checked first, a byte at a time: nearly
    // every part asked about ends otherwise.
    let bytes = text.as_bytes();
    let inward_at = bytes.len().checked_sub(4)?;
    if !(bytes[inward_at] == b' ' && bytes[inward_at + 1].is_ascii_digit() && bytes[inward_at + 3].is_ascii_uppercase())
    {
        return None;
    }
    let (rest, inward) = text.rsplit_once(' ')?;
    let (town, outward) = rest.rsplit_once(' ')?;
    let inward_shaped = inward.len() == 3
        && inward.as_bytes()[0].is_ascii_digit()
        && inward.as_bytes()[1..].iter().all(u8::is_ascii_uppercase);
    let letters = outward.bytes().take_while(u8::is_ascii_uppercase).count();
    let tail = &outward.as_bytes()[letters..];
    let outward_shaped = (1..=2).contains(&letters)
        && (1..=2).contains(&tail.len())
        && tail[0].is_ascii_digit()
        && tail[1..].iter().all(u8::is_ascii_alphanumeric);
    let town = town.trim_end_matches(',').trim();
    let town_shaped = !town.is_empty()
        && town.split_whitespace().count() <= TOWN_WORDS_MAX
        && town.split_whitespace().all(|word| word.starts_with(char::is_uppercase))
        && !town.contains(|character: char| character.is_ascii_digit());
    (inward_shaped && outward_shaped && town_shaped).then_some(town)
}

/// Words of a post town before its postcode, at most.
const TOWN_WORDS_MAX: usize = 3;

/// `Saskatoon, SK S7H 0W4` → `Saskatoon, SK`: letter, digit, letter, a
/// space, digit, letter, digit, after a province's two capitals.
fn without_canadian_postal_code(text: &str) -> Option<&str> {
    let (rest, last) = text.rsplit_once(' ')?;
    let (place, first) = rest.rsplit_once(' ')?;
    let shaped =
        |half: &str, letters_at: [bool; 3]| {
            half.len() == 3
                && half.bytes().zip(letters_at).all(|(byte, letter)| {
                    if letter {
                        byte.is_ascii_uppercase()
                    } else {
                        byte.is_ascii_digit()
                    }
                })
        };
    let province = place.rsplit_once(", ")?.1;
    let is_province = province.len() == 2 && province.bytes().all(|byte| byte.is_ascii_uppercase());
    (shaped(first, [true, false, true]) && shaped(last, [false, true, false]) && is_province).then_some(place)
}
