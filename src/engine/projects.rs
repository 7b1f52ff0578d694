//! Project entries: name, description and technologies.
//!
//! Three shapes are supported: `Name — description (Rust, Tokio)`,
//! `Name: description. Tech: a, b`, and a name on its own line followed by
//! description lines. Each line is given a role from the line itself and a
//! little state about the project being built (is it waiting for its first
//! description line; may it take more); a blank line always ends a project.
//! Technologies come from a `Tech:`-style label or a trailing bracketed list
//! and are cut out of the name and description so they are not reported
//! twice.

use super::lines::{
    collapse_whitespace, find_ignoring_ascii_case, non_empty, split_once_at_separator, strip_bullet, trim_dangling,
};
use crate::domain::resume::ProjectEntry;
use std::collections::HashSet;

const NAME_SEPARATORS: [&str; 5] = [" — ", " – ", " | ", " - ", ": "];

/// A project name is short; a longer text before a separator is a sentence.
const NAME_WORDS_MAX: usize = 6;

/// Labels introducing a technology list, lowercased; longer labels first so
/// that `tech stack:` is found before `stack:`.
const TECHNOLOGY_LABELS: [&str; 7] =
    ["technologies used:", "technologies:", "tech stack:", "built with:", "built with ", "stack:", "tech:"];

#[derive(Default)]
struct Draft {
    name: String,
    description_lines: Vec<String>,
    technologies: Vec<String>,
}

#[derive(Debug, PartialEq, Eq)]
enum Role<'a> {
    Technologies(&'a str),
    Description,
    Named { name: &'a str, description: &'a str },
    NameOnly,
}

#[derive(Default)]
struct State {
    /// The current project is a bare name line with no description yet.
    awaiting_description: bool,
    /// No blank line has come since the current project started.
    accepting_description: bool,
}

/// Parses the projects section's lines into projects.
pub(crate) fn parse_projects(lines: &[&str]) -> Vec<ProjectEntry> {
    let mut drafts: Vec<Draft> = Vec::new();
    let mut state = State::default();
    for line in lines {
        let is_bullet = strip_bullet(line).is_some();
        let content = strip_bullet(line).unwrap_or_else(|| line.trim());
        if content.is_empty() {
            state = State::default();
            continue;
        }
        let role = role_of(content, is_bullet, drafts.last(), &state);
        state.awaiting_description = role == Role::NameOnly;
        state.accepting_description = true;
        match (role, drafts.last_mut()) {
            (Role::Technologies(list), Some(draft)) => draft.technologies.extend(split_technologies(list)),
            // A technology list before any project has nothing to belong to.
            (Role::Technologies(_), None) => {}
            (Role::Description, Some(draft)) => draft.description_lines.push(content.to_string()),
            (Role::Named { name, description }, _) => drafts.push(Draft {
                name: name.to_string(),
                description_lines: vec![description.to_string()],
                technologies: Vec::new(),
            }),
            _ => drafts.push(Draft { name: content.to_string(), ..Draft::default() }),
        }
    }
    drafts.into_iter().map(finish).collect()
}

fn role_of<'a>(content: &'a str, is_bullet: bool, current: Option<&Draft>, state: &State) -> Role<'a> {
    if let Some(list) = technology_list_line(content) {
        return Role::Technologies(list);
    }
    let named = named_line(content);
    let Some(draft) = current else {
        return named.unwrap_or(Role::NameOnly);
    };
    if state.awaiting_description {
        return Role::Description;
    }
    if let Some(named) = named {
        return named;
    }
    if (is_bullet || state.accepting_description) && !starts_next_project(draft, content, is_bullet) {
        return Role::Description;
    }
    Role::NameOnly
}

/// `Name — description` or `Name: description`, when the name is short.
fn named_line(content: &str) -> Option<Role<'_>> {
    let (name, description) = split_once_at_separator(content, &NAME_SEPARATORS)?;
    let is_name = !name.is_empty() && name.split_whitespace().count() <= NAME_WORDS_MAX;
    is_name.then_some(Role::Named { name, description })
}

/// After a description that ends a sentence, a short plain line without
/// sentence punctuation is the next project's name, not more description.
fn starts_next_project(draft: &Draft, content: &str, is_bullet: bool) -> bool {
    let ends_sentence = |text: &str| text.trim_end().ends_with(['.', '!', '?']);
    !is_bullet
        && draft.description_lines.last().is_some_and(|line| ends_sentence(line))
        && content.split_whitespace().count() <= NAME_WORDS_MAX
        && !ends_sentence(content)
}

/// The list of a line that starts with a technology label (`Tech: a, b`).
fn technology_list_line(content: &str) -> Option<&str> {
    TECHNOLOGY_LABELS.iter().find_map(|label| {
        let start = content.get(..label.len())?;
        start.eq_ignore_ascii_case(label).then(|| &content[label.len()..])
    })
}

/// Finds a technology label (at a word start) in `text`; returns the text
/// before it, trimmed, and the list after it.
fn split_at_technology_label(text: &str) -> Option<(&str, &str)> {
    // Most labels end in a colon: text without one is spared their searches.
    let has_colon = memchr::memchr(b':', text.as_bytes()).is_some();
    TECHNOLOGY_LABELS.iter().filter(|label| has_colon || !label.ends_with(':')).find_map(|label| {
        let byte = label_after_a_word_break(text, label)?;
        Some((text[..byte].trim(), &text[byte + label.len()..]))
    })
}

