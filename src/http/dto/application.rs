//! Applications: list item, detail, parsed resume, ATS breakdown, pipeline,
//! comments. Parsed resumes and breakdowns are mapped field by field so that
//! the wire names stay stable when domain types change.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::Iso8601;

use super::job::StageView;
use crate::domain::application::{Application, Pipeline};
use crate::domain::ats::{AtsBreakdown, CriterionKind, CriterionResult, Verdict};
use crate::domain::comment::Comment;
use crate::domain::job::Job;
use crate::domain::resume::{
    ContactDetails, EducationEntry, ExperienceEntry, ParsedResume, ProjectEntry, SectionKind, SkillEntry,
};
use crate::domain::tag::Tag;
use crate::domain::workspace::Workspace;
use crate::http::error::ApiError;
use crate::http::openapi::schemas::{
    ApplicationStatusText, CriterionKindText, PipelineStateText, TagSchema, VerdictText,
};
use crate::workspace::stored_results::CodecError;
use crate::workspace::stored_results::{current_breakdown_bytes, current_resume_bytes, read_breakdown, read_resume};

pub use super::application_list::{ApplicationListItem, ApplicationsPage};
use super::job::WeightingView;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PipelineView<'a> {
    #[schema(value_type = PipelineStateText)]
    pub state: &'static str,
    pub reason: Option<&'a str>,
    pub run: u32,
    pub updated_at: Iso8601,
}

impl<'a> PipelineView<'a> {
    pub fn new(pipeline: &'a Pipeline) -> Self {
        Self {
            state: pipeline.state.as_str(),
            reason: pipeline.reason.as_deref(),
            run: pipeline.run,
            updated_at: Iso8601(pipeline.updated_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeFileView<'a> {
    pub file_name: Option<&'a str>,
    pub media_type: &'a str,
    pub size_bytes: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationDetail<'a> {
    pub id: &'a str,
    pub job_id: &'a str,
    pub candidate_name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    #[schema(value_type = ApplicationStatusText)]
    pub status: &'static str,
    pub stage: Option<StageView<'a>>,
    pub job_stage_id: &'a str,
    #[schema(value_type = Vec<TagSchema>)]
    pub tags: &'a [Tag],
    pub ats_score: Option<u8>,
    pub answers: &'a BTreeMap<String, String>,
    pub resume_file: Option<ResumeFileView<'a>>,
    pub resume: Option<ResumeView<'a>>,
    pub ats: Option<AtsView<'a>>,
    pub pipeline: PipelineView<'a>,
    pub comment_count: usize,
    pub created_at: Iso8601,
    pub updated_at: Iso8601,
    /// The workspace's change sequence at this application's last change.
    pub change_sequence: u64,
}

/// The parsed resume and breakdown of one application in the current
/// engine's encoding: borrowed from the state (the state keeps them
/// encoded), or converted when an older engine made them. [`DecodedResults`]
/// reads them without copying their strings.
pub struct StoredResults<'a> {
    resume: Option<Cow<'a, [u8]>>,
    ats: Option<Cow<'a, [u8]>>,
}

impl<'a> StoredResults<'a> {
    pub fn of(application: &'a Application) -> Result<Self, ApiError> {
        Ok(Self { resume: Self::resume_of(application)?, ats: Self::ats_of(application)? })
    }

    pub fn resume_of(application: &'a Application) -> Result<Option<Cow<'a, [u8]>>, ApiError> {
        application
            .resume
            .as_ref()
            .map(current_resume_bytes)
            .transpose()
            .map_err(|error| undecodable(application, error))
    }

    pub fn ats_of(application: &'a Application) -> Result<Option<Cow<'a, [u8]>>, ApiError> {
        application
            .ats
            .as_ref()
            .map(current_breakdown_bytes)
            .transpose()
            .map_err(|error| undecodable(application, error))
    }

    /// Both as the API's JSON, written without decoding them.
    pub fn render(&self, application: &Application) -> Result<RenderedResults, ApiError> {
        Ok(RenderedResults {
            resume: render_resume_of(self.resume.as_deref(), application)?,
            ats: render_ats_of(self.ats.as_deref(), application)?,
        })
    }

    pub fn decode(&self, application: &Application) -> Result<DecodedResults<'_>, ApiError> {
        Ok(DecodedResults {
            resume: read_resume_of(self.resume.as_deref(), application)?,
            ats: read_ats_of(self.ats.as_deref(), application)?,
        })
    }
}

/// The parsed resume's JSON, written from its stored bytes (see `stored_json`).
pub fn render_resume_of(bytes: Option<&[u8]>, application: &Application) -> Result<Option<Vec<u8>>, ApiError> {
    render(bytes, application, super::stored_json::write_resume_json)
}

/// The breakdown's JSON, written from its stored bytes (see `stored_json`).
pub fn render_ats_of(bytes: Option<&[u8]>, application: &Application) -> Result<Option<Vec<u8>>, ApiError> {
    render(bytes, application, super::stored_json::write_breakdown_json)
}

fn render(
    bytes: Option<&[u8]>,
    application: &Application,
    write: fn(&mut Vec<u8>, &[u8]) -> Result<(), CodecError>,
) -> Result<Option<Vec<u8>>, ApiError> {
    let rendered = bytes.map(|bytes| {
        // JSON adds names and quotes to what the encoding holds.
        let mut json = Vec::with_capacity(bytes.len() * 2);
        write(&mut json, bytes).map(|()| json)
    });
    rendered.transpose().map_err(|error| undecodable(application, error))
}

/// A parsed resume whose strings point into its stored bytes.
pub fn read_resume_of<'a>(
    bytes: Option<&'a [u8]>,
    application: &Application,
) -> Result<Option<ParsedResume<&'a str>>, ApiError> {
    bytes.map(read_resume).transpose().map_err(|error| undecodable(application, error))
}

/// A breakdown whose strings point into its stored bytes.
pub fn read_ats_of<'a>(
    bytes: Option<&'a [u8]>,
    application: &Application,
) -> Result<Option<AtsBreakdown<&'a str>>, ApiError> {
    bytes.map(read_breakdown).transpose().map_err(|error| undecodable(application, error))
}

