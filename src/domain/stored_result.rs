//! Which shape a stored result has, and so which engine made it. Parsed
//! resumes and ATS breakdowns are kept encoded (`encoded`) behind a marker
//! byte naming the shape that follows; the workspace layer writes and reads
//! them. The domain reads only the marker, to tell a result that an older
//! engine made (rerunning it is the service's upgrade, not the customer's
//! request, so it is not charged), and the months of experience a current
//! breakdown leads with, which the score orders rank ties by.

use super::application_index::Standing;
use super::encoded::{Encoded, ScoredBreakdown};

/// Parsed resumes of engine version 2 start with this byte; version 1 ones
/// start with the encoding of an `Option` (0 or 1), so none meet.
pub const RESUME_VERSION_2_MARKER: u8 = 2;
/// Parsed resumes of engine versions 3 and 4 (version 4 changed only the
/// breakdown), their sections named.
pub const RESUME_VERSION_3_MARKER: u8 = 3;
/// Parsed resumes of engine version 4, their sections kept as kinds
/// (`SectionKind`) instead of names: what version 3's marker holds, smaller.
pub const RESUME_SECTION_KINDS_MARKER: u8 = 4;
/// Parsed resumes of engine version 5: the shape `RESUME_SECTION_KINDS_MARKER`
/// names; the parser's rules changed (a skills list's unknown items,
/// certifications apart from skills, more headings, a wider taxonomy).
pub const RESUME_VERSION_5_MARKER: u8 = 5;
/// Parsed resumes of engine version 6, the same shape again: a known name
/// inside an item of a skills list that the taxonomy does not know whole is
/// part of that item, not a skill of its own (`Oracle Xstore`), and
/// schooling under a training heading is education.
pub const RESUME_VERSION_6_MARKER: u8 = 6;
/// Parsed resumes of engine version 7, the same shape again: a wider
/// taxonomy, and ambiguous names read in prose more strictly (not at a
/// sentence's start, not before a capitalised word that goes on with a name).
pub const RESUME_VERSION_7_MARKER: u8 = 7;
/// Parsed resumes of engine version 8, the same shape again: headings,
/// headers, places and names read in more of the forms resumes use, and a
/// wider taxonomy.
pub const RESUME_VERSION_8_MARKER: u8 = 8;
/// Parsed resumes of engine version 9, the same shape again: schools that
/// head several degrees, form-like job headers, places under the dates.
pub const RESUME_VERSION_9_MARKER: u8 = 9;
/// Parsed resumes of engine version 10, the same shape again: an acronym
/// matches only in capitals or lower case (`ACLs` is not ACLS), a person's
/// initial is not a language, a proficiency before a name is not a skill;
/// dot leaders part a header's columns, a field's experience heading may
/// come first, seasonal ranges, `Jun–Sep 2018` and `(hybrid)` are read,
/// notes under a degree are not schools, an employer may stand a blank line
/// above its titles.
pub const RESUME_VERSION_10_MARKER: u8 = 10;
/// Parsed resumes of engine version 11, the same shape again: a bracket
/// after a role qualifies it, a company keeps its legal form after a comma,
/// and the forms that session's blind sets showed.
pub const RESUME_VERSION_11_MARKER: u8 = 11;
/// Parsed resumes of engine version 12, the same shape again: brackets are
/// one aside, a group's employer holds for titles qualified after a comma,
/// and more heading and header forms.
pub const RESUME_VERSION_12_MARKER: u8 = 12;
/// Parsed resumes of engine version 13, the same shape again: tables of
/// jobs, headings over parts of a section, numbered and ruled headings.
pub const RESUME_VERSION_13_MARKER: u8 = 13;
/// Parsed resumes of engine version 14, the same shape again: bare years
/// and bold in headers, details at the end, more headings.
pub const RESUME_VERSION_14_MARKER: u8 = 14;
/// Parsed resumes of engine version 15, the same shape again: dates with
/// their day, `since`, undated employers' lines, headings in more forms.
pub const RESUME_VERSION_15_MARKER: u8 = 15;
/// Parsed resumes of engine version 16, the same shape again: armed
/// services' units, more degrees, a year starting a line read safely.
pub const RESUME_VERSION_16_MARKER: u8 = 16;
/// Parsed resumes of engine version 17, the same shape again: foreign
/// months, headings in two languages, mended encodings, PDF wraps.
pub const RESUME_VERSION_17_MARKER: u8 = 17;
/// Parsed resumes of engine version 18, the same shape again: a resume
/// under a message, acronyms that are words, the resume's own places.
pub const RESUME_VERSION_18_MARKER: u8 = 18;
/// Parsed resumes of engine version 19, the same shape again: aliases
/// that name other things gone, plural aliases in prose not the skill.
pub const RESUME_VERSION_19_MARKER: u8 = 19;
/// Parsed resumes of engine version 20, the same shape again: plurals in
/// skills lists, known names side by side as one item, `professional` a post.
pub const RESUME_VERSION_20_MARKER: u8 = 20;
/// Parsed resumes of engine version 21, the same shape again: qualified
/// experience headings, leaders of ellipses, the employer beside the place.
pub const RESUME_VERSION_21_MARKER: u8 = 21;
/// Parsed resumes of engine version 22, the same shape again: ranges and
/// names a narrow column wrapped, dates pushed beside a highlight.
pub const RESUME_VERSION_22_MARKER: u8 = 22;
/// What the current engine writes first in a parsed resume.
pub const RESUME_CURRENT_MARKER: u8 = RESUME_VERSION_22_MARKER;
/// Markers of parsed resumes that the current engine would parse the same.
pub const RESUME_MARKERS_OF_THE_CURRENT_ENGINE: [u8; 1] = [RESUME_VERSION_22_MARKER];

