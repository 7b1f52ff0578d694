//! Assembles a `ParsedResume` from the section parsers.
//!
//! The text is validated, split into sections once, and each section's lines
//! are handed to the parser that owns that kind of section; contact details
//! and the word count come from the whole text, the name and headline from
//! the lines above the first heading. The month that `present` stands for is
//! a parameter: the service passes the month the application was submitted.

use std::borrow::Cow;

use super::certifications::parse_certifications;
use super::contact::extract_contact;
use super::dates::YearMonth;
use super::education::{parse_education, schooling_in_training};
use super::experience::parse_experience;
use super::identity::{place_beside, read_identity};
use super::job_table::rewrite_job_tables;
use super::lines::{collapse_whitespace, without_bullet};
use super::message::resume_start_after_a_message;
use super::projects::parse_projects;
use super::sections::{
    is_training, lines_of, lines_of_kind, sections_found, split_sections, Section, SectionKind, SectionStarts,
};
use super::skills::parse_skills;
use super::text::is_ascii_whitespace;
use super::text::without_dot_leaders;
use super::validation::validate_text;
use super::EngineError;
use crate::domain::resume::{EducationEntry, ParsedResume};

/// Parses `text`, reading `present` in date ranges as `reference`.
#[cfg(test)]
pub(crate) fn parse_resume_as_of(text: &str, reference: YearMonth) -> Result<ParsedResume, EngineError> {
    parse_with_sections(text, reference).map(|(resume, _)| resume)
}

/// Lines with a leader of dots between their columns (`Senior Mechanical
/// Engineer ........ Sept. 2019 – present`) read as columns parted by a gap,
/// as the same line aligned with spaces is: the dots would otherwise end a
/// sentence, and a header line does not. Most lines have none and are
/// borrowed as they are.
struct ColumnLines<'a>(Vec<Cow<'a, str>>);

impl ColumnLines<'_> {
    fn as_strs(&self) -> Vec<&str> {
        self.0.iter().map(AsRef::as_ref).collect()
    }
}

fn as_columns<'a>(lines: &[&'a str]) -> ColumnLines<'a> {
    ColumnLines(lines.iter().map(|line| without_dot_leaders(line)).collect())
}

