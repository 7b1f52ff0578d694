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

// ---------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser: a bijection on `u64` with good avalanche.
fn mix64(mut value: u64) -> u64 {
    value = (value ^ (value >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ (value >> 31)
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a Weyl counter run through
/// [`mix64`]. Tiny, fast and statistically adequate for synthetic text, and
/// defined here so the sequence can never change under us.
struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator of its own for every `(seed, index, stream)`. Every step is
    /// a bijection in `index`, so for a fixed seed and stream distinct indices
    /// always start from distinct states.
    fn for_stream(seed: u64, index: u64, stream: u64) -> Self {
        let stream_key = mix64(stream.wrapping_mul(GOLDEN_GAMMA) ^ 0x5851_F42D_4C95_7F2D);
        Self { state: mix64(seed ^ mix64(index ^ stream_key)) }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// Uniform in `0..bound` by multiply-shift; the bias is far below anything
    /// visible in synthetic data, and there is no rejection loop.
    fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// Uniform in `low..=high`.
    fn range(&mut self, low: u32, high: u32) -> u32 {
        low + self.below(u64::from(high - low) + 1) as u32
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < u64::from(percent)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let other = self.below(last as u64 + 1) as usize;
            items.swap(last, other);
        }
    }
}

// ---------------------------------------------------------------------------
// Identity and contact line
// ---------------------------------------------------------------------------

struct Identity {
    name: String,
    email: String,
    phone: Option<String>,
    contact_line: String,
}

impl Identity {
    fn generate(random: &mut SplitMix64, index: u64) -> Self {
        let first = random.pick(tables::FIRST_NAMES);
        let last = random.pick(tables::LAST_NAMES);
        let first_ascii = ascii_fold(first);
        let last_ascii = ascii_fold(last);
        let email = email_address(random, &first_ascii, &last_ascii, index);
        let phone = if random.chance(70) { Some(phone_number(random)) } else { None };
        let contact_line = contact_line(random, &email, phone.as_deref(), &first_ascii, &last_ascii);
        Self { name: format!("{first} {last}"), email, phone, contact_line }
    }
}

/// Lower-case ASCII letters of a name, with diacritics removed, for email
/// addresses and handles; spaces, apostrophes and hyphens are dropped.
fn ascii_fold(name: &str) -> String {
    let mut folded = String::with_capacity(name.len());
    for character in name.chars().flat_map(char::to_lowercase) {
        let plain = match character {
            'a'..='z' => character,
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'é' | 'è' | 'ê' | 'ë' | 'ę' => 'e',
            'í' | 'ì' | 'î' | 'ï' | 'ı' => 'i',
            'ñ' | 'ń' => 'n',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            'ł' => 'l',
            'ś' | 'š' | 'ş' => 's',
            'ź' | 'ż' | 'ž' => 'z',
            'ğ' => 'g',
            'ř' => 'r',
            _ => continue,
        };
        folded.push(plain);
    }
    folded
}

/// Names fold to letters only, so the index is the local part's whole
/// trailing run of digits and two indices can never share an address.
fn email_address(random: &mut SplitMix64, first: &str, last: &str, index: u64) -> String {
    let domain = random.pick(tables::EXAMPLE_DOMAINS);
    let initial = &first[..1];
    match random.below(4) {
        0 => format!("{first}.{last}.{index}@{domain}"),
        1 => format!("{first}{last}{index}@{domain}"),
        2 => format!("{initial}{last}.{index}@{domain}"),
        _ => format!("{first}_{last}{index}@{domain}"),
    }
}

/// Only ranges reserved for fiction: US 555-0100..0199 and the UK Ofcom
/// drama ranges, so no generated number can ring a real phone.
fn phone_number(random: &mut SplitMix64) -> String {
    if random.chance(55) {
        let area = random.pick(tables::US_AREA_CODES);
        format!("+1 {area} 555 01{:02}", random.below(100))
    } else {
        let prefix = random.pick(tables::UK_DRAMA_PREFIXES);
        format!("+44 {prefix}{:03}", random.below(1000))
    }
}

fn contact_line(random: &mut SplitMix64, email: &str, phone: Option<&str>, first: &str, last: &str) -> String {
    let separator = random.pick(&[" | ", " · ", ", "]);
    let mut line = String::with_capacity(120);
    line.push_str(email);
    if let Some(phone) = phone {
        line.push_str(separator);
        line.push_str(phone);
    }
    let links = random.below(10);
    if (4..=6).contains(&links) || links == 9 {
        line.push_str(separator);
        line.push_str("github.com/");
        match random.below(3) {
            0 => write!(line, "{first}{last}"),
            1 => write!(line, "{first}-{last}"),
            _ => write!(line, "{}{last}{}", &first[..1], random.range(10, 99)),
        }
        .expect("writing to a String cannot fail");
    }
    if links >= 7 {
        line.push_str(separator);
        write!(line, "linkedin.com/in/{first}-{last}").expect("writing to a String cannot fail");
        if random.chance(50) {
            write!(line, "-{}", random.range(100, 999)).expect("writing to a String cannot fail");
        }
    }
    line
}

/// Skewed towards mid-career: about 15% have 0–2 years, 30% 3–6, 30% 7–11
/// and 25% 12–20.
fn choose_years_experience(random: &mut SplitMix64) -> u32 {
    match random.below(100) {
        0..15 => random.range(0, 2),
        15..45 => random.range(3, 6),
        45..75 => random.range(7, 11),
        _ => random.range(12, 20),
    }
}

// ---------------------------------------------------------------------------
// Vocabulary types
// ---------------------------------------------------------------------------

/// What a skill is, which decides the label it gets in labelled skill lists
/// and which template slots (`{Language}`, `{Datastore}`, …) it can fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SkillKind {
    Language,
    Framework,
    Library,
    Datastore,
    Messaging,
    Cloud,
    Infrastructure,
    Automation,
    Delivery,
    Monitoring,
    Testing,
    Build,
    Tool,
    Research,
    Craft,
    Method,
    Architecture,
    Practice,
}

impl SkillKind {
    const ALL: [SkillKind; 18] = [
        SkillKind::Language,
        SkillKind::Framework,
        SkillKind::Library,
        SkillKind::Datastore,
        SkillKind::Messaging,
        SkillKind::Cloud,
        SkillKind::Infrastructure,
        SkillKind::Automation,
        SkillKind::Delivery,
        SkillKind::Monitoring,
        SkillKind::Testing,
        SkillKind::Build,
        SkillKind::Tool,
        SkillKind::Research,
        SkillKind::Craft,
        SkillKind::Method,
        SkillKind::Architecture,
        SkillKind::Practice,
    ];

    /// The template tag naming this kind: `{Language}` and so on.
    fn tag(self) -> &'static str {
        match self {
            SkillKind::Language => "Language",
            SkillKind::Framework => "Framework",
            SkillKind::Library => "Library",
            SkillKind::Datastore => "Datastore",
            SkillKind::Messaging => "Messaging",
            SkillKind::Cloud => "Cloud",
            SkillKind::Infrastructure => "Infrastructure",
            SkillKind::Automation => "Automation",
            SkillKind::Delivery => "Delivery",
            SkillKind::Monitoring => "Monitoring",
            SkillKind::Testing => "Testing",
            SkillKind::Build => "Build",
            SkillKind::Tool => "Tool",
            SkillKind::Research => "Research",
            SkillKind::Craft => "Craft",
            SkillKind::Method => "Method",
            SkillKind::Architecture => "Architecture",
            SkillKind::Practice => "Practice",
        }
    }

    fn from_tag(tag: &str) -> Option<SkillKind> {
        SkillKind::ALL.into_iter().find(|kind| kind.tag() == tag)
    }

    /// The label of a labelled skills line. None of them is a demo criterion
    /// ("Monitoring", not "Observability"), so labels never add a match.
    fn label(self) -> &'static str {
        match self {
            SkillKind::Language => "Languages",
            SkillKind::Framework => "Frameworks",
            SkillKind::Library => "Libraries",
            SkillKind::Datastore => "Databases",
            SkillKind::Messaging => "Messaging",
            SkillKind::Cloud => "Cloud",
            SkillKind::Infrastructure => "Infrastructure",
            SkillKind::Automation => "Automation",
            SkillKind::Delivery => "Delivery",
            SkillKind::Monitoring => "Monitoring",
            SkillKind::Testing => "Testing",
            SkillKind::Build => "Build Tools",
            SkillKind::Tool => "Tools",
            SkillKind::Research => "Research",
            SkillKind::Craft => "Design",
            SkillKind::Method => "Methods",
            SkillKind::Architecture => "Architecture",
            SkillKind::Practice => "Practices",
        }
    }

    /// Whether the skill can be listed as a project's technology.
    fn is_technology(self) -> bool {
        !matches!(
            self,
            SkillKind::Research | SkillKind::Craft | SkillKind::Method | SkillKind::Architecture | SkillKind::Practice
        )
    }
}

struct Skill {
    name: &'static str,
    kind: SkillKind,
    /// Chance, for an average-quality resume, that the skill is listed.
    percent: u32,
    /// A skill that must already be listed, so "Tokio" never appears without
    /// "Rust"; it always comes earlier in the vocabulary.
    requires: Option<&'static str>,
}

const fn skill(kind: SkillKind, name: &'static str, percent: u32) -> Skill {
    Skill { name, kind, percent, requires: None }
}

const fn skill_requiring(kind: SkillKind, name: &'static str, percent: u32, requires: &'static str) -> Skill {
    Skill { name, kind, percent, requires: Some(requires) }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DegreeLevel {
    Bachelor,
    Master,
    Doctorate,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Discipline {
    Science,
    Arts,
    Engineering,
    FineArts,
    Design,
}

struct Degree {
    level: DegreeLevel,
    discipline: Discipline,
    field: &'static str,
}

const fn degree(level: DegreeLevel, discipline: Discipline, field: &'static str) -> Degree {
    Degree { level, discipline, field }
}

impl Degree {
    fn short_forms(&self) -> &'static [&'static str] {
        match (self.level, self.discipline) {
            (DegreeLevel::Doctorate, _) => &["PhD", "Ph.D."],
            (DegreeLevel::Bachelor, Discipline::Science) => &["B.Sc.", "BSc", "B.S."],
            (DegreeLevel::Bachelor, Discipline::Arts) => &["B.A.", "BA"],
            (DegreeLevel::Bachelor, Discipline::Engineering) => &["B.Eng.", "BEng"],
            (DegreeLevel::Bachelor, Discipline::FineArts) => &["BFA"],
            (DegreeLevel::Bachelor, Discipline::Design) => &["BDes"],
            (DegreeLevel::Master, Discipline::Science) => &["M.Sc.", "MSc", "M.S."],
            (DegreeLevel::Master, Discipline::Arts) => &["M.A.", "MA"],
            (DegreeLevel::Master, Discipline::Engineering) => &["M.Eng.", "MEng"],
            (DegreeLevel::Master, Discipline::FineArts) => &["MFA"],
            (DegreeLevel::Master, Discipline::Design) => &["MDes"],
        }
    }

    fn long_form(&self) -> &'static str {
        match (self.level, self.discipline) {
            (DegreeLevel::Doctorate, _) => "Doctor of Philosophy",
            (DegreeLevel::Bachelor, Discipline::Science) => "Bachelor of Science",
            (DegreeLevel::Bachelor, Discipline::Arts) => "Bachelor of Arts",
            (DegreeLevel::Bachelor, Discipline::Engineering) => "Bachelor of Engineering",
            (DegreeLevel::Bachelor, Discipline::FineArts) => "Bachelor of Fine Arts",
            (DegreeLevel::Bachelor, Discipline::Design) => "Bachelor of Design",
            (DegreeLevel::Master, Discipline::Science) => "Master of Science",
            (DegreeLevel::Master, Discipline::Arts) => "Master of Arts",
            (DegreeLevel::Master, Discipline::Engineering) => "Master of Engineering",
            (DegreeLevel::Master, Discipline::FineArts) => "Master of Fine Arts",
            (DegreeLevel::Master, Discipline::Design) => "Master of Design",
        }
    }
}

/// Everything track-specific. Templates are plain text with tags: a skill
/// kind (`{Language}`) takes one of the candidate's sampled skills of that
/// kind (a template is skipped when there is none), `{12..60}` a number in
/// that range, `{team}` a product area and `{years}` the experience phrase.
struct Vocabulary {
    skills: &'static [Skill],
    /// Job titles by seniority: under 2 years, 2–4, 5–9, and 10 or more.
    titles: [&'static [&'static str]; 4],
    /// Quantified achievement bullets.
    achievements: &'static [&'static str],
    /// Vague duty bullets, the mark of a weaker resume.
    duties: &'static [&'static str],
    openers: &'static [&'static str],
    junior_openers: &'static [&'static str],
    focus: &'static [&'static str],
    /// Project names and descriptions; technologies come from sampled skills.
    projects: &'static [(&'static str, &'static str)],
    degrees: &'static [Degree],
    /// Chance that a degree comes from an art and design school.
    art_school_percent: u32,
}

// ---------------------------------------------------------------------------
// Template expansion
// ---------------------------------------------------------------------------

struct Expander<'a> {
    random: &'a mut SplitMix64,
    skills: &'a [&'static Skill],
    years: u32,
}

