//! Why the engine refused a resume. Each error has a stable machine-readable
//! code (for API responses and logs, which must not change when a message is
//! reworded) and a message a person can act on.

use super::RESUME_TEXT_BYTES_MAX;
use crate::domain::pipeline_failure::PipelineFailure;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    #[error("the resume is empty: it contains no text")]
    EmptyResume,
    #[error("the resume is {size_bytes} bytes; the limit is {size_bytes_max} bytes", size_bytes_max = RESUME_TEXT_BYTES_MAX)]
    TooLarge { size_bytes: usize },
    #[error(
        "the resume does not look like plain text: {binary_characters} of its {characters} characters are control \
         or replacement characters (is it a binary file such as a PDF?)"
    )]
    NotText { binary_characters: usize, characters: usize },
}

impl EngineError {
    /// A stable code that callers may match on.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::EmptyResume => PipelineFailure::EmptyResume,
            EngineError::TooLarge { .. } => PipelineFailure::ResumeTooLarge,
            EngineError::NotText { .. } => PipelineFailure::ResumeNotText,
        }
        .code()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable_screaming_snake_case() {
        assert_eq!(EngineError::EmptyResume.code(), "EMPTY_RESUME");
        assert_eq!(EngineError::TooLarge { size_bytes: 1 }.code(), "RESUME_TOO_LARGE");
        assert_eq!(EngineError::NotText { binary_characters: 1, characters: 2 }.code(), "RESUME_NOT_TEXT");
    }

    #[test]
    fn too_large_message_names_size_and_limit() {
        let message = EngineError::TooLarge { size_bytes: 3_000_000 }.to_string();
        assert_eq!(message, "the resume is 3000000 bytes; the limit is 2097152 bytes");
    }
}