/// The parsed resume and breakdown of one application as the API's JSON
/// (`null` where there is none yet is the writer's to add).
pub struct RenderedResults {
    pub resume: Option<Vec<u8>>,
    pub ats: Option<Vec<u8>>,
}

/// The parsed resume and breakdown of one application, decoded for a
/// response, their strings borrowed from [`StoredResults`].
pub struct DecodedResults<'a> {
    pub resume: Option<ParsedResume<&'a str>>,
    pub ats: Option<AtsBreakdown<&'a str>>,
}

/// A stored result that does not decode is a bug or damage, not the caller's fault.
fn undecodable(application: &Application, error: CodecError) -> ApiError {
    tracing::error!(application = %application.id, code = error.code(), %error, "a stored pipeline result does not decode");
    ApiError::Internal
}

impl<'a> ApplicationDetail<'a> {
    pub fn new(workspace: &'a Workspace, application: &'a Application, results: &'a DecodedResults<'a>) -> Self {
        let job = workspace.jobs.get(&application.job_id);
        Self {
            id: application.id.as_str(),
            job_id: application.job_id.as_str(),
            candidate_name: &application.candidate_name,
            email: &application.email,
            phone: application.phone.as_deref(),
            status: application.status.as_str(),
            stage: job.and_then(|job| stage_view(job, application)),
            job_stage_id: application.stage_id.as_str(),
            tags: &application.tags,
            ats_score: application.ats_score(),
            answers: &application.answers,
            resume_file: application.resume_source.as_ref().map(|source| ResumeFileView {
                file_name: source.file_name.as_deref(),
                media_type: &source.media_type,
                size_bytes: source.size_bytes,
            }),
            resume: results.resume.as_ref().map(ResumeView::new),
            ats: results.ats.as_ref().map(AtsView::new),
            pipeline: PipelineView::new(&application.pipeline),
            comment_count: application.comments.len(),
            created_at: Iso8601(application.created_at),
            updated_at: Iso8601(application.updated_at),
            change_sequence: workspace.application_change(application),
        }
    }
}

