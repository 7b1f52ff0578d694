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

/// Accepts `text` or says why it cannot be parsed. The size check comes first
/// so that an oversized input is never scanned.
pub(crate) fn validate_text(text: &str) -> Result<(), EngineError> {
    if text.len() > RESUME_TEXT_BYTES_MAX {
        return Err(EngineError::TooLarge { size_bytes: text.len() });
    }
    if text.trim().is_empty() {
        return Err(EngineError::EmptyResume);
    }
    let (characters, binary_characters) = count_characters(text);
    if binary_characters * 100 > characters * BINARY_CHARACTERS_PERCENT_MAX {
        return Err(EngineError::NotText { binary_characters, characters });
    }
    Ok(())
}

/// Bytes counted at a time in `count_characters`: at most `u8::MAX`.
const COUNT_CHUNK_BYTES: usize = 255;

/// The characters of `text` and how many of them are binary, counted on
/// bytes: every resume is validated, and byte loops vectorise. A character
/// is a byte that does not continue another; the binary ones are the ASCII
/// controls, the C1 controls (`C2 80` to `C2 9F`) and U+FFFD (`EF BF BD`).
fn count_characters(text: &str) -> (usize, usize) {
    let bytes = text.as_bytes();
    // The ASCII controls but line breaks and tabs, as plain comparisons so
    // that the loop vectorises.
    let is_binary_byte = |byte: u8| (byte < 0x20 && !matches!(byte, b'\n' | b'\r' | b'\t')) || byte == 0x7F;
    // One pass, in chunks whose counts fit a byte: the compiler turns the
    // inner loop into vector additions, which it would not do for `usize`
    // counts over the whole text.
    let (mut characters, mut ascii_binary) = (0, 0);
    for chunk in bytes.chunks(COUNT_CHUNK_BYTES) {
        let (mut chunk_characters, mut chunk_binary) = (0u8, 0u8);
        for byte in chunk {
            chunk_characters += u8::from((*byte & 0xC0) != 0x80);
            chunk_binary += u8::from(is_binary_byte(*byte));
        }
        characters += usize::from(chunk_characters);
        ascii_binary += usize::from(chunk_binary);
    }
    let multibyte_binary = if text.is_ascii() {
        0
    } else {
        memchr::memchr2_iter(0xC2, 0xEF, bytes)
            .filter(|index| match &bytes[*index..] {
                [0xC2, second, ..] => (0x80..=0x9F).contains(second),
                [0xEF, 0xBF, 0xBD, ..] => true,
                _ => false,
            })
            .count()
    };
    (characters, ascii_binary + multibyte_binary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule `count_characters` reads from bytes, one character at a time.
    fn is_binary_character(character: char) -> bool {
        (character.is_control() && !matches!(character, '\n' | '\r' | '\t')) || character == char::REPLACEMENT_CHARACTER
    }

    proptest::proptest! {
        #[test]
        fn counting_bytes_agrees_with_counting_characters(text in "[a\\n\\t\u{0}\u{1b}\u{7f}\u{80}\u{9f}\u{a0}\u{fffd}\u{fffc}é日]{0,600}") {
            let binary = text.chars().filter(|character| is_binary_character(*character)).count();
            proptest::prop_assert_eq!(count_characters(&text), (text.chars().count(), binary));
        }
    }

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