/// The education sections' entries, then the schooling listed under a
/// training heading.
fn education(text: &str, sections: &[Section<'_>]) -> Vec<EducationEntry> {
    let mut entries = parse_education(&as_columns(&lines_of_kind(sections, SectionKind::Education)).as_strs());
    for section in sections.iter().filter(|section| is_training(text, section)) {
        entries.extend(schooling_in_training(&lines_of(section).collect::<Vec<_>>()));
    }
    entries
}

/// Parses `text` as [`parse_resume_as_of`] does, and says where its sections
/// start, which scoring the same text needs.
pub(crate) fn parse_with_sections(
    text: &str,
    reference: YearMonth,
) -> Result<(ParsedResume, SectionStarts), EngineError> {
    validate_text(text)?;
    let mut sections = split_sections(text);
    // A message the resume was pasted under is not the resume: its sender
    // would read as the candidate.
    let resume_start = sections.first().and_then(|header| resume_start_after_a_message(&header.lines));
    if let (Some(start), Some(header)) = (resume_start, sections.first_mut()) {
        header.lines.retain(|line| line.start_byte >= start);
    }
    let mut experience_lines = as_columns(&lines_of_kind(&sections, SectionKind::Experience));
    rewrite_job_tables(&mut experience_lines.0);
    let experience = parse_experience(&experience_lines.as_strs(), reference);
    let mut contact = match resume_start {
        Some(start) => Some(extract_contact(&text[start..]))
            .filter(|contact| !(contact.emails.is_empty() && contact.phones.is_empty()))
            .unwrap_or_else(|| extract_contact(text)),
        None => extract_contact(text),
    };
    let identity = read_identity(&top_lines(&sections), contact.emails.first().map(String::as_str));
    let identity_parts = [&identity.name, &identity.label, &identity.location];
    let identity_lines: Vec<&str> = identity_parts.into_iter().flatten().map(String::as_str).collect();
    let skills = parse_skills(&sections, &experience, &identity_lines, identity.location.as_deref());
    contact.name = identity.name;
    contact.label = identity.label;
    contact.credentials = identity.credentials;
    // Details at the end of the resume: the place beside its email address or phone.
    contact.location = identity.location.or_else(|| {
        let after_top = top_lines_end_byte(&sections);
        let details = contact.emails.first().into_iter().chain(contact.phones.first());
        details.into_iter().find_map(|detail| place_beside(text, after_top, detail))
    });
    let resume = ParsedResume {
        summary: summary(&lines_of_kind(&sections, SectionKind::Summary)),
        skills,
        experience: experience.entries,
        education: education(text, &sections),
        projects: parse_projects(&lines_of_kind(&sections, SectionKind::Projects)),
        certifications: parse_certifications(&lines_of_kind(&sections, SectionKind::Certifications)),
        contact,
        total_experience_months: experience.total_months,
        sections_found: sections_found(&sections),
        word_count: u32::try_from(word_count(text)).unwrap_or(u32::MAX),
    };
    Ok((resume, SectionStarts::of(&sections)))
}

/// Where the sections that `top_lines` reads first end: the byte at which
/// the first other section starts.
fn top_lines_end_byte(sections: &[Section<'_>]) -> usize {
    let first_other = sections
        .iter()
        .find(|section| !matches!(section.kind, SectionKind::Header | SectionKind::Body | SectionKind::Other));
    first_other.map_or(usize::MAX, |section| section.start_byte)
}

/// The lines before the first heading, where the name and contact details
/// are; a sidebar may put a `Contact` heading first, so its lines count too.
/// When a heading opens the text (a sidebar, or LinkedIn's export: Contact,
/// Top Skills, Certifications), the name, headline and place come last in
/// the sidebar, just above the summary or the first job: those lines are
/// read first.
fn top_lines<'a>(sections: &[Section<'a>]) -> Vec<&'a str> {
    let mut lines: Vec<&'a str> = sections
        .iter()
        .take_while(|section| matches!(section.kind, SectionKind::Header | SectionKind::Body | SectionKind::Other))
        .flat_map(|section| section.lines.iter().map(|line| line.text))
        .collect();
    if lines.iter().all(|line| line.trim().is_empty()) {
        lines =
            sections.first().map(|section| section.lines.iter().map(|line| line.text).collect()).unwrap_or_default();
    }
    let opens_with_a_heading =
        sections.first().is_some_and(|section| section.lines.iter().all(|line| line.text.trim().is_empty()));
    let main =
        sections.iter().position(|section| matches!(section.kind, SectionKind::Summary | SectionKind::Experience));
    if let Some(above_main) = main.filter(|main| opens_with_a_heading && *main > 1).map(|main| &sections[main - 1]) {
        let mut last_lines: Vec<&'a str> = above_main
            .lines
            .iter()
            .rev()
            .map(|line| line.text)
            .filter(|text| !text.trim().is_empty())
            .take(SIDEBAR_IDENTITY_LINES_MAX)
            .collect();
        last_lines.reverse();
        lines.splice(0..0, last_lines);
    }
    lines
}

/// Lines above the summary or the first job read for the name, headline
/// and place after a sidebar.
const SIDEBAR_IDENTITY_LINES_MAX: usize = 4;

/// The number of whitespace-separated words, as `split_whitespace` counts
/// them, read a byte at a time where the text is ASCII: every byte of every
/// resume is counted.
fn word_count(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut count, mut in_word, mut index) = (0, false, 0);
    while let Some(&byte) = bytes.get(index) {
        let (is_whitespace, width) = if byte.is_ascii() {
            (is_ascii_whitespace(byte), 1)
        } else {
            let character = text[index..].chars().next().expect("index is at a character boundary");
            (character.is_whitespace(), character.len_utf8())
        };
        count += usize::from(!is_whitespace && !in_word);
        in_word = !is_whitespace;
        index += width;
    }
    count
}

