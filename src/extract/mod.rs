//! Extraction: from the bytes of an uploaded resume (PDF, DOCX or plain
//! text) to a `Document` of lines with layout hints, or a machine-readable
//! reason why not. It is its own module, apart from the engine, because it is
//! the part that touches hostile binary formats: the engine stays pure text
//! rules, and this module owns every bound (file size, decompressed size,
//! pages) and every failure reason.
//!
//! The format is detected from the bytes (`format`), never trusted from a
//! file name or a content type. Plain text and DOCX are read by our own code,
//! linear in bounded input; PDF goes through third-party crates that panic on
//! odd files and can loop, so the service runs PDF extraction in a child
//! process with a time bound (`isolated`).
//!
//! - `document`: the line model every format produces;
//! - `failure`: the reasons an extraction fails, with stable codes;
//! - `format`, `text`, `docx`, `pdf`, `reading_order`: one file per concern.

mod cid_widths;
pub mod document;
pub mod docx;
pub mod failure;
pub mod format;
pub mod isolated;
mod paragraphs;
pub mod pdf;
pub mod reading_order;
mod running_headers;
pub mod text;

use std::borrow::Cow;

pub use document::{Document, Line};
pub use failure::ExtractionFailure;
pub use format::{detect_format, DocumentFormat};

/// Bounds on what one extraction may read. Settings of the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtractionLimits {
    /// Largest file accepted, in bytes.
    pub file_bytes_max: usize,
    /// Largest total of decompressed bytes (DOCX parts, PDF streams).
    pub decompressed_bytes_max: usize,
    /// Most pages a PDF may have.
    pub pages_max: usize,
    /// Longest an isolated extraction may run before it is stopped.
    pub timeout_milliseconds: u64,
}

pub const DEFAULT_FILE_BYTES_MAX: usize = 10 * 1024 * 1024;
pub const DEFAULT_DECOMPRESSED_BYTES_MAX: usize = 64 * 1024 * 1024;
pub const DEFAULT_PAGES_MAX: usize = 30;
pub const DEFAULT_TIMEOUT_MILLISECONDS: u64 = 10_000;

impl Default for ExtractionLimits {
    fn default() -> Self {
        Self {
            file_bytes_max: DEFAULT_FILE_BYTES_MAX,
            decompressed_bytes_max: DEFAULT_DECOMPRESSED_BYTES_MAX,
            pages_max: DEFAULT_PAGES_MAX,
            timeout_milliseconds: DEFAULT_TIMEOUT_MILLISECONDS,
        }
    }
}

/// Extracts in this process, whatever the format. The service isolates PDF
/// (see `isolated::extract_bounded`); this is what the isolated worker, the
/// benches and the tests call.
pub fn extract_in_process(bytes: &[u8], limits: &ExtractionLimits) -> Result<Document, ExtractionFailure> {
    if bytes.len() > limits.file_bytes_max {
        return Err(ExtractionFailure::FileTooLarge(format!(
            "the file is {} bytes; the limit is {}",
            bytes.len(),
            limits.file_bytes_max
        )));
    }
    let mut document = match detect_format(bytes)? {
        DocumentFormat::Pdf => pdf::extract(bytes, limits)?,
        DocumentFormat::Docx => docx::extract(bytes, limits)?,
        DocumentFormat::Text => text::extract(bytes)?,
    };
    for line in &mut document.lines {
        if let Cow::Owned(repaired) = text::without_mojibake(&line.text) {
            line.text = repaired;
        }
        text::with_standard_bullet(&mut line.text);
    }
    text::without_email_quoting(&mut document.lines);
    if document.lines.iter().all(|line| line.text.trim().is_empty()) {
        return Err(ExtractionFailure::NoTextFound("the file holds no text".into()));
    }
    Ok(document)
}