impl Expander<'_> {
    /// Appends `template` with its tags filled in. Returns false, leaving
    /// `out` unchanged, when the candidate has no skill of a kind it names.
    fn expand(&mut self, template: &str, out: &mut String) -> bool {
        let mark = out.len();
        let mut previous_skill = None;
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let close = after.find('}').expect("every template tag is closed");
            if !self.expand_tag(&after[..close], &mut previous_skill, out) {
                out.truncate(mark);
                return false;
            }
            rest = &after[close + 1..];
        }
        out.push_str(rest);
        true
    }

    fn expand_tag(&mut self, tag: &str, previous_skill: &mut Option<&'static str>, out: &mut String) -> bool {
        // Number tags start with a digit; checking that first is much cheaper
        // than searching every tag for "..".
        if tag.starts_with(|character: char| character.is_ascii_digit()) {
            let (low, high) = tag.split_once("..").expect("number tags are ranges");
            let low = low.parse().expect("number tags have a numeric low end");
            let high = high.parse().expect("number tags have a numeric high end");
            write!(out, "{}", self.random.range(low, high)).expect("writing to a String cannot fail");
            return true;
        }
        match tag {
            "team" => out.push_str(self.random.pick(tables::TEAMS)),
            "years" => match self.years {
                0 => out.push_str("less than a year"),
                1 => out.push_str("one year"),
                years => write!(out, "{years} years").expect("writing to a String cannot fail"),
            },
            _ => {
                let kind = SkillKind::from_tag(tag).unwrap_or_else(|| panic!("unknown template tag {{{tag}}}"));
                return self.write_skill(kind, previous_skill, out);
            }
        }
        true
    }

    /// Writes one sampled skill of `kind`, avoiding the one the same template
    /// just used so "{Language} and {Language}" names two languages.
    fn write_skill(&mut self, kind: SkillKind, previous_skill: &mut Option<&'static str>, out: &mut String) -> bool {
        let count = self.skills.iter().filter(|skill| skill.kind == kind).count();
        if count == 0 {
            return false;
        }
        let of_kind = |position: usize| {
            self.skills.iter().filter(|skill| skill.kind == kind).nth(position).map_or("", |skill| skill.name)
        };
        let mut position = self.random.below(count as u64) as usize;
        if count > 1 && *previous_skill == Some(of_kind(position)) {
            position = (position + 1) % count;
        }
        let name = of_kind(position);
        *previous_skill = Some(name);
        out.push_str(name);
        true
    }
}

/// Expands one of `templates` into `out`: starting at a random template, it
/// moves on past those this resume already used (bits of `used`) and those
/// naming a skill kind the candidate lacks, repeating a used one only when
/// nothing else fits.
fn expand_one_of(expander: &mut Expander, templates: &[&str], used: &mut u64, out: &mut String) -> bool {
    let start = expander.random.below(templates.len() as u64) as usize;
    for allow_repeats in [false, true] {
        for step in 0..templates.len() {
            let position = (start + step) % templates.len();
            let bit = 1u64 << (position % 64);
            if !allow_repeats && *used & bit != 0 {
                continue;
            }
            if expander.expand(templates[position], out) {
                *used |= bit;
                return true;
            }
        }
    }
    false
}

/// Which templates one resume has used, so its bullets do not repeat.
#[derive(Default)]
struct UsedTemplates {
    achievements: u64,
    duties: u64,
    shared: u64,
    extensions: u64,
    follow_ups: u64,
}

/// An achievement bullet, from the track's own list or (now and then, when
/// `with_shared` allows, or when no track template fits the candidate's
/// skills) from the shared list of mentoring and leadership achievements,
/// which names no skills and so always fits.
fn write_achievement(
    expander: &mut Expander,
    vocabulary: &Vocabulary,
    used: &mut UsedTemplates,
    with_shared: bool,
) -> String {
    let mut text = String::with_capacity(160);
    let shared = with_shared && expander.random.chance(SHARED_ACHIEVEMENT_PERCENT);
    let written = !shared && expand_one_of(expander, vocabulary.achievements, &mut used.achievements, &mut text);
    if !written {
        expand_one_of(expander, tables::SHARED_ACHIEVEMENTS, &mut used.shared, &mut text);
    }
    text
}

fn write_extension(expander: &mut Expander, used: &mut UsedTemplates) -> String {
    let mut text = String::with_capacity(80);
    expand_one_of(expander, tables::EXTENSIONS, &mut used.extensions, &mut text);
    text
}

fn write_follow_up(expander: &mut Expander, used: &mut UsedTemplates) -> String {
    let mut text = String::with_capacity(80);
    expand_one_of(expander, tables::FOLLOW_UPS, &mut used.follow_ups, &mut text);
    text
}

fn write_summary(expander: &mut Expander, vocabulary: &Vocabulary, sentences: usize) -> Vec<String> {
    let openers = if expander.years < 2 { vocabulary.junior_openers } else { vocabulary.openers };
    let mut summary = Vec::with_capacity(3);
    let mut sentence = String::with_capacity(160);
    if expand_one_of(expander, openers, &mut 0, &mut sentence) {
        summary.push(std::mem::take(&mut sentence));
    }
    let with_focus = sentences >= 3 || (sentences == 2 && expander.random.chance(60));
    if with_focus && expand_one_of(expander, vocabulary.focus, &mut 0, &mut sentence) {
        summary.push(std::mem::take(&mut sentence));
    }
    if summary.len() < sentences && expand_one_of(expander, tables::CLOSINGS, &mut 0, &mut sentence) {
        summary.push(sentence);
    }
    summary
}

// ---------------------------------------------------------------------------
// Resume plan
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum Quality {
    Weak,
    Average,
    Strong,
}

impl Quality {
    fn choose(random: &mut SplitMix64) -> Self {
        match random.below(100) {
            0..25 => Quality::Weak,
            25..75 => Quality::Average,
            _ => Quality::Strong,
        }
    }

    /// Weak resumes list about half of a skill's usual rate and strong ones
    /// close half the remaining gap. This pushes scores towards both ends
    /// while keeping the overall rate near `0.75 × base + 12.5`; the tables'
    /// base rates are chosen for that.
    fn skill_percent(self, base: u32) -> u32 {
        match self {
            Quality::Weak => base / 2,
            Quality::Average => base,
            Quality::Strong => base + (100 - base) / 2,
        }
    }

    /// Chance that a bullet is a vague duty rather than an achievement.
    fn duty_percent(self) -> u32 {
        match self {
            Quality::Weak => 55,
            Quality::Average => 22,
            Quality::Strong => 8,
        }
    }
}

/// How much a candidate writes; with the number of jobs it sets the length.
#[derive(Clone, Copy)]
enum Verbosity {
    Terse,
    Normal,
    Detailed,
    Expansive,
}

impl Verbosity {
    fn choose(random: &mut SplitMix64, quality: Quality) -> Self {
        let (terse, normal, detailed) = match quality {
            Quality::Weak => (50, 85, 97),
            Quality::Average => (20, 60, 88),
            Quality::Strong => (10, 45, 78),
        };
        match random.below(100) {
            roll if roll < terse => Verbosity::Terse,
            roll if roll < normal => Verbosity::Normal,
            roll if roll < detailed => Verbosity::Detailed,
            _ => Verbosity::Expansive,
        }
    }

    /// Older entries get a bullet fewer, as on real resumes.
    fn bullet_count(self, random: &mut SplitMix64, position: usize) -> usize {
        let (low, high) = match self {
            Verbosity::Terse => (2, 3),
            Verbosity::Normal => (2, 4),
            Verbosity::Detailed => (3, 4),
            Verbosity::Expansive => return MAXIMUM_BULLETS,
        };
        let count = random.range(low, high) as usize;
        if position >= 2 {
            (count - 1).max(MINIMUM_BULLETS)
        } else {
            count
        }
    }

    /// Chances that an achievement gets a trailing clause and a follow-up
    /// sentence.
    fn elaboration_percents(self) -> (u32, u32) {
        match self {
            Verbosity::Terse => (5, 0),
            Verbosity::Normal => (40, 20),
            Verbosity::Detailed => (75, 50),
            Verbosity::Expansive => (100, 90),
        }
    }

    fn summary_sentences(self, random: &mut SplitMix64) -> usize {
        match self {
            Verbosity::Terse => 1,
            Verbosity::Normal => random.range(1, 2) as usize,
            Verbosity::Detailed => random.range(2, 3) as usize,
            Verbosity::Expansive => 3,
        }
    }

    fn project_count(self, random: &mut SplitMix64) -> usize {
        match self {
            Verbosity::Terse => random.range(1, 2) as usize,
            Verbosity::Normal => random.range(1, 3) as usize,
            Verbosity::Detailed | Verbosity::Expansive => random.range(2, 4) as usize,
        }
    }
}

fn choose_skills(random: &mut SplitMix64, vocabulary: &'static Vocabulary, quality: Quality) -> Vec<&'static Skill> {
    let mut chosen: Vec<&'static Skill> = Vec::with_capacity(32);
    let requirement_met = |chosen: &[&Skill], skill: &Skill| {
        skill.requires.is_none_or(|name| chosen.iter().any(|listed| listed.name == name))
    };
    for skill in vocabulary.skills {
        if requirement_met(&chosen, skill) && random.chance(quality.skill_percent(skill.percent)) {
            chosen.push(skill);
        }
    }
    // Top up thin lists with random extra skills; the attempt bound only
    // guards against a vocabulary too small to ever fill the list.
    for _ in 0..64 {
        if chosen.len() >= MINIMUM_SKILLS {
            break;
        }
        let extra = &vocabulary.skills[random.below(vocabulary.skills.len() as u64) as usize];
        let listed = chosen.iter().any(|skill| skill.name == extra.name);
        if !listed && requirement_met(&chosen, extra) {
            chosen.push(extra);
        }
    }
    // Half the candidates list skills grouped as the vocabulary orders them,
    // half in no particular order.
    if random.chance(50) {
        random.shuffle(&mut chosen);
    }
    chosen
}

/// One job's span in month numbers, both ends inclusive.
#[derive(Clone, Copy, Debug)]
struct Stint {
    start: u32,
    end: u32,
    current: bool,
}

/// Job spans, most recent first. Their months, overlaps counted once, always
/// come to `years` whole years, and nothing goes past [`PRESENT_MONTH`].
fn plan_timeline(random: &mut SplitMix64, years: u32) -> Vec<Stint> {
    let worked_months = if years == 0 { random.range(4, 11) } else { years * 12 + random.range(0, 11) };
    let count = stint_count(random, years);
    let durations = split_months(random, worked_months, count);
    let currently_employed = random.chance(85);
    let mut end = if currently_employed { PRESENT_MONTH } else { PRESENT_MONTH - random.range(1, 8) };
    let mut stints = Vec::with_capacity(durations.len());
    for (position, duration) in durations.into_iter().enumerate() {
        let start = end + 1 - duration;
        stints.push(Stint { start, end, current: position == 0 && currently_employed });
        // A gap moves older jobs earlier without changing the months worked.
        let gap = if random.chance(12) { random.range(1, 6) } else { 0 };
        end = start - 1 - gap;
    }
    if random.chance(10) {
        add_overlap(random, &mut stints);
    }
    stints
}

fn stint_count(random: &mut SplitMix64, years: u32) -> u32 {
    match years {
        0 | 1 => 2,
        2..=3 => random.range(2, 3),
        4..=7 => random.range(2, 4),
        _ => random.range(3, 5),
    }
}

/// Splits `total` months into `count` random durations of at least three
/// months each (less only when `total` is too small for that).
fn split_months(random: &mut SplitMix64, total: u32, count: u32) -> Vec<u32> {
    let minimum = (total / count).min(3);
    let spare = total - minimum * count;
    let mut cuts: Vec<u32> = (1..count).map(|_| random.range(0, spare)).collect();
    cuts.push(0);
    cuts.push(spare);
    cuts.sort_unstable();
    cuts.windows(2).map(|pair| minimum + pair[1] - pair[0]).collect()
}

/// Extends one older job into the next (a notice period worked in
/// parallel). Those months were worked anyway, so the total is unchanged;
/// only adjoining jobs qualify, since closing a gap would add months.
fn add_overlap(random: &mut SplitMix64, stints: &mut [Stint]) {
    let older = random.range(1, stints.len() as u32 - 1) as usize;
    let newer = stints[older - 1];
    let newer_duration = newer.end - newer.start + 1;
    if stints[older].end + 1 == newer.start && newer_duration > 1 {
        stints[older].end += random.range(1, (newer_duration - 1).min(3));
    }
}

/// Seniority by months of experience: under 2 years, 2–4, 5–9, and 10 or more.
fn seniority_level(months: u32) -> usize {
    match months {
        0..24 => 0,
        24..60 => 1,
        60..120 => 2,
        _ => 3,
    }
}

struct Entry {
    title: &'static str,
    company: String,
    stint: Stint,
    /// Seniority in the job, from [`seniority_level`]; 0 is an intern or junior.
    level: usize,
    bullets: Vec<Bullet>,
}

struct Bullet {
    text: String,
    /// A trailing clause (", which …") added by verbose resumes.
    extension: Option<String>,
    /// A second sentence about the outcome, added by the most verbose.
    follow_up: Option<String>,
    /// A vague duty rather than an achievement; duties take no clause.
    duty: bool,
}

impl Bullet {
    /// Words as rendered, the bullet marker included.
    fn word_count(&self) -> usize {
        let optional = |part: &Option<String>| part.as_deref().map_or(0, count_words);
        1 + count_words(&self.text) + optional(&self.extension) + optional(&self.follow_up)
    }
}

fn build_entries(random: &mut SplitMix64, vocabulary: &Vocabulary, stints: &[Stint]) -> Vec<Entry> {
    let career_start = stints.last().map_or(PRESENT_MONTH, |stint| stint.start);
    let mut entries: Vec<Entry> = Vec::with_capacity(stints.len());
    for stint in stints {
        // Seniority halfway through the job: titles then neither lag a long
        // tenure nor start a career at "Senior".
        let midpoint = stint.start + (stint.end - stint.start) / 2;
        let level = seniority_level(midpoint.saturating_sub(career_start));
        let title = random.pick(vocabulary.titles[level]);
        // Distinct first words: "Juniper Labs" then "Juniper Games" reads like
        // the same employer. With 26 first words and at most five jobs this
        // loop ends after a retry or two.
        let company = loop {
            let first_word = random.pick(tables::COMPANY_FIRST_WORDS);
            let second_word = random.pick(tables::COMPANY_SECOND_WORDS);
            let taken = entries.iter().any(|entry| entry.company.split(' ').next() == Some(first_word));
            if !taken {
                break format!("{first_word} {second_word}");
            }
        };
        entries.push(Entry { title, company, stint: *stint, level, bullets: Vec::with_capacity(MAXIMUM_BULLETS) });
    }
    entries
}

fn write_education(
    random: &mut SplitMix64,
    vocabulary: &'static Vocabulary,
    format: EducationFormat,
    career_start_year: u32,
) -> Vec<String> {
    let latest_year = (career_start_year - random.range(0, 1)).min(2026);
    let bachelor = pick_degree(random, vocabulary, |level| level == DegreeLevel::Bachelor);
    let advanced =
        if random.chance(25) { pick_degree(random, vocabulary, |level| level != DegreeLevel::Bachelor) } else { None };
    let mut lines = Vec::with_capacity(2);
    match (advanced, bachelor) {
        (Some(advanced), Some(bachelor)) => {
            let years_between =
                if advanced.level == DegreeLevel::Doctorate { random.range(4, 6) } else { random.range(1, 2) };
            lines.push(education_line(random, vocabulary, format, advanced, latest_year));
            let bachelor_year = latest_year - years_between;
            lines.push(education_line(random, vocabulary, format, bachelor, bachelor_year));
        }
        (None, Some(degree)) | (Some(degree), None) => {
            lines.push(education_line(random, vocabulary, format, degree, latest_year));
        }
        (None, None) => {}
    }
    lines
}

fn pick_degree(
    random: &mut SplitMix64,
    vocabulary: &'static Vocabulary,
    level_fits: impl Fn(DegreeLevel) -> bool,
) -> Option<&'static Degree> {
    let fitting = || vocabulary.degrees.iter().filter(|degree| level_fits(degree.level));
    let count = fitting().count();
    if count == 0 {
        return None;
    }
    fitting().nth(random.below(count as u64) as usize)
}

