//! A candidate's name, email, phone and links: the first two lines of a resume.

use super::*;

pub(super) struct Identity {
    pub(super) name: String,
    pub(super) email: String,
    pub(super) phone: Option<String>,
    pub(super) contact_line: String,
}

impl Identity {
    pub(super) fn generate(random: &mut SplitMix64, index: u64) -> Self {
        let first = random.pick(tables::FIRST_NAMES);
        let last = random.pick(tables::LAST_NAMES);
        let first_ascii = ascii_fold(first);
        let last_ascii = ascii_fold(last);
        let email = email_address(random, &first_ascii, &last_ascii, index);
        let phone = if random.chance(70) { Some(phone_number(random)) } else { None };
        let contact_line = contact_line(random, &email, phone.as_deref(), &first_ascii, &last_ascii);
        Self { name: format!("{first} {last}"), email, phone, contact_line }
    }
}

/// Lower-case ASCII letters of a name, with diacritics removed, for email
/// addresses and handles; spaces, apostrophes and hyphens are dropped.
pub(super) fn ascii_fold(name: &str) -> String {
    let mut folded = String::with_capacity(name.len());
    for character in name.chars().flat_map(char::to_lowercase) {
        let plain = match character {
            'a'..='z' => character,
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'é' | 'è' | 'ê' | 'ë' | 'ę' => 'e',
            'í' | 'ì' | 'î' | 'ï' | 'ı' => 'i',
            'ñ' | 'ń' => 'n',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            'ł' => 'l',
            'ś' | 'š' | 'ş' => 's',
            'ź' | 'ż' | 'ž' => 'z',
            'ğ' => 'g',
            'ř' => 'r',
            _ => continue,
        };
        folded.push(plain);
    }
    folded
}

/// Names fold to letters only, so the index is the local part's whole
/// trailing run of digits and two indices can never share an address.
pub(super) fn email_address(random: &mut SplitMix64, first: &str, last: &str, index: u64) -> String {
    let domain = random.pick(tables::EXAMPLE_DOMAINS);
    let initial = &first[..1];
    match random.below(4) {
        0 => format!("{first}.{last}.{index}@{domain}"),
        1 => format!("{first}{last}{index}@{domain}"),
        2 => format!("{initial}{last}.{index}@{domain}"),
        _ => format!("{first}_{last}{index}@{domain}"),
    }
}

/// Only ranges reserved for fiction: US 555-0100..0199 and the UK Ofcom
/// drama ranges, so no generated number can ring a real phone.
pub(super) fn phone_number(random: &mut SplitMix64) -> String {
    if random.chance(55) {
        let area = random.pick(tables::US_AREA_CODES);
        format!("+1 {area} 555 01{:02}", random.below(100))
    } else {
        let prefix = random.pick(tables::UK_DRAMA_PREFIXES);
        format!("+44 {prefix}{:03}", random.below(1000))
    }
}

pub(super) fn contact_line(
    random: &mut SplitMix64,
    email: &str,
    phone: Option<&str>,
    first: &str,
    last: &str,
) -> String {
    let separator = random.pick(&[" | ", " · ", ", "]);
    let mut line = String::with_capacity(120);
    line.push_str(email);
    if let Some(phone) = phone {
        line.push_str(separator);
        line.push_str(phone);
    }
    let links = random.below(10);
    if (4..=6).contains(&links) || links == 9 {
        line.push_str(separator);
        line.push_str("github.com/");
        match random.below(3) {
            0 => write!(line, "{first}{last}"),
            1 => write!(line, "{first}-{last}"),
            _ => write!(line, "{}{last}{}", &first[..1], random.range(10, 99)),
        }
        .expect("writing to a String cannot fail");
    }
    if links >= 7 {
        line.push_str(separator);
        write!(line, "linkedin.com/in/{first}-{last}").expect("writing to a String cannot fail");
        if random.chance(50) {
            write!(line, "-{}", random.range(100, 999)).expect("writing to a String cannot fail");
        }
    }
    line
}

/// Skewed towards mid-career: about 15% have 0–2 years, 30% 3–6, 30% 7–11
/// and 25% 12–20.
pub(super) fn choose_years_experience(random: &mut SplitMix64) -> u32 {
    match random.below(100) {
        0..15 => random.range(0, 2),
        15..45 => random.range(3, 6),
        45..75 => random.range(7, 11),
        _ => random.range(12, 20),
    }
}
