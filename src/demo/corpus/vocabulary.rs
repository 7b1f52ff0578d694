//! The shapes of the data tables: skills, degrees, employers and each track's vocabulary.

/// What a skill is, which decides the label it gets in labelled skill lists
/// and which template slots (`{Language}`, `{Datastore}`, …) it can fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SkillKind {
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
    pub(super) const ALL: [SkillKind; 18] = [
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
    pub(super) fn tag(self) -> &'static str {
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

    pub(super) fn from_tag(tag: &str) -> Option<SkillKind> {
        SkillKind::ALL.into_iter().find(|kind| kind.tag() == tag)
    }

    /// The label of a labelled skills line. None of them is a demo criterion
    /// ("Monitoring", not "Observability"), so labels never add a match.
    pub(super) fn label(self) -> &'static str {
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
    pub(super) fn is_technology(self) -> bool {
        !matches!(
            self,
            SkillKind::Research | SkillKind::Craft | SkillKind::Method | SkillKind::Architecture | SkillKind::Practice
        )
    }
}

pub(super) struct Skill {
    pub(super) name: &'static str,
    pub(super) kind: SkillKind,
    /// Chance, for an average-quality resume, that the skill is listed.
    pub(super) percent: u32,
    /// A skill that must already be listed, so "Tokio" never appears without
    /// "Rust"; it always comes earlier in the vocabulary.
    pub(super) requires: Option<&'static str>,
}

pub(super) const fn skill(kind: SkillKind, name: &'static str, percent: u32) -> Skill {
    Skill { name, kind, percent, requires: None }
}

pub(super) const fn skill_requiring(
    kind: SkillKind,
    name: &'static str,
    percent: u32,
    requires: &'static str,
) -> Skill {
    Skill { name, kind, percent, requires: Some(requires) }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DegreeLevel {
    Bachelor,
    Master,
    Doctorate,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Discipline {
    Science,
    Arts,
    Engineering,
    FineArts,
    Design,
}

pub(super) struct Degree {
    pub(super) level: DegreeLevel,
    pub(super) discipline: Discipline,
    pub(super) field: &'static str,
}

pub(super) const fn degree(level: DegreeLevel, discipline: Discipline, field: &'static str) -> Degree {
    Degree { level, discipline, field }
}

impl Degree {
    pub(super) fn short_forms(&self) -> &'static [&'static str] {
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

    pub(super) fn long_form(&self) -> &'static str {
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
pub(super) struct Vocabulary {
    pub(super) skills: &'static [Skill],
    /// Job titles by seniority: under 2 years, 2–4, 5–9, and 10 or more.
    pub(super) titles: [&'static [&'static str]; 4],
    /// Quantified achievement bullets.
    pub(super) achievements: &'static [&'static str],
    /// Vague duty bullets, the mark of a weaker resume.
    pub(super) duties: &'static [&'static str],
    pub(super) openers: &'static [&'static str],
    pub(super) junior_openers: &'static [&'static str],
    pub(super) focus: &'static [&'static str],
    /// Project names and descriptions; technologies come from sampled skills.
    pub(super) projects: &'static [(&'static str, &'static str)],
    pub(super) degrees: &'static [Degree],
    /// Chance that a degree comes from an art and design school.
    pub(super) art_school_percent: u32,
}