/// Breakdowns of engine version 3 start with this byte. Older ones start
/// with their score, at most 100, so the two never meet.
pub const BREAKDOWN_VERSION_3_MARKER: u8 = 203;
/// Breakdowns of engine version 4 start with this byte, then the months of
/// experience the scoring counted ([`RANKING_MONTHS_LENGTH`] bytes,
/// little-endian), then an encoding laid out as version 3's. The months lead
/// so that rebuilding the indexes reads them without decoding anything.
pub const BREAKDOWN_VERSION_4_MARKER: u8 = 204;
/// Breakdowns of engine version 4 in the compact shape (`ats::compact`):
/// the marker, the months as version 4's, then a `CompactBreakdown`.
pub const BREAKDOWN_COMPACT_MARKER: u8 = 205;
/// Breakdowns of engine version 5, laid out as `BREAKDOWN_COMPACT_MARKER`'s;
/// the scores changed with the parsed resumes they are made from.
pub const BREAKDOWN_VERSION_5_MARKER: u8 = 206;
/// Breakdowns of engine version 6, the same layout again.
pub const BREAKDOWN_VERSION_6_MARKER: u8 = 207;
/// Breakdowns of engine version 7, the same layout again.
pub const BREAKDOWN_VERSION_7_MARKER: u8 = 208;
/// Breakdowns of engine version 8, the same layout again.
pub const BREAKDOWN_VERSION_8_MARKER: u8 = 209;
/// Breakdowns of engine version 9, the same layout again.
pub const BREAKDOWN_VERSION_9_MARKER: u8 = 210;
/// Breakdowns of engine version 10, the same layout again.
pub const BREAKDOWN_VERSION_10_MARKER: u8 = 211;
/// Breakdowns of engine version 11, the same layout again.
pub const BREAKDOWN_VERSION_11_MARKER: u8 = 212;
/// Breakdowns of engine version 12, the same layout again.
pub const BREAKDOWN_VERSION_12_MARKER: u8 = 213;
/// Breakdowns of engine version 13, the same layout again.
pub const BREAKDOWN_VERSION_13_MARKER: u8 = 214;
/// Breakdowns of engine version 14, the same layout again.
pub const BREAKDOWN_VERSION_14_MARKER: u8 = 215;
/// Breakdowns of engine version 15, the same layout again.
pub const BREAKDOWN_VERSION_15_MARKER: u8 = 216;
/// Breakdowns of engine version 16, the same layout again.
pub const BREAKDOWN_VERSION_16_MARKER: u8 = 217;
/// Breakdowns of engine version 17, the same layout again.
pub const BREAKDOWN_VERSION_17_MARKER: u8 = 218;
/// Breakdowns of engine version 18, the same layout again.
pub const BREAKDOWN_VERSION_18_MARKER: u8 = 219;
/// Breakdowns of engine version 19, the same layout again.
pub const BREAKDOWN_VERSION_19_MARKER: u8 = 220;
/// Breakdowns of engine version 20, the same layout again.
pub const BREAKDOWN_VERSION_20_MARKER: u8 = 221;
/// Breakdowns of engine version 21, the same layout again.
pub const BREAKDOWN_VERSION_21_MARKER: u8 = 222;
/// Breakdowns of engine version 22, the same layout again.
pub const BREAKDOWN_VERSION_22_MARKER: u8 = 223;
/// What the current engine writes first in a breakdown.
pub const BREAKDOWN_CURRENT_MARKER: u8 = BREAKDOWN_VERSION_22_MARKER;
/// Markers of breakdowns that the current engine would score the same.
pub const BREAKDOWN_MARKERS_OF_THE_CURRENT_ENGINE: [u8; 1] = [BREAKDOWN_VERSION_22_MARKER];
/// Length of the months that follow the marker of a version 4 to 22
/// breakdown, compact or not.
pub const RANKING_MONTHS_LENGTH: usize = 4;

