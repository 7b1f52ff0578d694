//! How a resume is written: heading style, skill-list form, entry headers and date formats.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SectionKind {
    Summary,
    Skills,
    Experience,
    Education,
    Projects,
}

#[derive(Clone, Copy)]
pub(super) enum HeadingStyle {
    Upper,
    Colon,
    Markdown,
    Plain,
}

#[derive(Clone, Copy)]
pub(super) enum SkillsLayout {
    CommaLines,
    Bullets,
    Labelled,
}

#[derive(Clone, Copy)]
pub(super) enum DateFormat {
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
pub(super) enum EducationFormat {
    /// `B.Sc. Computer Science, University of Leeds, 2014`
    DegreeFirst,
    /// `University of Toronto — MSc in Data Science (2016)`
    InstitutionFirst,
    /// `Bachelor of Arts in Economics | Stanford University | 2012`
    Piped,
}

#[derive(Clone, Copy)]
pub(super) enum ProjectFormat {
    /// `Name — description (Rust, Tokio)`
    Dash,
    /// `Name: description. Tech: Rust, Tokio`
    Colon,
}

/// Every presentation choice of one resume, made once so the resume is
/// internally consistent (one heading style, one date format, one bullet).
pub(super) struct Layout {
    pub(super) heading_style: HeadingStyle,
    /// Heading texts, indexed by `SectionKind as usize`.
    pub(super) headings: [&'static str; 5],
    pub(super) order: [SectionKind; 5],
    pub(super) skills_layout: SkillsLayout,
    pub(super) skills_per_line: usize,
    pub(super) skill_marker: &'static str,
    /// What joins title and company: " — ", " at ", ", " or " | ".
    pub(super) title_connector: &'static str,
    pub(super) dates_inline: bool,
    pub(super) date_format: DateFormat,
    pub(super) dash: &'static str,
    pub(super) present_word: &'static str,
    pub(super) bullet_marker: &'static str,
    pub(super) full_stops: bool,
    pub(super) blank_line_between_entries: bool,
    pub(super) education_format: EducationFormat,
    pub(super) project_format: ProjectFormat,
}

impl Layout {
    pub(super) fn choose(random: &mut SplitMix64, stints: &[Stint]) -> Self {
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
pub(super) fn choose_date_format(random: &mut SplitMix64, stints: &[Stint]) -> DateFormat {
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

pub(super) fn write_heading(out: &mut String, style: HeadingStyle, text: &str) {
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

pub(super) fn write_date(out: &mut String, format: DateFormat, month: u32) {
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

pub(super) fn write_date_range(out: &mut String, layout: &Layout, stint: Stint) {
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
pub(super) fn count_words(text: &str) -> usize {
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