fn education_line(
    random: &mut SplitMix64,
    vocabulary: &Vocabulary,
    format: EducationFormat,
    degree: &Degree,
    year: u32,
) -> String {
    let institution = if random.chance(vocabulary.art_school_percent) {
        random.pick(tables::ART_SCHOOLS)
    } else {
        random.pick(tables::UNIVERSITIES)
    };
    let field = degree.field;
    match format {
        EducationFormat::DegreeFirst => {
            let short = random.pick(degree.short_forms());
            format!("{short} {field}, {institution}, {year}")
        }
        EducationFormat::InstitutionFirst => {
            let short = random.pick(degree.short_forms());
            format!("{institution} — {short} in {field} ({year})")
        }
        EducationFormat::Piped => {
            format!("{} in {field} | {institution} | {year}", degree.long_form())
        }
    }
}

fn write_projects(
    random: &mut SplitMix64,
    vocabulary: &Vocabulary,
    skills: &[&'static Skill],
    count: usize,
    format: ProjectFormat,
) -> Vec<String> {
    let technologies: Vec<&str> =
        skills.iter().filter(|skill| skill.kind.is_technology()).map(|skill| skill.name).collect();
    let first = random.below(vocabulary.projects.len() as u64) as usize;
    let mut lines = Vec::with_capacity(count);
    for step in 0..count.min(vocabulary.projects.len()) {
        let (name, description) = vocabulary.projects[(first + step) % vocabulary.projects.len()];
        let used = if technologies.is_empty() {
            String::new()
        } else {
            let wanted = (random.range(1, 3) as usize).min(technologies.len());
            let offset = random.below(technologies.len() as u64) as usize;
            let picked: Vec<&str> =
                (0..wanted).map(|position| technologies[(offset + position) % technologies.len()]).collect();
            picked.join(", ")
        };
        lines.push(match (format, used.is_empty()) {
            (ProjectFormat::Dash, false) => format!("{name} — {description} ({used})"),
            (ProjectFormat::Dash, true) => format!("{name} — {description}"),
            (ProjectFormat::Colon, false) => format!("{name}: {description}. Tech: {used}"),
            (ProjectFormat::Colon, true) => format!("{name}: {description}."),
        });
    }
    lines
}

// ---------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SectionKind {
    Summary,
    Skills,
    Experience,
    Education,
    Projects,
}

#[derive(Clone, Copy)]
enum HeadingStyle {
    Upper,
    Colon,
    Markdown,
    Plain,
}

#[derive(Clone, Copy)]
enum SkillsLayout {
    CommaLines,
    Bullets,
    Labelled,
}

#[derive(Clone, Copy)]
enum DateFormat {
    /// `Jan 2019 – Present`
    MonthShort,
    /// `January 2019 - Current`
    MonthLong,
    /// `2019 - 2023`
    YearsSpaced,
    /// `2015–2018`
    YearsTight,
    /// `03/2018 - 06/2021`
    Numeric,
    /// `March 2017 to May 2019`
    MonthWordsTo,
}

#[derive(Clone, Copy)]
enum EducationFormat {
    /// `B.Sc. Computer Science, University of Leeds, 2014`
    DegreeFirst,
    /// `University of Toronto — MSc in Data Science (2016)`
    InstitutionFirst,
    /// `Bachelor of Arts in Economics | Stanford University | 2012`
    Piped,
}

#[derive(Clone, Copy)]
enum ProjectFormat {
    /// `Name — description (Rust, Tokio)`
    Dash,
    /// `Name: description. Tech: Rust, Tokio`
    Colon,
}

/// Every presentation choice of one resume, made once so the resume is
/// internally consistent (one heading style, one date format, one bullet).
struct Layout {
    heading_style: HeadingStyle,
    /// Heading texts, indexed by `SectionKind as usize`.
    headings: [&'static str; 5],
    order: [SectionKind; 5],
    skills_layout: SkillsLayout,
    skills_per_line: usize,
    skill_marker: &'static str,
    /// What joins title and company: " — ", " at ", ", " or " | ".
    title_connector: &'static str,
    dates_inline: bool,
    date_format: DateFormat,
    dash: &'static str,
    present_word: &'static str,
    bullet_marker: &'static str,
    full_stops: bool,
    blank_line_between_entries: bool,
    education_format: EducationFormat,
    project_format: ProjectFormat,
}

impl Layout {
    fn choose(random: &mut SplitMix64, stints: &[Stint]) -> Self {
        let heading_style =
            random.pick(&[HeadingStyle::Upper, HeadingStyle::Colon, HeadingStyle::Markdown, HeadingStyle::Plain]);
        let headings = [
            random.pick(tables::SUMMARY_HEADINGS),
            random.pick(tables::SKILLS_HEADINGS),
            random.pick(tables::EXPERIENCE_HEADINGS),
            random.pick(tables::EDUCATION_HEADINGS),
            random.pick(tables::PROJECTS_HEADINGS),
        ];
        // The summary, when there is one, always comes first.
        let mut order = [SectionKind::Summary; 5];
        order[1..].copy_from_slice(&random.pick(tables::BODY_ORDERS));
        let skills_layout = random.pick(&[SkillsLayout::CommaLines, SkillsLayout::Bullets, SkillsLayout::Labelled]);
        let skills_per_line = if random.chance(50) { usize::MAX } else { random.range(4, 8) as usize };
        Layout {
            heading_style,
            headings,
            order,
            skills_layout,
            skills_per_line,
            skill_marker: random.pick(tables::SKILL_MARKERS),
            title_connector: random.pick(tables::TITLE_CONNECTORS),
            dates_inline: random.chance(50),
            date_format: choose_date_format(random, stints),
            dash: random.pick(tables::DASHES),
            present_word: random.pick(tables::PRESENT_WORDS),
            bullet_marker: random.pick(tables::BULLET_MARKERS),
            full_stops: random.chance(50),
            blank_line_between_entries: random.chance(40),
            education_format: random.pick(&[
                EducationFormat::DegreeFirst,
                EducationFormat::InstitutionFirst,
                EducationFormat::Piped,
            ]),
            project_format: random.pick(&[ProjectFormat::Dash, ProjectFormat::Colon]),
        }
    }
}

/// Year-only formats cannot show a job that started and ended in the same
/// year, so those resumes fall back to month names.
fn choose_date_format(random: &mut SplitMix64, stints: &[Stint]) -> DateFormat {
    let format = random.pick(&[
        DateFormat::MonthShort,
        DateFormat::MonthLong,
        DateFormat::YearsSpaced,
        DateFormat::YearsTight,
        DateFormat::Numeric,
        DateFormat::MonthWordsTo,
    ]);
    let same_year_job = stints.iter().any(|stint| !stint.current && stint.start / 12 == stint.end / 12);
    match format {
        DateFormat::YearsSpaced | DateFormat::YearsTight if same_year_job => DateFormat::MonthShort,
        other => other,
    }
}

fn write_heading(out: &mut String, style: HeadingStyle, text: &str) {
    match style {
        HeadingStyle::Upper => out.extend(text.chars().map(|character| character.to_ascii_uppercase())),
        HeadingStyle::Colon => {
            out.push_str(text);
            out.push(':');
        }
        HeadingStyle::Markdown => {
            out.push_str("## ");
            out.push_str(text);
        }
        HeadingStyle::Plain => out.push_str(text),
    }
    out.push('\n');
}

fn write_date(out: &mut String, format: DateFormat, month: u32) {
    let year = month / 12;
    let calendar_month = (month % 12) as usize;
    match format {
        DateFormat::MonthShort => write!(out, "{} {year}", tables::SHORT_MONTHS[calendar_month]),
        DateFormat::MonthLong | DateFormat::MonthWordsTo => {
            write!(out, "{} {year}", tables::LONG_MONTHS[calendar_month])
        }
        DateFormat::YearsSpaced | DateFormat::YearsTight => write!(out, "{year}"),
        DateFormat::Numeric => write!(out, "{:02}/{year}", calendar_month + 1),
    }
    .expect("writing to a String cannot fail");
}

fn write_date_range(out: &mut String, layout: &Layout, stint: Stint) {
    write_date(out, layout.date_format, stint.start);
    match layout.date_format {
        DateFormat::YearsTight => out.push_str(layout.dash),
        DateFormat::MonthWordsTo => out.push_str(" to "),
        _ => {
            out.push(' ');
            out.push_str(layout.dash);
            out.push(' ');
        }
    }
    if stint.current {
        out.push_str(layout.present_word);
    } else {
        write_date(out, layout.date_format, stint.end);
    }
}

/// Whitespace-separated words, as `split_whitespace().count()` counts them
/// for this module's text, but several times faster (counting dominated
/// generation time before): the text has no control characters besides
/// newlines and no non-ASCII whitespace, so a word starts wherever a byte
/// above b' ' follows one at or below it, and the loop vectorises.
fn count_words(text: &str) -> usize {
    let bytes = text.as_bytes();
    let opens_with_word = bytes.first().is_some_and(|&byte| byte > b' ');
    let following = bytes.get(1..).unwrap_or_default();
    // Byte-wide sums over chunks short enough not to overflow let the
    // compiler count 16 bytes per step; `&` instead of `&&` keeps it branch-free.
    let mut word_starts = 0;
    for (previous, current) in bytes.chunks(255).zip(following.chunks(255)) {
        let starts: u8 = previous
            .iter()
            .zip(current)
            .map(|(&previous, &current)| u8::from((previous <= b' ') & (current > b' ')))
            .sum();
        word_starts += usize::from(starts);
    }
    word_starts + usize::from(opens_with_word)
}

// ---------------------------------------------------------------------------
// Draft: plan, fit to length, render
// ---------------------------------------------------------------------------

/// A resume's content before rendering, kept structured so its length can be
/// adjusted by whole bullets and clauses.
struct Draft {
    vocabulary: &'static Vocabulary,
    quality: Quality,
    years: u32,
    skills: Vec<&'static Skill>,
    summary: Vec<String>,
    entries: Vec<Entry>,
    education: Vec<String>,
    projects: Vec<String>,
    layout: Layout,
    used: UsedTemplates,
}

impl Draft {
    fn plan(random: &mut SplitMix64, track: Track, years: u32) -> Self {
        let vocabulary = track.vocabulary();
        let quality = Quality::choose(random);
        let verbosity = Verbosity::choose(random, quality);
        let skills = choose_skills(random, vocabulary, quality);
        let stints = plan_timeline(random, years);
        let career_start_year = stints.last().map_or(2026, |stint| stint.start / 12);
        let layout = Layout::choose(random, &stints);
        let entries = build_entries(random, vocabulary, &stints);
        let mut draft = Draft {
            vocabulary,
            quality,
            years,
            skills,
            summary: Vec::new(),
            entries,
            education: Vec::new(),
            projects: Vec::new(),
            layout,
            used: UsedTemplates::default(),
        };
        if random.chance(80) {
            let sentences = verbosity.summary_sentences(random);
            let summary = write_summary(&mut draft.expander(random), vocabulary, sentences);
            draft.summary = summary;
        }
        // Skills and experience are always there; education is dropped only
        // beside a summary, so every resume has at least three headings.
        if draft.summary.is_empty() || random.chance(97) {
            let format = draft.layout.education_format;
            draft.education = write_education(random, vocabulary, format, career_start_year);
        }
        if random.chance(80) {
            let count = verbosity.project_count(random);
            let format = draft.layout.project_format;
            draft.projects = write_projects(random, vocabulary, &draft.skills, count, format);
        }
        for position in 0..draft.entries.len() {
            for _ in 0..verbosity.bullet_count(random, position) {
                draft.add_bullet(random, position, verbosity.elaboration_percents());
            }
        }
        draft
    }

