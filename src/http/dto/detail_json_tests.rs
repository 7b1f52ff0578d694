//! The detail, resume and ATS bodies written without serde, the resume and
//! breakdown straight from their encoding (`stored_json`), against the
//! derived `Serialize` of their decoded views (held to serde_json by `json_writer`'s
//! own tests): the same bytes for resumes the engine parses out of arbitrary
//! text, with their breakdowns, and for hand-made results whose every string
//! is arbitrary (quotes, control characters, any script).

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::application::{
    ApplicationDetail, AtsResponse, AtsView, DecodedResults, PipelineView, RenderedResults, ResumeResponse, ResumeView,
};
use super::detail_json::{write_application_detail, write_ats_response, write_resume_response};
use super::stored_json::{write_breakdown_json, write_resume_json};
use crate::domain::application::ResumeSource;
use crate::domain::ats::{AtsBreakdown, Criteria, CriterionKind, CriterionResult, Verdict, Weighting};
use crate::domain::content_hash::ContentHash;
use crate::domain::resume::{
    ContactDetails, EducationEntry, ExperienceEntry, ParsedResume, ProjectEntry, SectionKind, SkillEntry,
};
use crate::domain::synthetic::workspace_with_applications;
use crate::domain::tag::Tag;
use crate::engine::property_tests::resume_text;
use crate::engine::{parse_resume, score_resume, YearMonth};
use crate::http::json_writer::write_json;
use crate::store::codec;
use crate::workspace::stored_results::{encode_breakdown_body, encode_resume, read_breakdown, read_resume};

