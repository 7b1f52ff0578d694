//! Every stored shape of a parsed resume or breakdown still reads, and the
//! current one reads borrowed exactly as it decodes owned.

use super::*;
use crate::domain::ats::version_4::CriterionResultVersion4;
use crate::domain::ats::{CriterionKind, CriterionResult, Verdict, Weighting};
use crate::domain::resume::version_1::{ContactDetailsVersion1, ExperienceEntryVersion1};
use crate::domain::resume::version_2::SkillEntryVersion2;
use crate::domain::resume::version_3::SkillEntryVersion3;
use crate::domain::resume::{SectionKind, SkillEntry};
use crate::engine::{self, YearMonth};

#[test]
fn a_result_of_engine_version_1_still_reads_and_the_current_version_round_trips() {
    let old = ParsedResumeVersion1 {
        summary: Some("Backend engineer.".into()),
        skills: vec!["Rust".into()],
        experience: vec![ExperienceEntryVersion1 {
            title: Some("Engineer".into()),
            end: Some("present".into()),
            ..ExperienceEntryVersion1::default()
        }],
        contact: ContactDetailsVersion1 { emails: vec!["ana@example.com".into()], ..ContactDetailsVersion1::default() },
        word_count: 3,
        ..ParsedResumeVersion1::default()
    };
    let stored = Encoded::new(codec::encode(&old).unwrap());
    let read = decode_resume(&stored).unwrap();
    assert_eq!(read.skills[0].name, "Rust");
    assert!(read.experience[0].current);
    assert_eq!(read.contact.emails, ["ana@example.com"]);

    let current = ParsedResume { certifications: vec!["BLS".into()], ..read };
    assert_eq!(decode_resume(&Encoded::new(encode_resume(&current).unwrap())).unwrap(), current);
}

#[test]
fn a_result_of_engine_version_2_still_reads_without_months_of_use() {
    let old = ParsedResumeVersion2 {
        skills: vec![SkillEntryVersion2 {
            name: "Kubernetes".into(),
            as_written: vec!["k8s".into()],
            found_in: vec!["experience".into()],
        }],
        certifications: vec!["BLS".into()],
        word_count: 3,
        ..ParsedResumeVersion2::default()
    };
    let mut stored = vec![RESUME_VERSION_2_MARKER];
    codec::encode_into(&old, &mut stored).unwrap();
    let read = decode_resume(&Encoded::new(stored)).unwrap();
    assert_eq!(read.skills[0].as_written, ["k8s"]);
    assert_eq!(read.skills[0].months_of_use, None);
    assert_eq!(read.certifications, ["BLS"]);
}

