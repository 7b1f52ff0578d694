//! The skill taxonomy (`taxonomy/skills.tsv`, written for this project; see
//! its README) and the matcher over it: every canonical name and alias in one
//! Aho-Corasick automaton, leftmost-longest, so `Google Cloud Platform` wins
//! over `Google Cloud` and `C++` over `C`, with whole-word boundaries checked
//! on each match.
//!
//! Names that are also ordinary words (`Go`, `R`, `Rust`, `Excel`, `Spring`)
//! are marked ambiguous. They count only where the context says they are the
//! skill: in a skills list, as an item of any list, or beside a word that
//! makes them one (`in Go`, `Go services`), and only in their own spelling
//! (`go` and `rust` in prose are verbs and nouns). `go-to`, `going`,
//! `Series C`, `R&D` and `C#` never yield them.

use super::text::is_listed;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, Anchored, Input, MatchKind, StartKind};

const TAXONOMY_TSV: &str = include_str!("taxonomy/skills.tsv");
/// The category of certifications, licences and titles (see the taxonomy's README).
const CREDENTIAL_CATEGORY: &str = "credential";

pub(crate) struct Taxonomy {
    canonical: Vec<String>,
    /// Per skill, its category (a column of the file).
    category: Vec<&'static str>,
    patterns: Vec<Pattern>,
    automaton: AhoCorasick,
}

struct Pattern {
    skill: usize,
    text: String,
    ambiguous: bool,
}

/// One skill named in a text: which, where, and how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SkillMention {
    pub skill: usize,
    pub start: usize,
    pub end: usize,
}

pub(crate) static TAXONOMY: LazyLock<Taxonomy> = LazyLock::new(|| Taxonomy::parse(TAXONOMY_TSV));

/// Words before an ambiguous name that make it the skill (`in Go`).
const WORDS_BEFORE: &[&str] = &["in", "using", "with", "written", "language", "languages", "programming"];
/// Words after an ambiguous name that make it the skill (`Go services`).
const WORDS_AFTER: &[&str] = &[
    "services",
    "service",
    "microservices",
    "code",
    "codebase",
    "developer",
    "developers",
    "programming",
    "backend",
    "apis",
    "api",
    "modules",
    "libraries",
    "library",
    "stack",
    "applications",
    "application",
    "scripts",
    "tooling",
    "packages",
    "package",
    "crates",
    "runtime",
    "workers",
    "server",
    "servers",
    "clients",
    "sdk",
    "models",
];
/// Words before a single letter that make it something else (`Series C`, `Plan B`).
const NOT_SKILL_BEFORE: &[&str] = &["series", "plan", "grade", "class", "type", "vitamin", "level", "section", "tier"];
/// Characters that separate the items of a list.
const LIST_SEPARATORS: &[char] = &[',', ';', '|', '•', '·', '▪', '/', '(', ')', '\t', ':', '●', '◦', '–', '—'];

