//! What one resume will say, before any text: skills, a dated timeline of jobs, education and projects.

use super::*;

#[derive(Clone, Copy)]
pub(super) enum Quality {
    Weak,
    Average,
    Strong,
}

impl Quality {
    pub(super) fn choose(random: &mut SplitMix64) -> Self {
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
    pub(super) fn skill_percent(self, base: u32) -> u32 {
        match self {
            Quality::Weak => base / 2,
            Quality::Average => base,
            Quality::Strong => base + (100 - base) / 2,
        }
    }

    /// Chance that a bullet is a vague duty rather than an achievement.
    pub(super) fn duty_percent(self) -> u32 {
        match self {
            Quality::Weak => 55,
            Quality::Average => 22,
            Quality::Strong => 8,
        }
    }
}

/// How much a candidate writes; with the number of jobs it sets the length.
#[derive(Clone, Copy)]
pub(super) enum Verbosity {
    Terse,
    Normal,
    Detailed,
    Expansive,
}

impl Verbosity {
    pub(super) fn choose(random: &mut SplitMix64, quality: Quality) -> Self {
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
    pub(super) fn bullet_count(self, random: &mut SplitMix64, position: usize) -> usize {
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
    pub(super) fn elaboration_percents(self) -> (u32, u32) {
        match self {
            Verbosity::Terse => (5, 0),
            Verbosity::Normal => (40, 20),
            Verbosity::Detailed => (75, 50),
            Verbosity::Expansive => (100, 90),
        }
    }

    pub(super) fn summary_sentences(self, random: &mut SplitMix64) -> usize {
        match self {
            Verbosity::Terse => 1,
            Verbosity::Normal => random.range(1, 2) as usize,
            Verbosity::Detailed => random.range(2, 3) as usize,
            Verbosity::Expansive => 3,
        }
    }

    pub(super) fn project_count(self, random: &mut SplitMix64) -> usize {
        match self {
            Verbosity::Terse => random.range(1, 2) as usize,
            Verbosity::Normal => random.range(1, 3) as usize,
            Verbosity::Detailed | Verbosity::Expansive => random.range(2, 4) as usize,
        }
    }
}

pub(super) fn choose_skills(
    random: &mut SplitMix64,
    vocabulary: &'static Vocabulary,
    quality: Quality,
) -> Vec<&'static Skill> {
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
pub(super) struct Stint {
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) current: bool,
}

/// Job spans, most recent first. Their months, overlaps counted once, always
/// come to `years` whole years, and nothing goes past [`PRESENT_MONTH`].
pub(super) fn plan_timeline(random: &mut SplitMix64, years: u32) -> Vec<Stint> {
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

pub(super) fn stint_count(random: &mut SplitMix64, years: u32) -> u32 {
    match years {
        0 | 1 => 2,
        2..=3 => random.range(2, 3),
        4..=7 => random.range(2, 4),
        _ => random.range(3, 5),
    }
}

/// Splits `total` months into `count` random durations of at least three
/// months each (less only when `total` is too small for that).
pub(super) fn split_months(random: &mut SplitMix64, total: u32, count: u32) -> Vec<u32> {
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
pub(super) fn add_overlap(random: &mut SplitMix64, stints: &mut [Stint]) {
    let older = random.range(1, stints.len() as u32 - 1) as usize;
    let newer = stints[older - 1];
    let newer_duration = newer.end - newer.start + 1;
    if stints[older].end + 1 == newer.start && newer_duration > 1 {
        stints[older].end += random.range(1, (newer_duration - 1).min(3));
    }
}

/// Seniority by months of experience: under 2 years, 2–4, 5–9, and 10 or more.
pub(super) fn seniority_level(months: u32) -> usize {
    match months {
        0..24 => 0,
        24..60 => 1,
        60..120 => 2,
        _ => 3,
    }
}

pub(super) struct Entry {
    pub(super) title: &'static str,
    pub(super) company: String,
    pub(super) stint: Stint,
    /// Seniority in the job, from [`seniority_level`]; 0 is an intern or junior.
    pub(super) level: usize,
    pub(super) bullets: Vec<Bullet>,
}

pub(super) struct Bullet {
    pub(super) text: String,
    /// A trailing clause (", which …") added by verbose resumes.
    pub(super) extension: Option<String>,
    /// A second sentence about the outcome, added by the most verbose.
    pub(super) follow_up: Option<String>,
    /// A vague duty rather than an achievement; duties take no clause.
    pub(super) duty: bool,
}

impl Bullet {
    /// Words as rendered, the bullet marker included.
    pub(super) fn word_count(&self) -> usize {
        let optional = |part: &Option<String>| part.as_deref().map_or(0, count_words);
        1 + count_words(&self.text) + optional(&self.extension) + optional(&self.follow_up)
    }
}

pub(super) fn build_entries(random: &mut SplitMix64, vocabulary: &Vocabulary, stints: &[Stint]) -> Vec<Entry> {
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

pub(super) fn write_education(
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

pub(super) fn pick_degree(
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

pub(super) fn education_line(
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

pub(super) fn write_projects(
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