/// The months of experience a breakdown's scoring counted, which break ties
/// between equal scores. Breakdowns of older engines did not keep them and
/// rank as 0 months until a (free) rerun brings them up to date.
pub fn ranking_months(scored: &ScoredBreakdown) -> u32 {
    match scored.breakdown.bytes() {
        [BREAKDOWN_VERSION_4_MARKER
        | BREAKDOWN_COMPACT_MARKER
        | BREAKDOWN_VERSION_5_MARKER
        | BREAKDOWN_VERSION_6_MARKER
        | BREAKDOWN_VERSION_7_MARKER
        | BREAKDOWN_VERSION_8_MARKER
        | BREAKDOWN_VERSION_9_MARKER
        | BREAKDOWN_VERSION_10_MARKER
        | BREAKDOWN_VERSION_11_MARKER
        | BREAKDOWN_VERSION_12_MARKER
        | BREAKDOWN_VERSION_13_MARKER
        | BREAKDOWN_VERSION_14_MARKER
        | BREAKDOWN_VERSION_15_MARKER
        | BREAKDOWN_VERSION_16_MARKER
        | BREAKDOWN_VERSION_17_MARKER
        | BREAKDOWN_VERSION_18_MARKER
        | BREAKDOWN_VERSION_19_MARKER
        | BREAKDOWN_VERSION_20_MARKER
        | BREAKDOWN_VERSION_21_MARKER
        | BREAKDOWN_VERSION_22_MARKER, first, second, third, fourth, ..] => {
            u32::from_le_bytes([*first, *second, *third, *fourth])
        }
        _ => 0,
    }
}

/// Where a scored result stands in the score orders.
pub fn standing_of(scored: &ScoredBreakdown) -> Standing {
    Standing::new(scored.overall_score, ranking_months(scored))
}

