//! Where keywords occur in a resume: how often, and in which sections.
//!
//! The text is split into sections and read once per scoring run, and all
//! keywords are found in a single pass over its tokens; each occurrence
//! is then placed in its section by binary search on byte offsets. So scoring
//! stays linear in the length of the text however many keywords a job has.

use super::sections::{SectionKind, SectionStarts};
use super::text::{find_phrases, tokenize, Tokens};

/// The occurrences of one keyword.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct KeywordMatches {
    pub occurrences: u32,
    /// Sections with at least one occurrence, distinct, in document order.
    pub found_in: Vec<SectionKind>,
}

impl KeywordMatches {
    pub(crate) fn is_found(&self) -> bool {
        self.occurrences > 0
    }
}

/// Finds each keyword in `text` as a whole word or phrase, case-insensitively;
/// one result per keyword, in the same order. `sections` are the text's.
pub(crate) fn find_keywords(text: &str, sections: &SectionStarts, keywords: &[&str]) -> Vec<KeywordMatches> {
    if keywords.is_empty() {
        return Vec::new();
    }
    let phrases: Vec<Tokens> = keywords.iter().map(|keyword| tokenize(keyword)).collect();
    find_phrases(text, &phrases)
        .into_iter()
        .map(|start_bytes| {
            let mut found_in: Vec<SectionKind> = Vec::new();
            for start_byte in &start_bytes {
                let kind = sections.kind_at(*start_byte);
                if !found_in.contains(&kind) {
                    found_in.push(kind);
                }
            }
            KeywordMatches { occurrences: u32::try_from(start_bytes.len()).unwrap_or(u32::MAX), found_in }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(text: &str, keyword: &str) -> KeywordMatches {
        find_keywords(text, &SectionStarts::of_text(text), &[keyword]).remove(0)
    }

    const RESUME: &str = "Jane Doe, Rust fan\nSummary\nI like Rust.\nSkills\nRust, Go\nExperience\nWrote Rust and Go.";

    #[test]
    fn counts_occurrences_and_lists_sections_in_document_order() {
        let matches = find(RESUME, "rust");
        assert_eq!(matches.occurrences, 4);
        assert_eq!(
            matches.found_in,
            [SectionKind::Header, SectionKind::Summary, SectionKind::Skills, SectionKind::Experience]
        );
    }

    #[test]
    fn keyword_only_in_summary_is_found_in_the_summary_only() {
        let matches = find("Summary\nKeen on Kubernetes\nSkills\nRust", "kubernetes");
        assert_eq!(matches.found_in, [SectionKind::Summary]);
    }

    #[test]
    fn resume_without_headings_reports_body() {
        assert_eq!(find("Rust developer", "Rust").found_in, [SectionKind::Body]);
    }

    #[test]
    fn missing_keyword_is_not_found() {
        let matches = find(RESUME, "Kubernetes");
        assert_eq!(matches, KeywordMatches::default());
        assert!(!matches.is_found());
    }

    #[test]
    fn returns_one_result_per_keyword_in_order() {
        let found: Vec<u32> = find_keywords(RESUME, &SectionStarts::of_text(RESUME), &["Go", "Kubernetes", "rust"])
            .iter()
            .map(|m| m.occurrences)
            .collect();
        assert_eq!(found, [2, 0, 4]);
        assert!(find_keywords(RESUME, &SectionStarts::of_text(RESUME), &[]).is_empty());
    }
}
