//! POST /api/jobs/:jobId/applications: the public careers-page apply. No
//! authentication; the job must be active. JSON, or multipart/form-data with
//! the same fields and a `resume` file (PDF, DOCX or text; the pipeline tells
//! which from the bytes, and a file it cannot read ends the pipeline `failed`
//! with a reason, not the application). The body is read with a hard byte
//! limit before anything is parsed.

use std::collections::{BTreeMap, BTreeSet};

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::TryStreamExt;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::body::{payload_error, read_limited, MultipartMustClose};
use super::client_address::client_address;
use super::dto::application::{ApplicationDetail, StoredResults};
use super::dto::writes::ApplicationAnswer;
use super::envelope::created;
use super::error::{ApiError, Surface};
use super::openapi::schemas::{FailureEnvelope, SuccessEnvelope};
use super::state::AppState;
use crate::auth::keyed_limit::KeyedLimiter;
use crate::domain::commands::{accepts_applications, phone, Applicant, ResumeUpload, SubmitApplication};
use crate::domain::error::{DomainError, DomainResult, InField};
use crate::domain::ids::JobId;
use crate::domain::limits::{ANSWERS_MAX, NAME_LENGTH_MAX};
use crate::domain::text::email;

const SURFACE: Surface = Surface::Dashboard;
/// Multipart parts accepted in one application (fields plus the file).
pub const MULTIPART_PARTS_MAX: usize = ANSWERS_MAX + 10;

/// The careers-page apply: public, to an active job.
#[utoipa::path(
    post,
    path = "/api/jobs/{job_id}/applications",
    operation_id = "apply",
    tag = "careers-page",
    params(("job_id" = String, Path, description = "The job's ID (`job_…`).")),
    request_body(content(
        (ApplicationBody = "application/json"),
        (ApplicationFormSchema = "multipart/form-data")
    )),
    responses(
        (status = 201, description = "Received; the resume is parsed and scored in the background.", body = SuccessEnvelope<ApplicationAnswer>),
        (status = 400, description = "`INVALID_REQUEST`: a field breaks a rule; the message names it.", body = FailureEnvelope),
        (status = 404, description = "`RESOURCE_NOT_FOUND`: no such job.", body = FailureEnvelope),
        (status = 409, description = "`JOB_NOT_ACCEPTING_APPLICATIONS` (not active) or `APPLICATION_EXISTS` (this email already applied).", body = FailureEnvelope),
        (status = 413, description = "`PAYLOAD_TOO_LARGE`.", body = FailureEnvelope),
        (status = 415, description = "`UNSUPPORTED_MEDIA_TYPE`: neither JSON nor multipart.", body = FailureEnvelope),
        (status = 429, description = "`RATE_LIMITED`: too many applications from this address or to this job.", body = FailureEnvelope, headers(("Retry-After" = u64, description = "Seconds to wait before retrying."))),
        (status = 503, description = "`STORAGE_UNAVAILABLE` or `SERVICE_UNAVAILABLE`.", body = FailureEnvelope)
    )
)]
pub async fn apply(
    request: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
    job_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    // Every attempt counts, whatever its outcome, so that neither the
    // envelope nor the duplicate-email check can be probed at speed.
    throttle(&state.apply_limiter_by_address, &client_address(&request, &state.settings.trusted_proxies))?;
    let not_found = || ApiError::not_found(SURFACE, format!("job {:?} was not found", job_id.as_str()));
    let job_id = JobId::parse(&job_id).ok_or_else(not_found)?;
    let workspace_id = state.registry.directory.workspace_of_job(&job_id).ok_or_else(not_found)?;
    throttle(&state.apply_limiter_by_job, &job_id)?;
    let workspace = state.registry.workspace(&workspace_id).ok_or_else(not_found)?;
    {
        // Refuse before reading what may be megabytes of body.
        let snapshot = workspace.state.read();
        let job = snapshot.jobs.get(&job_id).ok_or_else(not_found)?;
        if !accepts_applications(job) {
            return Err(ApiError::Domain(
                SURFACE,
                DomainError::NotAcceptingApplications(format!(
                    "job {job_id} is {} and does not accept applications",
                    job.definition.status.as_str()
                )),
            ));
        }
    }
    let limit = state.settings.intake_body_bytes_max;
    let payload = payload.into_inner();
    let mut form = match media_type(&request).as_deref() {
        Some("application/json") => from_json(&read_limited(payload, limit, SURFACE, "the application").await?)?,
        Some("multipart/form-data") => {
            let boundary = multipart_boundary(&request)?;
            let guarded = MultipartMustClose::new(payload, &boundary);
            from_multipart(Multipart::new(request.headers(), guarded), limit).await?
        }
        other => {
            return Err(ApiError::UnsupportedMediaType(format!(
                "send application/json or multipart/form-data, not {}",
                other.unwrap_or("a body without Content-Type")
            )))
        }
    };
    let (candidate_name, email, phone) = form.checked_contact().map_err(ApiError::domain(SURFACE))?;
    let resume = match form.resume.take() {
        None => None,
        Some(upload) => {
            let registry = state.registry.clone();
            // Written and synced to the blob store before the log record that names it.
            web::block(move || registry.store_resume(upload))
                .await
                .map_err(|_| ApiError::Internal)?
                .map_err(|error| ApiError::from_registry(SURFACE, error))?
        }
    };
    let applicant = Applicant { candidate_name, email, phone, answers: form.answers, resume };
    let command = SubmitApplication { job_id, applicant };
    let application =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let stored = StoredResults::of(&application)?;
    let results = stored.decode(&application)?;
    let workspace = workspace.state.read();
    Ok(created(ApplicationAnswer { application: ApplicationDetail::new(&workspace, &application, &results) }))
}

