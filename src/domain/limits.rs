//! Every limit the domain enforces, in one place, so that README's table and
//! the code cannot drift apart. Lengths of text count Unicode scalar values
//! (`str::chars`), which is what "characters" means to a client.

pub const NAME_LENGTH_MAX: usize = 200;
pub const EMAIL_LENGTH_MAX: usize = 254;
pub const PHONE_LENGTH_MAX: usize = 40;
pub const DESCRIPTION_LENGTH_MAX: usize = 50_000;

pub const FORM_FIELDS_MAX: usize = 50;
pub const FORM_FIELD_OPTIONS_MAX: usize = 50;
pub const FORM_FIELD_KEY_LENGTH_MAX: usize = 64;
pub const ANSWERS_MAX: usize = FORM_FIELDS_MAX;
pub const ANSWER_LENGTH_MAX: usize = 5_000;

pub const STAGES_MAX: usize = 30;
pub const STAGE_NAME_LENGTH_MAX: usize = 100;

pub const CRITERIA_KEYWORDS_MAX: usize = 50;
pub const KEYWORD_LENGTH_MAX: usize = 100;
pub const WEIGHT_MAX: u32 = 100;
pub const MIN_YEARS_EXPERIENCE_MAX: u32 = 60;

/// The most fit scores a job's envelope can hold, and the most one top-up adds.
pub const FIT_SCORES_MAX: u32 = 1_000_000;
pub const COLLABORATORS_MAX: usize = 100;

pub const TAGS_PER_APPLICATION_MAX: usize = 50;
pub const TAG_NAME_LENGTH_MAX: usize = 50;
pub const JOB_TAGS_MAX: usize = 200;
/// Names in one tags request (`add` + `remove`, or `tags` + `addToJobTags`).
pub const TAG_CHANGES_PER_REQUEST_MAX: usize = 100;
/// Applied to a new tag that names no colour. Tailwind's gray-500: neutral on
/// light and dark backgrounds.
pub const DEFAULT_TAG_COLOR: &str = "#6b7280";

pub const COMMENT_LENGTH_MAX: usize = 10_000;
pub const COMMENTS_PER_APPLICATION_MAX: usize = 10_000;
/// Older notifications are dropped once a user has this many.
pub const NOTIFICATIONS_PER_USER_MAX: usize = 10_000;

pub const MEMBERS_PER_WORKSPACE_MAX: usize = 10_000;
pub const TEAMS_PER_WORKSPACE_MAX: usize = 1_000;
pub const JOBS_PER_WORKSPACE_MAX: usize = 100_000;
pub const APPLICATIONS_PER_JOB_MAX: usize = 5_000_000;
pub const ACTIVE_KEYS_PER_WORKSPACE_MAX: usize = 1_000;
pub const CLAIM_ENTRIES_MAX: usize = 1_000;
pub const RATE_LIMIT_PER_MINUTE_MAX: u32 = 10_000_000;

pub const DEFAULT_PAGE_LIMIT: usize = 20;
pub const PAGE_LIMIT_MAX: usize = 100;

/// Resume text accepted at intake; the engine enforces the same bound.
pub const RESUME_TEXT_BYTES_MAX: usize = 2 * 1024 * 1024;
/// Largest resume file kept: the blob store's own bound (the intake body limit, a setting, is usually lower).
pub const RESUME_FILE_BYTES_MAX: usize = 16 * 1024 * 1024;
