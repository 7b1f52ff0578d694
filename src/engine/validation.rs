//! The checks a text must pass before it is parsed.
//!
//! Oversized input is rejected rather than truncated, because a truncated
//! resume would be scored as if the candidate had left things out. Binary
//! files (a PDF uploaded as text, say) show up as control characters, or as
//! U+FFFD replacement characters when the bytes were decoded lossily; both
//! count against the text, while `\n`, `\r` and `\t` are ordinary text.

use super::{EngineError, RESUME_TEXT_BYTES_MAX};

/// Above this share of binary characters the text is not a resume.
const BINARY_CHARACTERS_PERCENT_MAX: usize = 10;

fn is_binary_character(character: char) -> bool {
    (character.is_control() && !matches!(character, '\n' | '\r' | '\t')) || character == char::REPLACEMENT_CHARACTER
}

/// Accepts `text` or says why it cannot be parsed. The size check comes first
/// so that an oversized input is never scanned.
pub(crate) fn validate_text(text: &str) -> Result<(), EngineError> {
    if text.len() > RESUME_TEXT_BYTES_MAX {
        return Err(EngineError::TooLarge { size_bytes: text.len() });
    }
    if text.trim().is_empty() {
        return Err(EngineError::EmptyResume);
    }
    let characters = text.chars().count();
    let binary_characters = text.chars().filter(|character| is_binary_character(*character)).count();
    if binary_characters * 100 > characters * BINARY_CHARACTERS_PERCENT_MAX {
        return Err(EngineError::NotText { binary_characters, characters });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_whitespace_only_text_is_rejected() {
        assert_eq!(validate_text(""), Err(EngineError::EmptyResume));
        assert_eq!(validate_text(" \n\t\r\n "), Err(EngineError::EmptyResume));
    }

    #[test]
    fn text_over_the_limit_is_rejected_with_its_size() {
        let text = "a".repeat(RESUME_TEXT_BYTES_MAX + 1);
        assert_eq!(validate_text(&text), Err(EngineError::TooLarge { size_bytes: RESUME_TEXT_BYTES_MAX + 1 }));
    }

    #[test]
    fn text_at_the_limit_is_accepted() {
        assert_eq!(validate_text(&"a".repeat(RESUME_TEXT_BYTES_MAX)), Ok(()));
    }

    #[test]
    fn more_than_ten_percent_control_characters_is_not_text() {
        let text = format!("{}{}", "a".repeat(89), "\u{0}".repeat(11));
        assert_eq!(validate_text(&text), Err(EngineError::NotText { binary_characters: 11, characters: 100 }));
    }

    #[test]
    fn exactly_ten_percent_control_characters_is_still_text() {
        let text = format!("{}{}", "a".repeat(90), "\u{7}".repeat(10));
        assert_eq!(validate_text(&text), Ok(()));
    }

    #[test]
    fn line_breaks_and_tabs_are_text() {
        assert_eq!(validate_text("a\n\n\n\r\n\t\t\tb"), Ok(()));
    }

    #[test]
    fn replacement_characters_count_as_binary() {
        let text = format!("%PDF{}", "\u{FFFD}".repeat(10));
        assert!(matches!(validate_text(&text), Err(EngineError::NotText { .. })));
    }
}
