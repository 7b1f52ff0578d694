//! Schemas of what the API sends that are not derived from a response type:
//! the envelope, timestamps (written by hand for speed), tags (a domain
//! type serialised as it is), and the text enums the views write as
//! `&'static str`. Each is checked against real responses by the schema
//! fuzzing in `tests/schemathesis.sh`.

use serde::Serialize;
use serde_json::json;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::http::dto::Iso8601;

/// `{"status": "success", "data": …}`.
#[derive(ToSchema)]
#[allow(dead_code)] // a description of the envelope `envelope::success` writes
pub struct SuccessEnvelope<T> {
    /// Always `success`.
    pub status: SuccessStatus,
    pub data: T,
}

#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SuccessStatus {
    Success,
}

/// `{"status": "fail", "error": {"code", "message"}}`: every failure, on
/// every surface.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(example = json!({"status": "fail", "error": {"code": "V1_RESOURCE_NOT_FOUND", "message": "job \"job_x\" was not found"}}))]
pub struct FailureEnvelope {
    /// Always `fail`.
    pub status: FailStatus,
    pub error: FailureDetail,
}

#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FailStatus {
    Fail,
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct FailureDetail {
    /// Stable and machine-readable; README's error table lists every code with its status.
    #[schema(example = "V1_INVALID_REQUEST")]
    pub code: String,
    /// For people; it names the field or parameter at fault.
    pub message: String,
}

impl PartialSchema for Iso8601 {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .description(Some("UTC, with milliseconds"))
            .examples([json!("2026-11-21T09:30:00.000Z")])
            .into()
    }
}

impl ToSchema for Iso8601 {}

/// A tag on an application or in a job's catalogue.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(as = Tag)]
pub struct TagSchema {
    #[schema(example = "Senior", min_length = 1, max_length = 50)]
    pub name: String,
    /// `#rrggbb`, lower-case.
    #[schema(example = "#6b7280", pattern = "^#[0-9a-f]{6}$")]
    pub color: String,
}

/// A text enum's schema, its values taken from the domain's list of
/// variants as the views write them, so the two cannot disagree.
macro_rules! text_enum {
    ($name:ident, $description:literal, $values:expr) => {
        #[doc = $description]
        pub struct $name;

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                let values: Vec<&'static str> = $values;
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(values))
                    .description(Some($description))
                    .into()
            }
        }

        impl ToSchema for $name {}
    };
}

use crate::domain::application::{ApplicationStatus, PipelineState};
use crate::domain::ats::{CriterionKind, Verdict};
use crate::domain::job::{FormFieldKind, JobStatus, Tier};
use crate::domain::member::Role;
use crate::http::dto::application::{criterion_kind_text, verdict_text};

text_enum!(JobStatusText, "A job's status.", JobStatus::ALL.map(JobStatus::as_str).to_vec());
text_enum!(TierText, "A job's tier: only paid jobs are scored.", Tier::ALL.map(Tier::as_str).to_vec());
text_enum!(
    ApplicationStatusText,
    "An application's status: archived ones stay listed under `status=archived`.",
    ApplicationStatus::ALL.map(ApplicationStatus::as_str).to_vec()
);
text_enum!(
    PipelineStateText,
    "Where an application's parse-and-score pipeline is.",
    PipelineState::ALL.map(PipelineState::as_str).to_vec()
);
text_enum!(FormFieldTypeText, "A form field's type.", FormFieldKind::ALL.map(FormFieldKind::as_str).to_vec());
text_enum!(RoleText, "A member's role.", Role::ALL.map(Role::as_str).to_vec());
text_enum!(CriterionKindText, "What kind of criterion.", CriterionKind::ALL.map(criterion_kind_text).to_vec());
text_enum!(VerdictText, "How a criterion fared.", Verdict::ALL.map(verdict_text).to_vec());
text_enum!(
    ApplicationSortText,
    "The order of a job's applications.",
    crate::http::v1::jobs::APPLICATION_SORTS.map(|(name, _)| name).to_vec()
);
text_enum!(JobSortText, "The order of the job list.", crate::http::v1::jobs::JOB_SORTS.map(|(name, _)| name).to_vec());
