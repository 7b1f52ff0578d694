//! Why an extraction failed, as a stable machine-readable code (the pipeline
//! records it on the application) and a message for people.

use serde::{Deserialize, Serialize};

use crate::domain::pipeline_failure::PipelineFailure;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ExtractionFailure {
    /// Not PDF, DOCX or text: an image, a legacy `.doc`, a zip of something else…
    #[error("{0}")]
    UnsupportedFormat(String),
    /// The file claims a format but its structure is broken.
    #[error("{0}")]
    FileCorrupt(String),
    /// Password-protected: nothing can be read without the password.
    #[error("{0}")]
    FileEncrypted(String),
    /// A PDF whose pages are images (a scan) with no text to read.
    #[error("{0}")]
    PdfNoTextLayer(String),
    /// Over a size bound: the file, its decompressed parts, or its pages.
    #[error("{0}")]
    FileTooLarge(String),
    /// The extraction ran past its time bound and was stopped.
    #[error("{0}")]
    ExtractionTimeout(String),
    /// The file was read but holds no text.
    #[error("{0}")]
    NoTextFound(String),
}

impl ExtractionFailure {
    /// The reason clients read, stable across versions.
    pub fn code(&self) -> &'static str {
        match self {
            ExtractionFailure::UnsupportedFormat(_) => PipelineFailure::UnsupportedFormat,
            ExtractionFailure::FileCorrupt(_) => PipelineFailure::FileCorrupt,
            ExtractionFailure::FileEncrypted(_) => PipelineFailure::FileEncrypted,
            ExtractionFailure::PdfNoTextLayer(_) => PipelineFailure::PdfNoTextLayer,
            ExtractionFailure::FileTooLarge(_) => PipelineFailure::FileTooLarge,
            ExtractionFailure::ExtractionTimeout(_) => PipelineFailure::ExtractionTimeout,
            ExtractionFailure::NoTextFound(_) => PipelineFailure::NoTextFound,
        }
        .code()
    }
}