pub fn stage_view<'a>(job: &'a Job, application: &Application) -> Option<StageView<'a>> {
    let position = job.stage_position(&application.stage_id)?;
    Some(StageView::new(&job.definition.stages[position], position))
}

/// The parsed resume in JSON Resume's terms (`basics`, `work`, `education`,
/// `skills`, `projects`, `certificates`, with its field names where they mean
/// the same thing), plus what the engine measures (`totalExperienceMonths`…).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeView<'a> {
    pub basics: BasicsView<'a>,
    pub work: Vec<WorkView<'a>>,
    pub education: Vec<EducationView<'a>>,
    pub skills: Vec<SkillView<'a>>,
    pub projects: Vec<ProjectView<'a>>,
    pub certificates: Vec<CertificateView<'a>>,
    pub total_experience_months: Option<u32>,
    pub total_years_experience: Option<f64>,
    #[schema(value_type = Vec<String>)]
    #[serde(serialize_with = "section_names")]
    pub sections_found: &'a [SectionKind],
    pub word_count: u32,
}

impl<'a> ResumeView<'a> {
    pub fn new(resume: &'a ParsedResume<&'a str>) -> Self {
        Self {
            basics: BasicsView::new(&resume.contact, resume.summary),
            work: resume.experience.iter().map(WorkView::new).collect(),
            education: resume.education.iter().map(EducationView::new).collect(),
            skills: resume.skills.iter().map(SkillView::new).collect(),
            projects: resume.projects.iter().map(ProjectView::new).collect(),
            certificates: resume.certifications.iter().map(|&name| CertificateView { name }).collect(),
            total_experience_months: resume.total_experience_months,
            total_years_experience: resume
                .total_experience_months
                .map(|months| (f64::from(months) / 1.2).round() / 10.0),
            sections_found: &resume.sections_found,
            word_count: resume.word_count,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BasicsView<'a> {
    pub name: Option<&'a str>,
    pub label: Option<&'a str>,
    pub credentials: &'a [&'a str],
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub location: Option<LocationView<'a>>,
    pub profiles: Vec<ProfileView<'a>>,
    pub summary: Option<&'a str>,
    /// Every email, phone and link found, in order.
    pub emails: &'a [&'a str],
    pub phones: &'a [&'a str],
    pub links: &'a [&'a str],
}

impl<'a> BasicsView<'a> {
    fn new(contact: &'a ContactDetails<&'a str>, summary: Option<&'a str>) -> Self {
        Self {
            name: contact.name,
            label: contact.label,
            credentials: &contact.credentials,
            email: contact.emails.first().copied(),
            phone: contact.phones.first().copied(),
            location: contact.location.map(LocationView::new),
            profiles: contact.links.iter().map(|&url| ProfileView { network: network_of(url), url }).collect(),
            summary,
            emails: &contact.emails,
            phones: &contact.phones,
            links: &contact.links,
        }
    }
}

/// `address` as written; `city` and `region` when it reads `City, Region`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocationView<'a> {
    pub address: &'a str,
    pub city: Option<&'a str>,
    pub region: Option<&'a str>,
}