#[test]
fn a_breakdown_of_engine_version_2_still_reads_with_verdicts() {
    use crate::domain::ats::version_2::CriterionResultVersion2;
    let result = |criterion: &str, matched: bool, points: f64| CriterionResultVersion2 {
        kind: CriterionKind::MustHave,
        criterion: criterion.into(),
        matched,
        occurrences: u32::from(matched),
        found_in: Vec::new(),
        points,
        points_max: 50.0,
    };
    let old = AtsBreakdownVersion2 {
        overall_score: 88,
        matched_keywords: vec!["Rust".into(), "Kafka".into()],
        missing_keywords: Vec::new(),
        strengths: Vec::new(),
        concerns: Vec::new(),
        criteria: vec![result("Rust", true, 50.0), result("Kafka", true, 37.5), result("Go", false, 0.0)],
        weighting: Weighting::default(),
        engine_version: 2,
    };
    let stored = ScoredBreakdown { overall_score: 88, breakdown: Encoded::new(codec::encode(&old).unwrap()) };
    let read = decode_breakdown(&stored).unwrap();
    let verdicts: Vec<Verdict> = read.criteria.iter().map(|result| result.verdict).collect();
    assert_eq!(verdicts, [Verdict::Met, Verdict::Partial, Verdict::Missing]);
    assert_eq!((read.overall_score, read.engine_version, read.missing_must_have_multiplier), (88, 2, 1.0));

    // Stored in the current shape, the keyword lists are derived from the
    // criteria: Go is missing although this hand-made version 2 result did not list it.
    assert!(read.missing_keywords.is_empty());
    let current = AtsBreakdown {
        engine_version: ENGINE_VERSION,
        missing_must_have_multiplier: 0.5,
        missing_keywords: vec!["Go".into()],
        ..read
    };
    let stored =
        ScoredBreakdown { overall_score: 88, breakdown: Encoded::new(encode_breakdown(&current, 138).unwrap()) };
    assert_eq!(decode_breakdown(&stored).unwrap(), current);
    assert_eq!(crate::domain::stored_result::ranking_months(&stored), 138);
    assert!(matches!(current_breakdown_bytes(&stored).unwrap(), Cow::Borrowed(_)));

    // A version 4 breakdown cut short inside its months is refused, not misread.
    let cut_short =
        ScoredBreakdown { overall_score: 88, breakdown: Encoded::new(vec![BREAKDOWN_VERSION_4_MARKER, 1, 2]) };
    assert!(decode_breakdown(&cut_short).is_err());
    assert!(current_breakdown_bytes(&cut_short).is_err());
    // So is a compact one, and one whose months are whole but whose body is cut.
    for bytes in [vec![BREAKDOWN_COMPACT_MARKER, 1, 2], vec![BREAKDOWN_COMPACT_MARKER, 1, 2, 3, 4, 88]] {
        let cut_short = ScoredBreakdown { overall_score: 88, breakdown: Encoded::new(bytes) };
        assert!(decode_breakdown(&cut_short).is_err());
        let read = current_breakdown_bytes(&cut_short).and_then(|bytes| read_breakdown(&bytes).map(|_| ()));
        assert!(read.is_err());
    }

    // Version 3 is version 4 without the months: it still reads, converted.
    let mut version_3 = vec![BREAKDOWN_VERSION_3_MARKER];
    codec::encode_into(&as_version_4(&AtsBreakdown { engine_version: 3, ..current.clone() }), &mut version_3).unwrap();
    let stored = ScoredBreakdown { overall_score: 88, breakdown: Encoded::new(version_3) };
    assert_eq!(decode_breakdown(&stored).unwrap().engine_version, 3);
    let bytes = current_breakdown_bytes(&stored).unwrap();
    assert!(matches!(bytes, Cow::Owned(_)));
    assert_eq!(read_breakdown(&bytes).unwrap().engine_version, 3);
}

/// What the compact shape keeps of the engine's breakdown: all of it, with
/// points to the hundredth.
fn with_points_as_the_api_rounds_them(mut breakdown: AtsBreakdown) -> AtsBreakdown {
    for result in &mut breakdown.criteria {
        result.points = (result.points * 100.0).round() / 100.0;
        result.points_max = (result.points_max * 100.0).round() / 100.0;
    }
    breakdown
}

/// A read serialises what it decoded, so comparing the two decodes'
/// JSON compares every field, whatever the string type.
fn json_of(value: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap()
}

