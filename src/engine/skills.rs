//! The skills a resume names, as canonical names from the taxonomy, in order
//! of first appearance: in the skills section, and also in job highlights,
//! projects, the summary and certifications, since many resumes name a skill
//! only where they used it. Education is not read for skills (degree
//! subjects are not skills); the header is read as prose, so a name such as
//! Ruby Walker is not a skill. Ambiguous names count only in context (see
//! `taxonomy`).

use std::collections::HashMap;

use super::sections::{Section, SectionKind};
use super::taxonomy::TAXONOMY;
use crate::domain::resume::SkillEntry;

/// Distinct skills in order of first appearance, with how they were written
/// and the sections that name them.
pub(crate) fn parse_skills(sections: &[Section<'_>]) -> Vec<SkillEntry> {
    let mut position_of: HashMap<usize, usize> = HashMap::new();
    let mut skills: Vec<SkillEntry> = Vec::new();
    for section in sections {
        if section.kind == SectionKind::Education {
            continue;
        }
        let in_skills_list = matches!(section.kind, SectionKind::Skills | SectionKind::Certifications);
        for line in &section.lines {
            let text = without_group_label(line.text);
            for mention in TAXONOMY.mentions(text, in_skills_list) {
                let position = *position_of.entry(mention.skill).or_insert_with(|| {
                    skills.push(SkillEntry {
                        name: TAXONOMY.canonical(mention.skill).to_owned(),
                        ..SkillEntry::default()
                    });
                    skills.len() - 1
                });
                let skill = &mut skills[position];
                let written = &text[mention.start..mention.end];
                if !written.eq_ignore_ascii_case(&skill.name)
                    && !skill.as_written.iter().any(|known| known.eq_ignore_ascii_case(written))
                {
                    skill.as_written.push(written.to_owned());
                }
                let found_in = section.kind.name();
                if !skill.found_in.iter().any(|known| known == found_in) {
                    skill.found_in.push(found_in.to_owned());
                }
            }
        }
    }
    skills
}

/// A group label (`Cloud & DevOps: AWS, GCP`) names a group, not a skill.
fn without_group_label(line: &str) -> &str {
    match line.split_once(':') {
        Some((label, rest)) if label.split_whitespace().count() <= GROUP_LABEL_WORDS_MAX && !rest.trim().is_empty() => {
            rest
        }
        _ => line,
    }
}

/// A group label has at most this many words.
const GROUP_LABEL_WORDS_MAX: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sections::split_sections;

    fn skills_of(text: &str) -> Vec<String> {
        parse_skills(&split_sections(text)).into_iter().map(|skill| skill.name).collect()
    }

    #[test]
    fn each_skill_keeps_how_it_was_written_and_where() {
        let skills =
            parse_skills(&split_sections("Experience\nEngineer — Acme\n2019 – 2021\n- Ran k8s\n\nSkills\nKubernetes"));
        assert_eq!(skills[0].name, "Kubernetes");
        assert_eq!(skills[0].as_written, ["k8s"]);
        assert_eq!(skills[0].found_in, ["experience", "skills"]);
    }

    #[test]
    fn lists_of_every_shape_give_canonical_names() {
        assert_eq!(skills_of("SKILLS\nRust, Go; Python | SQL"), ["Rust", "Go", "Python", "SQL"]);
        assert_eq!(
            skills_of("Skills\n- Rust\n• Go\n* Kubernetes\nDocker · Terraform • AWS"),
            ["Rust", "Go", "Kubernetes", "Docker", "Terraform", "Amazon Web Services"]
        );
        assert_eq!(
            skills_of("Technical Skills\nLanguages: Rust, Go\nCloud & DevOps: k8s, GCP"),
            ["Rust", "Go", "Kubernetes", "Google Cloud Platform"]
        );
    }

    #[test]
    fn skills_named_only_in_jobs_count_and_each_skill_once() {
        let text = "Experience\nEngineer — Acme\n2019 – 2021\n- Built Postgres pipelines in Go and ran them on k8s\n\nSkills\nPostgreSQL, Rust";
        assert_eq!(skills_of(text), ["PostgreSQL", "Go", "Kubernetes", "Rust"]);
    }

    #[test]
    fn names_and_degree_subjects_are_not_skills() {
        let text = "Ruby Walker\nruby@example.com\n\nEducation\nB.Sc. Computer Science, 2014";
        assert!(skills_of(text).is_empty(), "{:?}", skills_of(text));
    }
}