    fn expander<'a>(&'a self, random: &'a mut SplitMix64) -> Expander<'a> {
        Expander { random, skills: &self.skills, years: self.years }
    }

    /// Adds a bullet to the entry at `position`; returns its word count.
    fn add_bullet(
        &mut self,
        random: &mut SplitMix64,
        position: usize,
        (extension_percent, follow_up_percent): (u32, u32),
    ) -> usize {
        let mut expander = Expander { random, skills: &self.skills, years: self.years };
        // Juniors mostly list duties and seldom claim company-wide impact.
        let junior = self.entries[position].level == 0;
        let (duty_percent, elaboration_divisor) =
            if junior { (self.quality.duty_percent().max(45), 3) } else { (self.quality.duty_percent(), 1) };
        let mut text = String::with_capacity(160);
        let duty = expander.random.chance(duty_percent)
            && expand_one_of(&mut expander, self.vocabulary.duties, &mut self.used.duties, &mut text);
        if !duty {
            text = write_achievement(&mut expander, self.vocabulary, &mut self.used, !junior);
        }
        // Clauses like ", which 3 other squads adopted" only suit achievements.
        let extension_percent = extension_percent / elaboration_divisor;
        let extension = if !duty && expander.random.chance(extension_percent) {
            Some(write_extension(&mut expander, &mut self.used))
        } else {
            None
        };
        let follow_up_percent = follow_up_percent / elaboration_divisor;
        let follow_up = if !duty && expander.random.chance(follow_up_percent) {
            Some(write_follow_up(&mut expander, &mut self.used))
        } else {
            None
        };
        let bullet = Bullet { text, extension, follow_up, duty };
        let words = bullet.word_count();
        self.entries[position].bullets.push(bullet);
        words
    }

    /// Rewrites the most recent duty bullet as an achievement; returns the
    /// words gained.
    fn upgrade_a_duty(&mut self, random: &mut SplitMix64) -> Option<usize> {
        let (entry, bullet) = self.entries.iter().enumerate().find_map(|(entry, item)| {
            let bullet = item.bullets.iter().position(|bullet| bullet.duty)?;
            Some((entry, bullet))
        })?;
        let mut expander = Expander { random, skills: &self.skills, years: self.years };
        let with_shared = self.entries[entry].level > 0;
        let text = write_achievement(&mut expander, self.vocabulary, &mut self.used, with_shared);
        let replaced = &mut self.entries[entry].bullets[bullet];
        let gained = count_words(&text).saturating_sub(count_words(&replaced.text));
        replaced.text = text;
        replaced.duty = false;
        Some(gained)
    }

    /// Renders, then lengthens or shortens by whole bullets and clauses until
    /// the resume has between [`MINIMUM_WORDS`] and [`MAXIMUM_WORDS`] words.
    /// Two entries of four achievements with clauses already exceed the
    /// minimum, and two bullets per entry stay under the maximum, so this
    /// always ends inside the bounds.
    fn fit_and_render(mut self, random: &mut SplitMix64, identity: &Identity) -> String {
        let mut text = self.render(identity);
        for _ in 0..MAXIMUM_FITTING_ROUNDS {
            let words = count_words(&text);
            let changed = if words < MINIMUM_WORDS {
                self.lengthen(random, MINIMUM_WORDS - words)
            } else if words > MAXIMUM_WORDS {
                self.shorten(words - MAXIMUM_WORDS)
            } else {
                false
            };
            if !changed {
                break;
            }
            text = self.render(identity);
        }
        text
    }

    fn lengthen(&mut self, random: &mut SplitMix64, deficit: usize) -> bool {
        let mut added = 0;
        while added < deficit {
            let thinnest = (0..self.entries.len())
                .min_by_key(|&position| self.entries[position].bullets.len())
                .filter(|&position| self.entries[position].bullets.len() < MAXIMUM_BULLETS);
            added += if let Some(position) = thinnest {
                self.add_bullet(random, position, (0, 0))
            } else if let Some(words) = self.upgrade_a_duty(random) {
                words
            } else if let Some(words) = self.extend_a_bullet(random) {
                words
            } else {
                break;
            };
        }
        added > 0
    }

    /// Adds a trailing clause to the most recent bullet without one.
    fn extend_a_bullet(&mut self, random: &mut SplitMix64) -> Option<usize> {
        let (entry, bullet) = self.entries.iter().enumerate().find_map(|(entry, item)| {
            let bullet = item.bullets.iter().position(|bullet| !bullet.duty && bullet.extension.is_none())?;
            Some((entry, bullet))
        })?;
        let mut expander = Expander { random, skills: &self.skills, years: self.years };
        let extension = write_extension(&mut expander, &mut self.used);
        let words = count_words(&extension);
        self.entries[entry].bullets[bullet].extension = Some(extension);
        Some(words)
    }

    fn shorten(&mut self, excess: usize) -> bool {
        let mut removed = 0;
        while removed < excess {
            removed += if let Some(words) = self.drop_a_follow_up() {
                words
            } else if let Some(words) = self.drop_an_extension() {
                words
            } else if let Some(words) = self.drop_a_bullet() {
                words
            } else if self.projects.len() > 1 {
                self.projects.pop().map_or(0, |project| count_words(&project))
            } else {
                break;
            };
        }
        removed > 0
    }

    /// Removes a follow-up sentence, oldest entries first.
    fn drop_a_follow_up(&mut self) -> Option<usize> {
        self.entries
            .iter_mut()
            .rev()
            .flat_map(|entry| entry.bullets.iter_mut().rev())
            .find_map(|bullet| bullet.follow_up.take())
            .map(|follow_up| count_words(&follow_up))
    }

    /// Removes a trailing clause, oldest entries first.
    fn drop_an_extension(&mut self) -> Option<usize> {
        self.entries
            .iter_mut()
            .rev()
            .flat_map(|entry| entry.bullets.iter_mut().rev())
            .find_map(|bullet| bullet.extension.take())
            .map(|extension| count_words(&extension))
    }

    /// Removes the last bullet of the entry with the most, oldest on ties.
    fn drop_a_bullet(&mut self) -> Option<usize> {
        let fullest = self
            .entries
            .iter_mut()
            .filter(|entry| entry.bullets.len() > MINIMUM_BULLETS)
            .max_by_key(|entry| entry.bullets.len())?;
        let bullet = fullest.bullets.pop()?;
        Some(bullet.word_count())
    }

    fn render(&self, identity: &Identity) -> String {
        let mut out = String::with_capacity(6144);
        out.push_str(&identity.name);
        out.push('\n');
        out.push_str(&identity.contact_line);
        out.push('\n');
        for section in self.layout.order {
            let lines: &[String] = match section {
                SectionKind::Summary => &self.summary,
                SectionKind::Education => &self.education,
                SectionKind::Projects => &self.projects,
                SectionKind::Skills | SectionKind::Experience => &[],
            };
            let listed = matches!(section, SectionKind::Skills | SectionKind::Experience);
            if !listed && lines.is_empty() {
                continue;
            }
            out.push('\n');
            let heading = self.layout.headings[section as usize];
            write_heading(&mut out, self.layout.heading_style, heading);
            match section {
                SectionKind::Summary => {
                    out.push_str(&self.summary.join(" "));
                    out.push('\n');
                }
                SectionKind::Skills => self.render_skills(&mut out),
                SectionKind::Experience => self.render_experience(&mut out),
                SectionKind::Education | SectionKind::Projects => {
                    for line in lines {
                        out.push_str(line);
                        out.push('\n');
                    }
                }
            }
        }
        out
    }

    fn render_skills(&self, out: &mut String) {
        let layout = &self.layout;
        let write_names = |out: &mut String, skills: &mut dyn Iterator<Item = &&Skill>| {
            for (position, skill) in skills.enumerate() {
                if position > 0 {
                    out.push_str(", ");
                }
                out.push_str(skill.name);
            }
            out.push('\n');
        };
        match layout.skills_layout {
            SkillsLayout::CommaLines => {
                for line in self.skills.chunks(layout.skills_per_line) {
                    write_names(out, &mut line.iter());
                }
            }
            SkillsLayout::Bullets => {
                for skill in &self.skills {
                    out.push_str(layout.skill_marker);
                    out.push_str(skill.name);
                    out.push('\n');
                }
            }
            SkillsLayout::Labelled => {
                for (position, skill) in self.skills.iter().enumerate() {
                    let kind = skill.kind;
                    if self.skills[..position].iter().any(|earlier| earlier.kind == kind) {
                        continue;
                    }
                    out.push_str(kind.label());
                    out.push_str(": ");
                    write_names(out, &mut self.skills.iter().filter(|other| other.kind == kind));
                }
            }
        }
    }