#[test]
fn an_older_engines_results_read_borrowed_as_they_decode_owned() {
    let old = ParsedResumeVersion1 { skills: vec!["Rust".into()], word_count: 1, ..ParsedResumeVersion1::default() };
    let stored = Encoded::new(codec::encode(&old).unwrap());
    let bytes = current_resume_bytes(&stored).unwrap();
    assert!(matches!(bytes, Cow::Owned(_)), "converted, so owned");
    assert_eq!(json_of(&read_resume(&bytes).unwrap()), json_of(&decode_resume(&stored).unwrap()));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

    #[test]
    fn a_read_borrows_its_strings_and_sees_exactly_what_an_owned_decode_sees(
        text in crate::engine::property_tests::resume_text(),
        criteria in crate::engine::property_tests::criteria(),
    ) {
        let present = YearMonth { year: 2026, month: 11 };
        let Ok(resume) = engine::parse_resume(&text, present) else { return Ok(()) };
        let breakdown = engine::score_resume(&text, &resume, &criteria);
        let stored_resume = Encoded::new(encode_resume(&resume).unwrap());
        let stored_breakdown = ScoredBreakdown {
            overall_score: breakdown.overall_score,
            breakdown: Encoded::new(encode_breakdown(&breakdown, 7).unwrap()),
        };

        let resume_bytes = current_resume_bytes(&stored_resume).unwrap();
        proptest::prop_assert!(matches!(resume_bytes, Cow::Borrowed(_)), "the current engine's bytes are borrowed");
        let read = read_resume(&resume_bytes).unwrap();
        proptest::prop_assert_eq!(json_of(&read), json_of(&decode_resume(&stored_resume).unwrap()));
        proptest::prop_assert_eq!(json_of(&read), json_of(&resume));

        let breakdown_bytes = current_breakdown_bytes(&stored_breakdown).unwrap();
        proptest::prop_assert!(matches!(breakdown_bytes, Cow::Borrowed(_)));
        let read = read_breakdown(&breakdown_bytes).unwrap();
        proptest::prop_assert_eq!(json_of(&read), json_of(&decode_breakdown(&stored_breakdown).unwrap()));
        proptest::prop_assert_eq!(json_of(&read), json_of(&with_points_as_the_api_rounds_them(breakdown.clone())));

        // The same results stored in the shapes before sections were kinds
        // and breakdowns compact read exactly the same.
        let mut old_resume = vec![RESUME_VERSION_3_MARKER];
        codec::encode_into(&as_version_3(&resume), &mut old_resume).unwrap();
        let old_resume = Encoded::new(old_resume);
        let old_resume_bytes = current_resume_bytes(&old_resume).unwrap();
        proptest::prop_assert_eq!(json_of(&read_resume(&old_resume_bytes).unwrap()), json_of(&resume));
        let mut old_breakdown = vec![BREAKDOWN_VERSION_4_MARKER];
        old_breakdown.extend_from_slice(&7_u32.to_le_bytes());
        codec::encode_into(&as_version_4(&breakdown), &mut old_breakdown).unwrap();
        let old_breakdown = ScoredBreakdown { overall_score: breakdown.overall_score, breakdown: Encoded::new(old_breakdown) };
        let old_breakdown_bytes = current_breakdown_bytes(&old_breakdown).unwrap();
        proptest::prop_assert_eq!(json_of(&read_breakdown(&old_breakdown_bytes).unwrap()), json_of(&read));
    }
}

#[test]
fn a_resume_stored_with_section_names_reads_with_section_kinds() {
    let old = ParsedResumeVersion3 {
        skills: vec![SkillEntryVersion3 {
            name: "Kubernetes".into(),
            as_written: vec!["k8s".into()],
            found_in: vec!["experience".into(), "skills".into()],
            months_of_use: Some(18),
        }],
        sections_found: vec!["skills".into(), "experience".into()],
        word_count: 40,
        ..ParsedResumeVersion3::default()
    };
    let mut stored = vec![RESUME_VERSION_3_MARKER];
    codec::encode_into(&old, &mut stored).unwrap();
    let stored = Encoded::new(stored);
    let read = decode_resume(&stored).unwrap();
    let expected = SkillEntry {
        name: "Kubernetes".to_owned(),
        as_written: vec!["k8s".to_owned()],
        found_in: vec![SectionKind::Experience, SectionKind::Skills],
        months_of_use: Some(18),
    };
    assert_eq!(read.skills, [expected]);
    assert_eq!(read.sections_found, [SectionKind::Skills, SectionKind::Experience]);
    let bytes = current_resume_bytes(&stored).unwrap();
    assert!(matches!(bytes, Cow::Owned(_)), "converted, so owned");
    assert_eq!(json_of(&read_resume(&bytes).unwrap()), json_of(&read));
}

#[test]
fn sections_are_stored_as_one_byte_each_in_the_order_of_their_kinds() {
    for (index, kind) in SectionKind::ALL.into_iter().enumerate() {
        assert_eq!(codec::encode(&kind).unwrap(), [u8::try_from(index).unwrap()], "{kind:?}");
    }
}