/// The first byte where `label` (lower case) starts in `text`, in any case,
/// not inside a word.
fn label_after_a_word_break(text: &str, label: &str) -> Option<usize> {
    let mut searched = 0;
    while let Some(found) = find_ignoring_ascii_case(&text[searched..], label) {
        let byte = searched + found;
        if !text[..byte].ends_with(char::is_alphanumeric) {
            return Some(byte);
        }
        searched = byte + 1;
    }
    None
}

fn split_technologies(list: &str) -> Vec<String> {
    list.split([',', ';', '|']).filter_map(|item| non_empty(trim_dangling(item.trim().trim_end_matches('.')))).collect()
}

/// Cuts a trailing `(a, b)` off `text`, returning the rest and the list.
fn split_trailing_brackets(text: &str) -> (&str, Vec<String>) {
    let trimmed = text.trim_end().trim_end_matches('.');
    let Some(without_close) = trimmed.strip_suffix(')') else {
        return (text, Vec::new());
    };
    match without_close.rfind('(') {
        Some(open_byte) => (&trimmed[..open_byte], split_technologies(&without_close[open_byte + 1..])),
        None => (text, Vec::new()),
    }
}

fn finish(draft: Draft) -> ProjectEntry {
    let (name, mut technologies) = split_trailing_brackets(&draft.name);
    let mut description = collapse_whitespace(&draft.description_lines.join(" "));
    if let Some((before, after)) = split_at_technology_label(&description) {
        technologies.extend(split_technologies(after));
        description = before.to_string();
    }
    let (without_list, listed) = split_trailing_brackets(&description);
    technologies.extend(listed);
    technologies.extend(draft.technologies);
    ProjectEntry {
        name: trim_dangling(name).to_string(),
        description: non_empty(trim_dangling(without_list)),
        technologies: distinct_case_insensitive(technologies),
    }
}

fn distinct_case_insensitive(items: Vec<String>) -> Vec<String> {
    let mut seen_lowered = HashSet::new();
    items.into_iter().filter(|item| seen_lowered.insert(item.to_lowercase())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(name: &str, description: Option<&str>, technologies: &[&str]) -> ProjectEntry {
        ProjectEntry {
            name: name.to_string(),
            description: description.map(str::to_string),
            technologies: technologies.iter().map(|technology| technology.to_string()).collect(),
        }
    }

    #[test]
    fn reads_dash_separated_project_with_bracketed_technologies() {
        let projects = parse_projects(&["Shortlist — An applicant tracker (Rust, Tokio)"]);
        assert_eq!(projects, [project("Shortlist", Some("An applicant tracker"), &["Rust", "Tokio"])]);
    }

    #[test]
    fn reads_colon_separated_project_with_tech_label() {
        let projects = parse_projects(&["Pathfinder: A route planner. Tech: Go, PostgreSQL"]);
        assert_eq!(projects, [project("Pathfinder", Some("A route planner."), &["Go", "PostgreSQL"])]);
    }

    #[test]
    fn a_technology_label_inside_a_word_is_passed_over_for_the_one_after_a_break() {
        // `tech:` ends `Fintech:` and `STACK:` is the label in capitals.
        let projects = parse_projects(&["Ledgerline: Fintech: a payments ledger. STACK: Rust, Kafka"]);
        assert_eq!(projects, [project("Ledgerline", Some("Fintech: a payments ledger."), &["Rust", "Kafka"])]);
    }

    #[test]
    fn reads_name_line_followed_by_description_lines() {
        let projects = parse_projects(&[
            "Ledger",
            "A double-entry bookkeeping tool",
            "written for small charities.",
            "",
            "Atlas",
            "Maps - for hikers.",
        ]);
        assert_eq!(
            projects,
            [
                project("Ledger", Some("A double-entry bookkeeping tool written for small charities."), &[]),
                project("Atlas", Some("Maps - for hikers."), &[]),
            ]
        );
    }

    #[test]
    fn short_line_after_a_finished_sentence_starts_the_next_project() {
        let projects = parse_projects(&["Ledger", "A bookkeeping tool.", "Atlas", "A map viewer."]);
        let names: Vec<&str> = projects.iter().map(|project| project.name.as_str()).collect();
        assert_eq!(names, ["Ledger", "Atlas"]);
    }

    #[test]
    fn bulleted_projects_and_tech_lines() {
        let projects = parse_projects(&[
            "- Ledger — A bookkeeping tool",
            "  Tech: Rust, SQLite",
            "- Atlas: A map viewer (TypeScript)",
        ]);
        assert_eq!(
            projects,
            [
                project("Ledger", Some("A bookkeeping tool"), &["Rust", "SQLite"]),
                project("Atlas", Some("A map viewer"), &["TypeScript"]),
            ]
        );
    }

    #[test]
    fn name_with_bracketed_technologies() {
        let projects = parse_projects(&["Tracer (Rust, WebGPU)", "A path tracer."]);
        assert_eq!(projects, [project("Tracer", Some("A path tracer."), &["Rust", "WebGPU"])]);
    }

    #[test]
    fn technology_label_must_start_a_word() {
        assert_eq!(split_at_technology_label("A fintech: payments"), None);
        assert_eq!(split_at_technology_label("Built with Rust"), Some(("", "Rust")));
    }
}