impl Taxonomy {
    fn parse(tsv: &'static str) -> Taxonomy {
        let mut canonical = Vec::new();
        let mut category_of = Vec::new();
        let mut patterns = Vec::new();
        for line in tsv.lines().skip(1).filter(|line| !line.trim().is_empty()) {
            let columns: Vec<&str> = line.split('\t').collect();
            let [name, category, ambiguous, aliases] = columns[..] else { continue };
            let skill = canonical.len();
            canonical.push(name.to_owned());
            category_of.push(category);
            patterns.push(Pattern { skill, text: name.to_owned(), ambiguous: ambiguous == "yes" });
            for alias in aliases.split('|').filter(|alias| !alias.is_empty()) {
                let (text, ambiguous) = match alias.strip_prefix('~') {
                    Some(text) => (text, true),
                    None => (alias, false),
                };
                patterns.push(Pattern { skill, text: text.to_owned(), ambiguous });
            }
        }
        // A DFA: every line of every resume is searched, so search speed
        // matters more than the few megabytes and milliseconds of building it once.
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(AhoCorasickKind::DFA))
            // Searched only where a word starts (see `mentions`): an
            // unanchored search would report `go` in `good` and `ai` in
            // `maintain` thousands of times a resume, only to drop them.
            .start_kind(StartKind::Anchored)
            .build(patterns.iter().map(|pattern| pattern.text.as_str()))
            .expect("the skill taxonomy builds an automaton");
        Taxonomy { canonical, category: category_of, patterns, automaton }
    }

    pub(crate) fn canonical(&self, skill: usize) -> &str {
        &self.canonical[skill]
    }

    /// A certification, licence or title: what a person holds or is, a
    /// skill only where a resume lists it as one.
    pub(crate) fn is_credential(&self, skill: usize) -> bool {
        self.category[skill] == CREDENTIAL_CATEGORY
    }

    /// The skill a name stands for, and whether that name is ambiguous.
    pub(crate) fn lookup_with_ambiguity(&self, name: &str) -> Option<(usize, bool)> {
        let name = name.trim();
        let found = self.automaton.find(Input::new(name).anchored(Anchored::Yes))?;
        let pattern = &self.patterns[found.pattern().as_usize()];
        (found.end() == name.len()).then_some((pattern.skill, pattern.ambiguous))
    }

    /// The skill a name (canonical or alias, any case) stands for.
    pub(crate) fn lookup(&self, name: &str) -> Option<usize> {
        self.lookup_with_ambiguity(name).map(|(skill, _)| skill)
    }

    /// Skills named in `line`. `in_skills_list` says the line is in a skills
    /// section, where ambiguous names count as they are listed. In prose a
    /// single lower-case word (`billing`, `teaching`) is a topic, not a skill
    /// the resume claims: only names (`Kafka`), acronyms (`k8s`, `SQL`) and
    /// phrases (`wound care`) count there.
    pub(crate) fn mentions(&self, line: &str, in_skills_list: bool) -> Vec<SkillMention> {
        let mut mentions = Vec::new();
        let mut next_start = 0;
        let mut previous: Option<char> = None;
        for (start, character) in line.char_indices() {
            let at_word_start = !previous.is_some_and(|previous| previous.is_alphanumeric() || previous == '_');
            previous = Some(character);
            if start < next_start || !at_word_start || character.is_whitespace() {
                continue;
            }
            let Some(found) = self.automaton.find(Input::new(line).range(start..).anchored(Anchored::Yes)) else {
                continue;
            };
            let pattern = &self.patterns[found.pattern().as_usize()];
            let end = found.end();
            if !at_word_boundaries(line, start, end, &pattern.text) || is_inside_address(line, start, end) {
                continue;
            }
            if pattern.ambiguous && !ambiguous_name_counts(line, start, end, &pattern.text, in_skills_list) {
                continue;
            }
            let context_checked = pattern.ambiguous;
            if !context_checked
                && !in_skills_list
                && !is_list_item(line, start, end)
                && is_common_word_in_prose(line, start, end)
            {
                continue;
            }
            mentions.push(SkillMention { skill: pattern.skill, start, end });
            next_start = end;
        }
        mentions
    }
}

/// The canonical name a skill name stands for, and whether the name is ambiguous.
pub(crate) fn canonical_skill_with_ambiguity(name: &str) -> Option<(&'static str, bool)> {
    let taxonomy: &'static Taxonomy = &TAXONOMY;
    taxonomy.lookup_with_ambiguity(name).map(|(skill, ambiguous)| (taxonomy.canonical(skill), ambiguous))
}

