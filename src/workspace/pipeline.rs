//! The bridge from a workspace actor to the rayon pool: what a pipeline run
//! needs (copied out of the state so the pool holds no lock), extracting the
//! resume file within its bounds (`extract`), running the engine with panics
//! contained, and the outcome that goes back as a message.

use crate::telemetry::names::{PIPELINE_STAGE_DURATION, STAGE_EXTRACT, STAGE_PARSE, STAGE_READ, STAGE_SCORE};
use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use crate::domain::ats::version_2::AtsBreakdownVersion2;
use crate::domain::ats::AtsBreakdown;
use crate::domain::ats::Criteria;
use crate::domain::content_hash::ContentHash;
use crate::domain::encoded::{Encoded, ScoredBreakdown};
use crate::domain::event::PipelineOutcome;
use crate::domain::ids::ApplicationId;
use crate::domain::pipeline_failure::PipelineFailure;
use crate::domain::resume::version_1::ParsedResumeVersion1;
use crate::domain::resume::version_2::ParsedResumeVersion2;
use crate::domain::resume::ParsedResume;
use crate::domain::stored_result::{
    BREAKDOWN_CURRENT_MARKER, BREAKDOWN_VERSION_3_MARKER, BREAKDOWN_VERSION_4_MARKER, RANKING_MONTHS_LENGTH,
    RESUME_CURRENT_MARKER, RESUME_VERSION_2_MARKER, RESUME_VERSION_3_MARKER,
};
use crate::engine::{self, YearMonth, ENGINE_VERSION};
use crate::extract::isolated::{extract_bounded, ExtractorProgram};
use crate::extract::ExtractionLimits;
use crate::store::blobs::{BlobError, BlobHash, BlobStore};
use crate::store::codec;
pub use crate::store::codec::CodecError;

/// Everything one run needs, owned.
pub struct PipelineJob {
    pub application_id: ApplicationId,
    pub run: u32,
    pub resume: ContentHash,
    pub blobs: Arc<BlobStore>,
    /// `Some` when this run scores (and was charged); `None` to parse only.
    pub criteria: Option<Criteria>,
    /// What "present" means in the resume's dates: the month the application was submitted.
    pub present: YearMonth,
    pub extraction: ExtractionLimits,
    pub extractor: ExtractorProgram,
}

pub fn run_pipeline(job: &PipelineJob) -> PipelineOutcome {
    let loaded = timed(STAGE_READ, || load_resume(job), Result::is_ok);
    let bytes = match loaded {
        Ok(bytes) => bytes,
        Err(error) => {
            return PipelineOutcome::Failed {
                code: PipelineFailure::ResumeUnavailable.code().to_owned(),
                message: format!("the resume file could not be read: {error}"),
            }
        }
    };
    outcome_of_file(&bytes, &job.extraction, &job.extractor, job.present, job.criteria.as_ref())
}

/// What a run makes of a resume file's bytes: extracted within `extraction`,
/// parsed with `present` as "present", scored against `criteria` when given.
/// `seed` calls it directly on the files it writes, so seeded results are
/// exactly the ones the pipeline would have recorded.
pub fn outcome_of_file(
    bytes: &[u8],
    extraction: &ExtractionLimits,
    extractor: &ExtractorProgram,
    present: YearMonth,
    criteria: Option<&Criteria>,
) -> PipelineOutcome {
    let extracted = timed(STAGE_EXTRACT, || extract_bounded(bytes, extraction, extractor), Result::is_ok);
    let document = match extracted {
        Ok(document) => document,
        Err(failure) => {
            return PipelineOutcome::Failed { code: failure.code().to_owned(), message: failure.to_string() }
        }
    };
    let text = document.text();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut resume = timed(STAGE_PARSE, || engine::parse_resume(&text, present), Result::is_ok)?;
        for link in &document.links {
            if !resume.contact.links.contains(link) {
                resume.contact.links.push(link.clone());
            }
        }
        let breakdown =
            criteria.map(|criteria| timed(STAGE_SCORE, || engine::score_resume(&text, &resume, criteria), |_| true));
        Ok::<_, engine::EngineError>((resume, breakdown))
    }));
    match result {
        Ok(Ok((resume, breakdown))) => encode_outcome(&resume, breakdown.as_ref()),
        Ok(Err(error)) => PipelineOutcome::Failed { code: error.code().to_owned(), message: error.to_string() },
        Err(_) => PipelineOutcome::Failed {
            code: PipelineFailure::EnginePanic.code().to_owned(),
            message: "the engine failed on this resume; the failure was logged".to_owned(),
        },
    }
}