#[test]
fn a_breakdown_stored_in_full_reads_in_the_compact_shape_with_the_same_keyword_lists() {
    let result = |kind, criterion: &str, verdict| CriterionResult {
        kind,
        criterion: criterion.to_owned(),
        verdict,
        occurrences: u32::from(verdict != Verdict::Missing),
        found_in: vec![SectionKind::Skills],
        as_written: Vec::new(),
        months: None,
        points: if verdict == Verdict::Missing { 0.0 } else { 20.0 },
        points_max: 20.0,
    };
    let full = AtsBreakdown {
        overall_score: 40,
        matched_keywords: vec!["Rust".to_owned()],
        missing_keywords: vec!["Go".to_owned()],
        strengths: vec!["Matches the must-have: Rust".to_owned()],
        concerns: Vec::new(),
        criteria: vec![
            result(CriterionKind::MustHave, "Rust", Verdict::Met),
            result(CriterionKind::NiceToHave, "Go", Verdict::Missing),
            result(CriterionKind::NiceToHave, "rust", Verdict::Met),
        ],
        weighting: Weighting::default(),
        missing_must_have_multiplier: 1.0,
        engine_version: ENGINE_VERSION,
    };
    let mut stored = vec![BREAKDOWN_VERSION_4_MARKER];
    stored.extend_from_slice(&30_u32.to_le_bytes());
    let version_4 = as_version_4(&full);
    assert_eq!(version_4.criteria[0].found_in, ["skills"], "sections stored by name");
    codec::encode_into(&version_4, &mut stored).unwrap();
    let stored = ScoredBreakdown { overall_score: 40, breakdown: Encoded::new(stored) };
    assert_eq!(decode_breakdown(&stored).unwrap(), full);
    let bytes = current_breakdown_bytes(&stored).unwrap();
    assert!(matches!(bytes, Cow::Owned(_)), "converted, so owned");
    assert_eq!(json_of(&read_breakdown(&bytes).unwrap()), json_of(&full));
    assert!(
        crate::domain::stored_result::made_by_an_older_engine(None, Some(&stored)),
        "engine version 4 made it: a rerun brings it up to date for free"
    );
}

/// `breakdown` as engine version 4 stored it before the compact shape.
fn as_version_4(breakdown: &AtsBreakdown) -> AtsBreakdownVersion4 {
    AtsBreakdownVersion4 {
        overall_score: breakdown.overall_score,
        matched_keywords: breakdown.matched_keywords.clone(),
        missing_keywords: breakdown.missing_keywords.clone(),
        strengths: breakdown.strengths.clone(),
        concerns: breakdown.concerns.clone(),
        criteria: breakdown
            .criteria
            .iter()
            .map(|result| CriterionResultVersion4 {
                kind: result.kind,
                criterion: result.criterion.clone(),
                verdict: result.verdict,
                occurrences: result.occurrences,
                found_in: result.found_in.iter().map(|kind| kind.name().to_owned()).collect(),
                as_written: result.as_written.clone(),
                months: result.months,
                points: result.points,
                points_max: result.points_max,
            })
            .collect(),
        weighting: breakdown.weighting,
        missing_must_have_multiplier: breakdown.missing_must_have_multiplier,
        engine_version: breakdown.engine_version,
    }
}

/// `resume` as engines 3 and 4 stored it before sections were kinds.
fn as_version_3(resume: &ParsedResume) -> ParsedResumeVersion3 {
    let names = |kinds: &[SectionKind]| kinds.iter().map(|kind| kind.name().to_owned()).collect();
    ParsedResumeVersion3 {
        summary: resume.summary.clone(),
        skills: resume
            .skills
            .iter()
            .map(|skill| SkillEntryVersion3 {
                name: skill.name.clone(),
                as_written: skill.as_written.clone(),
                found_in: names(&skill.found_in),
                months_of_use: skill.months_of_use,
            })
            .collect(),
        experience: resume.experience.clone(),
        education: resume.education.clone(),
        projects: resume.projects.clone(),
        certifications: resume.certifications.clone(),
        contact: resume.contact.clone(),
        total_experience_months: resume.total_experience_months,
        sections_found: names(&resume.sections_found),
        word_count: resume.word_count,
    }
}
