//! Deterministic, realistic candidate data for the demo workspace and for the
//! `shortlist seed` load-test command.
//!
//! Everything here is a pure function of `(seed, index, track)`: the same
//! arguments give byte-identical output on every machine and every build.
//! Randomness comes from a SplitMix64 generator defined in this file (integer
//! arithmetic only, no floats, no hashing of addresses) instead of `rand`, so a
//! dependency upgrade can never change the data. That lets `shortlist seed`
//! regenerate millions of applications instead of storing them, and lets the
//! demo workspace look the same on every start. There is no IO.
//!
//! Resumes use only the conventions the resume parser understands:
//! - the name on the first line, then one contact line: an email on an
//!   example.com/.org/.net domain, an optional fictional phone number
//!   (`+1 415 555 0123`, `+44 20 7946 0958`) and optional `github.com/handle`
//!   or `linkedin.com/in/handle` links;
//! - section headings alone on a line, in one style per resume (`SKILLS`,
//!   `Skills:`, `## Skills` or `Skills`) and with synonym texts per section
//!   (Summary/Profile/About Me…, Skills/Technical Skills/Core Competencies…);
//! - skills as comma-separated lines, bullet lines (`- Rust`, `• Rust`) or
//!   labelled lines (`Languages: Rust, Go`);
//! - 2–5 experience entries, most recent first, headed `Title — Company`,
//!   `Title at Company`, `Title, Company` or `Title | Company`, with a date range
//!   in parentheses on the same line or alone on the next line, in one of the
//!   formats `Jan 2019 – Present`, `January 2019 - Current`, `2019 - 2023`,
//!   `2015–2018`, `03/2018 - 06/2021` or `March 2017 to May 2019`, never after
//!   2026-11 (the parser's fixed "present"), followed by 2–4 achievement bullets;
//! - education lines in three formats, always naming a University, College,
//!   Institute, School, Academy or Polytechnic;
//! - project lines `Name — description (Rust, Tokio)` or
//!   `Name: description. Tech: Rust, Tokio`, and a 1–3 sentence summary.
//!
//! Each track samples a subset of its skill vocabulary with per-skill
//! probabilities, scaled by a per-resume quality, so scores against the demo
//! jobs spread from "matches everything" to "matches little". Fixed prose never
//! names a demo criterion on its own (only sampled skills do, so the sampling
//! rates are the real rates), but it does contain near-misses that a
//! whole-word matcher must not count: "going" and "MongoDB" next to "Go",
//! "JavaScript" without "Java", "trusted" and "frustrating" around "Rust",
//! "laws" around "AWS", "prototypes" for "prototyping", "research" without
//! "user", "distributed teams" for "distributed systems".

use std::fmt::Write as _;

/// The parser's fixed "present", November 2026, as a month number.
///
/// Month numbers count `year * 12 + (month - 1)`, so date arithmetic is plain
/// integer arithmetic and the calendar month is `month_number % 12`.
const PRESENT_MONTH: u32 = 2026 * 12 + 10;
const MINIMUM_WORDS: usize = 150;
const MAXIMUM_WORDS: usize = 900;
/// Fewer listed skills than this reads like an unfinished resume.
const MINIMUM_SKILLS: usize = 5;
const MINIMUM_BULLETS: usize = 2;
const MAXIMUM_BULLETS: usize = 4;
/// Lengthening and shortening estimate their effect, so the rendered length is
/// re-checked; two rounds nearly always suffice and this bounds the rest.
const MAXIMUM_FITTING_ROUNDS: usize = 8;
/// Share of a job's applicants who come from the job's own track.
const PRIMARY_TRACK_PERCENT: u32 = 75;
/// Share of achievement bullets drawn from the cross-track list (mentoring,
/// hiring, presenting) rather than the track's own.
const SHARED_ACHIEVEMENT_PERCENT: u32 = 15;

