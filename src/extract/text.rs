//! Plain text: UTF-8 (with or without a byte-order mark), UTF-16 with a
//! byte-order mark, and Windows-1252 for the older files that are neither.
//! Binary data that slipped past format detection is refused rather than
//! decoded into noise.
//!
//! It also mends how text arrived, for every format's lines: UTF-8 that
//! was once read as Windows-1252, and the marks of an e-mail reply's quote.
//! Both are about the text, not the file it came in: such text is pasted
//! into Word as often as into a text file.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

use super::document::{Document, Line};
use super::failure::ExtractionFailure;
use super::format::DocumentFormat;

/// Fewer quoted lines than this are no quoted message.
const QUOTED_LINES_MIN: usize = 5;
/// Above this share of control characters the bytes are not text.
const CONTROL_CHARACTERS_SHARE_MAX: f64 = 0.05;

pub fn decode(bytes: &[u8]) -> Result<String, ExtractionFailure> {
    let text = match Encoding::for_bom(bytes) {
        Some((encoding, bom_length)) if encoding == UTF_8 => lossless(UTF_8, &bytes[bom_length..])?,
        Some((encoding, bom_length)) if encoding == UTF_16LE || encoding == UTF_16BE => {
            lossless(encoding, &bytes[bom_length..])?
        }
        _ => match std::str::from_utf8(bytes) {
            Ok(text) => text.to_owned(),
            // Windows-1252 maps every byte, so only the control check below
            // can tell text from binary here.
            Err(_) => WINDOWS_1252.decode_without_bom_handling(bytes).0.into_owned(),
        },
    };
    let characters = text.chars().count().max(1);
    let controls = text
        .chars()
        .filter(|character| character.is_control() && !matches!(character, '\n' | '\r' | '\t' | '\x0c'))
        .count();
    if controls as f64 / characters as f64 > CONTROL_CHARACTERS_SHARE_MAX {
        return Err(ExtractionFailure::UnsupportedFormat(
            "the file is binary data, not PDF, DOCX or plain text".into(),
        ));
    }
    Ok(text)
}

fn lossless(encoding: &'static Encoding, bytes: &[u8]) -> Result<String, ExtractionFailure> {
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    if had_errors {
        return Err(ExtractionFailure::FileCorrupt(format!("the text is not valid {}", encoding.name())));
    }
    Ok(text.into_owned())
}

pub fn extract(bytes: &[u8]) -> Result<Document, ExtractionFailure> {
    let text = decode(bytes)?;
    let mut document = Document::new(DocumentFormat::Text);
    for line in text.split('\n') {
        document.push_text(line.strip_suffix('\r').unwrap_or(line).replace('\x0c', ""));
    }
    Ok(document)
}

/// `line` with UTF-8 that was once read as Windows-1252 read again as what
/// it was: `â€“` is `–`, `â€¢` is `•`, `Ã©` is `é`, as text pasted through
/// a tool that guessed the wrong encoding arrives. Each run of characters
/// outside ASCII is tried alone, so a line that also holds real accents
/// keeps them: a run is replaced only when its Windows-1252 bytes are valid
/// UTF-8, which text written in either encoding almost never is by chance.
/// Every format's lines go through it: such text is pasted into Word too.
pub(super) fn without_mojibake(line: &str) -> Cow<'_, str> {
    // Every such run starts with a character that a UTF-8 lead byte reads as.
    if !line.contains(['â', 'Ã', 'Â', 'Å', 'Ä', 'Ð', 'Ñ', 'ð']) {
        return Cow::Borrowed(line);
    }
    let mut repaired = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find(|character: char| !character.is_ascii()) {
        repaired.push_str(&rest[..start]);
        let run_length = rest[start..].find(|character: char| character.is_ascii()).unwrap_or(rest.len() - start);
        let run = &rest[start..start + run_length];
        let (bytes, _, unmappable) = WINDOWS_1252.encode(run);
        match std::str::from_utf8(&bytes) {
            Ok(original) if !unmappable && bytes.len() > 1 => repaired.push_str(original),
            _ => repaired.push_str(run),
        }
        rest = &rest[start + run_length..];
    }
    repaired.push_str(rest);
    Cow::Owned(repaired)
}

/// Bullets that Word and LibreOffice draw from the Symbol and Wingdings
/// fonts reach a PDF's text as characters of Unicode's private use area
/// (U+F0B7 is Symbol's bullet): the parser knows `•`.
const PRIVATE_USE_BULLETS: [char; 8] =
    ['\u{f0b7}', '\u{f0a7}', '\u{f0a8}', '\u{f06c}', '\u{f06e}', '\u{f076}', '\u{f0d8}', '\u{f0fc}'];

/// `line` with a private-use bullet at its start written as `•`.
pub(super) fn with_standard_bullet(line: &mut String) {
    let indent = line.len() - line.trim_start().len();
    if let Some(first) = line[indent..].chars().next().filter(|first| PRIVATE_USE_BULLETS.contains(first)) {
        line.replace_range(indent..indent + first.len_utf8(), "•");
    }
}

