//! Which shape a stored result has, and so which engine made it. Parsed
//! resumes and ATS breakdowns are kept encoded (`encoded`) behind a marker
//! byte naming the shape that follows; the workspace layer writes and reads
//! them. The domain reads only the marker, to tell a result that an older
//! engine made: rerunning it is the service's upgrade, not the customer's
//! request, so it is not charged.

use super::encoded::{Encoded, ScoredBreakdown};

/// Parsed resumes of engine version 2 start with this byte; version 1 ones
/// start with the encoding of an `Option` (0 or 1), so none meet.
pub const RESUME_VERSION_2_MARKER: u8 = 2;
/// Parsed resumes of engine version 3.
pub const RESUME_VERSION_3_MARKER: u8 = 3;
/// What the current engine writes first in a parsed resume.
pub const RESUME_CURRENT_MARKER: u8 = RESUME_VERSION_3_MARKER;

/// Breakdowns of engine version 3 start with this byte. Older ones start
/// with their score, at most 100, so the two never meet.
pub const BREAKDOWN_VERSION_3_MARKER: u8 = 203;
/// What the current engine writes first in a breakdown.
pub const BREAKDOWN_CURRENT_MARKER: u8 = BREAKDOWN_VERSION_3_MARKER;

/// An older engine made this parsed resume or this breakdown.
pub fn made_by_an_older_engine(resume: Option<&Encoded>, breakdown: Option<&ScoredBreakdown>) -> bool {
    let resume_is_old = resume.is_some_and(|resume| resume.bytes().first() != Some(&RESUME_CURRENT_MARKER));
    let breakdown_is_old =
        breakdown.is_some_and(|scored| scored.breakdown.bytes().first() != Some(&BREAKDOWN_CURRENT_MARKER));
    resume_is_old || breakdown_is_old
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(bytes: &[u8]) -> ScoredBreakdown {
        ScoredBreakdown { overall_score: 80, breakdown: Encoded::new(bytes.to_vec()) }
    }

    #[test]
    fn results_are_old_when_either_marker_is_not_the_current_one() {
        let current_resume = Encoded::new(vec![RESUME_CURRENT_MARKER, 0]);
        let current_breakdown = scored(&[BREAKDOWN_CURRENT_MARKER, 80]);
        assert!(!made_by_an_older_engine(Some(&current_resume), Some(&current_breakdown)));
        assert!(!made_by_an_older_engine(Some(&current_resume), None), "parsed only");
        assert!(!made_by_an_older_engine(None, None), "nothing stored yet");
        assert!(made_by_an_older_engine(Some(&Encoded::new(vec![RESUME_VERSION_2_MARKER, 0])), None));
        assert!(made_by_an_older_engine(Some(&Encoded::new(vec![1, 0])), None), "version 1: an Option first");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&scored(&[80, 0]))), "a version 2 breakdown");
    }
}