    fn render_experience(&self, out: &mut String) {
        let layout = &self.layout;
        for (position, entry) in self.entries.iter().enumerate() {
            if position > 0 && layout.blank_line_between_entries {
                out.push('\n');
            }
            out.push_str(entry.title);
            out.push_str(layout.title_connector);
            out.push_str(&entry.company);
            if layout.dates_inline {
                out.push_str(" (");
                write_date_range(out, layout, entry.stint);
                out.push_str(")\n");
            } else {
                out.push('\n');
                write_date_range(out, layout, entry.stint);
                out.push('\n');
            }
            for bullet in &entry.bullets {
                out.push_str(layout.bullet_marker);
                out.push_str(&bullet.text);
                if let Some(extension) = &bullet.extension {
                    out.push_str(extension);
                }
                if let Some(follow_up) = &bullet.follow_up {
                    out.push_str(". ");
                    out.push_str(follow_up);
                }
                if layout.full_stops {
                    out.push('.');
                }
                out.push('\n');
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Data tables
// ---------------------------------------------------------------------------
/// Names, vocabularies and templates. Fixed text here never names a demo
/// criterion on its own (a test checks), so criteria reach a resume only
/// through sampled skills.
mod tables {
    use super::DegreeLevel::{Bachelor, Doctorate, Master};
    use super::Discipline::{Arts, Design, Engineering, FineArts, Science};
    use super::SectionKind::{Education, Experience, Projects, Skills};
    use super::SkillKind::{
        Architecture, Automation, Build, Cloud, Craft, Datastore, Delivery, Framework, Infrastructure, Language,
        Library, Messaging, Method, Monitoring, Practice, Research, Testing, Tool,
    };
    use super::{degree, skill, skill_requiring, SectionKind, Vocabulary};

    pub(super) const EXAMPLE_DOMAINS: &[&str] = &["example.com", "example.org", "example.net"];

    pub(super) const US_AREA_CODES: &[&str] =
        &["202", "206", "212", "303", "312", "404", "415", "512", "617", "646", "718", "773"];

    /// Ofcom's ranges for drama: London, Manchester, Bristol, Edinburgh and
    /// mobile; three more digits complete a number.
    pub(super) const UK_DRAMA_PREFIXES: &[&str] = &["20 7946 0", "161 496 0", "117 496 0", "131 496 0", "7700 900"];

    #[rustfmt::skip]
    pub(super) const FIRST_NAMES: &[&str] = &[
        "Aisha", "Akira", "Alejandro", "Amara", "Ana", "Anders", "Aroha", "Arjun", "Ayesha", "Ayumi", "Björn",
        "Bongani", "Camille", "Carlos", "Chen", "Chiamaka", "Chloé", "Daniel", "Diego", "Dmitri", "Elena",
        "Emeka", "Emma", "Farah", "Fatima", "Felipe", "Freya", "Giulia", "Hana", "Hiroshi", "Ibrahim", "Ingrid",
        "Isabel", "Jamal", "Javier", "Jin", "Joanna", "José", "Kai", "Kavya", "Kenji", "Kwame", "Laila", "Lars",
        "Leila", "Liam", "Lucía", "Łukasz", "Malik", "Mariana", "Mateo", "Meera", "Mei", "Mia", "Mohammed",
        "Nadia", "Naledi", "Ngozi", "Nikolai", "Noah", "Olga", "Omar", "Oscar", "Priya", "Rafael", "Rahul",
        "Ravi", "Rosa", "Sakura", "Samir", "Santiago", "Sara", "Seán", "Siddharth", "Sofia", "Søren", "Tariq",
        "Thandiwe", "Tomás", "Valentina", "Wei", "Yara", "Yusuf", "Zainab", "Zoë",
    ];

    #[rustfmt::skip]
    pub(super) const LAST_NAMES: &[&str] = &[
        "Adeyemi", "Ahmed", "Andersen", "Asante", "Banerjee", "Bauer", "Bianchi", "Brown", "Castillo",
        "Chatterjee", "Chen", "Costa", "Delgado", "Dlamini", "Dubois", "Eriksson", "Fernández", "Ferreira",
        "Fischer", "García", "Gupta", "Haddad", "Hansen", "Hernández", "Horvat", "Ivanov", "Jensen", "Johnson",
        "Kaur", "Kim", "Kowalski", "Kumar", "Larsen", "Lee", "Li", "Lindqvist", "López", "Martin", "Mendes",
        "Mensah", "Moreau", "Müller", "Murphy", "Nakamura", "Nguyen", "Nilsson", "Novák", "Nowak", "O'Brien",
        "Okafor", "Okonkwo", "Olsen", "Ortiz", "Park", "Patel", "Pereira", "Petrov", "Popescu", "Quispe",
        "Rahman", "Reyes", "Rossi", "Sánchez", "Sato", "Schmidt", "Silva", "Singh", "Smith", "Suzuki", "Tanaka",
        "Taylor", "Tran", "Ueda", "van der Berg", "Virtanen", "Walker", "Wang", "Williams", "Wilson", "Wójcik",
        "Yamamoto", "Yeo", "Yılmaz", "Zhang", "Zulu",
    ];

    /// Fictional company names are two words, neither of which is " at " or
    /// contains a comma, pipe or dash, so every title connector stays unambiguous.
    #[rustfmt::skip]
    pub(super) const COMPANY_FIRST_WORDS: &[&str] = &[
        "Northwind", "Bluefin", "Brightpath", "Copperleaf", "Driftwood", "Evergreen", "Fernhill", "Granite",
        "Harborview", "Ironbark", "Juniper", "Kestrel", "Lumen", "Meridian", "Nimbus", "Orchard", "Pinecrest",
        "Quartz", "Redwood", "Silverline", "Tidewater", "Upland", "Vantage", "Willow", "Yellowtail", "Zephyr",
    ];

    #[rustfmt::skip]
    pub(super) const COMPANY_SECOND_WORDS: &[&str] = &[
        "Labs", "Systems", "Health", "Logistics", "Payments", "Analytics", "Software", "Robotics", "Media",
        "Bank", "Energy", "Games", "Insurance", "Retail", "Travel",
    ];

    #[rustfmt::skip]
    pub(super) const TEAMS: &[&str] = &[
        "payments", "search", "checkout", "identity", "notifications", "billing", "logistics", "pricing",
        "onboarding", "catalog", "fraud", "reporting", "booking", "loyalty",
    ];

    pub(super) const UNIVERSITIES: &[&str] = &[
        "University of Leeds",
        "University of Toronto",
        "Stanford University",
        "University of Edinburgh",
        "McGill University",
        "University of Waterloo",
        "Carnegie Mellon University",
        "Georgia Institute of Technology",
        "Imperial College London",
        "University College Dublin",
        "Delft University of Technology",
        "KTH Royal Institute of Technology",
        "Technical University of Munich",
        "University of Amsterdam",
        "Warsaw University of Technology",
        "University of São Paulo",
        "University of Cape Town",
        "University of Lagos",
        "University of Nairobi",
        "Indian Institute of Technology Bombay",
        "National University of Singapore",
        "Nanyang Technological University",
        "Seoul National University",
        "University of Tokyo",
        "Tsinghua University",
        "University of Melbourne",
        "University of Auckland",
        "Hong Kong Polytechnic University",
        "Kyiv Polytechnic Institute",
        "American University of Beirut",
        "Cairo University",
        "University of Manchester",
        "Hunter College",
    ];

    pub(super) const ART_SCHOOLS: &[&str] = &[
        "Rhode Island School of Design",
        "Parsons School of Design",
        "Royal College of Art",
        "Savannah College of Art and Design",
        "Emily Carr University of Art and Design",
        "Glasgow School of Art",
        "Design Academy Eindhoven",
        "ArtCenter College of Design",
        "Pratt Institute",
    ];

    pub(super) const SUMMARY_HEADINGS: &[&str] =
        &["Summary", "Professional Summary", "Profile", "About Me", "Objective"];
    pub(super) const SKILLS_HEADINGS: &[&str] =
        &["Skills", "Technical Skills", "Core Competencies", "Technologies", "Skills & Tools"];
    pub(super) const EXPERIENCE_HEADINGS: &[&str] =
        &["Experience", "Work Experience", "Professional Experience", "Employment History", "Work History"];
    pub(super) const EDUCATION_HEADINGS: &[&str] = &["Education", "Academic Background", "Qualifications"];
    pub(super) const PROJECTS_HEADINGS: &[&str] =
        &["Projects", "Personal Projects", "Selected Projects", "Side Projects"];

    /// Orders of the sections after the summary.
    pub(super) const BODY_ORDERS: &[[SectionKind; 4]] = &[
        [Skills, Experience, Education, Projects],
        [Experience, Skills, Education, Projects],
        [Skills, Experience, Projects, Education],
        [Experience, Education, Skills, Projects],
        [Experience, Skills, Projects, Education],
        [Skills, Education, Experience, Projects],
        [Experience, Projects, Skills, Education],
    ];

    pub(super) const SKILL_MARKERS: &[&str] = &["- ", "• "];
    pub(super) const BULLET_MARKERS: &[&str] = &["- ", "• ", "* "];
    /// What joins a job title to the company.
    pub(super) const TITLE_CONNECTORS: &[&str] = &[" — ", " at ", ", ", " | "];
    /// Dashes of date ranges.
    pub(super) const DASHES: &[&str] = &["-", "–", "—"];
    pub(super) const PRESENT_WORDS: &[&str] = &["Present", "Current"];

    pub(super) const SHORT_MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    #[rustfmt::skip]
    pub(super) const LONG_MONTHS: [&str; 12] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ];

    /// Cross-track achievements; they name no skills, so one always fits.
    pub(super) const SHARED_ACHIEVEMENTS: &[&str] = &[
        "Mentored {3..6} colleagues, {2..3} of whom were promoted within a year",
        "Coordinated work across distributed teams in {3..5} time zones",
        "Interviewed {20..80} candidates and helped redesign the hiring loop",
        "Became a trusted reviewer for work across {4..12} teams and rewrote the onboarding guide",
        "Presented quarterly results to leadership and {30..200} colleagues at the all-hands",
        "Organised a monthly knowledge-sharing session attended by {15..60} people",
        "Onboarded {3..9} new hires, cutting their time to first release from {4..6} weeks to {2..3}",
    ];

    /// Trailing clauses for verbose bullets.
    pub(super) const EXTENSIONS: &[&str] = &[
        ", working with product and support to roll it out to {3..12} teams",
        ", and wrote the internal guide other teams now follow",
        ", presenting the results at the company all-hands",
        ", in close partnership with product management and customer support",
        ", while keeping the existing roadmap on schedule",
        ", which {2..6} other squads adopted within a quarter",
        ", and trained {4..20} colleagues on the new workflow",
        "; the approach was later written up as an internal case study",
        ", earning the trust of a skeptical leadership team",
        ", without pausing any customer-facing releases",
    ];

    /// Second sentences for verbose bullets, about the outcome.
    pub(super) const FOLLOW_UPS: &[&str] = &[
        "This freed roughly {10..40} hours of team time a month",
        "The same approach was reused on {2..5} later projects",
        "Complaints on the topic fell by {20..60}% the following quarter",
        "It became one of the department's objectives for the next {2..3} quarters",
        "Leadership used the results to justify {2..4} new hires",
        "The work was featured in the company's internal newsletter",
        "We tracked the effect for {3..6} months to make sure it held",
        "I documented the trade-offs in a review that {10..40} people attended",
        "Two competitors shipped something similar within the year",
        "The project came in {2..3} weeks ahead of the original estimate",
    ];

    pub(super) const CLOSINGS: &[&str] = &[
        "Looking for a team that values clear writing and careful reviews.",
        "Happiest when mentoring others and shipping in small increments.",
        "Open to hybrid or remote roles.",
        "Known for honest estimates and calm communication under pressure.",
        "Keen to join a product-minded team with real customers.",
        "Comfortable working across time zones and with remote colleagues.",
    ];

    pub(super) static BACKEND: Vocabulary = Vocabulary {
        skills: &[
            skill(Language, "Rust", 63),
            skill(Language, "Go", 35),
            skill(Language, "Python", 35),
            skill(Language, "Java", 20),
            skill(Language, "Kotlin", 8),
            skill(Language, "C++", 10),
            skill(Language, "TypeScript", 15),
            skill(Language, "JavaScript", 10),
            skill(Language, "Scala", 6),
            skill(Language, "Elixir", 5),
            skill_requiring(Framework, "Tokio", 55, "Rust"),
            skill_requiring(Framework, "Axum", 25, "Rust"),
            skill_requiring(Framework, "Actix Web", 20, "Rust"),
            skill_requiring(Framework, "Spring Boot", 60, "Java"),
            skill_requiring(Framework, "Django", 45, "Python"),
            skill_requiring(Framework, "FastAPI", 35, "Python"),
            skill(Framework, "gRPC", 30),
            skill(Framework, "GraphQL", 20),
            skill(Framework, "REST", 45),
            skill(Datastore, "PostgreSQL", 77),
            skill(Datastore, "MySQL", 20),
            skill(Datastore, "Redis", 40),
            skill(Datastore, "MongoDB", 15),
            skill(Datastore, "Cassandra", 8),
            skill(Datastore, "DynamoDB", 15),
            skill(Datastore, "ClickHouse", 8),
            skill(Datastore, "Elasticsearch", 15),
            skill(Messaging, "Kafka", 30),
            skill(Messaging, "RabbitMQ", 15),
            skill(Messaging, "NATS", 5),
            skill(Cloud, "AWS", 50),
            skill(Cloud, "GCP", 18),
            skill(Cloud, "Azure", 8),
            skill_requiring(Messaging, "Amazon SQS", 25, "AWS"),
            skill(Infrastructure, "Kubernetes", 43),
            skill(Infrastructure, "Docker", 55),
            skill(Automation, "Terraform", 28),
            skill(Tool, "Linux", 35),
            skill(Tool, "Nginx", 10),
            skill(Monitoring, "Prometheus", 25),
            skill(Monitoring, "Grafana", 25),
            skill(Monitoring, "OpenTelemetry", 15),
            skill(Monitoring, "Datadog", 15),
            skill(Architecture, "distributed systems", 50),
            skill(Architecture, "microservices", 35),
            skill(Architecture, "event-driven architecture", 18),
            skill(Architecture, "API design", 30),
            skill(Architecture, "system design", 20),
            skill(Practice, "observability", 30),
            skill(Practice, "CI/CD", 40),
            skill(Practice, "TDD", 15),
            skill(Practice, "code review", 20),
            skill(Practice, "incident response", 15),
        ],
        titles: [
            &[
                "Junior Backend Engineer", "Software Engineering Intern",
                "Graduate Software Engineer", "Junior Software Developer",
            ],
            &["Backend Engineer", "Software Engineer", "Software Developer", "Platform Engineer"],
            &["Senior Backend Engineer", "Senior Software Engineer", "Senior Platform Engineer"],
            &["Staff Engineer", "Principal Engineer", "Lead Backend Engineer", "Engineering Lead"],
        ],
        achievements: &[
            "Cut p99 latency of the {team} API from {180..450} ms to {25..90} ms by rewriting the hot path in {Language}",
            "Built an ingestion pipeline on {Messaging} that handles {3..40}M events per day with at-least-once delivery",
            "Migrated {12..60} services off a shared database onto per-service {Datastore} schemas with zero downtime",
            "Reduced {Cloud} spend by {15..45}% by right-sizing instances and adding autoscaling to {6..20} services",
            "Designed the {Framework} service template now used by {4..15} teams, replacing {3..9} hand-rolled HTTP stacks",
            "Introduced {Monitoring} dashboards and SLO alerts, cutting mean time to recovery from {60..180} to {10..35} minutes",
            "Scaled the {team} platform from {2..9}k to {40..300}k requests per second while keeping the error rate below 0.1%",
            "Moved {20..80} workloads onto {Infrastructure}, shrinking deploy time from {25..60} minutes to {3..9}",
            "Led the design of a sharded {Datastore} cluster holding {2..40} TB of order history",
            "Wrote a {Language} library for idempotent retries that {5..30} internal services now depend on",
            "Rolled out {Practice} practices across {3..8} squads; change failure rate fell from {18..30}% to {4..9}%",
            "Applied {Architecture} principles to split the billing monolith into {4..12} independently deployed services",
            "Replaced nightly batch jobs with streaming consumers on {Messaging}, cutting data freshness from {12..24} hours to {2..5} minutes",
            "Tuned {Datastore} queries and indexes, bringing the slowest {team} report from {30..90} s to under {2..5} s",
            "Cut the {team} service's memory footprint by {30..70}% after profiling allocations in {Language}",
            "Shipped a {Framework} gateway serving {15..120} internal endpoints with consistent auth and rate limiting",
            "Automated schema migrations for {Datastore} in the release pipeline, removing a frustrating {2..4}-hour manual checklist",
            "Built a {Language} load-testing harness that caught {3..12} capacity regressions before they reached production",
            "Raised availability of the {team} service from 99.{5..8}% to 99.9{5..9}% over {2..4} quarters",
            "Designed an outbox pattern on {Datastore} and {Messaging} that removed {200..900} duplicate payments a month",
            "Codified {Cloud} infrastructure as code, replacing {40..150} hand-edited console resources",
            "Cut CI build times from {18..40} to {4..9} minutes by caching {Language} dependencies and splitting test suites",
        ],
        duties: &[
            "Worked on backend services for the {team} team",
            "Maintained internal APIs written in {Language}",
            "Helped with database administration tasks in {Datastore}",
            "Took part in code reviews and sprint planning",
            "Fixed bugs and implemented new features as requested by product managers",
            "Supported deployments on {Infrastructure}",
            "Kept the {team} services going during on-call weeks and answered support tickets",
            "Wrote unit and integration tests for existing endpoints",
            "Handled data-protection requests in line with privacy laws for EU customers",
            "Updated documentation for the {team} service",
        ],
        openers: &[
            "Backend engineer with {years} of experience building services in {Language} and {Datastore}.",
            "Software engineer with {years} of experience on high-traffic {team} systems.",
            "Pragmatic backend developer with {years} of experience shipping APIs that other teams rely on.",
        ],
        junior_openers: &[
            "Recent computer science graduate looking for a first backend role.",
            "Junior backend developer with {years} of experience, keen to grow on a team that reviews code carefully.",
        ],
        focus: &[
            "Most at home with {Architecture} and {Practice}.",
            "Comfortable across the stack, from {Datastore} schema design to {Infrastructure} deployments.",
            "Recently focused on {Cloud} cost and reliability work.",
            "Enjoys turning vague requirements into small, well-tested {Language} services.",
        ],
        projects: &[
            ("Ledgerline", "a double-entry bookkeeping service with an append-only journal"),
            ("Tidepool", "a toy key-value store with Raft-based replication"),
            ("Queuebert", "a lightweight job queue with retries and dead-letter handling"),
            ("Shardwise", "a command-line tool that plans shard splits from table statistics"),
            ("Pingboard", "a status page that probes HTTP endpoints every 30 seconds"),
            ("Ratelimitd", "a rate-limiting sidecar with token-bucket and GCRA strategies"),
            ("Tracewell", "a request-tracing demo that stitches spans across three services"),
            ("Schemadiff", "a tool that diffs database schemas between environments"),
        ],
        degrees: &[
            degree(Bachelor, Science, "Computer Science"),
            degree(Bachelor, Engineering, "Software Engineering"),
            degree(Bachelor, Science, "Mathematics"),
            degree(Bachelor, Science, "Physics"),
            degree(Bachelor, Engineering, "Electrical Engineering"),
            degree(Master, Science, "Computer Science"),
            degree(Master, Engineering, "Software Engineering"),
            degree(Master, Science, "Distributed Computing"),
            degree(Master, Science, "Information Security"),
        ],
        art_school_percent: 0,
    };

    pub(super) static DESIGNER: Vocabulary = Vocabulary {
        skills: &[
            skill(Tool, "Figma", 83),
            skill(Tool, "FigJam", 25),
            skill(Tool, "Sketch", 30),
            skill(Tool, "Adobe XD", 20),
            skill(Tool, "Framer", 15),
            skill(Tool, "Miro", 30),
            skill(Tool, "Principle", 8),
            skill(Tool, "Adobe Illustrator", 20),
            skill(Tool, "Adobe Photoshop", 20),
            skill(Tool, "Webflow", 10),
            skill(Tool, "Maze", 12),
            skill(Tool, "Dovetail", 10),
            skill(Research, "user research", 57),
            skill(Research, "usability testing", 37),
            skill(Research, "user interviews", 35),
            skill(Research, "journey mapping", 25),
            skill(Research, "card sorting", 10),
            skill(Research, "A/B testing", 15),
            skill(Research, "surveys", 20),
            skill(Research, "competitive analysis", 20),
            skill(Craft, "prototyping", 63),
            skill(Craft, "wireframing", 50),
            skill(Craft, "design systems", 37),
            skill(Craft, "accessibility", 30),
            skill(Craft, "interaction design", 40),
            skill(Craft, "visual design", 35),
            skill(Craft, "information architecture", 25),
            skill(Craft, "UX writing", 15),
            skill(Craft, "motion design", 10),
            skill(Craft, "service design", 10),
            skill(Language, "HTML/CSS", 20),
        ],
        titles: [
            &["Junior Product Designer", "UX Design Intern", "Junior UX Designer"],
            &["Product Designer", "UX Designer", "UI/UX Designer", "Interaction Designer"],
            &["Senior Product Designer", "Senior UX Designer", "Senior Interaction Designer"],
            &["Lead Product Designer", "Principal Designer", "Design Manager", "Staff Product Designer"],
        ],
        achievements: &[
            "Redesigned the {team} flow in {Tool}, lifting conversion from {2..4}.{0..9}% to {5..8}.{0..9}%",
            "Used {Research} with {8..30} customers to reframe the {team} roadmap, dropping {2..4} planned features",
            "Built a library of {40..160} components in {Tool}, cutting design-to-development handoff time by {20..50}%",
            "Owned {Craft} for the {team} squad across {6..20} releases in a year",
            "Raised WCAG 2.1 AA contrast compliance from {55..75}% to {92..99}% of screens",
            "Ran {3..12} rounds of {Research} on the checkout redesign, reducing average task time by {15..45}%",
            "Turned early {Craft} explorations into a clickable {Tool} flow tested with {5..20} participants",
            "Redesigned the {team} dashboard; related support tickets fell {25..60}% within {2..4} months",
            "Partnered with {3..8} engineers to ship a responsive web app that reached {20..200}k monthly users",
            "Produced {5..15} high-fidelity prototypes in {Tool} for executive reviews, securing funding for {2..3} new initiatives",
            "Combined {Research} and analytics to find a {10..35}% drop-off in the {team} sign-up funnel, then fixed it in {2..3} iterations",
            "Led a {Craft} overhaul that cut inconsistent UI patterns from {30..80} to {5..12}",
            "Designed onboarding for a new {team} product that reached {10..50}k sign-ups in its first quarter",
            "Cut the time to run a research round from {3..5} weeks to {6..10} days with a reusable {Research} kit",
            "Documented {30..90} interaction patterns so {4..10} product teams could ship consistent screens",
            "Shipped a dark mode and a reduced-motion setting now used by {10..35}% of active users",
        ],
        duties: &[
            "Made designs for new features in {Tool}",
            "Worked with developers and product managers on the {team} app",
            "Helped with research and feedback sessions",
            "Created mockups, icons and marketing graphics as needed",
            "Kept design files organised and up to date",
            "Prepared assets and specs for developers",
            "Attended stand-ups and design reviews",
        ],
        openers: &[
            "Product designer with {years} of experience designing {team} products for web and mobile.",
            "UX designer with {years} of experience turning customer insight into shipped interfaces.",
            "Designer with {years} of experience across B2B and consumer apps, with a focus on {Craft}.",
        ],
        junior_openers: &[
            "Junior product designer with {years} of professional experience and a strong portfolio of student work.",
            "Recent design graduate looking for a first product design role.",
        ],
        focus: &[
            "Works closely with engineers, using {Tool} and {Research} to move from problem to shipped design.",
            "Particularly interested in {Craft} and inclusive interfaces.",
            "Enjoys {Research} work and turning what it finds into clear decisions.",
        ],
        projects: &[
            ("Wayfinder", "a redesign concept for a city transit app tested with 12 commuters"),
            ("Open Pantry", "a volunteer scheduling app for a local food bank"),
            ("Palette Lab", "a colour-contrast checker plugin with 3000 installs"),
            ("Quiet Hours", "a meditation app concept built for one-handed use"),
            ("Clinic Finder", "a service blueprint and app flow for booking doctor appointments"),
            ("Type Specimen", "an open-source type scale generator for the web"),
        ],
        degrees: &[
            degree(Bachelor, Arts, "Graphic Design"),
            degree(Bachelor, FineArts, "Interaction Design"),
            degree(Bachelor, Science, "Psychology"),
            degree(Bachelor, Design, "Industrial Design"),
            degree(Bachelor, Arts, "Communication Design"),
            degree(Master, Arts, "Human-Computer Interaction"),
            degree(Master, Design, "Service Design"),
            degree(Master, Science, "Human Factors"),
        ],
        art_school_percent: 50,
    };

    pub(super) static DATA_SCIENTIST: Vocabulary = Vocabulary {
        skills: &[
            skill(Language, "Python", 85),
            skill(Language, "R", 35),
            skill(Language, "SQL", 75),
            skill(Language, "Scala", 8),
            skill(Language, "Julia", 4),
            skill(Library, "pandas", 60),
            skill(Library, "NumPy", 50),
            skill(Library, "scikit-learn", 50),
            skill(Library, "PyTorch", 30),
            skill(Library, "TensorFlow", 20),
            skill(Library, "XGBoost", 25),
            skill(Library, "statsmodels", 15),
            skill(Library, "spaCy", 10),
            skill(Datastore, "Snowflake", 25),
            skill(Datastore, "BigQuery", 25),
            skill(Datastore, "PostgreSQL", 20),
            skill(Infrastructure, "Spark", 30),
            skill(Infrastructure, "Airflow", 25),
            skill(Infrastructure, "dbt", 25),
            skill(Infrastructure, "Databricks", 15),
            skill(Cloud, "AWS", 25),
            skill(Cloud, "GCP", 15),
            skill(Tool, "Tableau", 30),
            skill(Tool, "Looker", 20),
            skill(Tool, "Jupyter", 40),
            skill(Tool, "Power BI", 12),
            skill(Method, "machine learning", 55),
            skill(Method, "statistics", 50),
            skill(Method, "A/B testing", 40),
            skill(Method, "causal inference", 15),
            skill(Method, "time series forecasting", 20),
            skill(Method, "NLP", 15),
            skill(Method, "deep learning", 20),
            skill(Method, "Bayesian modelling", 10),
        ],
        titles: [
            &["Junior Data Analyst", "Data Science Intern", "Junior Data Scientist"],
            &["Data Scientist", "Data Analyst", "Machine Learning Engineer"],
            &["Senior Data Scientist", "Senior Machine Learning Engineer"],
            &["Lead Data Scientist", "Principal Data Scientist", "Head of Data Science"],
        ],
        achievements: &[
            "Built a churn model in {Library} that reached an AUC of 0.{78..93} and now drives weekly retention campaigns",
            "Applied {Method} to {10..40} product experiments a quarter, standardising how results are reported",
            "Cut the weekly forecasting job from {6..12} hours to {20..50} minutes by moving it to {Infrastructure}",
            "Shipped a demand forecast that reduced stockouts by {8..25}% across {30..200} stores",
            "Built {Tool} dashboards that {50..400} people use each week",
            "Wrote {Language} tooling that standardised feature engineering for {3..8} teams",
            "Improved search ranking NDCG by {3..12}% with a learning-to-rank model trained in {Library}",
            "Designed pricing experiments worth an estimated {1..9}.{0..9} million in annual revenue",
            "Modelled {Datastore} event data to attribute {60..90}% of acquisition spend to channels",
            "Reduced false positives in fraud screening by {20..45}% using {Method}",
            "Automated {10..30} recurring reports with {Infrastructure}, saving analysts {8..20} hours a week",
        ],
        duties: &[
            "Made reports and charts in {Tool}",
            "Cleaned data and wrote queries in {Language}",
            "Assisted senior data scientists with modelling tasks",
            "Answered ad-hoc data requests from the {team} team",
            "Maintained existing dashboards and fixed broken queries",
        ],
        openers: &[
            "Data scientist with {years} of experience building models in {Language} for {team} teams.",
            "Analyst turned data scientist with {years} of experience in experimentation and forecasting.",
        ],
        junior_openers: &[
            "Recent graduate in a quantitative field looking for a first data science role.",
            "Junior analyst with {years} of experience and a habit of checking every number twice.",
        ],
        focus: &[
            "Strongest in {Method} and in explaining uncertainty to non-specialists.",
            "Builds pipelines in {Infrastructure} and models in {Library}.",
        ],
        projects: &[
            ("Rainfall Nowcast", "short-term rainfall prediction from public radar images"),
            ("Bookshelf Recs", "a book recommender trained on 2 million public ratings"),
            ("Transit Delays", "an analysis of five years of open bus delay data"),
            ("Sentiment Tracker", "daily sentiment scoring of product reviews"),
        ],
        degrees: &[
            degree(Bachelor, Science, "Statistics"),
            degree(Bachelor, Science, "Mathematics"),
            degree(Bachelor, Arts, "Economics"),
            degree(Bachelor, Science, "Physics"),
            degree(Master, Science, "Data Science"),
            degree(Master, Science, "Applied Mathematics"),
            degree(Master, Science, "Statistics"),
            degree(Doctorate, Science, "Physics"),
            degree(Doctorate, Science, "Computational Biology"),
        ],
        art_school_percent: 0,
    };

    pub(super) static FRONTEND: Vocabulary = Vocabulary {
        skills: &[
            skill(Language, "JavaScript", 70),
            skill(Language, "TypeScript", 65),
            skill(Language, "HTML", 60),
            skill(Language, "CSS", 60),
            skill(Language, "Sass", 20),
            skill(Framework, "React", 70),
            skill(Framework, "Next.js", 30),
            skill(Framework, "Vue", 20),
            skill(Framework, "Angular", 15),
            skill(Framework, "Svelte", 8),
            skill(Framework, "Redux", 25),
            skill(Framework, "Tailwind CSS", 25),
            skill(Framework, "Node.js", 35),
            skill(Testing, "Jest", 40),
            skill(Testing, "Cypress", 25),
            skill(Testing, "Playwright", 20),
            skill(Testing, "Testing Library", 25),
            skill(Build, "Webpack", 25),
            skill(Build, "Vite", 25),
            skill(Build, "esbuild", 8),
            skill(Tool, "Storybook", 25),
            skill(Tool, "Figma", 25),
            skill(Architecture, "GraphQL", 25),
            skill(Monitoring, "Sentry", 15),
            skill(Practice, "accessibility", 40),
            skill(Practice, "web performance", 30),
            skill(Practice, "design systems", 25),
            skill(Practice, "responsive design", 35),
            skill(Practice, "progressive web apps", 10),
        ],
        titles: [
            &["Junior Frontend Developer", "Frontend Intern", "Junior Web Developer"],
            &["Frontend Engineer", "Front-End Developer", "UI Engineer", "Web Developer"],
            &["Senior Frontend Engineer", "Senior UI Engineer"],
            &["Staff Frontend Engineer", "Frontend Lead", "Principal Engineer"],
        ],
        achievements: &[
            "Rebuilt the {team} checkout in {Framework}, improving Largest Contentful Paint from {3..6}.{0..9} s to {1..2}.{0..9} s",
            "Shrank the main bundle by {30..65}% with code splitting and a move to {Build}",
            "Raised end-to-end test coverage from {20..40}% to {70..90}% with {Testing}",
            "Migrated {40..200}k lines of legacy jQuery code to {Framework} without a feature freeze",
            "Championed {Practice} across {3..7} product teams and added automated checks to CI",
            "Documented {40..150} shared components in {Tool} for {4..12} teams",
            "Cut time to interactive on low-end phones by {30..60}% by deferring {10..40} third-party scripts",
            "Wrote {Language} utilities for form validation now used in {10..40} screens",
            "Built a real-time {team} dashboard in {Framework} that streams {1..9}k updates per minute",
            "Reduced front-end error rate by {40..80}% after adding source maps and {Monitoring} alerts",
            "Delivered a responsive redesign that lifted mobile conversion by {8..25}%",
        ],
        duties: &[
            "Built UI components from designs",
            "Fixed layout bugs across browsers",
            "Worked on the {team} web app using {Framework}",
            "Updated styles and content on marketing pages",
            "Wrote unit tests with {Testing}",
        ],
        openers: &[
            "Frontend engineer with {years} of experience building fast, accessible interfaces in {Framework}.",
            "Web developer with {years} of experience shipping {team} features in {Language}.",
            "Frontend developer with {years} of experience turning designs into interfaces people enjoy using.",
        ],
        junior_openers: &[
            "Self-taught web developer looking for a first frontend role.",
            "Junior frontend developer with {years} of experience and a love of tidy interfaces.",
        ],
        focus: &[
            "Cares about {Practice} and about the details users notice.",
            "Comfortable pairing with designers in {Tool}.",
        ],
        projects: &[
            ("Pixel Budget", "a browser extension that flags slow-loading images"),
            ("Recipe Box", "an offline-first recipe app"),
            ("Chartlet", "a tiny charting library with zero dependencies"),
            ("Form Kit", "accessible form components with built-in validation"),
        ],
        degrees: &[
            degree(Bachelor, Science, "Computer Science"),
            degree(Bachelor, Arts, "Digital Media"),
            degree(Bachelor, Science, "Information Systems"),
            degree(Bachelor, Arts, "English Literature"),
            degree(Master, Science, "Web Technologies"),
        ],
        art_school_percent: 10,
    };

    pub(super) static DEVOPS: Vocabulary = Vocabulary {
        skills: &[
            skill(Cloud, "AWS", 60),
            skill(Cloud, "GCP", 25),
            skill(Cloud, "Azure", 20),
            skill(Infrastructure, "Kubernetes", 60),
            skill(Infrastructure, "Docker", 65),
            skill(Tool, "Helm", 30),
            skill(Tool, "Linux", 60),
            skill(Tool, "Nginx", 20),
            skill(Tool, "Vault", 15),
            skill(Infrastructure, "Nomad", 5),
            skill(Automation, "Terraform", 55),
            skill(Automation, "Ansible", 30),
            skill(Automation, "Pulumi", 8),
            skill(Automation, "Bash", 50),
            skill(Automation, "Python", 40),
            skill(Automation, "Go", 20),
            skill(Delivery, "Jenkins", 25),
            skill(Delivery, "GitHub Actions", 35),
            skill(Delivery, "GitLab CI", 25),
            skill(Delivery, "Argo CD", 20),
            skill(Delivery, "CI/CD", 55),
            skill(Monitoring, "Prometheus", 45),
            skill(Monitoring, "Grafana", 45),
            skill(Monitoring, "Datadog", 20),
            skill(Monitoring, "OpenTelemetry", 15),
            skill(Monitoring, "ELK stack", 20),
            skill(Practice, "observability", 40),
            skill(Practice, "incident response", 30),
            skill(Practice, "SRE", 20),
            skill(Practice, "chaos engineering", 8),
            skill(Messaging, "Kafka", 10),
            skill(Datastore, "PostgreSQL", 15),
            skill(Datastore, "Redis", 15),
            skill(Architecture, "distributed systems", 12),
            skill(Language, "Rust", 6),
        ],
        titles: [
            &["Junior DevOps Engineer", "IT Support Engineer", "Junior Systems Administrator"],
            &["DevOps Engineer", "Site Reliability Engineer", "Systems Engineer", "Cloud Engineer"],
            &["Senior DevOps Engineer", "Senior Site Reliability Engineer", "Senior Cloud Engineer"],
            &[
                "Staff Site Reliability Engineer",
                "Lead DevOps Engineer",
                "Principal Infrastructure Engineer",
                "Head of Platform",
            ],
        ],
        achievements: &[
            "Moved {30..120} services to {Infrastructure} and cut deploy time from {30..60} to {4..10} minutes",
            "Codified {Cloud} accounts with {Automation}, replacing {100..400} hand-made console resources",
            "Cut monthly {Cloud} costs by {18..45}% through rightsizing, spot capacity and storage lifecycle rules",
            "Built {Delivery} pipelines for {20..90} repositories with automated rollbacks",
            "Set up {Monitoring} alerting that cut paging noise by {40..75}%",
            "Led {Practice} work for {4..9} teams, bringing mean time to recovery from {90..240} to {15..40} minutes",
            "Wrote {Automation} tooling that rotates {200..900} secrets a month without downtime",
            "Upgraded {40..150} nodes across {3..8} clusters with zero customer-facing incidents",
            "Hardened base images, cutting critical CVEs from {40..120} to {2..5}",
            "Ran {4..12} game days that exposed {6..20} failure modes before customers did",
        ],
        duties: &[
            "Handled tickets for access requests and server issues",
            "Maintained {Infrastructure} environments and patched them monthly",
            "Wrote {Automation} scripts for routine tasks",
            "Monitored dashboards and escalated alerts",
            "Assisted with cloud migrations on {Cloud}",
        ],
        openers: &[
            "DevOps engineer with {years} of experience running production systems on {Cloud}.",
            "Site reliability engineer with {years} of experience keeping {team} platforms up.",
        ],
        junior_openers: &[
            "Junior systems engineer with {years} of experience, moving from IT support into infrastructure work.",
            "Career changer looking for a first DevOps role after a year of home-lab automation.",
        ],
        focus: &[
            "Automates everything twice: once in {Automation}, once in the runbook.",
            "Most at home with {Infrastructure} and {Monitoring}.",
        ],
        projects: &[
            ("Homelab", "a three-node cluster running personal services with GitOps"),
            ("Costwatch", "a daily cloud cost report posted to chat"),
            ("Rotator", "a secret rotation job with a dry-run mode"),
            ("Runbook Bot", "a chat bot that links alerts to runbooks"),
        ],
        degrees: &[
            degree(Bachelor, Science, "Computer Science"),
            degree(Bachelor, Engineering, "Electrical Engineering"),
            degree(Bachelor, Science, "Information Technology"),
            degree(Bachelor, Science, "Network Engineering"),
            degree(Master, Science, "Cloud Computing"),
        ],
        art_school_percent: 0,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex::Regex;
    use std::collections::HashSet;

    const BACKEND_CRITERIA: [&str; 8] =
        ["Rust", "PostgreSQL", "distributed systems", "Kubernetes", "Kafka", "gRPC", "AWS", "observability"];
    const DESIGNER_CRITERIA: [&str; 6] =
        ["Figma", "user research", "prototyping", "design systems", "accessibility", "usability testing"];

    /// A spread of profiles over several seeds and every track.
    fn sample_profiles(per_track: u64) -> Vec<CandidateProfile> {
        let mut profiles = Vec::new();
        for seed in [0, 1, 42, u64::MAX] {
            for track in Track::ALL {
                profiles.extend((0..per_track).map(|index| candidate(seed, index, track)));
            }
        }
        profiles
    }

    fn whole_word(term: &str) -> Regex {
        Regex::new(&format!(r"(?i)\b{}\b", regex::escape(term))).expect("valid pattern")
    }

    fn all_heading_lines() -> HashSet<String> {
        let texts = [
            tables::SUMMARY_HEADINGS,
            tables::SKILLS_HEADINGS,
            tables::EXPERIENCE_HEADINGS,
            tables::EDUCATION_HEADINGS,
            tables::PROJECTS_HEADINGS,
        ];
        let mut lines = HashSet::new();
        for text in texts.iter().flat_map(|list| list.iter()) {
            lines.insert(text.to_uppercase());
            lines.insert(format!("{text}:"));
            lines.insert(format!("## {text}"));
            lines.insert((*text).to_string());
        }
        lines
    }

    /// The date-range formats the parser accepts, capturing both ends.
    fn date_range_pattern() -> Regex {
        let months = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|March|\
                      April|June|July|August|September|October|November|December";
        let date = format!(r"(?:(?:{months}) \d{{4}}|\d{{2}}/\d{{4}}|\d{{4}})");
        Regex::new(&format!(r"(?P<start>{date})\s*(?:-|–|—|to)\s*(?P<end>{date}|Present|Current)"))
            .expect("valid pattern")
    }

    /// `(year, month 1..=12 if given)` of one end of a range.
    fn parse_date(text: &str) -> (u32, Option<u32>) {
        if text == "Present" || text == "Current" {
            return (2026, Some(11));
        }
        if let Some((month, year)) = text.split_once('/') {
            return (year.parse().unwrap(), Some(month.parse().unwrap()));
        }
        if let Some((month, year)) = text.split_once(' ') {
            let number = tables::SHORT_MONTHS.iter().position(|short| month.starts_with(short)).expect("a month name")
                as u32
                + 1;
            return (year.parse().unwrap(), Some(number));
        }
        (text.parse().unwrap(), None)
    }

    #[test]
    fn same_arguments_give_an_identical_profile() {
        for track in Track::ALL {
            for index in [0, 1, 999, 123_456_789] {
                assert_eq!(candidate(5, index, track), candidate(5, index, track));
            }
        }
    }

    #[test]
    fn known_output_never_changes() {
        // Pins the generator: any change to the PRNG, tables or layout breaks
        // reproducibility of seeded load tests and should be deliberate.
        let profile = candidate(2024, 7, Track::BackendEngineer);
        let checksum = profile
            .resume_text
            .bytes()
            .fold(0xCBF2_9CE4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3));
        assert_eq!((profile.email.as_str(), profile.years_experience, checksum), PINNED_OUTPUT);
    }

    const PINNED_OUTPUT: (&str, u32, u64) = ("analee7@example.org", 1, 18392852861398197888);

    #[test]
    fn different_indices_give_different_emails() {
        assert_ne!(candidate(3, 0, Track::BackendEngineer).email, candidate(3, 1, Track::BackendEngineer).email);
    }

    #[test]
    fn emails_are_unique_over_ten_thousand_indices() {
        let emails: HashSet<String> =
            (0..10_000).map(|index| candidate(9, index, track_for(9, index, Track::BackendEngineer)).email).collect();
        assert_eq!(emails.len(), 10_000);
    }

    #[test]
    fn identity_does_not_depend_on_the_track() {
        let backend = candidate(4, 17, Track::BackendEngineer);
        let designer = candidate(4, 17, Track::ProductDesigner);
        assert_eq!((&backend.name, &backend.email, &backend.phone), (&designer.name, &designer.email, &designer.phone));
        assert_ne!(backend.resume_text, designer.resume_text);
    }

    #[test]
    fn every_resume_opens_with_the_name_then_the_contact_line() {
        for profile in sample_profiles(120) {
            let mut lines = profile.resume_text.lines();
            assert_eq!(lines.next(), Some(profile.name.as_str()));
            let contact = lines.next().expect("a contact line");
            assert!(contact.starts_with(&profile.email), "{contact}");
            if let Some(phone) = &profile.phone {
                assert!(contact.contains(phone.as_str()), "{contact}");
            }
        }
    }

    #[test]
    fn every_resume_has_at_least_three_section_headings() {
        let headings = all_heading_lines();
        for profile in sample_profiles(120) {
            let found = profile.resume_text.lines().filter(|line| headings.contains(*line)).count();
            assert!(found >= 3, "{}", profile.resume_text);
        }
    }

    #[test]
    fn experience_date_ranges_use_allowed_formats_and_end_by_november_2026() {
        let pattern = date_range_pattern();
        for profile in sample_profiles(120) {
            let mut ranges = 0;
            for line in profile.resume_text.lines() {
                for found in pattern.captures_iter(line) {
                    ranges += 1;
                    let whole = found.get(0).unwrap();
                    let alone = whole.start() == 0 && whole.end() == line.len();
                    let inline = line.ends_with(&format!("({})", whole.as_str()));
                    assert!(alone || inline, "date range inside prose: {line}");
                    let start = parse_date(&found["start"]);
                    let end = parse_date(&found["end"]);
                    assert!(start <= end, "{line}");
                    assert!(end <= (2026, Some(11)) && end.0 <= 2026, "{line}");
                }
            }
            assert!((2..=5).contains(&ranges), "{}", profile.resume_text);
        }
    }

    #[test]
    fn month_precise_date_ranges_add_up_to_the_years_of_experience() {
        let pattern = date_range_pattern();
        let mut checked = 0;
        for profile in sample_profiles(100) {
            let mut spans: Vec<(u32, u32)> = Vec::new();
            for found in pattern.captures_iter(&profile.resume_text) {
                let (start, end) = (parse_date(&found["start"]), parse_date(&found["end"]));
                if let (Some(start_month), Some(end_month)) = (start.1, end.1) {
                    spans.push((start.0 * 12 + start_month, end.0 * 12 + end_month));
                }
            }
            if spans.len() < 2 {
                continue;
            }
            spans.sort_unstable();
            let (mut months, mut covered_until) = (0, 0);
            for (start, end) in spans {
                let first_new = start.max(covered_until + 1);
                months += (end + 1).saturating_sub(first_new);
                covered_until = covered_until.max(end);
            }
            assert_eq!(months / 12, profile.years_experience, "{}", profile.resume_text);
            checked += 1;
        }
        assert!(checked > 1000);
    }

    #[test]
    fn years_of_experience_cover_zero_to_twenty() {
        let years: HashSet<u32> = sample_profiles(100).iter().map(|profile| profile.years_experience).collect();
        assert_eq!(years, (0..=20).collect());
    }

    #[test]
    fn resumes_have_between_150_and_900_words_and_use_the_range() {
        let counts: Vec<usize> = sample_profiles(300).iter().map(|profile| count_words(&profile.resume_text)).collect();
        assert!(counts.iter().all(|count| (150..=900).contains(count)));
        assert!(counts.iter().any(|&count| count < 200));
        assert!(counts.iter().any(|&count| count > 650));
    }

    #[test]
    fn no_resume_mentions_a_domain_outside_the_example_domains() {
        let address = Regex::new(r"@([A-Za-z0-9.-]+)").unwrap();
        for profile in sample_profiles(120) {
            for found in address.captures_iter(&profile.resume_text) {
                assert!(tables::EXAMPLE_DOMAINS.contains(&&found[1]), "{}", &found[0]);
            }
            let domain = profile.email.split_once('@').unwrap().1;
            assert!(tables::EXAMPLE_DOMAINS.contains(&domain));
        }
    }

    #[test]
    fn phone_numbers_come_from_ranges_reserved_for_fiction() {
        let fictional =
            Regex::new(r"^(\+1 \d{3} 555 01\d{2}|\+44 (20 7946 0|161 496 0|117 496 0|131 496 0|7700 900)\d{3})$")
                .unwrap();
        let phones: Vec<String> = sample_profiles(100).into_iter().filter_map(|profile| profile.phone).collect();
        assert!(phones.len() > 1000);
        for phone in phones {
            assert!(fictional.is_match(&phone), "{phone}");
        }
    }

    #[test]
    fn backend_vocabulary_contains_every_demo_criterion() {
        let names: Vec<&str> = tables::BACKEND.skills.iter().map(|skill| skill.name).collect();
        for term in BACKEND_CRITERIA {
            assert!(names.contains(&term), "{term}");
        }
    }

    #[test]
    fn designer_vocabulary_contains_every_demo_criterion() {
        let names: Vec<&str> = tables::DESIGNER.skills.iter().map(|skill| skill.name).collect();
        for term in DESIGNER_CRITERIA {
            assert!(names.contains(&term), "{term}");
        }
    }

    #[test]
    fn backend_must_haves_appear_at_varied_rates_and_in_every_combination() {
        let rust = whole_word("Rust");
        let postgres = whole_word("PostgreSQL");
        let distributed = whole_word("distributed systems");
        let (mut with_rust, mut with_postgres, mut with_distributed) = (0, 0, 0);
        let (mut all_three, mut none) = (0, 0);
        let total = 3000;
        for index in 0..total {
            let text = candidate(77, index, Track::BackendEngineer).resume_text;
            let found = [rust.is_match(&text), postgres.is_match(&text), distributed.is_match(&text)];
            with_rust += usize::from(found[0]);
            with_postgres += usize::from(found[1]);
            with_distributed += usize::from(found[2]);
            all_three += usize::from(found.iter().all(|&hit| hit));
            none += usize::from(found.iter().all(|&hit| !hit));
        }
        let percent = |count: usize| count * 100 / total as usize;
        assert!((50..=70).contains(&percent(with_rust)), "Rust {}", percent(with_rust));
        assert!((60..=80).contains(&percent(with_postgres)), "PostgreSQL {}", percent(with_postgres));
        assert!((40..=60).contains(&percent(with_distributed)), "distributed systems {}", percent(with_distributed));
        assert!(percent(all_three) >= 10 && none > 0, "all {all_three}, none {none}");
    }

    #[test]
    fn designer_criteria_appear_in_some_resumes_but_not_all() {
        let resumes: Vec<String> =
            (0..1000).map(|index| candidate(78, index, Track::ProductDesigner).resume_text).collect();
        for term in DESIGNER_CRITERIA {
            let pattern = whole_word(term);
            let hits = resumes.iter().filter(|text| pattern.is_match(text)).count();
            assert!((200..=900).contains(&hits), "{term}: {hits}");
        }
    }

    #[test]
    fn backend_resumes_contain_near_misses_for_whole_word_matching() {
        let resumes: Vec<String> =
            (0..1000).map(|index| candidate(79, index, Track::BackendEngineer).resume_text).collect();
        let java = whole_word("Java");
        let contains = |word: &str| resumes.iter().any(|text| text.contains(word));
        assert!(resumes.iter().any(|text| text.contains("JavaScript") && !java.is_match(text)));
        assert!(resumes.iter().any(|text| text.contains("MongoDB") && whole_word("Go").is_match(text)));
        for near_miss in ["going", "trusted", "frustrating", "laws", "distributed teams"] {
            assert!(contains(near_miss), "{near_miss}");
        }
    }

    /// Every fixed text a resume can contain, outside the skill names.
    fn fixed_texts() -> Vec<&'static str> {
        let mut texts: Vec<&'static str> = Vec::new();
        for list in [
            tables::SHARED_ACHIEVEMENTS,
            tables::EXTENSIONS,
            tables::FOLLOW_UPS,
            tables::CLOSINGS,
            tables::TEAMS,
            tables::COMPANY_FIRST_WORDS,
            tables::COMPANY_SECOND_WORDS,
            tables::UNIVERSITIES,
            tables::ART_SCHOOLS,
            tables::SUMMARY_HEADINGS,
            tables::SKILLS_HEADINGS,
            tables::EXPERIENCE_HEADINGS,
            tables::EDUCATION_HEADINGS,
            tables::PROJECTS_HEADINGS,
        ] {
            texts.extend_from_slice(list);
        }
        texts.extend(SkillKind::ALL.map(SkillKind::label));
        for track in Track::ALL {
            let vocabulary = track.vocabulary();
            for list in [
                vocabulary.achievements,
                vocabulary.duties,
                vocabulary.openers,
                vocabulary.junior_openers,
                vocabulary.focus,
            ] {
                texts.extend_from_slice(list);
            }
            vocabulary.titles.iter().for_each(|titles| texts.extend_from_slice(titles));
            for (name, description) in vocabulary.projects {
                texts.extend([*name, *description]);
            }
            texts.extend(vocabulary.degrees.iter().map(|degree| degree.field));
        }
        texts
    }

    #[test]
    fn fixed_text_never_names_a_demo_criterion() {
        let criteria: Vec<Regex> =
            BACKEND_CRITERIA.iter().chain(DESIGNER_CRITERIA.iter()).map(|term| whole_word(term)).collect();
        for text in fixed_texts() {
            for criterion in &criteria {
                assert!(!criterion.is_match(text), "{criterion} in {text:?}");
            }
        }
    }

    #[test]
    fn every_template_expands_for_a_candidate_with_every_skill_of_its_track() {
        for track in Track::ALL {
            let vocabulary = track.vocabulary();
            let skills: Vec<&'static Skill> = vocabulary.skills.iter().collect();
            let mut random = SplitMix64::for_stream(1, 2, 3);
            let mut expander = Expander { random: &mut random, skills: &skills, years: 7 };
            let templates = [
                vocabulary.achievements,
                vocabulary.duties,
                vocabulary.openers,
                vocabulary.junior_openers,
                vocabulary.focus,
                tables::SHARED_ACHIEVEMENTS,
                tables::EXTENSIONS,
                tables::FOLLOW_UPS,
                tables::CLOSINGS,
            ];
            let mut out = String::new();
            for template in templates.iter().flat_map(|list| list.iter()) {
                out.clear();
                assert!(expander.expand(template, &mut out), "{template}");
                assert!(!out.contains('{') && !out.contains('}'), "{out}");
            }
        }
    }

    #[test]
    fn template_lists_fit_the_used_template_bitmask() {
        let mut lists = vec![tables::SHARED_ACHIEVEMENTS, tables::EXTENSIONS, tables::FOLLOW_UPS];
        for track in Track::ALL {
            lists.extend([track.vocabulary().achievements, track.vocabulary().duties]);
        }
        assert!(lists.iter().all(|list| !list.is_empty() && list.len() <= 64));
    }

    #[test]
    fn shared_achievements_and_one_opener_per_track_name_no_skills() {
        let names_a_skill =
            |text: &str| SkillKind::ALL.iter().any(|kind| text.contains(&format!("{{{}}}", kind.tag())));
        assert!(!tables::SHARED_ACHIEVEMENTS.iter().any(|text| names_a_skill(text)));
        assert!(!tables::EXTENSIONS.iter().any(|text| names_a_skill(text)));
        assert!(!tables::FOLLOW_UPS.iter().any(|text| names_a_skill(text)));
        for track in Track::ALL {
            let vocabulary = track.vocabulary();
            for openers in [vocabulary.openers, vocabulary.junior_openers] {
                assert!(openers.iter().any(|text| !names_a_skill(text)), "{track:?}");
            }
        }
    }

    #[test]
    fn every_vocabulary_is_large_and_its_requirements_come_first() {
        for track in Track::ALL {
            let skills = track.vocabulary().skills;
            assert!(skills.len() >= 20, "{track:?}");
            for (position, skill) in skills.iter().enumerate() {
                if let Some(required) = skill.requires {
                    assert!(
                        skills[..position].iter().any(|earlier| earlier.name == required),
                        "{} requires {required}",
                        skill.name
                    );
                }
            }
        }
    }

    #[test]
    fn education_institutions_name_a_recognised_kind_of_school() {
        let keywords = ["University", "College", "Institute", "School", "Academy", "Polytechnic"];
        for institution in tables::UNIVERSITIES.iter().chain(tables::ART_SCHOOLS) {
            assert!(keywords.iter().any(|keyword| institution.contains(keyword)), "{institution}");
            assert!(!institution.contains(',') && !institution.contains('|'), "{institution}");
        }
    }

    #[test]
    fn name_lists_are_large_international_and_fold_to_ascii() {
        assert!(tables::FIRST_NAMES.len() >= 60 && tables::LAST_NAMES.len() >= 60);
        for name in tables::FIRST_NAMES.iter().chain(tables::LAST_NAMES) {
            let folded = ascii_fold(name);
            assert!(!folded.is_empty(), "{name}");
            assert!(folded.bytes().all(|byte| byte.is_ascii_lowercase()), "{name} -> {folded}");
        }
        assert_eq!(ascii_fold("Łukasz"), "lukasz");
        assert_eq!(ascii_fold("O'Brien"), "obrien");
    }

    #[test]
    fn fast_word_count_agrees_with_split_whitespace() {
        for text in ["", " ", "one", " one  two\n", "a\n\nb\tc ", "Zoë · Łukasz — x"] {
            assert_eq!(count_words(text), text.split_whitespace().count(), "{text:?}");
        }
        for profile in sample_profiles(20) {
            let text = &profile.resume_text;
            assert_eq!(count_words(text), text.split_whitespace().count());
        }
        let long = "word ".repeat(1000);
        assert_eq!(count_words(&long), 1000);
    }

    #[test]
    fn track_for_mostly_returns_the_primary_track() {
        let tracks: Vec<Track> = (0..2000).map(|index| track_for(12, index, Track::ProductDesigner)).collect();
        let primary = tracks.iter().filter(|&&track| track == Track::ProductDesigner).count();
        assert!((1300..=1700).contains(&primary), "{primary}");
        for track in Track::ALL {
            assert!(tracks.contains(&track), "{track:?}");
        }
        assert_eq!(track_for(12, 5, Track::DataScientist), track_for(12, 5, Track::DataScientist));
    }

    #[test]
    fn resumes_vary_in_layout() {
        let profiles = sample_profiles(100);
        let has = |needle: &str| profiles.iter().any(|profile| profile.resume_text.contains(needle));
        for needle in [
            "## ",
            "SKILLS",
            "Skills:\n",
            " at ",
            " | ",
            " — ",
            "Languages: ",
            "\n• ",
            "\n* ",
            "Present",
            "Current",
            " to ",
            "/20",
            "Tech: ",
            "github.com/",
            "linkedin.com/in/",
        ] {
            assert!(has(needle), "{needle:?}");
        }
    }
}