/// Lines quoted by an e-mail reply (`> LUIS M. ARELLANO`, `>` alone between
/// paragraphs) without their marks: a resume pasted into a message and
/// forwarded arrives so. Only where some quoted line is empty, which a list
/// bulleted with `>` never has, so such bullets stay.
pub(super) fn without_email_quoting(lines: &mut [Line]) {
    let is_empty_quote = |text: &str| {
        let trimmed = text.trim();
        !trimmed.is_empty() && trimmed.chars().all(|character| character == '>' || character == ' ')
    };
    let quoted = lines.iter().filter(|line| line.text.trim_start().starts_with('>')).count();
    if quoted < QUOTED_LINES_MIN || !lines.iter().any(|line| is_empty_quote(&line.text)) {
        return;
    }
    for line in lines.iter_mut().filter(|line| line.text.trim_start().starts_with('>')) {
        let unquoted = line.text.trim_start().trim_start_matches(['>', ' ']);
        line.text = unquoted.to_owned();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_a_byte_order_mark() {
        assert_eq!(decode("Zoë Ångström".as_bytes()).unwrap(), "Zoë Ångström");
        assert_eq!(decode(b"\xef\xbb\xbfAna").unwrap(), "Ana");
    }

    #[test]
    fn utf16_with_a_byte_order_mark_in_either_order() {
        let little: Vec<u8> =
            [0xFF, 0xFE].into_iter().chain("José\n".encode_utf16().flat_map(u16::to_le_bytes)).collect();
        assert_eq!(decode(&little).unwrap(), "José\n");
        let big: Vec<u8> = [0xFE, 0xFF].into_iter().chain("José\n".encode_utf16().flat_map(u16::to_be_bytes)).collect();
        assert_eq!(decode(&big).unwrap(), "José\n");
    }

    #[test]
    fn utf8_once_read_as_windows_1252_is_read_as_what_it_was() {
        assert_eq!(without_mojibake("Mar 2021 â€“ Present"), "Mar 2021 – Present");
        assert_eq!(without_mojibake("â€¢ Ran revenue calls Â· weekly"), "• Ran revenue calls · weekly");
        assert_eq!(without_mojibake("RenÃ©e MÃ¼ller, cafÃ©"), "Renée Müller, café");
        // Real accents beside a repaired run stay as they are.
        assert_eq!(without_mojibake("José Ñúñez â€” Mérida"), "José Ñúñez — Mérida");
        assert_eq!(without_mojibake("Ångström · Åsa"), "Ångström · Åsa");
    }

    #[test]
    fn a_resume_quoted_in_an_email_reply_is_read_without_the_marks() {
        let text = "On Tue, Oct 13, 2026 at 6:52 AM Luis <luis@example.net> wrote:\n> Brent,\n>\n> LUIS M. ARELLANO\n\
                    > Roofing Foreman\n>\n> EXPERIENCE\n>> Front Range Roofing - Denver, CO\n";
        let mut document = extract(text.as_bytes()).unwrap();
        without_email_quoting(&mut document.lines);
        let texts: Vec<&str> = document.lines.iter().map(|line| line.text.as_str()).collect();
        assert_eq!(
            texts[..8],
            [
                "On Tue, Oct 13, 2026 at 6:52 AM Luis <luis@example.net> wrote:",
                "Brent,",
                "",
                "LUIS M. ARELLANO",
                "Roofing Foreman",
                "",
                "EXPERIENCE",
                "Front Range Roofing - Denver, CO"
            ]
        );
        // Fewer quoted lines than a message holds are no message.
        let mut short = extract("> Led a crew\n>\n> Ran bids\n".as_bytes()).unwrap();
        without_email_quoting(&mut short.lines);
        assert_eq!(short.lines[0].text, "> Led a crew");
        // A list bulleted with `>` has no empty quoted line: it stays.
        let mut bullets =
            extract("> Led a crew\n> Ran bids\n> Trained roofers\n> Kept logs\n> Cut waste\n".as_bytes()).unwrap();
        without_email_quoting(&mut bullets.lines);
        assert_eq!(bullets.lines[0].text, "> Led a crew");
    }

    #[test]
    fn a_bullet_drawn_from_the_symbol_font_is_written_as_a_bullet() {
        let mut line = "\u{f0b7} Manage 140 pro accounts".to_owned();
        with_standard_bullet(&mut line);
        assert_eq!(line, "• Manage 140 pro accounts");
        let mut indented = "   \u{f0a7}\tNested item".to_owned();
        with_standard_bullet(&mut indented);
        assert_eq!(indented, "   •\tNested item");
        let mut inside = "Skills \u{f0b7} Excel".to_owned();
        with_standard_bullet(&mut inside);
        assert_eq!(inside, "Skills \u{f0b7} Excel", "only a line's first character is its bullet");
    }

    #[test]
    fn windows_1252_when_the_bytes_are_not_utf8() {
        assert_eq!(decode(b"Ren\xe9e M\xfcller \x96 Caf\xe9").unwrap(), "Renée Müller – Café");
    }

    #[test]
    fn binary_is_not_text() {
        let binary: Vec<u8> = (0u8..=255).cycle().take(4096).collect();
        assert_eq!(decode(&binary).unwrap_err().code(), "unsupported_format");
    }

    #[test]
    fn lines_lose_their_carriage_returns() {
        let document = extract(b"Ana\r\nana@example.com\r\n").unwrap();
        assert_eq!(document.lines[0].text, "Ana");
        assert_eq!(document.lines[1].text, "ana@example.com");
    }
}