/// The summary section's lines joined into one paragraph.
fn summary(lines: &[&str]) -> Option<String> {
    let joined = lines.iter().map(|line| without_bullet(line)).collect::<Vec<_>>().join(" ");
    let paragraph = collapse_whitespace(&joined);
    (!paragraph.is_empty()).then_some(paragraph)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::resume::{ContactDetails, EducationEntry, ExperienceEntry, ProjectEntry};

    const REFERENCE: YearMonth = YearMonth { year: 2026, month: 11 };

    const FULL_RESUME: &str = "\
Jane Doe
jane@example.com | +44 20 7946 0958 | github.com/janedoe

## Professional Summary
Backend engineer who likes
reliable systems.

SKILLS:
Languages: Rust, Go, Python
Tools: Docker; Kubernetes | Terraform

Work Experience
Senior Engineer — Acme Corp
Jan 2019 – Present
- Led the billing rewrite in Rust
- Cut p99 latency by 40%
Engineer at Beta Ltd (2015–2018)
• Built data pipelines

Education
B.Sc. Computer Science, University of Leeds, 2014

Projects
Shortlist — An applicant tracker (Rust, Actix)
";

    #[test]
    fn a_resume_forwarded_under_a_recruiters_note_is_the_candidates_not_the_recruiters() {
        let text = "---------- Forwarded message ---------\nFrom: Dana Pruitt <dana@talent.example.com>\n\n\
            Hi all,\n\nPassing along Raymond's resume.\n\nThanks,\nDana Pruitt\nSenior Recruiter\n(312) 555-0104\n\n\
            RAYMOND A. OKAFOR\nNaperville, IL 60540\n630-555-0188 | raymond.okafor@example.com\n\n\
            EXPERIENCE\nDistribution Center Manager, Kankakee Valley Foods — Kankakee, IL\nMarch 2019 – Present\n";
        let resume = parse_resume_as_of(text, REFERENCE).unwrap();
        assert_eq!(resume.contact.name.as_deref(), Some("RAYMOND A. OKAFOR"));
        assert_eq!(resume.contact.emails, ["raymond.okafor@example.com"]);
        assert_eq!(resume.contact.phones, ["630-555-0188"]);
        assert_eq!(resume.contact.location.as_deref(), Some("Naperville, IL 60540"));
    }

    #[test]
    fn after_a_sidebar_the_name_headline_and_place_are_read_above_the_summary() {
        let text = "Contact\nrebecca.fairchild@example.com\n(612) 555-0119 (Mobile)\n\nTop Skills\nMarket Pricing\n\n\
                    Certifications\nCertified Compensation Professional (CCP)\n\nRebecca L. Fairchild, CCP\n\
                    Senior Compensation Analyst at Ostrander Health System\nMinneapolis, Minnesota, United States\n\n\
                    Summary\nCompensation analyst.\n\nExperience\nOstrander Health System\nCompensation Analyst\n\
                    October 2020 - February 2022 (1 year 5 months)\nRan job evaluation.";
        let resume = parse_resume_as_of(text, REFERENCE).expect("valid resume");
        assert_eq!(resume.contact.name.as_deref(), Some("Rebecca L. Fairchild"));
        assert_eq!(resume.contact.location.as_deref(), Some("Minneapolis, Minnesota, United States"));
        assert_eq!(resume.experience[0].company.as_deref(), Some("Ostrander Health System"));
    }

    #[test]
    fn parses_every_section_of_a_full_resume() {
        let resume = parse_resume_as_of(FULL_RESUME, REFERENCE).expect("valid resume");
        assert_eq!(resume.summary.as_deref(), Some("Backend engineer who likes reliable systems."));
        // Skills come from every section but the header and education, in order.
        let skills: Vec<&str> = resume.skills.iter().map(|skill| skill.name.as_str()).collect();
        assert_eq!(skills, ["Rust", "Go", "Python", "Docker", "Kubernetes", "Terraform", "Data Pipelines", "Actix"]);
        assert_eq!(
            resume.experience,
            [
                ExperienceEntry {
                    title: Some("Senior Engineer".into()),
                    company: Some("Acme Corp".into()),
                    location: None,
                    current: true,
                    start: Some("2019-01".into()),
                    end: Some("present".into()),
                    duration_months: Some(95),
                    highlights: vec!["Led the billing rewrite in Rust".into(), "Cut p99 latency by 40%".into()],
                },
                ExperienceEntry {
                    title: Some("Engineer".into()),
                    company: Some("Beta Ltd".into()),
                    location: None,
                    current: false,
                    start: Some("2015".into()),
                    end: Some("2018".into()),
                    duration_months: Some(36),
                    highlights: vec!["Built data pipelines".into()],
                },
            ]
        );
        assert_eq!(resume.total_experience_months, Some(131));
        assert_eq!(
            resume.education,
            [EducationEntry {
                institution: Some("University of Leeds".into()),
                degree: Some("B.Sc.".into()),
                field: Some("Computer Science".into()),
                start: None,
                end: Some("2014".into()),
                graduation_year: Some(2014),
            }]
        );
        assert_eq!(
            resume.projects,
            [ProjectEntry {
                name: "Shortlist".into(),
                description: Some("An applicant tracker".into()),
                technologies: vec!["Rust".into(), "Actix".into()],
            }]
        );
        assert_eq!(
            resume.contact,
            ContactDetails {
                name: Some("Jane Doe".into()),
                label: None,
                credentials: Vec::new(),
                location: None,
                emails: vec!["jane@example.com".into()],
                phones: vec!["+44 20 7946 0958".into()],
                links: vec!["github.com/janedoe".into()],
            }
        );
        assert_eq!(
            resume.sections_found,
            [
                SectionKind::Summary,
                SectionKind::Skills,
                SectionKind::Experience,
                SectionKind::Education,
                SectionKind::Projects
            ]
        );
    }

    proptest::proptest! {
        #[test]
        fn words_are_counted_as_split_whitespace_counts_them(text in "[a \t\n\u{a0}\u{2028}é日]{0,30}") {
            proptest::prop_assert_eq!(word_count(&text), text.split_whitespace().count());
        }
    }

    #[test]
    fn word_count_counts_whitespace_separated_words() {
        let resume = parse_resume_as_of("Jane  Doe\n\nRust, Go", REFERENCE).expect("valid resume");
        assert_eq!(resume.word_count, 4);
    }

    #[test]
    fn resume_without_headings_still_parses() {
        let resume = parse_resume_as_of("Jane Doe\nRust developer, jane@example.com", REFERENCE).expect("valid resume");
        assert_eq!(resume.summary, None);
        assert_eq!(resume.skills[0].name, "Rust", "`Rust developer` names the language");
        assert!(resume.sections_found.is_empty());
        assert_eq!(resume.total_experience_months, None);
        assert_eq!(resume.contact.emails, ["jane@example.com"]);
    }

    #[test]
    fn schooling_under_a_training_heading_is_education_and_courses_are_not() {
        let text = "Jo Reyes\n\nEducation\nHigh School Diploma, Central Memorial High School, 2011\n\n\
                    Training\nJourneyperson Certificate, Welder Apprenticeship\n\
                    Aspen Parkland Polytechnic, Red Deer, AB — 2017\n\n\
                    Forklift Operator Training, Northern Safety Centre, 2019\nWHMIS 2015 — online, 2018";
        let resume = parse_resume_as_of(text, REFERENCE).expect("valid resume");
        let schools: Vec<Option<&str>> = resume.education.iter().map(|entry| entry.institution.as_deref()).collect();
        assert_eq!(schools, [Some("Central Memorial High School"), Some("Aspen Parkland Polytechnic")]);
        assert_eq!(resume.education[1].degree.as_deref(), Some("Journeyperson Certificate"));
        assert_eq!(resume.education[1].end.as_deref(), Some("2017"));
    }

    /// Title, company, location and start of each job.
    type JobParts<'a> = (Option<&'a str>, Option<&'a str>, Option<&'a str>, Option<&'a str>);

    fn jobs_of(resume: &ParsedResume) -> Vec<JobParts<'_>> {
        resume
            .experience
            .iter()
            .map(|entry| {
                (entry.title.as_deref(), entry.company.as_deref(), entry.location.as_deref(), entry.start.as_deref())
            })
            .collect()
    }

    #[test]
    fn a_fields_experience_in_capitals_heads_jobs_before_any_listed_heading() {
        let text = "Tomas Ruelas\nOdessa, TX\n\nHAULING EXPERIENCE\n\n\
                    Flatbed Driver — Permian Steel Haulers — Odessa, TX\n2019 - Current\n\
                    * Secured pipe and beams with chains and straps.\n\n\
                    LICENSE AND ENDORSEMENTS\nClass A CDL, Texas — endorsements N, T";
        let resume = parse_resume_as_of(text, REFERENCE).expect("valid resume");
        assert_eq!(
            jobs_of(&resume),
            [(Some("Flatbed Driver"), Some("Permian Steel Haulers"), Some("Odessa, TX"), Some("2019"))]
        );
        assert_eq!(resume.certifications.len(), 1, "{:?}", resume.certifications);
    }

    #[test]
    fn dot_leaders_part_columns_as_a_gap_does() {
        let text = "Experience\nGranite Falls Fabrication, Mankato, MN\n\
                    Design Engineer ............................ Mar. 2017 – Aug. 2019\n\
                    • Drew weldments in SolidWorks.\n\nEducation\n\
                    B.S. Mechanical Engineering .................. Kasota State University, 2016";
        let resume = parse_resume_as_of(text, REFERENCE).expect("valid resume");
        assert_eq!(
            jobs_of(&resume),
            [(Some("Design Engineer"), Some("Granite Falls Fabrication"), Some("Mankato, MN"), Some("2017-03"))]
        );
        assert_eq!(resume.education[0].institution.as_deref(), Some("Kasota State University"));
    }

    #[test]
    fn how_the_work_was_done_and_a_lower_case_qualifier_are_not_places() {
        let text = "Experience\n[03/2021 – present] Staff Engineer, Quillfeather Labs, Tucson, AZ (remote)\n\
                    - Built the billing service.\n\n\
                    Harbor Tenants Union, Mobile, AL                May 2015 to Jul 2017\n\
                    Intake Coordinator (bilingual)\n  - Screened callers in English and Spanish.";
        let resume = parse_resume_as_of(text, REFERENCE).expect("valid resume");
        assert_eq!(
            jobs_of(&resume),
            [
                (Some("Staff Engineer"), Some("Quillfeather Labs"), Some("Tucson, AZ"), Some("2021-03")),
                (
                    Some("Intake Coordinator (bilingual)"),
                    Some("Harbor Tenants Union"),
                    Some("Mobile, AL"),
                    Some("2015-05")
                ),
            ]
        );
    }

    #[test]
    fn seasonal_work_keeps_its_employer_and_a_labelled_note_is_no_school() {
        let text = "Marisol Ybarra\nLas Cruces, New Mexico 88001\n\nExperience\n\
                    Swim Instructor, Mesilla Aquatic Center — Summers 2016-2018 (June–August)\n\
                    • Taught 40 children a season.\n\nEducation\n\
                    Master of Social Work, Organ Mountain University — May 2019\n\
                    Field placement: Dona Ana Youth Shelter (2018)\n\
                    Bachelor of Arts in Psychology, Organ Mountain University — May 2017";
        let resume = parse_resume_as_of(text, REFERENCE).expect("valid resume");
        assert_eq!(resume.contact.location.as_deref(), Some("Las Cruces, New Mexico 88001"));
        assert_eq!(jobs_of(&resume), [(Some("Swim Instructor"), Some("Mesilla Aquatic Center"), None, Some("2016"))]);
        assert_eq!(resume.experience[0].end.as_deref(), Some("2018"));
        let schools: Vec<Option<&str>> = resume.education.iter().map(|entry| entry.institution.as_deref()).collect();
        assert_eq!(schools, [Some("Organ Mountain University"), Some("Organ Mountain University")]);
    }

    #[test]
    fn present_is_read_as_the_reference_month() {
        let text = "Experience\nEngineer at Acme\nJan 2026 - Present";
        let in_june = parse_resume_as_of(text, YearMonth { year: 2026, month: 6 }).expect("valid resume");
        assert_eq!(in_june.total_experience_months, Some(6));
    }

    #[test]
    fn invalid_text_is_rejected_before_parsing() {
        assert_eq!(parse_resume_as_of("   ", REFERENCE), Err(EngineError::EmptyResume));
    }
}
