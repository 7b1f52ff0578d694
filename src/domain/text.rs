//! Checks on client-supplied text shared by every command: trimmed,
//! non-empty, bounded in characters, free of control characters. Each gives
//! a `Defect` that the caller names with the field the text came from.

use super::error::{defect, Checked};

/// Trims and checks a required single-line field. The limit applies to the
/// text as sent, before trimming, as a client's schema states it.
pub fn required_line(value: &str, length_max: usize) -> Checked<String> {
    within_length(value, length_max)?;
    let trimmed = value.trim();
    if is_blank(trimmed) {
        return defect("must not be empty (invisible characters alone count as empty)");
    }
    bounded_line(trimmed)
}

/// Whether text shows nothing: empty, or only whitespace and characters
/// that render as nothing (zero-width spaces and joiners, byte-order marks,
/// soft hyphens, direction marks, variation selectors, tag characters…). A
/// comment or a name made of them would look empty wherever it is shown.
pub fn is_blank(text: &str) -> bool {
    text.chars().all(|character| character.is_whitespace() || is_default_ignorable(character))
}

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt,
/// Unicode 15.1), plus U+2800 BRAILLE PATTERN BLANK, which renders as a space
/// but is not whitespace.
fn is_default_ignorable(character: char) -> bool {
    matches!(
        u32::from(character),
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x2800
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// Checks an optional single-line field; blank becomes `None`. The limit
/// applies to the text as sent, blank or not.
pub fn optional_line(value: Option<&str>, length_max: usize) -> Checked<Option<String>> {
    if let Some(value) = value {
        within_length(value, length_max)?;
    }
    match value.map(str::trim) {
        None => Ok(None),
        Some(trimmed) if is_blank(trimmed) => Ok(None),
        Some(trimmed) => bounded_line(trimmed).map(Some),
    }
}

fn within_length(value: &str, length_max: usize) -> Checked<()> {
    // Bytes bound characters from above: most values need no count.
    if value.len() <= length_max {
        return Ok(());
    }
    let length = value.chars().count();
    if length > length_max {
        return defect(format!("is {length} characters; the limit is {length_max}"));
    }
    Ok(())
}

fn bounded_line(trimmed: &str) -> Checked<String> {
    if trimmed.chars().any(char::is_control) {
        return defect("must be a single line without control characters");
    }
    Ok(trimmed.to_owned())
}

/// Checks multi-line text: newlines and tabs are allowed, other control characters are not.
pub fn bounded_text(value: &str, length_max: usize) -> Checked<String> {
    within_length(value, length_max)?;
    if value.chars().any(|character| character.is_control() && !matches!(character, '\n' | '\r' | '\t')) {
        return defect("contains control characters");
    }
    Ok(value.to_owned())
}

/// A deliberately small check: one `@`, something on each side, a dot in the
/// domain. Real validation is the confirmation email, which is not ours to send.
pub fn email(value: &str) -> Checked<String> {
    let email = required_line(value, super::limits::EMAIL_LENGTH_MAX)?;
    let shaped = match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains('@')
        }
        None => false,
    };
    if !shaped || email.contains(char::is_whitespace) {
        return defect("is not an email address");
    }
    Ok(email)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_line_trims_and_rejects_blank() {
        assert_eq!(required_line("  Ana  ", 10).unwrap(), "Ana");
        assert!(required_line("   ", 10).is_err());
    }

    #[test]
    fn text_of_invisible_characters_alone_is_empty() {
        for text in ["\u{feff}", "\u{200b}", " \u{200b}\u{200d}\u{feff} ", "\u{2060}\u{00ad}", "\u{e0041}"] {
            assert!(is_blank(text), "{text:?}");
            assert!(required_line(text, 10).is_err(), "{text:?}");
        }
        assert!(!is_blank("A\u{200b}"));
        assert!(!is_blank("👩\u{200d}💻"));
    }

    #[test]
    fn the_limit_applies_to_the_text_as_sent_before_trimming() {
        assert!(required_line(&format!("\r{}", "a".repeat(5)), 5).is_err());
        assert!(optional_line(Some(&" ".repeat(6)), 5).is_err(), "blank, but longer than allowed");
        assert_eq!(optional_line(Some("  "), 5), Ok(None));
        assert_eq!(required_line(" ab ", 5), Ok("ab".to_owned()));
    }

    #[test]
    fn length_counts_characters_not_bytes() {
        assert!(required_line("ééééé", 5).is_ok());
        assert!(required_line("éééééé", 5).is_err());
    }

    #[test]
    fn emails_need_a_local_part_and_a_dotted_domain() {
        assert!(email("ana@example.com").is_ok());
        assert!(email("ana@localhost").is_err());
        assert!(email("@example.com").is_err());
        assert!(email("ana example@example.com").is_err());
    }
}