impl<'a> LocationView<'a> {
    pub(super) fn new(address: &'a str) -> Self {
        match address.split_once(", ") {
            Some((city, region)) => Self { address, city: Some(city), region: Some(region) },
            None => Self { address, city: Some(address), region: None },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ProfileView<'a> {
    pub network: &'static str,
    pub url: &'a str,
}

pub(super) fn network_of(url: &str) -> &'static str {
    let lower = url.to_lowercase();
    [
        ("linkedin.", "LinkedIn"),
        ("github.", "GitHub"),
        ("gitlab.", "GitLab"),
        ("behance.", "Behance"),
        ("dribbble.", "Dribbble"),
        ("stackoverflow.", "Stack Overflow"),
        ("twitter.", "Twitter"),
        ("x.com", "X"),
        ("medium.", "Medium"),
        ("kaggle.", "Kaggle"),
    ]
    .iter()
    .find(|(domain, _)| lower.contains(domain))
    .map_or("Website", |(_, network)| network)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkView<'a> {
    pub position: Option<&'a str>,
    pub name: Option<&'a str>,
    pub location: Option<&'a str>,
    pub start_date: Option<&'a str>,
    pub end_date: Option<&'a str>,
    pub current: bool,
    pub months: Option<u32>,
    pub highlights: &'a [&'a str],
}

impl<'a> WorkView<'a> {
    fn new(entry: &'a ExperienceEntry<&'a str>) -> Self {
        Self {
            position: entry.title,
            name: entry.company,
            location: entry.location,
            start_date: entry.start,
            end_date: entry.end,
            current: entry.current,
            months: entry.duration_months,
            highlights: &entry.highlights,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EducationView<'a> {
    pub institution: Option<&'a str>,
    pub study_type: Option<&'a str>,
    pub area: Option<&'a str>,
    pub start_date: Option<&'a str>,
    pub end_date: Option<&'a str>,
}

impl<'a> EducationView<'a> {
    fn new(entry: &'a EducationEntry<&'a str>) -> Self {
        Self {
            institution: entry.institution,
            study_type: entry.degree,
            area: entry.field,
            start_date: entry.start,
            end_date: entry.end,
        }
    }
}

/// Sections as the API names them.
fn section_names<S: serde::Serializer>(kinds: &&[SectionKind], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(kinds.iter().map(|kind| kind.name()))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkillView<'a> {
    pub name: &'a str,
    /// How the resume wrote it, where that differs from `name`.
    pub keywords: &'a [&'a str],
    #[schema(value_type = Vec<String>)]
    #[serde(serialize_with = "section_names")]
    pub found_in: &'a [SectionKind],
    /// Months of the dated jobs whose highlights name it, overlaps once.
    pub months: Option<u32>,
}

impl<'a> SkillView<'a> {
    fn new(skill: &'a SkillEntry<&'a str>) -> Self {
        Self { name: skill.name, keywords: &skill.as_written, found_in: &skill.found_in, months: skill.months_of_use }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectView<'a> {
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub keywords: &'a [&'a str],
}

impl<'a> ProjectView<'a> {
    fn new(entry: &'a ProjectEntry<&'a str>) -> Self {
        Self { name: entry.name, description: entry.description, keywords: &entry.technologies }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CertificateView<'a> {
    pub name: &'a str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AtsView<'a> {
    pub overall_score: u8,
    pub matched_keywords: &'a [&'a str],
    pub missing_keywords: &'a [&'a str],
    pub strengths: &'a [&'a str],
    pub concerns: &'a [&'a str],
    pub criteria: Vec<CriterionView<'a>>,
    pub weighting: WeightingView,
    pub missing_must_have_multiplier: f64,
    pub engine_version: u32,
}

