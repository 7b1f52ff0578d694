//! PDF: the text layer, through `lopdf` (parsing, decryption with the empty
//! password, link annotations) and `pdf-extract` (every glyph with its
//! position and size, through its `OutputDev` hook). Glyphs become words,
//! words become lines in reading order (`reading_order`), lines keep their
//! page, position and size as hints.
//!
//! `pdf-extract` panics on purpose on odd files and can loop on hostile
//! ones. A panic is caught here; the time bound is the caller's (the service
//! runs this in a child process, see `isolated`).

use std::panic::{catch_unwind, AssertUnwindSafe};

use lopdf::{Document as PdfDocument, Object};
use pdf_extract::{MediaBox, OutputDev, OutputError, Transform};

use super::cid_widths::spell_out_cid_widths;
use super::document::{Document, Line};
use super::failure::ExtractionFailure;
use super::format::DocumentFormat;
use super::paragraphs::{join_wrapped_lines, LineBreaking};
use super::reading_order::{line_text, reading_order_in_blocks, PlacedWord};
use super::running_headers::without_running_headers;
use super::ExtractionLimits;

/// The widest gap (in font sizes) between a word and a glyph the producer
/// placed on its own that still leaves the glyph in the word.
const PLACED_ANEW_GAP_IN_SIZES_MAX: f32 = 0.05;

/// Spaces are glyphs on a page where at least one glyph in this many is one.
const SPACE_GLYPH_SHARE_DIVISOR: usize = 20;
/// A word set apart from the one before by position alone, by more than
/// this many font sizes, is set apart on purpose (a tab), not kerned.
const SET_APART_GAP_IN_SIZES_MIN: f32 = 0.1;

/// Glyphs read from one file at most: a bound on memory for hostile files.
const GLYPHS_MAX: usize = 2_000_000;