/// Runs one stage of a pipeline and records how long it took and whether
/// `succeeded` says it did (a panic records nothing; the run fails).
fn timed<T>(stage: &'static str, run: impl FnOnce() -> T, succeeded: impl Fn(&T) -> bool) -> T {
    let started = std::time::Instant::now();
    let result = run();
    let outcome = if succeeded(&result) { "ok" } else { "failed" };
    metrics::histogram!(PIPELINE_STAGE_DURATION, "stage" => stage, "outcome" => outcome)
        .record(started.elapsed().as_secs_f64());
    result
}

/// Reads the resume file back from the blob store (which verifies its hash).
fn load_resume(job: &PipelineJob) -> Result<Vec<u8>, BlobError> {
    job.blobs.get(&BlobHash(job.resume.0))
}

/// The result as the state keeps it: encoded once, here, off the actor.
// A new engine version writes new markers, so that results it replaces
// read as older ones (see `stored_result`) and their rerun is free.
// Engine version 4 changed the breakdown only; parsed resumes keep version 3's shape.
const _: () = assert!(RESUME_CURRENT_MARKER as u32 == 3 && ENGINE_VERSION == 4);
const _: () = assert!(BREAKDOWN_CURRENT_MARKER as u32 == 200 + ENGINE_VERSION);

/// A parsed resume as the state keeps it: the marker, then the encoding.
pub fn encode_resume(resume: &ParsedResume) -> Result<Vec<u8>, codec::CodecError> {
    let mut bytes = vec![RESUME_CURRENT_MARKER];
    codec::encode_into(resume, &mut bytes)?;
    Ok(bytes)
}

fn encode_outcome(resume: &ParsedResume, breakdown: Option<&AtsBreakdown>) -> PipelineOutcome {
    let ranking_months = resume.total_experience_months.unwrap_or(0);
    let encoded = encode_resume(resume).and_then(|resume| {
        let breakdown = match breakdown {
            None => None,
            Some(breakdown) => Some(ScoredBreakdown {
                overall_score: breakdown.overall_score,
                breakdown: Encoded::new(encode_breakdown(breakdown, ranking_months)?),
            }),
        };
        Ok((Encoded::new(resume), breakdown))
    });
    match encoded {
        Ok((resume, breakdown)) => PipelineOutcome::Completed { resume, breakdown },
        Err(error) => PipelineOutcome::Failed {
            code: PipelineFailure::EncodeFailed.code().to_owned(),
            message: error.to_string(),
        },
    }
}

/// Decodes a parsed resume kept by the state.
/// Results parsed by engine versions 1 and 2 are converted on read.
pub fn decode_resume(encoded: &Encoded) -> Result<ParsedResume, CodecError> {
    let decoded = match encoded.bytes().split_first() {
        Some((&RESUME_VERSION_3_MARKER, rest)) => codec::decode(rest),
        Some((&RESUME_VERSION_2_MARKER, rest)) => codec::decode::<ParsedResumeVersion2>(rest).map(ParsedResume::from),
        _ => codec::decode::<ParsedResumeVersion1>(encoded.bytes()).map(ParsedResume::from),
    };
    decoded
}

/// An ATS breakdown as the state keeps it: the marker, the months of
/// experience the score orders rank its ties by, then the encoding.
fn encode_breakdown(breakdown: &AtsBreakdown, ranking_months: u32) -> Result<Vec<u8>, codec::CodecError> {
    let mut bytes = vec![BREAKDOWN_CURRENT_MARKER];
    bytes.extend_from_slice(&ranking_months.to_le_bytes());
    codec::encode_into(breakdown, &mut bytes)?;
    Ok(bytes)
}

/// The encoding of a breakdown of engine version 3 or 4, which share their
/// layout after the marker and the months; `None` for older ones.
fn breakdown_body(stored: &[u8]) -> Option<Result<&[u8], CodecError>> {
    match stored.split_first() {
        Some((&BREAKDOWN_VERSION_3_MARKER, rest)) => Some(Ok(rest)),
        Some((&BREAKDOWN_VERSION_4_MARKER, rest)) => Some(
            rest.get(RANKING_MONTHS_LENGTH..)
                .ok_or_else(|| CodecError::Decode("a breakdown ends inside its months".into())),
        ),
        _ => None,
    }
}

/// Decodes an ATS breakdown kept by the state; version 2 ones are converted.
pub fn decode_breakdown(scored: &ScoredBreakdown) -> Result<AtsBreakdown, CodecError> {
    match breakdown_body(scored.breakdown.bytes()) {
        Some(body) => codec::decode(body?),
        None => codec::decode::<AtsBreakdownVersion2>(scored.breakdown.bytes()).map(AtsBreakdown::from),
    }
}