fn derived(value: &impl serde::Serialize) -> String {
    let mut out = Vec::new();
    write_json(&mut out, value).expect("writes");
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn direct(write: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut out = Vec::new();
    write(&mut out);
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// Checks the three bodies of one application with these results, stored
/// and read back as the service stores and reads them.
fn assert_every_body_matches(resume: Option<&ParsedResume<&str>>, breakdown: Option<&AtsBreakdown<&str>>, seed: u64) {
    let resume_bytes = resume.map(|resume| codec::encode(resume).expect("encodes"));
    let breakdown_bytes = breakdown.map(|breakdown| encode_breakdown_body(breakdown).expect("encodes"));
    let resume = resume_bytes.as_deref().map(|bytes| read_resume(bytes).expect("decodes"));
    let breakdown = breakdown_bytes.as_deref().map(|bytes| read_breakdown(bytes).expect("decodes"));
    let (mut workspace, _) = workspace_with_applications(3, seed);
    let id = workspace.applications.keys().next().expect("an application").clone();
    let application = std::sync::Arc::make_mut(workspace.applications.get_mut(&id).expect("present"));
    application.phone = Some("+44 \"20\"\t7946".into());
    application.answers = BTreeMap::from([("level\n".into(), "Senior \\ Staff".into()), ("zz".into(), String::new())]);
    application.tags = vec![Tag { name: "Ré\"mote".into(), color: "#22c55e".into() }];
    application.resume_source = Some(ResumeSource {
        content_hash: ContentHash([7; 32]),
        size_bytes: 12_345,
        file_name: Some("cv \u{1}.pdf".into()),
        media_type: "application/pdf".into(),
    });
    let application = &workspace.applications[&id];
    let rendered = RenderedResults {
        resume: resume_bytes.as_deref().map(|bytes| render(write_resume_json, bytes)),
        ats: breakdown_bytes.as_deref().map(|bytes| render(write_breakdown_json, bytes)),
    };
    let results = DecodedResults { resume, ats: breakdown };
    assert_eq!(
        direct(|out| write_application_detail(out, &workspace, application, &rendered)),
        derived(&ApplicationDetail::new(&workspace, application, &results))
    );
    let resume_response = ResumeResponse {
        application_id: application.id.as_str(),
        pipeline: PipelineView::new(&application.pipeline),
        resume: results.resume.as_ref().map(ResumeView::new),
    };
    assert_eq!(
        direct(|out| write_resume_response(out, application, rendered.resume.as_deref())),
        derived(&resume_response)
    );
    let ats_response = AtsResponse {
        application_id: application.id.as_str(),
        ats_score: application.ats_score(),
        pipeline: PipelineView::new(&application.pipeline),
        ats: results.ats.as_ref().map(AtsView::new),
    };
    assert_eq!(direct(|out| write_ats_response(out, application, rendered.ats.as_deref())), derived(&ats_response));
}

fn render(write: fn(&mut Vec<u8>, &[u8]) -> Result<(), codec::CodecError>, encoded: &[u8]) -> Vec<u8> {
    let mut json = Vec::new();
    write(&mut json, encoded).expect("a stored result writes");
    json
}

fn criteria() -> Criteria {
    Criteria {
        must_haves: vec!["Rust".into(), "Kubernetes".into(), "BLS Certification".into()],
        nice_to_haves: vec!["Go".into(), "distributed systems".into()],
        weighting: Weighting::default(),
        min_years_experience: Some(3),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn bodies_of_what_the_engine_parses_and_scores_are_written_as_serde_writes_them(
        text in resume_text(),
        seed in any::<u64>(),
    ) {
        let present = YearMonth { year: 2026, month: 11 };
        let Ok(owned) = parse_resume(&text, present) else { return Ok(()) };
        let breakdown = score_resume(&text, &owned, &criteria());
        // Read back as a read does: borrowed from the stored encoding.
        let resume_bytes = encode_resume(&owned).expect("encodes");
        let breakdown_bytes = encode_breakdown_body(&breakdown).expect("encodes");
        let resume = read_resume(&resume_bytes[1..]).expect("decodes");
        let breakdown = read_breakdown(&breakdown_bytes).expect("decodes");
        assert_every_body_matches(Some(&resume), Some(&breakdown), seed);
        assert_every_body_matches(None, None, seed);
    }

    #[test]
    fn bodies_with_arbitrary_strings_and_numbers_are_written_as_serde_writes_them(
        texts in proptest::collection::vec(any::<String>(), 12),
        numbers in proptest::collection::vec(any::<Option<u32>>(), 4),
        points in proptest::collection::vec(any::<f64>(), 3),
        seed in any::<u64>(),
    ) {
        let text = |index: usize| texts[index % texts.len()].as_str();
        let resume = ParsedResume {
            summary: Some(text(0)),
            skills: vec![SkillEntry { name: text(1), as_written: vec![text(2)], found_in: vec![SectionKind::Skills], months_of_use: numbers[0] }],
            experience: vec![ExperienceEntry {
                title: Some(text(3)),
                company: None,
                location: Some(text(4)),
                current: numbers[1].is_some(),
                start: Some("2020-01"),
                end: Some("present"),
                duration_months: numbers[1],
                highlights: vec![text(5), text(6)],
            }],
            education: vec![
                EducationEntry { institution: Some(text(7)), degree: None, field: Some(text(8)), start: None, end: Some("2014"), graduation_year: Some(2014) },
                EducationEntry { institution: None, degree: Some(text(9)), field: None, start: Some(text(10)), end: None, graduation_year: numbers[2].map(|year| year as u16) },
            ],
            projects: vec![ProjectEntry { name: text(9), description: Some(text(10)), technologies: vec![text(11)] }],
            certifications: vec![text(0)],
            contact: ContactDetails {
                name: Some(text(1)),
                label: Some(text(2)),
                credentials: vec!["RN"],
                emails: vec![text(3)],
                phones: vec![],
                links: vec!["https://www.LinkedIn.com/in/x", text(4)],
                location: Some(if numbers[2].is_some() { "Austin, TX" } else { text(5) }),
            },
            total_experience_months: numbers[3],
            sections_found: vec![SectionKind::Summary, SectionKind::ALL[numbers[1].unwrap_or(0) as usize % SectionKind::ALL.len()]],
            word_count: numbers[0].unwrap_or(0),
        };
        let result = |kind, verdict, months: Option<u32>| CriterionResult {
            kind,
            criterion: text(6),
            verdict,
            occurrences: months.unwrap_or(0),
            found_in: SectionKind::ALL[..(numbers[2].unwrap_or(0) as usize % SectionKind::ALL.len())].to_vec(),
            as_written: vec![],
            months,
            points: points[0],
            points_max: points[1],
        };
        let breakdown = AtsBreakdown {
            overall_score: 100,
            matched_keywords: vec![text(8)],
            missing_keywords: vec![],
            strengths: vec![text(9)],
            concerns: vec![text(10)],
            criteria: vec![
                result(CriterionKind::MustHave, Verdict::Met, numbers[0]),
                result(CriterionKind::NiceToHave, Verdict::Partial, None),
                result(CriterionKind::Experience, Verdict::Missing, numbers[3]),
            ],
            weighting: Weighting { must_haves: 1, nice_to_haves: 0, experience: u32::MAX },
            missing_must_have_multiplier: points[2],
            engine_version: 4,
        };
        assert_every_body_matches(Some(&resume), Some(&breakdown), seed);
    }

    #[test]
    fn a_cut_or_damaged_stored_result_is_an_error_never_a_panic_or_a_partial_body(
        text in resume_text(),
        cut in any::<usize>(),
        flip in any::<(usize, u8)>(),
    ) {
        let present = YearMonth { year: 2026, month: 11 };
        let Ok(owned) = parse_resume(&text, present) else { return Ok(()) };
        let breakdown = score_resume(&text, &owned, &criteria());
        for (write, encoded) in [
            (write_resume_json as fn(&mut Vec<u8>, &[u8]) -> Result<(), codec::CodecError>, codec::encode(&owned).expect("encodes")),
            (write_breakdown_json, encode_breakdown_body(&breakdown).expect("encodes")),
        ] {
            let cut_at = cut % encoded.len();
            prop_assert!(write(&mut Vec::new(), &encoded[..cut_at]).is_err(), "cut at {}", cut_at);
            let mut damaged = encoded.clone();
            damaged[flip.0 % encoded.len()] ^= flip.1;
            let _ = write(&mut Vec::new(), &damaged);
        }
    }
}

#[test]
fn the_bodies_of_a_real_resume_and_its_breakdown_are_written_as_serde_writes_them() {
    for text in [
        include_str!("../../../tests/fixtures/resumes/r01-backend-engineer.txt"),
        include_str!("../../../tests/fixtures/resumes/r03-registered-nurse.txt"),
    ] {
        let owned = parse_resume(text, YearMonth { year: 2026, month: 11 }).expect("parses");
        let breakdown = score_resume(text, &owned, &criteria());
        assert!(owned.experience.len() >= 2 && !owned.skills.is_empty() && breakdown.criteria.len() == 6);
        let resume_bytes = encode_resume(&owned).expect("encodes");
        let breakdown_bytes = encode_breakdown_body(&breakdown).expect("encodes");
        let resume = read_resume(&resume_bytes[1..]).expect("decodes");
        let breakdown = read_breakdown(&breakdown_bytes).expect("decodes");
        assert_every_body_matches(Some(&resume), Some(&breakdown), 5);
    }
}
