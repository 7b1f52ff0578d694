//! The skills list: distinct skills in order of first appearance.
//!
//! Skills sections are written as comma lists, bullet lists, pipe lists or
//! labelled groups (`Languages: Rust, Go`), so every line is cut on all of
//! those delimiters at once. `-` and `*` are only delimiters when they stand
//! alone between spaces or start an item, because they also occur inside
//! skill names (`scikit-learn`, `T-SQL`). Prose lines in a skills section
//! would otherwise turn into "skills", so overlong items are dropped.

use super::lines::{collapse_whitespace, without_bullet};
use std::collections::HashSet;

/// Characters that always separate two skills.
const SKILL_DELIMITERS: [char; 6] = [',', ';', '|', '•', '·', '▪'];

/// Marks that separate two skills only when surrounded by spaces.
const SPACED_DELIMITERS: [&str; 4] = [" - ", " * ", " – ", " — "];

/// A group label (`Languages:`, `Cloud & DevOps:`) has at most this many words.
const LABEL_WORDS_MAX: usize = 4;

/// Longer items are sentences, not skills.
const SKILL_CHARS_MAX: usize = 60;

/// Parses the skills section's lines into distinct skills (compared
/// case-insensitively, first spelling kept), in order of first appearance.
pub(crate) fn parse_skills(lines: &[&str]) -> Vec<String> {
    let mut skills = Vec::new();
    let mut seen_lowered = HashSet::new();
    for line in lines {
        for item in split_items(without_label(without_bullet(line))) {
            let skill = collapse_whitespace(item.trim_matches(|character: char| {
                character.is_whitespace() || matches!(character, '-' | '*' | '–' | '—')
            }));
            let skill = skill.strip_suffix('.').unwrap_or(&skill);
            if skill.is_empty() || skill.chars().count() > SKILL_CHARS_MAX {
                continue;
            }
            if seen_lowered.insert(skill.to_lowercase()) {
                skills.push(skill.to_string());
            }
        }
    }
    skills
}

/// Drops a leading `Label:` when the label is short and holds no delimiter.
fn without_label(line: &str) -> &str {
    let Some((label, rest)) = line.split_once(':') else {
        return line;
    };
    let is_label = !label.trim().is_empty()
        && label.split_whitespace().count() <= LABEL_WORDS_MAX
        && !label.contains(SKILL_DELIMITERS)
        && !rest.starts_with("//");
    if is_label {
        rest
    } else {
        line
    }
}

fn split_items(line: &str) -> Vec<&str> {
    line.split(SKILL_DELIMITERS).flat_map(split_on_spaced_delimiters).collect()
}

/// Splits on `SPACED_DELIMITERS` in one left-to-right pass (every spaced
/// delimiter starts with a space, so only spaces need checking).
fn split_on_spaced_delimiters(piece: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut item_start_byte = 0;
    for (space_byte, _) in piece.match_indices(' ') {
        if space_byte < item_start_byte {
            continue;
        }
        let rest = &piece.as_bytes()[space_byte..];
        if let Some(delimiter) = SPACED_DELIMITERS.iter().find(|delimiter| rest.starts_with(delimiter.as_bytes())) {
            items.push(&piece[item_start_byte..space_byte]);
            item_start_byte = space_byte + delimiter.len();
        }
    }
    items.push(&piece[item_start_byte..]);
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_comma_semicolon_and_pipe_lists() {
        assert_eq!(parse_skills(&["Rust, Go; Python | SQL"]), ["Rust", "Go", "Python", "SQL"]);
    }

    #[test]
    fn splits_bullet_lists_and_inline_bullets() {
        assert_eq!(
            parse_skills(&["- Rust", "• Go", "* Kubernetes", "Docker · Terraform • AWS"]),
            ["Rust", "Go", "Kubernetes", "Docker", "Terraform", "AWS"]
        );
        assert_eq!(parse_skills(&["Rust - Go - SQL"]), ["Rust", "Go", "SQL"]);
    }

    #[test]
    fn drops_group_labels() {
        assert_eq!(parse_skills(&["Languages: Rust, Go", "Cloud & DevOps: AWS"]), ["Rust", "Go", "AWS"]);
    }

    #[test]
    fn keeps_hyphens_and_symbols_inside_skill_names() {
        assert_eq!(
            parse_skills(&["scikit-learn, T-SQL, C++, C#, .NET, Node.js, CI/CD"]),
            ["scikit-learn", "T-SQL", "C++", "C#", ".NET", "Node.js", "CI/CD"]
        );
    }

    #[test]
    fn skills_are_distinct_case_insensitively_keeping_first_spelling() {
        assert_eq!(parse_skills(&["Rust, rust, RUST", "Go, rust"]), ["Rust", "Go"]);
    }

    #[test]
    fn drops_trailing_full_stop_and_empty_items() {
        assert_eq!(parse_skills(&["Rust, , Go.", ""]), ["Rust", "Go"]);
    }

    #[test]
    fn overlong_prose_items_are_not_skills() {
        let prose = "I am a passionate engineer who loves building reliable systems for everyone";
        assert_eq!(parse_skills(&[prose]), Vec::<String>::new());
    }
}