/// A stored parsed resume's encoding in the current engine's shape, without
/// its marker: borrowed from the state when the current engine made it,
/// converted and encoded again when an older one did (only then does a read
/// pay a copy). [`read_resume`] decodes it with borrowed strings.
pub fn current_resume_bytes(encoded: &Encoded) -> Result<Cow<'_, [u8]>, CodecError> {
    current_bytes(encoded.bytes(), RESUME_CURRENT_MARKER, || decode_resume(encoded))
}

/// A parsed resume whose strings point into `bytes`, which
/// [`current_resume_bytes`] gave.
pub fn read_resume(bytes: &[u8]) -> Result<ParsedResume<&str>, CodecError> {
    codec::decode_borrowed(bytes)
}

/// A stored breakdown's encoding in the current engine's shape, as
/// [`current_resume_bytes`] gives a parsed resume's.
pub fn current_breakdown_bytes(scored: &ScoredBreakdown) -> Result<Cow<'_, [u8]>, CodecError> {
    match breakdown_body(scored.breakdown.bytes()) {
        Some(body) => body.map(Cow::Borrowed),
        None => codec::encode(&decode_breakdown(scored)?).map(Cow::Owned),
    }
}

/// `stored` after its marker when that is `current_marker`; otherwise what
/// `convert` makes of it, encoded.
fn current_bytes<T: serde::Serialize>(
    stored: &[u8],
    current_marker: u8,
    convert: impl FnOnce() -> Result<T, CodecError>,
) -> Result<Cow<'_, [u8]>, CodecError> {
    match stored.split_first() {
        Some((&marker, rest)) if marker == current_marker => Ok(Cow::Borrowed(rest)),
        _ => codec::encode(&convert()?).map(Cow::Owned),
    }
}

/// A breakdown whose strings point into `bytes`, which
/// [`current_breakdown_bytes`] gave.
pub fn read_breakdown(bytes: &[u8]) -> Result<AtsBreakdown<&str>, CodecError> {
    codec::decode_borrowed(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::resume::version_1::{ContactDetailsVersion1, ExperienceEntryVersion1};
    use crate::domain::resume::version_2::SkillEntryVersion2;

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
            contact: ContactDetailsVersion1 {
                emails: vec!["ana@example.com".into()],
                ..ContactDetailsVersion1::default()
            },
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
        use crate::domain::ats::{CriterionKind, Verdict, Weighting};
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

        let current = AtsBreakdown { engine_version: ENGINE_VERSION, missing_must_have_multiplier: 0.5, ..read };
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

        // Version 3 is version 4 without the months: it still reads, borrowed.
        let mut version_3 = vec![BREAKDOWN_VERSION_3_MARKER];
        codec::encode_into(&AtsBreakdown { engine_version: 3, ..current.clone() }, &mut version_3).unwrap();
        let stored = ScoredBreakdown { overall_score: 88, breakdown: Encoded::new(version_3) };
        assert_eq!(decode_breakdown(&stored).unwrap().engine_version, 3);
        assert!(matches!(current_breakdown_bytes(&stored).unwrap(), Cow::Borrowed(_)));
    }

    /// A read serialises what it decoded, so comparing the two decodes'
    /// JSON compares every field, whatever the string type.
    fn json_of(value: &impl serde::Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn an_older_engines_results_read_borrowed_as_they_decode_owned() {
        let old =
            ParsedResumeVersion1 { skills: vec!["Rust".into()], word_count: 1, ..ParsedResumeVersion1::default() };
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
            let PipelineOutcome::Completed { resume: stored_resume, breakdown: Some(stored_breakdown) } =
                encode_outcome(&resume, Some(&breakdown))
            else {
                panic!("a parsed and scored resume encodes")
            };

            let resume_bytes = current_resume_bytes(&stored_resume).unwrap();
            proptest::prop_assert!(matches!(resume_bytes, Cow::Borrowed(_)), "the current engine's bytes are borrowed");
            let read = read_resume(&resume_bytes).unwrap();
            proptest::prop_assert_eq!(json_of(&read), json_of(&decode_resume(&stored_resume).unwrap()));
            proptest::prop_assert_eq!(json_of(&read), json_of(&resume));

            let breakdown_bytes = current_breakdown_bytes(&stored_breakdown).unwrap();
            proptest::prop_assert!(matches!(breakdown_bytes, Cow::Borrowed(_)));
            proptest::prop_assert_eq!(json_of(&read_breakdown(&breakdown_bytes).unwrap()), json_of(&breakdown));
        }
    }
}