fn media_type(request: &HttpRequest) -> Option<String> {
    let value = request.headers().get(header::CONTENT_TYPE)?.to_str().ok()?;
    Some(value.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
}

fn throttle<K: std::hash::Hash + Eq + Clone>(limiter: &KeyedLimiter<K>, key: &K) -> Result<(), ApiError> {
    let decision = limiter.check(key);
    if decision.allowed {
        return Ok(());
    }
    Err(ApiError::RateLimited { surface: SURFACE, retry_after_seconds: decision.retry_after_seconds })
}

fn multipart_boundary(request: &HttpRequest) -> Result<String, ApiError> {
    let value = request.headers().get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()).unwrap_or("");
    let boundary = value
        .parse::<actix_web::mime::Mime>()
        .ok()
        .and_then(|media_type| media_type.get_param(actix_web::mime::BOUNDARY).map(|boundary| boundary.to_string()));
    boundary.filter(|boundary| !boundary.is_empty()).ok_or_else(|| {
        ApiError::invalid(SURFACE, "a multipart/form-data body needs a `boundary` parameter in its Content-Type")
    })
}

fn too_large(limit: usize) -> ApiError {
    ApiError::PayloadTooLarge(format!("the application is over the {limit}-byte limit"))
}

/// The apply form as sent, before the resume is stored.
#[derive(Default)]
struct IntakeForm {
    candidate_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    answers: BTreeMap<String, String>,
    resume: Option<ResumeUpload>,
}

impl IntakeForm {
    /// The candidate's name, email and phone, checked before the resume is stored.
    fn checked_contact(&self) -> DomainResult<(String, String, Option<String>)> {
        Ok((
            super::request::required_text("candidateName", self.candidate_name.as_deref(), NAME_LENGTH_MAX)?,
            email(self.email.as_deref().unwrap_or("")).in_field("email")?,
            phone(self.phone.as_deref()).in_field("phone")?,
        ))
    }
}

/// An application sent as JSON.
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"candidateName": "Ana Rust", "email": "ana@example.com", "phone": "+44 20 7946 0958", "answers": {"portfolio": "https://github.com/ana"}, "resumeText": "Ana Rust\nana@example.com\n\nEXPERIENCE\nSenior Engineer, Acme Corp, 2018 - Present\n- Built Rust services on PostgreSQL\n"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApplicationBody {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "Ana Rust")]
    candidate_name: Option<String>,
    /// One application per address and job.
    #[schema(required = true, nullable = false, format = Email, max_length = 254, example = "ana@example.com")]
    email: Option<String>,
    /// Digits, with spaces and `+ - ( ) .` between them.
    #[schema(max_length = 40, example = "+44 20 7946 0958")]
    phone: Option<String>,
    /// Answers to the job's form, by question key: text, a number or a boolean.
    #[schema(value_type = Option<HashMap<String, AnswerValue>>)]
    answers: Option<Answers>,
    /// The resume as plain text; blank means none.
    #[schema(max_length = 2097152)]
    resume_text: Option<String>,
}

/// An answer: text, a number or a boolean.
#[derive(ToSchema, serde::Serialize)]
#[allow(dead_code)] // a description of what `answer_text` accepts
#[serde(untagged)]
pub enum AnswerValue {
    Text(String),
    Number(f64),
    Flag(bool),
}

/// An application sent as `multipart/form-data`: the same fields, a
/// `resume` file, and answers as `answers` (a JSON object) or one
/// `answers[key]` part each.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(as = ApplicationForm)]
pub struct ApplicationFormSchema {
    #[schema(rename = "candidateName", min_length = 1, max_length = 200)]
    candidate_name: String,
    #[schema(format = Email, max_length = 254)]
    email: String,
    phone: Option<String>,
    /// A PDF, DOCX or text file; the pipeline tells which from its bytes.
    #[schema(value_type = Option<String>, format = Binary)]
    resume: Option<Vec<u8>>,
    #[schema(rename = "resumeText")]
    resume_text: Option<String>,
    /// A JSON object of answers by question key.
    answers: Option<String>,
}

/// The `answers` object. A key given twice is refused, as a duplicate field
/// anywhere else is (a plain map would keep the last one silently).
#[derive(Default)]
struct Answers(BTreeMap<String, Value>);

impl<'de> Deserialize<'de> for Answers {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Answers, D::Error> {
        struct AnswersVisitor;