impl<'a> AtsView<'a> {
    pub fn new(breakdown: &'a AtsBreakdown<&'a str>) -> Self {
        Self {
            overall_score: breakdown.overall_score,
            matched_keywords: &breakdown.matched_keywords,
            missing_keywords: &breakdown.missing_keywords,
            strengths: &breakdown.strengths,
            concerns: &breakdown.concerns,
            criteria: breakdown.criteria.iter().map(CriterionView::new).collect(),
            weighting: breakdown.weighting.into(),
            missing_must_have_multiplier: breakdown.missing_must_have_multiplier,
            engine_version: breakdown.engine_version,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CriterionView<'a> {
    #[schema(value_type = CriterionKindText)]
    pub kind: &'static str,
    pub criterion: &'a str,
    /// `met`, `partial` or `missing`.
    #[schema(value_type = VerdictText)]
    pub verdict: &'static str,
    /// Met or partial.
    pub matched: bool,
    pub evidence: EvidenceView<'a>,
    pub points: f64,
    pub points_max: f64,
}

/// Months as years to one decimal place, rounded down like the remarks'
/// "6.1 years", so that 74 months never reads as 6.2 years of 6.
pub(super) fn years_in_tenths(months: u32) -> f64 {
    (f64::from(months) * 10.0 / 12.0).floor() / 10.0
}

/// Where a criterion was found, how it was written and for how long it was used.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceView<'a> {
    pub occurrences: u32,
    #[schema(value_type = Vec<String>)]
    #[serde(serialize_with = "section_names")]
    pub found_in: &'a [SectionKind],
    pub as_written: &'a [&'a str],
    /// Months of the dated jobs naming the skill; for experience, the total.
    pub months: Option<u32>,
    /// `months` in years, to one decimal place, rounded down.
    pub years: Option<f64>,
}

impl<'a> CriterionView<'a> {
    fn new(result: &'a CriterionResult<&'a str>) -> Self {
        Self {
            kind: criterion_kind_text(result.kind),
            criterion: result.criterion,
            verdict: verdict_text(result.verdict),
            matched: result.is_matched(),
            evidence: EvidenceView {
                occurrences: result.occurrences,
                found_in: &result.found_in,
                as_written: &result.as_written,
                months: result.months,
                years: result.months.map(years_in_tenths),
            },
            points: (result.points * 100.0).round() / 100.0,
            points_max: (result.points_max * 100.0).round() / 100.0,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentView<'a> {
    pub id: &'a str,
    pub application_id: &'a str,
    pub text: &'a str,
    pub paragraphs: Vec<&'a str>,
    pub source: &'static str,
    pub author: AuthorView<'a>,
    pub created_at: Iso8601,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorView<'a> {
    pub user_id: &'a str,
    pub name: &'a str,
}

impl<'a> CommentView<'a> {
    pub fn new(workspace: &'a Workspace, application_id: &'a str, comment: &'a Comment) -> Self {
        let name = workspace.members.get(&comment.author).map_or("", |member| member.name.as_str());
        Self {
            id: comment.id.as_str(),
            application_id,
            text: &comment.text,
            paragraphs: comment.paragraphs(),
            source: comment.source.as_str(),
            author: AuthorView { user_id: comment.author.as_str(), name },
            created_at: Iso8601(comment.created_at),
        }
    }
}

/// `GET /api/v1/applications/:id/resume`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeResponse<'a> {
    pub application_id: &'a str,
    pub pipeline: PipelineView<'a>,
    pub resume: Option<ResumeView<'a>>,
}

/// `GET /api/v1/applications/:id/ats`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AtsResponse<'a> {
    pub application_id: &'a str,
    pub ats_score: Option<u8>,
    pub pipeline: PipelineView<'a>,
    pub ats: Option<AtsView<'a>>,
}

/// `GET /api/v1/applications/:id/comments`.
#[derive(Serialize, ToSchema)]
pub struct CommentsPage<'a> {
    pub comments: Vec<CommentView<'a>>,
    pub pagination: super::ListPagination,
}

/// How a criterion's kind is written.
pub fn criterion_kind_text(kind: CriterionKind) -> &'static str {
    match kind {
        CriterionKind::MustHave => "mustHave",
        CriterionKind::NiceToHave => "niceToHave",
        CriterionKind::Experience => "experience",
    }
}

/// How a verdict is written.
pub fn verdict_text(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Met => "met",
        Verdict::Partial => "partial",
        Verdict::Missing => "missing",
    }
}