// Distinct streams keep the parts independent: a candidate's identity does not
// depend on the track they apply for, and `track_for` does not shift resumes.
const IDENTITY_STREAM: u64 = 1;
const TRACK_STREAM: u64 = 2;
const RESUME_STREAM: u64 = 16;

/// The kind of role a candidate has, which decides their skill vocabulary,
/// job titles, achievements and degrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    BackendEngineer,
    ProductDesigner,
    DataScientist,
    FrontendEngineer,
    DevOpsEngineer,
}

impl Track {
    const ALL: [Track; 5] = [
        Track::BackendEngineer,
        Track::ProductDesigner,
        Track::DataScientist,
        Track::FrontendEngineer,
        Track::DevOpsEngineer,
    ];

    fn vocabulary(self) -> &'static Vocabulary {
        match self {
            Track::BackendEngineer => &tables::BACKEND,
            Track::ProductDesigner => &tables::DESIGNER,
            Track::DataScientist => &tables::DATA_SCIENTIST,
            Track::FrontendEngineer => &tables::FRONTEND,
            Track::DevOpsEngineer => &tables::DEVOPS,
        }
    }
}

/// One synthetic candidate: identity, contact details and resume text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateProfile {
    /// Display name; also the resume's first line.
    pub name: String,
    /// Unique per `(seed, index)`, always on example.com, example.org or example.net.
    pub email: String,
    /// A number from a range reserved for fiction (US 555-01xx, UK Ofcom drama
    /// ranges), present exactly when the resume's contact line shows one.
    pub phone: Option<String>,
    pub resume_text: String,
    pub track: Track,
    /// Whole years the resume's date ranges add up to: months counted
    /// inclusively (Jan–Dec 2019 is 12), overlaps once, "Present" as November
    /// 2026. Exact for month-precise formats; year-only ranges (`2019 - 2023`)
    /// can only approximate it.
    pub years_experience: u32,
}

/// The `index`-th synthetic candidate of `seed`, with a resume for `track`.
///
/// Deterministic in `(seed, index, track)`. Name, email and phone depend only
/// on `(seed, index)`, so a candidate keeps their identity across tracks.
/// Cheap: roughly ten microseconds per profile, single-threaded, in release
/// builds.
pub fn candidate(seed: u64, index: u64, track: Track) -> CandidateProfile {
    let mut identity_random = SplitMix64::for_stream(seed, index, IDENTITY_STREAM);
    let identity = Identity::generate(&mut identity_random, index);
    let mut random = SplitMix64::for_stream(seed, index, RESUME_STREAM + track as u64);
    let years_experience = choose_years_experience(&mut random);
    let draft = Draft::plan(&mut random, track, years_experience);
    let resume_text = draft.fit_and_render(&mut random, &identity);
    CandidateProfile {
        name: identity.name,
        email: identity.email,
        phone: identity.phone,
        resume_text,
        track,
        years_experience,
    }
}

/// The track of the `index`-th applicant to a job about `primary`: usually
/// `primary`, otherwise one of the other tracks, so a job's applicants score
/// across the whole range.
pub fn track_for(seed: u64, index: u64, primary: Track) -> Track {
    // Salting by `primary` keeps two jobs that share a seed from drawing the
    // same off-track applicants at the same indices.
    let mut random = SplitMix64::for_stream(seed, index, TRACK_STREAM + 64 * (primary as u64 + 1));
    if random.chance(PRIMARY_TRACK_PERCENT) {
        return primary;
    }
    let position = random.below(Track::ALL.len() as u64 - 1) as usize;
    Track::ALL.into_iter().filter(|&track| track != primary).nth(position).unwrap_or(primary)
}

mod draft;
mod identity;
mod layout;
mod plan;
mod random;
mod tables;
mod templates;
mod vocabulary;

use draft::*;
use identity::*;
use layout::*;
use plan::*;
use random::*;
use templates::*;
use vocabulary::*;

#[cfg(test)]
mod tests;