        impl<'de> serde::de::Visitor<'de> for AnswersVisitor {
            type Value = Answers;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("an object of answers by question key")
            }

            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Answers, M::Error> {
                let mut answers = BTreeMap::new();
                while let Some((key, value)) = map.next_entry::<String, Value>()? {
                    if answers.contains_key(&key) {
                        return Err(serde::de::Error::custom(format_args!("answer `{key}` is given twice")));
                    }
                    answers.insert(key, value);
                }
                Ok(Answers(answers))
            }
        }

        deserializer.deserialize_map(AnswersVisitor)
    }
}

fn from_json(body: &[u8]) -> Result<IntakeForm, ApiError> {
    let body: ApplicationBody = super::body::parse_json(body, SURFACE)?;
    let mut answers = BTreeMap::new();
    for (key, value) in body.answers.map(|answers| answers.0).unwrap_or_default() {
        answers.insert(key.clone(), answer_text(&key, value)?);
    }
    Ok(IntakeForm {
        candidate_name: body.candidate_name,
        email: body.email,
        phone: body.phone,
        answers,
        resume: body.resume_text.map(ResumeUpload::Text),
    })
}

fn answer_text(key: &str, value: Value) -> Result<String, ApiError> {
    match value {
        Value::String(text) => Ok(text),
        Value::Bool(flag) => Ok(flag.to_string()),
        Value::Number(number) => Ok(number.to_string()),
        _ => Err(ApiError::invalid(SURFACE, format!("`answers.{key}` must be a string, number or boolean"))),
    }
}

async fn from_multipart(mut multipart: Multipart, limit: usize) -> Result<IntakeForm, ApiError> {
    let mut input = IntakeForm::default();
    let mut bytes_read = 0usize;
    let mut names_seen = BTreeSet::new();
    while let Some(mut field) = multipart.try_next().await.map_err(multipart_error(limit))? {
        if names_seen.len() >= MULTIPART_PARTS_MAX {
            return Err(ApiError::invalid(SURFACE, format!("the form has more than {MULTIPART_PARTS_MAX} parts")));
        }
        let name = field.name().unwrap_or("").to_owned();
        if !names_seen.insert(name.clone()) {
            return Err(ApiError::invalid(SURFACE, format!("form field `{name}` is given twice")));
        }
        let file_name =
            field.content_disposition().and_then(|disposition| disposition.get_filename()).map(str::to_owned);
        let mut value = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(multipart_error(limit))? {
            bytes_read += chunk.len();
            if bytes_read > limit {
                return Err(too_large(limit));
            }
            value.extend_from_slice(&chunk);
        }
        if name == "resume" {
            // A file: PDF, DOCX or text in any encoding, read by the pipeline
            // (which tells the format from the bytes, not from what the
            // client says it is).
            set_resume(&mut input, ResumeUpload::File { bytes: value, file_name })?;
            continue;
        }
        let text = String::from_utf8(value)
            .map_err(|_| ApiError::invalid(SURFACE, format!("form field `{name}` is not UTF-8 text")))?;
        assign_field(&mut input, &name, text)?;
    }
    Ok(input)
}

fn multipart_error(limit: usize) -> impl Fn(actix_multipart::MultipartError) -> ApiError {
    move |error| match error {
        actix_multipart::MultipartError::Payload(actix_web::error::PayloadError::Overflow) => too_large(limit),
        actix_multipart::MultipartError::Payload(error) => payload_error(error, SURFACE),
        error => ApiError::invalid(SURFACE, format!("the multipart body is invalid: {error}")),
    }
}

fn set_resume(input: &mut IntakeForm, upload: ResumeUpload) -> Result<(), ApiError> {
    if input.resume.replace(upload).is_some() {
        return Err(ApiError::invalid(SURFACE, "send the resume once: a `resume` file or `resumeText`, not both"));
    }
    Ok(())
}

fn assign_field(input: &mut IntakeForm, name: &str, text: String) -> Result<(), ApiError> {
    match name {
        "candidateName" => input.candidate_name = Some(text),
        "email" => input.email = Some(text),
        "phone" => input.phone = Some(text),
        "resumeText" => set_resume(input, ResumeUpload::Text(text))?,
        "answers" => {
            let Answers(answers) = serde_json::from_str(&text).map_err(|error| {
                ApiError::invalid(SURFACE, format!("form field `answers` must be a JSON object: {error}"))
            })?;
            for (key, value) in answers {
                let text = answer_text(&key, value)?;
                insert_answer(input, &key, text)?;
            }
        }
        other => match other.strip_prefix("answers[").and_then(|rest| rest.strip_suffix(']')) {
            Some(key) => insert_answer(input, key, text)?,
            None => return Err(ApiError::invalid(SURFACE, format!("unknown form field `{other}`"))),
        },
    }
    Ok(())
}

/// One answer per question: `answers` and `answers[key]` naming the same key is a duplicate.
fn insert_answer(input: &mut IntakeForm, key: &str, text: String) -> Result<(), ApiError> {
    if input.answers.insert(key.to_owned(), text).is_some() {
        return Err(ApiError::invalid(SURFACE, format!("answer `{key}` is given twice")));
    }
    Ok(())
}
