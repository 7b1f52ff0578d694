//! Why a pipeline failed: the codes `pipeline.reason` starts with
//! (`file_corrupt: …`). Clients match on them, so they are one list, here,
//! and README's table lists each (a test checks it). Extraction's codes are
//! lower case and the engine's and the service's upper case, as they have
//! been since they were first published.

/// One reason a pipeline ended `failed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PipelineFailure {
    /// Not PDF, DOCX or text.
    UnsupportedFormat,
    /// The file claims a format but its structure is broken.
    FileCorrupt,
    /// Password-protected.
    FileEncrypted,
    /// A PDF of images with no text layer.
    PdfNoTextLayer,
    /// Over the file-size, decompressed-size or page bound.
    FileTooLarge,
    /// Extraction ran past its time bound.
    ExtractionTimeout,
    /// The file holds no text.
    NoTextFound,
    /// The extracted text is empty.
    EmptyResume,
    /// The extracted text is over the engine's bound.
    ResumeTooLarge,
    /// The text is mostly control or replacement characters.
    ResumeNotText,
    /// The stored resume file could not be read back.
    ResumeUnavailable,
    /// The engine failed on this resume; the failure was logged.
    EnginePanic,
    /// The result could not be encoded for storage.
    EncodeFailed,
}

impl PipelineFailure {
    pub const ALL: [PipelineFailure; 13] = [
        PipelineFailure::UnsupportedFormat,
        PipelineFailure::FileCorrupt,
        PipelineFailure::FileEncrypted,
        PipelineFailure::PdfNoTextLayer,
        PipelineFailure::FileTooLarge,
        PipelineFailure::ExtractionTimeout,
        PipelineFailure::NoTextFound,
        PipelineFailure::EmptyResume,
        PipelineFailure::ResumeTooLarge,
        PipelineFailure::ResumeNotText,
        PipelineFailure::ResumeUnavailable,
        PipelineFailure::EnginePanic,
        PipelineFailure::EncodeFailed,
    ];

    /// The code, stable across versions.
    pub fn code(self) -> &'static str {
        match self {
            PipelineFailure::UnsupportedFormat => "unsupported_format",
            PipelineFailure::FileCorrupt => "file_corrupt",
            PipelineFailure::FileEncrypted => "file_encrypted",
            PipelineFailure::PdfNoTextLayer => "pdf_no_text_layer",
            PipelineFailure::FileTooLarge => "file_too_large",
            PipelineFailure::ExtractionTimeout => "extraction_timeout",
            PipelineFailure::NoTextFound => "no_text_found",
            PipelineFailure::EmptyResume => "EMPTY_RESUME",
            PipelineFailure::ResumeTooLarge => "RESUME_TOO_LARGE",
            PipelineFailure::ResumeNotText => "RESUME_NOT_TEXT",
            PipelineFailure::ResumeUnavailable => "RESUME_UNAVAILABLE",
            PipelineFailure::EnginePanic => "ENGINE_PANIC",
            PipelineFailure::EncodeFailed => "ENCODE_FAILED",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct() {
        let mut codes: Vec<&str> = PipelineFailure::ALL.iter().map(|failure| failure.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), PipelineFailure::ALL.len());
    }

    #[test]
    fn readme_lists_every_code_in_its_table() {
        let readme = include_str!("../../README.md");
        for failure in PipelineFailure::ALL {
            let row = format!("| `{}` |", failure.code());
            assert!(readme.contains(&row), "README's pipeline failure table has no row for {}", failure.code());
        }
    }
}
