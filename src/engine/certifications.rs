//! Certifications and licences, kept apart from skills: each line of the
//! certifications section is one, named without what follows it when that
//! is an issuer, a year, a place or a licence number (`BLS — American Heart
//! Association` is `BLS`; `AWS Certified Solutions Architect – Associate`
//! keeps its level).

use super::entry_header::is_location;
use super::lines::strip_bullet;

const SEPARATORS: [&str; 5] = [" — ", " – ", " | ", " - ", ", "];
const ISSUER_WORDS: &[&str] = &[
    "association",
    "institute",
    "board",
    "council",
    "society",
    "commission",
    "university",
    "college",
    "academy",
    "state",
    "department",
    "american",
    "national",
    "international",
    "cross",
    "issued",
    "license",
    "licence",
    "no.",
    "#",
    "inc",
    "foundation",
    "corporation",
    "agency",
    "authority",
    "ministry",
];

pub(crate) fn parse_certifications(lines: &[&str]) -> Vec<String> {
    let mut certifications: Vec<String> = Vec::new();
    for line in lines {
        let line = strip_bullet(line).unwrap_or(line).trim();
        if line.is_empty() {
            continue;
        }
        let name = name_of(line);
        if !name.is_empty() && !certifications.iter().any(|known| known.eq_ignore_ascii_case(&name)) {
            certifications.push(name);
        }
    }
    certifications
}

fn name_of(line: &str) -> String {
    for separator in SEPARATORS {
        if let Some((name, rest)) = line.split_once(separator) {
            if is_issuer_or_detail(rest) {
                return name.trim().to_owned();
            }
        }
    }
    line.to_owned()
}

/// A year, a licence number, a place or an issuing body.
fn is_issuer_or_detail(text: &str) -> bool {
    let lower = text.to_lowercase();
    let has_year = lower
        .split(|character: char| !character.is_ascii_digit())
        .any(|run| run.len() == 4 && (run.starts_with("19") || run.starts_with("20")));
    let has_number = text
        .split_whitespace()
        .any(|word| word.chars().any(|c| c.is_ascii_digit()) && word.chars().any(char::is_alphabetic));
    let has_issuer = lower
        .split(|character: char| character.is_whitespace() || character == '(' || character == ')')
        .any(|word| ISSUER_WORDS.contains(&word));
    has_year || has_number || has_issuer || is_location(text) || text.split(", ").next().is_some_and(is_location)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_without_issuer_year_or_number() {
        let lines = [
            "Registered Nurse, State of Ohio (License RN.512345)",
            "BLS — American Heart Association",
            "• Certified Public Accountant (CPA), Pennsylvania, 2017",
            "AWS Certified Solutions Architect – Associate",
            "Oregon Teaching License — Biology and Integrated Science (Grades 5–12)",
        ];
        assert_eq!(
            parse_certifications(&lines),
            [
                "Registered Nurse",
                "BLS",
                "Certified Public Accountant (CPA)",
                "AWS Certified Solutions Architect – Associate",
                "Oregon Teaching License — Biology and Integrated Science (Grades 5–12)"
            ]
        );
    }
}