/// Part of a web or email address (`github.com/jane`, `jane@gmail.com`): not a skill.
fn is_inside_address(line: &str, start: usize, end: usize) -> bool {
    let token_start = line[..start]
        .char_indices()
        .rev()
        .find(|(_, character)| character.is_whitespace())
        .map_or(0, |(index, character)| index + character.len_utf8());
    let token_end = line[end..].find(char::is_whitespace).map_or(line.len(), |index| end + index);
    let token = &line[token_start..token_end];
    // Every address holds an `@` or a dot: most words are spared lowering.
    if !token.contains(['@', '.']) {
        return false;
    }
    let token = token.to_lowercase();
    token.len() > end - start
        && (token.contains('@')
            || token.contains("://")
            || token.starts_with("www.")
            || [".com", ".io", ".org", ".net", ".dev", ".co.", ".design"].iter().any(|domain| token.contains(domain)))
}

fn at_word_boundaries(line: &str, start: usize, end: usize, pattern: &str) -> bool {
    let before = line[..start].chars().next_back();
    let after = line[end..].chars().next();
    let starts_with_word = pattern.chars().next().is_some_and(char::is_alphanumeric);
    let ends_with_word = pattern.chars().next_back().is_some_and(char::is_alphanumeric);
    let before_ok =
        !starts_with_word || !before.is_some_and(|character| character.is_alphanumeric() || character == '_');
    // `C` is not the start of `C#` or `C++`, and `Node` not of `Node.js`.
    let after_ok = !ends_with_word
        || !after.is_some_and(|character| {
            character.is_alphanumeric()
                || matches!(character, '+' | '#' | '_')
                || (character == '.' && line[end + 1..].chars().next().is_some_and(char::is_alphanumeric))
        });
    before_ok && after_ok
}

fn ambiguous_name_counts(line: &str, start: usize, end: usize, pattern: &str, in_skills_list: bool) -> bool {
    let written = &line[start..end];
    let after = line[end..].chars().next();
    if after.is_some_and(|character| matches!(character, '-' | '&' | '\'' | '’')) {
        return false;
    }
    // The end of a compound (`FNP-C`, `Series-C`), not a name of its own.
    let mut before = line[..start].chars().rev();
    if before.next() == Some('-') && before.next().is_some_and(char::is_alphanumeric) {
        return false;
    }
    if in_skills_list {
        return true;
    }
    // In prose, in their own spelling only: `go` and `rust` are not the languages.
    let same_spelling = written == pattern || (pattern.chars().count() > 3 && written == pattern.to_uppercase());
    if !same_spelling {
        return false;
    }
    let previous_word =
        line[..start].split(|character: char| !character.is_alphanumeric()).rev().find(|word| !word.is_empty());
    if written.chars().count() == 1 && previous_word.is_some_and(|word| is_listed(word, NOT_SKILL_BEFORE)) {
        return false;
    }
    if is_list_item(line, start, end) {
        return true;
    }
    let next_word = line[end..].split(|character: char| !character.is_alphanumeric()).find(|word| !word.is_empty());
    previous_word.is_some_and(|word| is_listed(word, WORDS_BEFORE))
        || next_word.is_some_and(|word| is_listed(word, WORDS_AFTER))
        || is_proper_noun_in_a_sentence(written, pattern, previous_word, next_word)
}

/// A capitalised name in the middle of a lower-case sentence is a proper
/// noun (`the Epic clinic rollout`, `a Lean 5S project`, `chats in
/// Intercom`): the product or method, not the word. Between capitalised
/// words it may be part of a title or a place (`Phoenix Children's`), and
/// before a number a season (`Spring 2024`), so neither counts.
fn is_proper_noun_in_a_sentence(
    written: &str,
    pattern: &str,
    previous_word: Option<&str>,
    next_word: Option<&str>,
) -> bool {
    let starts_lower = |word: &str| word.chars().next().is_some_and(char::is_lowercase);
    let is_capitalised_or_number = |word: &str| {
        word.chars().next().is_some_and(char::is_uppercase) || word.chars().all(|character| character.is_ascii_digit())
    };
    written == pattern
        && written.chars().count() >= PROPER_NOUN_LETTERS_MIN
        && written.chars().next().is_some_and(char::is_uppercase)
        // An acronym (`ICU`) is in capitals wherever it stands.
        && written.chars().any(char::is_lowercase)
        && previous_word.is_some_and(starts_lower)
        && !next_word.is_some_and(is_capitalised_or_number)
}