/// The `Creator` and `Producer` of the document's information dictionary,
/// as ASCII (a UTF-16 string's zero bytes dropped), or empty: which program
/// made the PDF, so how it broke its lines.
fn producer(pdf: &PdfDocument) -> String {
    let Ok(information) = pdf.trailer.get(b"Info").and_then(|info| pdf.dereference(info)).map(|(_, object)| object)
    else {
        return String::new();
    };
    let Ok(dictionary) = information.as_dict() else { return String::new() };
    [&b"Creator"[..], b"Producer"]
        .iter()
        .filter_map(|key| dictionary.get(key).ok())
        .filter_map(|value| value.as_str().ok())
        .map(|bytes| {
            bytes
                .iter()
                .filter(|byte| byte.is_ascii_graphic() || **byte == b' ')
                .map(|byte| char::from(*byte))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn extract(bytes: &[u8], limits: &ExtractionLimits) -> Result<Document, ExtractionFailure> {
    match catch_unwind(AssertUnwindSafe(|| extract_unguarded(bytes, limits))) {
        Ok(result) => result,
        Err(_) => {
            Err(ExtractionFailure::FileCorrupt("the PDF could not be read (its structure is not supported)".into()))
        }
    }
}

fn extract_unguarded(bytes: &[u8], limits: &ExtractionLimits) -> Result<Document, ExtractionFailure> {
    let mut pdf = load(bytes)?;
    spell_out_cid_widths(&mut pdf);
    let pages = pdf.get_pages();
    if pages.len() > limits.pages_max {
        return Err(ExtractionFailure::FileTooLarge(format!(
            "the PDF has {} pages; the limit is {}",
            pages.len(),
            limits.pages_max
        )));
    }
    let mut collector = GlyphCollector::default();
    pdf_extract::output_doc(&pdf, &mut collector).map_err(|error| match error {
        OutputError::PdfError(error) => ExtractionFailure::FileCorrupt(format!("the PDF cannot be read: {error}")),
        error => ExtractionFailure::FileCorrupt(format!("the PDF cannot be read: {error}")),
    })?;
    if collector.overflowed {
        return Err(ExtractionFailure::FileTooLarge(format!("the PDF holds more than {GLYPHS_MAX} characters")));
    }
    let mut document = Document::new(DocumentFormat::Pdf);
    document.pages = u32::try_from(pages.len()).unwrap_or(u32::MAX);
    if collector.glyphs.iter().all(|glyph| glyph.text.trim().is_empty()) {
        return Err(ExtractionFailure::PdfNoTextLayer(
            "the PDF has no text layer (a scan or images of text); send a PDF with selectable text, DOCX or plain text"
                .into(),
        ));
    }
    let line_breaking = LineBreaking::of_producer(&producer(&pdf));
    for page in 1..=document.pages {
        let words = words_of_page(collector.glyphs.iter().filter(|glyph| glyph.page == page));
        for placed in join_wrapped_lines(reading_order_in_blocks(words), line_breaking) {
            let first = &placed[0];
            document.lines.push(Line {
                text: line_text(&placed),
                page,
                top: first.top,
                left: first.left,
                font_size: placed.iter().map(|word| word.font_size).fold(0.0, f32::max),
                ..Line::default()
            });
        }
    }
    document.lines = without_running_headers(std::mem::take(&mut document.lines));
    for page_id in pages.values() {
        for target in link_targets(&pdf, *page_id) {
            document.add_link(&target);
        }
    }
    Ok(document)
}

fn load(bytes: &[u8]) -> Result<PdfDocument, ExtractionFailure> {
    // Many PDFs are encrypted only to restrict printing or copying, with an
    // empty password to open them; those are read. Others need a password.
    let encrypted =
        || ExtractionFailure::FileEncrypted("the PDF is password-protected; send it without a password".into());
    let pdf =
        PdfDocument::load_mem_with_options(bytes, lopdf::LoadOptions::with_password("")).map_err(
            |error| match error {
                lopdf::Error::Decryption(_) | lopdf::Error::AlreadyEncrypted | lopdf::Error::InvalidPassword => {
                    encrypted()
                }
                error => ExtractionFailure::FileCorrupt(format!("the PDF cannot be read: {error}")),
            },
        )?;
    if pdf.is_encrypted() {
        return Err(encrypted());
    }
    Ok(pdf)
}

/// URI targets of the page's link annotations. The annotations may be
/// written inline in the page's `/Annots` array (fpdf2 does) or be
/// references to objects (reportlab does): both are read.
fn link_targets(pdf: &PdfDocument, page_id: lopdf::ObjectId) -> Vec<String> {
    let resolve = |object: &'_ Object| -> Option<Object> {
        match object {
            Object::Reference(id) => pdf.get_object(*id).ok().cloned(),
            other => Some(other.clone()),
        }
    };
    let Ok(page) = pdf.get_dictionary(page_id) else { return Vec::new() };
    let Some(Object::Array(annotations)) = page.get(b"Annots").ok().and_then(&resolve) else {
        return Vec::new();
    };
    annotations
        .iter()
        .filter_map(|annotation| match resolve(annotation)? {
            Object::Dictionary(annotation) => Some(annotation),
            _ => None,
        })
        .filter(|annotation| annotation.get(b"Subtype").and_then(Object::as_name).is_ok_and(|name| name == b"Link"))
        .filter_map(|annotation| {
            let action = match resolve(annotation.get(b"A").ok()?)? {
                Object::Dictionary(action) => action,
                _ => return None,
            };
            match resolve(action.get(b"URI").ok()?)? {
                Object::String(bytes, _) => Some(String::from_utf8_lossy(&bytes).into_owned()),
                _ => None,
            }
        })
        .collect()
}

#[derive(Debug)]
struct Glyph {
    page: u32,
    left: f32,
    /// Baseline, from the top of the page.
    baseline: f32,
    advance: f32,
    size: f32,
    text: String,
    /// The content moved the text position before this glyph (`Td`, `Tm`,
    /// `TD`, `T*`): the producer placed it on its own, as LibreOffice
    /// places the text after a tab, which may land a hair from the text
    /// before it with no space glyph between.
    placed_anew: bool,
}

#[derive(Default)]
struct GlyphCollector {
    page: u32,
    /// The text position moved since the last glyph.
    repositioned: bool,
    page_left: f64,
    page_top: f64,
    glyphs: Vec<Glyph>,
    overflowed: bool,
}

impl OutputDev for GlyphCollector {
    fn begin_page(
        &mut self,
        page: u32,
        media_box: &MediaBox,
        _: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), OutputError> {
        self.page = page;
        self.page_left = media_box.llx;
        self.page_top = media_box.ury;
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &Transform,
        width: f64,
        _spacing: f64,
        font_size: f64,
        text: &str,
    ) -> Result<(), OutputError> {
        if self.glyphs.len() >= GLYPHS_MAX {
            self.overflowed = true;
            return Ok(());
        }
        // The glyph's size in page space: the side of the square with the
        // area of its transformed em box (as pdf-extract's own text output).
        let scaled_x = font_size * trm.m11 + font_size * trm.m21;
        let scaled_y = font_size * trm.m12 + font_size * trm.m22;
        let size = (scaled_x * scaled_y).abs().sqrt();
        if !size.is_finite() || !trm.m31.is_finite() || !trm.m32.is_finite() {
            return Ok(());
        }
        self.glyphs.push(Glyph {
            page: self.page,
            left: (trm.m31 - self.page_left) as f32,
            baseline: (self.page_top - trm.m32) as f32,
            advance: (width * size) as f32,
            size: size as f32,
            text: text.to_owned(),
            placed_anew: std::mem::take(&mut self.repositioned),
        });
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), OutputError> {
        self.repositioned = true;
        Ok(())
    }
}

/// Glyphs in content order become words: a word ends at a space, a jump
/// back or to another baseline, or a gap wider than a fraction of the size.
fn words_of_page<'a>(glyphs: impl Iterator<Item = &'a Glyph>) -> Vec<PlacedWord> {
    let glyphs: Vec<&Glyph> = glyphs.collect();
    // Most producers write the spaces between words as glyphs; pdfTeX, for
    // one, moves the pen instead. Only where spaces are glyphs does a word
    // set apart by position alone tell of a tab.
    let space_count = glyphs.iter().filter(|glyph| is_space(glyph)).count();
    let spaces_are_glyphs = space_count * SPACE_GLYPH_SHARE_DIVISOR >= glyphs.len() && space_count > 0;
    let mut words: Vec<PlacedWord> = Vec::new();
    let mut current: Option<PlacedWord> = None;
    let mut space_since_last_word = false;
    for glyph in glyphs {
        let size = glyph.size.max(1.0);
        let continues = current.as_ref().is_some_and(|word| {
            let gap = glyph.left - word.right;
            // A glyph placed on its own, apart from the word, starts a
            // word of its own; a producer that repositions inside a word
            // places the glyph where the word ends.
            let gap_max = if glyph.placed_anew { size * PLACED_ANEW_GAP_IN_SIZES_MAX } else { size * 0.15 };
            on_baseline_of(word, glyph) && gap <= gap_max && gap >= -size * 0.5
        });
        if !continues {
            words.extend(current.take().filter(|word| !word.text.is_empty()));
        }
        if is_space(glyph) {
            words.extend(current.take().filter(|word| !word.text.is_empty()));
            space_since_last_word = true;
            continue;
        }
        let word = current.get_or_insert_with(|| {
            let set_apart = spaces_are_glyphs
                && !space_since_last_word
                && words.last().is_some_and(|previous| {
                    on_baseline_of(previous, glyph) && glyph.left - previous.right > size * SET_APART_GAP_IN_SIZES_MIN
                });
            space_since_last_word = false;
            PlacedWord {
                text: String::new(),
                left: glyph.left,
                right: glyph.left,
                top: glyph.baseline - size * 0.8,
                bottom: glyph.baseline + size * 0.2,
                font_size: size,
                set_apart,
            }
        });
        word.text.push_str(&glyph.text);
        word.right = word.right.max(glyph.left + glyph.advance);
        word.font_size = word.font_size.max(size);
    }
    words.extend(current.filter(|word| !word.text.is_empty()));
    words
}

fn is_space(glyph: &Glyph) -> bool {
    glyph.text.chars().all(char::is_whitespace)
}

fn on_baseline_of(word: &PlacedWord, glyph: &Glyph) -> bool {
    let size = glyph.size.max(1.0);
    ((word.bottom - size * 0.2) - glyph.baseline).abs() <= size * 0.4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_with_a_pdf_signature_is_a_corrupt_file() {
        let result = extract(b"%PDF-1.7\nthis is not a pdf at all", &ExtractionLimits::default());
        assert_eq!(result.unwrap_err().code(), "file_corrupt");
    }

    /// A 10 pt glyph 6 pt wide on the baseline at 100 pt.
    fn glyph_placed(text: &str, left: f32, placed_anew: bool) -> Glyph {
        Glyph { page: 1, left, baseline: 100.0, advance: 6.0, size: 10.0, text: text.into(), placed_anew }
    }

    #[test]
    fn glyphs_become_words_split_at_spaces_and_gaps() {
        let glyph = |text: &str, left: f32| glyph_placed(text, left, false);
        let glyphs = [
            glyph("A", 10.0),
            glyph("n", 16.0),
            glyph("a", 22.0),
            glyph(" ", 28.0),
            glyph("R", 34.0),
            glyph("u", 40.0),
            glyph("X", 200.0),
        ];
        let words = words_of_page(glyphs.iter());
        let texts: Vec<&str> = words.iter().map(|word| word.text.as_str()).collect();
        assert_eq!(texts, ["Ana", "Ru", "X"]);
    }

    #[test]
    fn a_glyph_placed_on_its_own_a_little_apart_starts_a_word_and_one_placed_where_the_word_ends_does_not() {
        let glyph = glyph_placed;
        // `IT` then, after a tab that ended 1 pt on, `Co`; `rv` repositioned
        // exactly where `Co` ends (a producer's kerning), and `a` after a plain 1 pt gap.
        let glyphs = [
            glyph("I", 10.0, false),
            glyph("T", 16.0, false),
            glyph("C", 23.0, true),
            glyph("o", 29.0, false),
            glyph("r", 35.0, true),
            glyph("v", 41.0, false),
            glyph("a", 48.0, false),
        ];
        let words = words_of_page(glyphs.iter());
        let texts: Vec<&str> = words.iter().map(|word| word.text.as_str()).collect();
        assert_eq!(texts, ["IT", "Corva"]);
    }
}