/// An older engine made this parsed resume or this breakdown.
pub fn made_by_an_older_engine(resume: Option<&Encoded>, breakdown: Option<&ScoredBreakdown>) -> bool {
    let made_by = |bytes: &[u8], markers: &[u8]| bytes.first().is_some_and(|marker| markers.contains(marker));
    let resume_is_old = resume.is_some_and(|resume| !made_by(resume.bytes(), &RESUME_MARKERS_OF_THE_CURRENT_ENGINE));
    let breakdown_is_old =
        breakdown.is_some_and(|scored| !made_by(scored.breakdown.bytes(), &BREAKDOWN_MARKERS_OF_THE_CURRENT_ENGINE));
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
        let version_4_resume = Encoded::new(vec![RESUME_SECTION_KINDS_MARKER, 0]);
        let version_4_breakdown = scored(&[BREAKDOWN_COMPACT_MARKER, 0, 0, 0, 0, 80]);
        assert!(
            made_by_an_older_engine(Some(&version_4_resume), Some(&current_breakdown)),
            "engine version 4's resume, in the shape the current engine writes"
        );
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_4_breakdown)), "and its breakdown");
        let version_21_resume = Encoded::new(vec![RESUME_VERSION_21_MARKER, 0]);
        let version_21_breakdown = scored(&[BREAKDOWN_VERSION_21_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_21_resume), Some(&current_breakdown)), "engine version 21's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_21_breakdown)));
        assert_eq!(ranking_months(&version_21_breakdown), 9, "its months are read");
        let version_20_resume = Encoded::new(vec![RESUME_VERSION_20_MARKER, 0]);
        let version_20_breakdown = scored(&[BREAKDOWN_VERSION_20_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_20_resume), Some(&current_breakdown)), "engine version 20's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_20_breakdown)));
        assert_eq!(ranking_months(&version_20_breakdown), 9, "its months are read");
        let version_19_resume = Encoded::new(vec![RESUME_VERSION_19_MARKER, 0]);
        let version_19_breakdown = scored(&[BREAKDOWN_VERSION_19_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_19_resume), Some(&current_breakdown)), "engine version 19's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_19_breakdown)));
        assert_eq!(ranking_months(&version_19_breakdown), 9, "its months are read");
        let version_18_resume = Encoded::new(vec![RESUME_VERSION_18_MARKER, 0]);
        let version_18_breakdown = scored(&[BREAKDOWN_VERSION_18_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_18_resume), Some(&current_breakdown)), "engine version 18's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_18_breakdown)));
        assert_eq!(ranking_months(&version_18_breakdown), 9, "its months are read");
        let version_17_resume = Encoded::new(vec![RESUME_VERSION_17_MARKER, 0]);
        let version_17_breakdown = scored(&[BREAKDOWN_VERSION_17_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_17_resume), Some(&current_breakdown)), "engine version 17's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_17_breakdown)));
        assert_eq!(ranking_months(&version_17_breakdown), 9, "its months are read");
        let version_16_resume = Encoded::new(vec![RESUME_VERSION_16_MARKER, 0]);
        let version_16_breakdown = scored(&[BREAKDOWN_VERSION_16_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_16_resume), Some(&current_breakdown)), "engine version 16's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_16_breakdown)));
        assert_eq!(ranking_months(&version_16_breakdown), 9, "its months are read");
        let version_15_resume = Encoded::new(vec![RESUME_VERSION_15_MARKER, 0]);
        let version_15_breakdown = scored(&[BREAKDOWN_VERSION_15_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_15_resume), Some(&current_breakdown)), "engine version 15's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_15_breakdown)));
        assert_eq!(ranking_months(&version_15_breakdown), 9, "its months are read");
        let version_14_resume = Encoded::new(vec![RESUME_VERSION_14_MARKER, 0]);
        let version_14_breakdown = scored(&[BREAKDOWN_VERSION_14_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_14_resume), Some(&current_breakdown)), "engine version 14's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_14_breakdown)));
        assert_eq!(ranking_months(&version_14_breakdown), 9, "its months are read");
        let version_13_resume = Encoded::new(vec![RESUME_VERSION_13_MARKER, 0]);
        let version_13_breakdown = scored(&[BREAKDOWN_VERSION_13_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_13_resume), Some(&current_breakdown)), "engine version 13's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_13_breakdown)));
        assert_eq!(ranking_months(&version_13_breakdown), 9, "its months are read");
        let version_12_resume = Encoded::new(vec![RESUME_VERSION_12_MARKER, 0]);
        let version_12_breakdown = scored(&[BREAKDOWN_VERSION_12_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_12_resume), Some(&current_breakdown)), "engine version 12's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_12_breakdown)));
        assert_eq!(ranking_months(&version_12_breakdown), 9, "its months are read");
        let version_11_resume = Encoded::new(vec![RESUME_VERSION_11_MARKER, 0]);
        let version_11_breakdown = scored(&[BREAKDOWN_VERSION_11_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_11_resume), Some(&current_breakdown)), "engine version 11's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_11_breakdown)));
        assert_eq!(ranking_months(&version_11_breakdown), 9, "its months are read");
        let version_10_resume = Encoded::new(vec![RESUME_VERSION_10_MARKER, 0]);
        let version_10_breakdown = scored(&[BREAKDOWN_VERSION_10_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_10_resume), Some(&current_breakdown)), "engine version 10's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_10_breakdown)));
        assert_eq!(ranking_months(&version_10_breakdown), 9, "its months are read");
        let version_9_resume = Encoded::new(vec![RESUME_VERSION_9_MARKER, 0]);
        let version_9_breakdown = scored(&[BREAKDOWN_VERSION_9_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_9_resume), Some(&current_breakdown)), "engine version 9's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_9_breakdown)));
        assert_eq!(ranking_months(&version_9_breakdown), 9, "its months are read");
        let version_8_resume = Encoded::new(vec![RESUME_VERSION_8_MARKER, 0]);
        let version_8_breakdown = scored(&[BREAKDOWN_VERSION_8_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_8_resume), Some(&current_breakdown)), "engine version 8's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_8_breakdown)));
        assert_eq!(ranking_months(&version_8_breakdown), 9, "its months are read");
        let version_7_resume = Encoded::new(vec![RESUME_VERSION_7_MARKER, 0]);
        let version_7_breakdown = scored(&[BREAKDOWN_VERSION_7_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_7_resume), Some(&current_breakdown)), "engine version 7's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_7_breakdown)));
        assert_eq!(ranking_months(&version_7_breakdown), 9, "its months are read");
        let version_6_resume = Encoded::new(vec![RESUME_VERSION_6_MARKER, 0]);
        let version_6_breakdown = scored(&[BREAKDOWN_VERSION_6_MARKER, 9, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_6_resume), Some(&current_breakdown)), "engine version 6's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_6_breakdown)));
        assert_eq!(ranking_months(&version_6_breakdown), 9, "its months are read");
        let version_5_resume = Encoded::new(vec![RESUME_VERSION_5_MARKER, 0]);
        let version_5_breakdown = scored(&[BREAKDOWN_VERSION_5_MARKER, 0, 0, 0, 0, 80]);
        assert!(made_by_an_older_engine(Some(&version_5_resume), Some(&current_breakdown)), "engine version 5's");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_5_breakdown)));
        assert_eq!(ranking_months(&version_5_breakdown), 0, "its months are read: zero here");
        let version_3 = Encoded::new(vec![RESUME_VERSION_3_MARKER, 0]);
        assert!(made_by_an_older_engine(Some(&version_3), None));
        assert!(made_by_an_older_engine(Some(&Encoded::new(vec![RESUME_VERSION_2_MARKER, 0])), None));
        assert!(made_by_an_older_engine(Some(&Encoded::new(vec![1, 0])), None), "version 1: an Option first");
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&scored(&[80, 0]))), "a version 2 breakdown");
        let version_3 = scored(&[BREAKDOWN_VERSION_3_MARKER, 80]);
        assert!(made_by_an_older_engine(Some(&current_resume), Some(&version_3)), "a version 3 breakdown");
    }

    #[test]
    fn current_breakdowns_lead_with_their_months_and_older_ones_rank_as_none() {
        let current = scored(&[BREAKDOWN_CURRENT_MARKER, 0x8a, 0x00, 0x00, 0x00, 7]);
        assert_eq!(standing_of(&current), Standing::new(80, 138));
        assert_eq!(ranking_months(&scored(&[BREAKDOWN_VERSION_3_MARKER, 0x8a, 0, 0, 0])), 0);
        assert_eq!(ranking_months(&scored(&[80, 0])), 0, "version 2");
        assert_eq!(ranking_months(&scored(&[BREAKDOWN_CURRENT_MARKER, 0x8a])), 0, "cut short");
    }
}