/// Shorter capitalised names (`Go`, `R`) are not read as proper nouns.
const PROPER_NOUN_LETTERS_MIN: usize = 3;

/// A single word with nothing to mark it as a name: all lower case, or
/// capitalised only because it starts a sentence (`Backend engineer who…`).
fn is_common_word_in_prose(line: &str, start: usize, end: usize) -> bool {
    let written = &line[start..end];
    if written.contains(char::is_whitespace) || written.chars().any(|character| !character.is_alphabetic()) {
        return false;
    }
    let mut letters = written.chars();
    let first_is_upper = letters.next().is_some_and(char::is_uppercase);
    if letters.any(char::is_uppercase) {
        return false;
    }
    let before = line[..start].trim_end();
    let starts_sentence = before.is_empty() || before.ends_with(['.', '!', '?', ':', '•', '-', '*', '·']);
    !first_is_upper || starts_sentence
}

/// The match is a whole item of a list: only separators (or the line's
/// ends) lie between it and the neighbouring items.
fn is_list_item(line: &str, start: usize, end: usize) -> bool {
    let before = line[..start].trim_end();
    let after = line[end..].trim_start();
    let before_ok = before.is_empty() || before.ends_with(LIST_SEPARATORS) || before.ends_with(" and");
    let after_ok =
        after.is_empty() || after.starts_with(LIST_SEPARATORS) || after.starts_with("and ") || after.starts_with('.');
    // A name alone on its line is an item of a one-item list.
    before_ok && after_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skills_in(line: &str, in_skills_list: bool) -> Vec<&'static str> {
        TAXONOMY.mentions(line, in_skills_list).iter().map(|mention| TAXONOMY.canonical(mention.skill)).collect()
    }

    #[test]
    fn the_taxonomy_has_at_least_two_thousand_skills() {
        assert!(TAXONOMY.canonical.len() >= 2_000, "{}", TAXONOMY.canonical.len());
    }

    #[test]
    fn aliases_map_to_their_canonical_names() {
        assert_eq!(
            skills_in("Ran k8s on GCP with Postgres and React.js", false),
            ["Kubernetes", "Google Cloud Platform", "PostgreSQL", "React"]
        );
        assert_eq!(TAXONOMY.lookup("JS").map(|skill| TAXONOMY.canonical(skill)), Some("JavaScript"));
    }

    #[test]
    fn the_longest_name_wins_and_words_stay_whole() {
        assert_eq!(skills_in("C++ and C# services", false), ["C++", "C#"]);
        assert!(skills_in("JavaScript", false).iter().all(|skill| *skill != "Java"));
    }

    #[test]
    fn ambiguous_names_count_only_in_context() {
        assert_eq!(skills_in("Built billing services in Go", false), ["Go"]);
        assert_eq!(skills_in("Led the Epic clinic rollout and a Lean project", false), ["Epic Systems", "Lean"]);
        assert!(skills_in("Taught in the Spring 2024 term at Phoenix Children's", false).is_empty());
        assert!(skills_in("Go services handle the traffic", false).contains(&"Go"));
        assert!(skills_in("Rust, Go, Python", true).contains(&"Go"));
        for prose in
            ["our go-to tool", "going forward", "Led the Series C raise", "R&D budget", "let it go and rust", "FNP-C"]
        {
            let found = skills_in(prose, false);
            assert!(
                !found.contains(&"Go") && !found.contains(&"C") && !found.contains(&"R") && !found.contains(&"Rust"),
                "{prose}: {found:?}"
            );
        }
    }
}
