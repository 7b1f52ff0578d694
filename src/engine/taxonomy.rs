//! The skill taxonomy (`taxonomy/skills.tsv`, written for this project; see
//! its README) and the matcher over it: every canonical name and alias is
//! looked for where a word starts (`taxonomy/name_index.rs`), longest first,
//! so `Google Cloud Platform` wins over `Google Cloud` and `C++` over `C`,
//! with whole-word boundaries checked on each name found.
//!
//! Names that are also ordinary words (`Go`, `R`, `Rust`, `Excel`, `Spring`)
//! are marked ambiguous. They count only where the context says they are the
//! skill: in a skills list, as an item of any list, or beside a word that
//! makes them one (`in Go`, `Go services`), and only in their own spelling
//! (`go` and `rust` in prose are verbs and nouns). `go-to`, `going`,
//! `Series C`, `R&D` and `C#` never yield them.

use super::text::{is_ascii_whitespace, is_listed};
use std::sync::LazyLock;

mod name_index;
use name_index::NameIndex;

const TAXONOMY_TSV: &str = include_str!("taxonomy/skills.tsv");
/// Acronyms that are also words, matched only in capitals (see the file).
const WORD_ACRONYMS: &str = include_str!("taxonomy/word_acronyms.txt");
/// Skills that name a subject (an industry, a setting, a program, a law, a
/// field, a population, a document, a data format): see the file.
const SUBJECTS: &str = include_str!("taxonomy/subjects.txt");
/// The category of certifications, licences and titles (see the taxonomy's README).
const CREDENTIAL_CATEGORY: &str = "credential";

pub(crate) struct Taxonomy {
    canonical: Vec<String>,
    /// Per skill, its category (a column of the file).
    category: Vec<&'static str>,
    /// Per skill, whether it is listed in `subjects.txt`.
    subject: Vec<bool>,
    patterns: Vec<Pattern>,
    /// Every pattern's text, by its first word: positions are indices of `patterns`.
    names: NameIndex,
}

struct Pattern {
    skill: usize,
    text: String,
    ambiguous: bool,
    /// An acronym that is also a word (`SNOW`, `SPED`): in lower case it is the word.
    capitals_only: bool,
    /// An alias in the plural that is not the canonical name's own words
    /// (`Bills of Lading` for Shipping Documentation): see `names_things_handled`.
    plural_alias: bool,
    /// A plural the file does not list, added by `add_plurals`: it counts
    /// only in a skills list (see there).
    added_plural: bool,
    /// Matched only as spelled: an acronym's added plural (`JSAs`), since
    /// in capitals it is another acronym (`ADFS` is no plural of ADF).
    exact_case: bool,
    /// A word of capitals with a lower-case letter or two (`SAFe`, `DiD`,
    /// `PODs`, `MoSCoW`): written with fewer than two capitals it is the
    /// English word (`Safe transfers`, `Did`, `pods`, `Moscow`).
    needs_two_capitals: bool,
}

impl Pattern {
    fn new(skill: usize, text: &str, canonical: &str, ambiguous: bool, word_acronyms: &[&str]) -> Pattern {
        let capitals_only = word_acronyms.contains(&text);
        let plural_alias = is_plural_phrase(text) && !is_the_canonical_inflected(text, canonical);
        Pattern {
            skill,
            text: text.to_owned(),
            ambiguous,
            capitals_only,
            plural_alias,
            added_plural: false,
            exact_case: false,
            needs_two_capitals: is_capitals_with_a_lower_case_letter(text),
        }
    }

    /// Whether `written` (as long as the pattern) may be this name, by its case.
    fn case_allows(&self, written: &[u8]) -> bool {
        if self.exact_case {
            return written == self.text.as_bytes();
        }
        if self.needs_two_capitals && written.iter().filter(|byte| byte.is_ascii_uppercase()).count() < 2 {
            return false;
        }
        acronym_case_allows(written, self.text.as_bytes())
            && !(self.capitals_only && written.iter().any(u8::is_ascii_lowercase))
    }
}

/// One skill named in a text: which, where, and how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SkillMention {
    pub skill: usize,
    pub start: usize,
    pub end: usize,
    /// The name as written is ambiguous (`Phoenix`, `Go`): its context made it count.
    pub ambiguous: bool,
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
/// Words before a single letter that make it something else (`Series C`,
/// `Plan B`, `Schedules A, C and D`), read in the singular.
const NOT_SKILL_BEFORE: &[&str] = &[
    "series",
    "plan",
    "grade",
    "class",
    "type",
    "vitamin",
    "level",
    "section",
    "tier",
    "schedule",
    "form",
    "part",
    "appendix",
    "exhibit",
    "hepatitis",
    "unit",
    "shift",
    "team",
    "zone",
    "building",
    "wing",
    "gate",
    "division",
    "group",
    "block",
    "phase",
    "option",
    "category",
    "company",
    "platoon",
    "squad",
];
/// The taxonomy's category of spoken languages (`English`, `Spanish`).
const SPOKEN_LANGUAGE_CATEGORY: &str = "language_spoken";
/// Words that say how well a skill is known, written in brackets after it
/// or before it (`SQL (basic)`, `basic HTML`).
const PROFICIENCY_LEVELS: &[&str] = &[
    "basic",
    "beginner",
    "elementary",
    "intermediate",
    "advanced",
    "expert",
    "proficient",
    "fluent",
    "native",
    "conversational",
    "familiar",
    "working knowledge",
];
/// Characters that separate the items of a list.
const LIST_SEPARATORS: &[char] = &[',', ';', '|', '•', '·', '▪', '/', '(', ')', '\t', ':', '●', '◦', '–', '—'];

impl Taxonomy {
    fn parse(tsv: &'static str) -> Taxonomy {
        let mut canonical = Vec::new();
        let mut category_of = Vec::new();
        let mut patterns = Vec::new();
        let word_acronyms: Vec<&str> =
            WORD_ACRONYMS.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect();
        for line in tsv.lines().skip(1).filter(|line| !line.trim().is_empty()) {
            let columns: Vec<&str> = line.split('\t').collect();
            let [name, category, ambiguous, aliases] = columns[..] else { continue };
            let skill = canonical.len();
            canonical.push(name.to_owned());
            category_of.push(category);
            patterns.push(Pattern::new(skill, name, name, ambiguous == "yes", &word_acronyms));
            for alias in aliases.split('|').filter(|alias| !alias.is_empty()) {
                let (text, ambiguous) = match alias.strip_prefix('~') {
                    Some(text) => (text, true),
                    None => (alias, false),
                };
                patterns.push(Pattern::new(skill, text, name, ambiguous, &word_acronyms));
            }
        }
        add_plurals(&mut patterns);
        let names = NameIndex::build(patterns.iter().map(|pattern| pattern.text.as_str()));
        let subject = subjects_among(&canonical);
        Taxonomy { canonical, category: category_of, subject, patterns, names }
    }

    pub(crate) fn canonical(&self, skill: usize) -> &str {
        &self.canonical[skill]
    }

    /// A certification, licence or title: what a person holds or is, a
    /// skill only where a resume lists it as one.
    pub(crate) fn is_credential(&self, skill: usize) -> bool {
        self.category[skill] == CREDENTIAL_CATEGORY
    }

    /// A skill that a resume claims only by listing it in a skills section:
    /// a credential, which elsewhere is what the candidate holds or is, or a
    /// subject, which elsewhere says where or about what the candidate
    /// worked (`returns for an e-commerce brand`, `verified Medicare
    /// eligibility`, `HIPAA-compliant records`).
    pub(crate) fn counts_only_in_a_skills_section(&self, skill: usize) -> bool {
        self.is_credential(skill) || self.subject[skill]
    }

    /// The skill a name stands for, and whether that name is ambiguous.
    pub(crate) fn lookup_with_ambiguity(&self, name: &str) -> Option<(usize, bool)> {
        let name = name.trim();
        let bytes = name.as_bytes();
        let (pattern, end) =
            self.longest_name_where(name, 0, |pattern, end| self.patterns[pattern].case_allows(&bytes[..end]))?;
        let pattern = &self.patterns[pattern];
        (end == name.len()).then_some((pattern.skill, pattern.ambiguous))
    }

    /// The longest name that starts at byte `start` of `text` and is whole
    /// words there (`at_word_boundaries`), in a case its spelling allows:
    /// the pattern and the byte where it ends. Most names that are not
    /// whole words end before a letter or digit, which one byte tells; only
    /// the others are checked in full.
    ///
    /// With `hyphens_as_written`, words joined by hyphens alone match only a
    /// name joined so (see `hyphens_allowed`): in prose a
    /// hyphenated compound is mostly a modifier (`a rapid-response team`,
    /// `high-voltage panels`), not the skill named with spaces; in a skills
    /// list it is the skill however it is joined.
    fn longest_whole_name_at(&self, text: &str, start: usize, hyphens_as_written: bool) -> Option<(usize, usize)> {
        let bytes = text.as_bytes();
        self.longest_name_where(text, start, |pattern, end| {
            let ends_inside_a_word = bytes[end - 1].is_ascii_alphanumeric()
                && bytes.get(end).is_some_and(|next| next.is_ascii_alphanumeric() || *next == b'_');
            let pattern = &self.patterns[pattern];
            !ends_inside_a_word
                && pattern.case_allows(&bytes[start..end])
                && at_word_boundaries(text, start, end, &pattern.text)
                && (!hyphens_as_written
                    || (!pattern.added_plural && hyphens_allowed(&bytes[start..end], pattern.text.as_bytes())))
        })
    }

    /// The longest name starting at byte `start` of `text` that `accept`
    /// (given the pattern and where it ends) lets through.
    fn longest_name_where(
        &self,
        text: &str,
        start: usize,
        accept: impl Fn(usize, usize) -> bool,
    ) -> Option<(usize, usize)> {
        let written = |end: usize| &text.as_bytes()[start..end];
        // Names come longest first; those that end at the same byte differ
        // only in case, and the best spelled of them that `accept` lets
        // through is the answer.
        let mut end_read = None;
        let mut best: Option<(u8, usize)> = None;
        for (pattern, end) in self.names.names_at(text.as_bytes(), start) {
            if end_read != Some(end) {
                if let (Some((_, pattern)), Some(end_read)) = (best, end_read) {
                    return Some((pattern, end_read));
                }
                end_read = Some(end);
            }
            if !accept(pattern, end) {
                continue;
            }
            let rank = self.spelling_rank(pattern, written(end));
            if best.is_none_or(|(best_rank, _)| rank < best_rank) {
                best = Some((rank, pattern));
            }
        }
        best.zip(end_read).map(|((_, pattern), end)| (pattern, end))
    }

    /// Of names that differ only in case (`AI` and Adobe's `Ai`), the one
    /// spelled as written ranks first (0), then an acronym read in lower
    /// case (`ai`, 1), then the others (2); of equal ranks, the first listed.
    fn spelling_rank(&self, pattern: usize, written: &[u8]) -> u8 {
        let text = self.patterns[pattern].text.as_bytes();
        if text.iter().map(|byte| hyphen_as_space(*byte)).eq(written.iter().map(|byte| hyphen_as_space(*byte))) {
            0
        } else if is_acronym(text) {
            1
        } else {
            2
        }
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
        for start in word_starts(line) {
            if start < next_start {
                continue;
            }
            if let Some(mention) = self.mention_at(line, start, in_skills_list) {
                next_start = mention.end;
                mentions.push(mention);
            }
        }
        mentions
    }

    /// The skill named at byte `start` of `line`, if one is and it counts there.
    /// The longest name that ends a word wins: `Ubuntu servers` is `Ubuntu`,
    /// though the longest name spelled there is `Ubuntu Server`.
    fn mention_at(&self, line: &str, start: usize, in_skills_list: bool) -> Option<SkillMention> {
        let (pattern, end) = self.longest_whole_name_at(line, start, !in_skills_list)?;
        let pattern = &self.patterns[pattern];
        if is_inside_address(line, start, end)
            || is_proficiency_qualifier(line, start, end)
            || qualifies_the_languages_after_it(line, start, end)
            || is_initial_of_a_name(line, start, end)
        {
            return None;
        }
        // A language's name is capitalised as an adjective too (`a French
        // bistro`, `English learners`), so capitals do not make it the skill.
        // The category is looked up only for ambiguous names, which are few.
        if pattern.ambiguous
            && !ambiguous_name_counts(
                line,
                start,
                end,
                &pattern.text,
                in_skills_list,
                self.category[pattern.skill] != SPOKEN_LANGUAGE_CATEGORY,
            )
        {
            return None;
        }
        if !in_skills_list && names_things_handled(pattern, line, start, end) {
            return None;
        }
        let context_checked = pattern.ambiguous;
        if !context_checked
            && !in_skills_list
            && !is_list_item(line, start, end)
            && is_common_word_in_prose(line, start, end)
        {
            return None;
        }
        Some(SkillMention { skill: pattern.skill, start, end, ambiguous: pattern.ambiguous })
    }
}

/// Per skill of `canonical`, whether `subjects.txt` lists it. A listed
/// name the taxonomy lacks is caught by a test, not here: the list is
/// read once, when the taxonomy is first used.
fn subjects_among(canonical: &[String]) -> Vec<bool> {
    let listed: std::collections::HashSet<&str> = listed_subjects().collect();
    canonical.iter().map(|name| listed.contains(name.as_str())).collect()
}

/// The canonical names `subjects.txt` lists: each line's first field.
fn listed_subjects() -> impl Iterator<Item = &'static str> {
    SUBJECTS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('\t').next().unwrap_or(line).trim())
}

/// Names are compared with a hyphen read as a space, in the text and in the
/// taxonomy alike, so that a skills list's compound is found however it is
/// joined (`comparable-company analysis`, `end to end testing`). One byte
/// for another keeps every offset where it was.
const fn hyphen_as_space(byte: u8) -> u8 {
    if byte == b'-' {
        b' '
    } else {
        byte
    }
}

/// A name of at least two letters, all of them capitals (`AI`, `ACLS`, `POS`).
fn is_acronym(name: &[u8]) -> bool {
    name.iter().filter(|byte| byte.is_ascii_alphabetic()).count() >= 2 && !name.iter().any(u8::is_ascii_lowercase)
}

/// Whether `name` is one word of letters, two or more capitals and at most
/// `LOWER_CASE_LETTERS_IN_CAPITALS_MAX` lower-case letters (`SAFe`, `DiD`,
/// `PODs`, `MoSCoW`, `ArcGIS`); not `AutoCAD`, which is often written
/// `Autocad`, nor `C-Arm`, written `C-arm`.
fn is_capitals_with_a_lower_case_letter(name: &str) -> bool {
    let capitals = name.bytes().filter(u8::is_ascii_uppercase).count();
    let lower_case = name.bytes().filter(u8::is_ascii_lowercase).count();
    name.bytes().all(|byte| byte.is_ascii_alphabetic())
        && capitals >= 2
        && (1..=LOWER_CASE_LETTERS_IN_CAPITALS_MAX).contains(&lower_case)
}

/// See `is_capitals_with_a_lower_case_letter`.
const LOWER_CASE_LETTERS_IN_CAPITALS_MAX: usize = 2;

/// Whether `written` may be the acronym `pattern` (the two are the same
/// length): in capitals, or casually all in lower case. Mixed case makes it
/// another word: `ACLs` is the plural of ACL, not ACLS; `POs` are purchase
/// orders, not a point of sale; `Ai` is Adobe Illustrator, not AI. Names
/// spelled with mixed case in the taxonomy (`SLOs`, `IaC`) match any case.
fn acronym_case_allows(written: &[u8], pattern: &[u8]) -> bool {
    !is_acronym(pattern) || !written.iter().any(u8::is_ascii_lowercase) || !written.iter().any(u8::is_ascii_uppercase)
}

/// Whether a name as written in prose may be the taxonomy's `pattern`
/// (the two are the same length: the index matched them byte for byte).
/// The taxonomy's hyphens must be written (`go live` is a verb, not
/// `Go-Live`); its spaces may be hyphens while a space is left (`Named-entity
/// recognition`). Words joined by hyphens alone, where the taxonomy has
/// spaces, modify the noun after them (`a rapid-response team`).
fn hyphens_allowed(written: &[u8], pattern: &[u8]) -> bool {
    let mut hyphen_for_space = false;
    for (written, pattern) in written.iter().zip(pattern) {
        match (*written == b'-', *pattern == b'-') {
            (false, true) => return false,
            (true, false) => hyphen_for_space = true,
            _ => {}
        }
    }
    !hyphen_for_space || written.contains(&b' ')
}

/// Whether the name written at `start..end` of a line of prose is a
/// plural alias in lower case (`bills of lading`, `work orders`, `cycle
/// counts`): in a job's bullet such a name says what the work was about,
/// the things handled, not the skill the taxonomy files it under, which
/// the resume never names. In a skills list it is that skill. Over the
/// labelled sets such aliases in prose were the labelled skill 52 times
/// in 259.
fn names_things_handled(pattern: &Pattern, line: &str, start: usize, end: usize) -> bool {
    // Most patterns are no plural alias: the flag is read before the text.
    pattern.plural_alias && written_in_lower_case(line, start, end)
}

/// Whether the last word of `name` is a plural (`orders`, `bills of
/// lading` is not: its last word is `lading`), by its ending: words ending
/// in `ss`, `us`, `is`, `ics` and `ous` are singular (`process`, `status`,
/// `analysis`, `logistics`, `continuous`).
fn is_plural_phrase(name: &str) -> bool {
    let last = name.rsplit([' ', '-']).next().unwrap_or(name);
    last.len() > PLURAL_WORD_BYTES_MIN
        && last.ends_with('s')
        && !SINGULAR_ENDINGS.iter().any(|ending| last.ends_with(ending))
        && last.bytes().any(|byte| byte.is_ascii_lowercase())
}

/// Endings in `s` of singular words (`process`, `status`, `analysis`,
/// `logistics`, `continuous`).
const SINGULAR_ENDINGS: [&str; 5] = ["ss", "us", "is", "ics", "ous"];

/// Shorter words ending in `s` are mostly not plurals (`gas`, `bus`, `yes`).
const PLURAL_WORD_BYTES_MIN: usize = 3;

/// Adds the plural of every name the taxonomy lists in the singular, unless
/// the plural is a name of its own (`Sales`): a skills list writes `Pallet
/// jacks`, `Reach trucks`, `Titrations` and `JSAs`, a taxonomy lists each
/// once. Such a plural counts only in a skills list: in prose it names the
/// things worked on (`reviewed general ledgers`, `ordered X-rays`, `QC
/// labs`, `arbitrations`), and over the labelled sets added plurals in
/// prose were the labelled skill 18 times in 46, in skills lists 26 in 28.
/// Ambiguous names have none: `Excels` is a verb.
fn add_plurals(patterns: &mut Vec<Pattern>) {
    let normal = |text: &str| text.to_ascii_lowercase().replace('-', " ");
    let mut listed: std::collections::HashSet<String> = patterns.iter().map(|pattern| normal(&pattern.text)).collect();
    let mut plurals = Vec::new();
    for pattern in patterns.iter().filter(|pattern| !pattern.ambiguous && !pattern.capitals_only) {
        let Some(plural) = plural_of(&pattern.text) else { continue };
        if !listed.insert(normal(&plural)) {
            continue;
        }
        // `JSA` → `JSAs`: the letter before the added `s` is a capital.
        let exact_case = plural.as_bytes()[plural.len() - 2].is_ascii_uppercase();
        plurals.push(Pattern {
            skill: pattern.skill,
            text: plural,
            ambiguous: false,
            capitals_only: false,
            plural_alias: false,
            added_plural: true,
            exact_case,
            needs_two_capitals: false,
        });
    }
    patterns.extend(plurals);
}

/// The plural of a name by its last word, when that word is a singular
/// noun written in letters: `Pallet Jack` → `Pallet Jacks`, `Time Study`
/// → `Time Studies`, `JSA` → `JSAs`. None for a last word already ending
/// in `s` (`Kubernetes`, `Analysis`) or not made of letters (`C++`).
fn plural_of(name: &str) -> Option<String> {
    let last = name.rsplit([' ', '-', '/']).next().unwrap_or(name);
    if !last.bytes().all(|byte| byte.is_ascii_alphabetic()) || last.ends_with(['s', 'S']) {
        return None;
    }
    if is_acronym(last.as_bytes()) {
        return (last.len() >= ACRONYM_PLURAL_BYTES_MIN).then(|| format!("{name}s"));
    }
    if last.len() < PLURAL_WORD_BYTES_MIN || !last.bytes().any(|byte| byte.is_ascii_lowercase()) {
        return None;
    }
    let bytes = last.as_bytes();
    let before_last = bytes[bytes.len() - 2];
    Some(if last.ends_with(['x', 'z']) || last.ends_with("ch") || last.ends_with("sh") {
        format!("{name}es")
    } else if last.ends_with('y') && !b"aeiou".contains(&before_last) {
        format!("{}ies", &name[..name.len() - 1])
    } else {
        format!("{name}s")
    })
}

/// Shorter acronyms take no plural here: `ATs`, `Ps`.
const ACRONYM_PLURAL_BYTES_MIN: usize = 2;

/// Whether `alias` is `canonical`'s own words, in the other number or
/// with its last word a noun rather than a gerund (`Design Systems` for
/// Design System, `Cycle Counts` for Cycle Counting, `Code Reviews` for
/// Code Review): it names the skill itself, not things handled in it.
fn is_the_canonical_inflected(alias: &str, canonical: &str) -> bool {
    let stem = |name: &str| {
        let name = name.to_ascii_lowercase().replace('-', " ");
        let name = name.strip_suffix("ing").unwrap_or(&name);
        name.trim_end_matches('s').to_owned()
    };
    stem(alias) == stem(canonical)
}

/// Byte offsets in `line` where a word may start: a character that is not
/// whitespace, after one that is not a letter, digit or `_`. ASCII is read
/// a byte at a time; only other characters are decoded.
fn word_starts(line: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = line.as_bytes();
    let mut index = 0;
    let mut previous_is_word = false;
    std::iter::from_fn(move || {
        while let Some(&byte) = bytes.get(index) {
            let start = index;
            let (is_word, is_whitespace) = if byte.is_ascii() {
                index += 1;
                let class = ASCII_CLASS[usize::from(byte)];
                (class == ASCII_WORD, class == ASCII_WHITESPACE)
            } else {
                let character = line[start..].chars().next()?;
                index += character.len_utf8();
                (crate::engine::text::is_alphanumeric(character), character.is_whitespace())
            };
            let at_word_start = !previous_is_word;
            previous_is_word = is_word;
            if at_word_start && !is_whitespace {
                return Some(start);
            }
        }
        None
    })
}

/// What an ASCII byte is to `word_starts`, looked up in one load: every
/// byte of a line is read there.
const ASCII_WORD: u8 = 1;
const ASCII_WHITESPACE: u8 = 2;
static ASCII_CLASS: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut byte = 0;
    while byte < 128 {
        let byte_u8 = byte as u8;
        table[byte] = if byte_u8.is_ascii_alphanumeric() || byte_u8 == b'_' {
            ASCII_WORD
        } else if is_ascii_whitespace(byte_u8) {
            ASCII_WHITESPACE
        } else {
            0
        };
        byte += 1;
    }
    table
};

/// The canonical name a skill name stands for, and whether the name is ambiguous.
pub(crate) fn canonical_skill_with_ambiguity(name: &str) -> Option<(&'static str, bool)> {
    let taxonomy: &'static Taxonomy = &TAXONOMY;
    taxonomy.lookup_with_ambiguity(name).map(|(skill, ambiguous)| (taxonomy.canonical(skill), ambiguous))
}

/// A level of proficiency in brackets after a skill (`SQL (basic)`, `CFD
/// (Basic)`, `Spanish (fluent)`): how well, not another skill, though
/// `BASIC` is a language.
fn is_proficiency_qualifier(line: &str, start: usize, end: usize) -> bool {
    let written = &line[start..end];
    let in_brackets = line[..start].trim_end().ends_with('(') || line[end..].trim_start().starts_with(')');
    // `basic HTML`, `Advanced Excel`; the language is written `BASIC`.
    let before_a_word = line[end..].strip_prefix(' ').is_some_and(|after| after.starts_with(char::is_alphabetic))
        && written.chars().any(char::is_lowercase);
    PROFICIENCY_LEVELS.iter().any(|level| written.eq_ignore_ascii_case(level)) && (in_brackets || before_a_word)
}

/// `Bilingual: English / Yoruba`, `Bilingual English/Spanish`: the
/// languages named after it are the skills; the word only says how many.
/// Alone, or before a lower-case word (`Bilingual in Spanish`), it is one.
fn qualifies_the_languages_after_it(line: &str, start: usize, end: usize) -> bool {
    let written = &line[start..end];
    let after = line[end..].trim_start_matches([' ', ':', '(', '-', '–']);
    is_listed(written, LANGUAGE_COUNTS) && after.chars().next().is_some_and(char::is_uppercase)
}

/// Words that say how many languages a person speaks.
const LANGUAGE_COUNTS: &[&str] = &["bilingual", "trilingual", "multilingual"];

/// A single letter followed by a full stop and a capitalised word is a
/// person's initial (`R. Feld`, `C. Okafor`), not the language R or C.
fn is_initial_of_a_name(line: &str, start: usize, end: usize) -> bool {
    line[start..end].chars().count() == 1 && line[end..].strip_prefix(". ").is_some_and(starts_a_capitalised_word)
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

fn ambiguous_name_counts(
    line: &str,
    start: usize,
    end: usize,
    pattern: &str,
    in_skills_list: bool,
    capitals_name_it: bool,
) -> bool {
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
    if written.chars().count() == 1 && names_a_lettered_thing(&line[..start]) {
        return false;
    }
    // An initial (`Ochoa, D. (2017)`, `John C. Smith`), not a language.
    if written.chars().count() == 1 && after == Some('.') {
        return false;
    }
    if is_list_item(line, start, end) && !and_joins_a_phrase(&line[end..]) {
        return true;
    }
    let next_word = line[end..].split(|character: char| !character.is_alphanumeric()).find(|word| !word.is_empty());
    // A capitalised word right after it goes on with a longer name that the
    // taxonomy does not know (`in Oracle Retail`, `on Box Drive`): that
    // product, not this one.
    if line[end..].strip_prefix(' ').is_some_and(starts_a_capitalised_word) {
        return false;
    }
    previous_word.is_some_and(|word| is_listed(word, WORDS_BEFORE))
        || next_word.is_some_and(|word| is_listed(word, WORDS_AFTER))
        || (!capitals_name_it && spoken_after_words_of_speaking(&line[..start]))
        // `Native Russian speaker`: one speaker, the candidate; `Spanish
        // speakers` are the people served.
        || (!capitals_name_it && next_word.is_some_and(|word| word.eq_ignore_ascii_case("speaker")))
        || (capitals_name_it
            && !starts_a_sentence(line, start)
            && is_proper_noun_in_a_sentence(written, pattern, previous_word, next_word))
}

/// Whether the words before a single letter make it the letter of a thing
/// (`Series C`, `Schedules A, C, D and E`): the word before it, or before
/// the run of letters it ends, names what is lettered.
fn names_a_lettered_thing(before: &str) -> bool {
    let mut words = before.split(|character: char| !character.is_alphanumeric()).rev().filter(|word| !word.is_empty());
    let head = words.find(|word| word.chars().count() > 1 && !is_listed(word, &["and", "or"]));
    head.is_some_and(|word| {
        let singular = if word.len() > 3 { word.strip_suffix(['s', 'S']).unwrap_or(word) } else { word };
        is_listed(word, NOT_SKILL_BEFORE) || is_listed(singular, NOT_SKILL_BEFORE)
    })
}

/// Whether the words before a language's name say the person speaks it
/// (`I speak Vietnamese and Spanish`, `Bilingual English / Spanish`): a word
/// of `SPEAKING_WORDS`, with at most other capitalised names and `and` or
/// `or` between. `native English speakers` is not the person's English.
fn spoken_after_words_of_speaking(before: &str) -> bool {
    let words = before.split(|character: char| !character.is_alphanumeric()).rev().filter(|word| !word.is_empty());
    for word in words.take(SPEAKING_WORDS_LOOKBACK) {
        if is_listed(word, SPEAKING_WORDS) {
            return true;
        }
        let is_another_name = word.chars().next().is_some_and(char::is_uppercase);
        if !(is_another_name || word == "and" || word == "or") {
            return false;
        }
    }
    false
}

/// Words that say the person speaks the languages named after them.
/// A level of proficiency says so too (`Conversational Spanish`, `working
/// Spanish`); `native` does not, since it also says who others are.
const SPEAKING_WORDS: &[&str] = &[
    "speak",
    "speaks",
    "spoke",
    "bilingual",
    "trilingual",
    "multilingual",
    "fluent",
    "conversational",
    "working",
    "basic",
    "intermediate",
    "proficient",
];
/// Words looked back over for one of them (`speak Vietnamese, Tagalog and Spanish`).
const SPEAKING_WORDS_LOOKBACK: usize = 6;

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
        // A name with a number (`Tier 1`) is a rank, capitalised as ranks are.
        && !written.chars().any(|character| character.is_ascii_digit())
        // An acronym (`ICU`) is in capitals wherever it stands.
        && written.chars().any(char::is_lowercase)
        && previous_word.is_some_and(starts_lower)
        && !next_word.is_some_and(is_capitalised_or_number)
}

/// `Retail` or `Radiant`: a capital followed by lower-case letters, as a
/// name's word is written in prose (an acronym such as `VBA` may be another
/// skill named beside it).
fn starts_a_capitalised_word(text: &str) -> bool {
    let mut characters = text.chars();
    characters.next().is_some_and(char::is_uppercase) && characters.next().is_some_and(char::is_lowercase)
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
    written_in_lower_case(line, start, end)
}

/// Whether the text at `start..end` of `line` is in lower case, or
/// capitalised only because it starts a sentence: nothing in how it is
/// written marks it as a name.
fn written_in_lower_case(line: &str, start: usize, end: usize) -> bool {
    let mut characters = line[start..end].chars();
    let first_is_upper = characters.next().is_some_and(char::is_uppercase);
    !characters.any(char::is_uppercase) && (!first_is_upper || starts_a_sentence(line, start))
}

/// Whether a word at `start` begins its line, sentence or bullet, where a
/// capital says nothing about the word.
fn starts_a_sentence(line: &str, start: usize) -> bool {
    let before = line[..start].trim_end();
    before.is_empty() || before.ends_with(['.', '!', '?', ':', '•', '-', '*', '·'])
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

/// Whether `and` after a name joins it to a lower-case phrase (`Chef and
/// kitchen manager`) rather than to the next name of a list (`Rust and Go`,
/// `Go and gRPC`): an ambiguous name is then the ordinary word.
fn and_joins_a_phrase(after: &str) -> bool {
    after
        .trim_start()
        .strip_prefix("and ")
        .is_some_and(|rest| rest.split_whitespace().next().is_some_and(|word| !word.chars().any(char::is_uppercase)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_a_skills_list_a_hyphen_and_a_space_join_the_words_of_a_name_alike() {
        assert_eq!(skills_in("DCF · comparable-company analysis · LBO", true)[1], "Comparable Company Analysis");
        assert_eq!(skills_in("end to end testing, T SQL", true), ["End-to-End Testing", "T-SQL"]);
        assert_eq!(skills_in("Queries in T-SQL for a high-voltage team", false), ["T-SQL"]);
        assert_eq!(skills_in("A Named-entity recognition pipeline", false), ["Named Entity Recognition"]);
        assert_eq!(skills_in("New services go live in a day", false), Vec::<&str>::new());
        assert_eq!(skills_in("my go-to tool", true), Vec::<&str>::new());
    }

    #[test]
    fn an_ambiguous_name_joined_by_and_to_a_lower_case_phrase_is_the_word() {
        assert_eq!(skills_in("Chef and kitchen manager with 16 years on the line.", false), Vec::<&str>::new());
        assert_eq!(skills_in("Rust and Go services", false), ["Rust", "Go"]);
        assert_eq!(skills_in("Triage and treatment of 60 patients a shift.", false), ["Triage"]);
    }

    #[test]
    fn a_plural_alias_in_prose_names_the_things_handled_not_the_skill() {
        assert_eq!(skills_in("Did dressing changes for 20 patients a shift.", false), Vec::<&str>::new());
        assert_eq!(skills_in("Dressing changes for 20 patients a shift.", false), Vec::<&str>::new());
        assert_eq!(skills_in("Dressing changes, IV therapy", true), ["Wound Care", "IV Therapy"]);
        // The skill's own words in the plural still name it.
        assert_eq!(skills_in("Ran weekly cycle counts and code reviews.", false), ["Cycle Counting", "Code Review"]);
    }

    #[test]
    fn a_phrase_is_plural_by_its_last_word() {
        assert!(is_plural_phrase("Work Orders"));
        assert!(is_plural_phrase("help-center articles"));
        assert!(!is_plural_phrase("Bills of Lading"));
        for singular in ["Process", "Logistics", "Root Cause Analysis", "Continuous", "Status", "Gas"] {
            assert!(!is_plural_phrase(singular), "{singular}");
        }
        assert!(is_the_canonical_inflected("Cycle Counts", "Cycle Counting"));
        assert!(is_the_canonical_inflected("Design Systems", "Design System"));
        assert!(!is_the_canonical_inflected("Dressing Changes", "Wound Care"));
    }

    #[test]
    fn a_plural_the_taxonomy_does_not_list_counts_in_a_skills_list_only() {
        assert_eq!(
            skills_in("Pallet jacks, reach trucks; daily JSAs", true),
            ["Pallet Jack", "Reach Truck", "Job Safety Analysis"]
        );
        // In prose the plural names the things worked on.
        assert_eq!(skills_in("Reviewed general ledgers and ordered X-rays.", false), Vec::<&str>::new());
        // An acronym's plural is that only as spelled: in capitals it is another acronym.
        assert_eq!(TAXONOMY.lookup("JSAs").map(|skill| TAXONOMY.canonical(skill)), Some("Job Safety Analysis"));
        assert_eq!(TAXONOMY.lookup("JSAS"), None);
    }

    #[test]
    fn a_word_of_capitals_with_a_lower_case_letter_needs_its_capitals() {
        assert_eq!(skills_in("SAFe; MoSCoW", true), ["Scaled Agile Framework", "Feature Prioritization"]);
        assert_eq!(skills_in("Safe lifting, Moscow", true), Vec::<&str>::new());
        // Names with more lower-case letters are written in many ways.
        assert_eq!(skills_in("Autocad, C-arm", true), ["AutoCAD", "C-Arm Operation"]);
    }

    #[test]
    fn a_name_takes_its_plural_by_its_last_word() {
        assert_eq!(plural_of("Pallet Jack").as_deref(), Some("Pallet Jacks"));
        assert_eq!(plural_of("Time Study").as_deref(), Some("Time Studies"));
        assert_eq!(plural_of("Gear Box").as_deref(), Some("Gear Boxes"));
        assert_eq!(plural_of("Punch").as_deref(), Some("Punches"));
        assert_eq!(plural_of("Relay").as_deref(), Some("Relays"));
        assert_eq!(plural_of("JSA").as_deref(), Some("JSAs"));
        for none in ["Kubernetes", "Root Cause Analysis", "C++", "R", "Go", "Node.js", "IPv6"] {
            assert_eq!(plural_of(none), None, "{none}");
        }
    }

    fn skills_in(line: &str, in_skills_list: bool) -> Vec<&'static str> {
        TAXONOMY.mentions(line, in_skills_list).iter().map(|mention| TAXONOMY.canonical(mention.skill)).collect()
    }

    /// The rule `mentions` must agree with: the names tried at every
    /// word start, found by decoding every character.
    fn mentions_character_by_character(line: &str, in_skills_list: bool) -> Vec<SkillMention> {
        let mut mentions = Vec::new();
        let mut next_start = 0;
        let mut previous: Option<char> = None;
        for (start, character) in line.char_indices() {
            let at_word_start = !previous.is_some_and(|previous| previous.is_alphanumeric() || previous == '_');
            previous = Some(character);
            if start < next_start || !at_word_start || character.is_whitespace() {
                continue;
            }
            if let Some(mention) = TAXONOMY.mention_at(line, start, in_skills_list) {
                next_start = mention.end;
                mentions.push(mention);
            }
        }
        mentions
    }

    proptest::proptest! {
        #[test]
        fn reading_bytes_finds_the_mentions_reading_characters_finds(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "C", "c++", "C#", "R", "Go", "go", "JS", "k8s", "AWS", "Kubernetes", "Postgres", "React.js",
                    "in", "services", "the", "_x", "é", "Ünïcode", "日本", "Series", "R&D", "Node.js", "GCP",
                ]),
                0..8,
            ),
            separators in proptest::collection::vec("[ ,;/\t\u{a0}(.-]{1,2}", 8),
            in_skills_list in proptest::bool::ANY,
        ) {
            let line: String = words.iter().zip(&separators).flat_map(|(word, separator)| [*word, separator.as_str()]).collect();
            proptest::prop_assert_eq!(
                TAXONOMY.mentions(&line, in_skills_list),
                mentions_character_by_character(&line, in_skills_list),
                "{:?}", line
            );
        }
    }

    /// What the matcher was before the name index: every pattern in one
    /// Aho-Corasick DFA, case-insensitive in ASCII, a hyphen read as a
    /// space, searched anchored and leftmost-longest. The index must find
    /// what it found.
    static AUTOMATON: LazyLock<aho_corasick::dfa::DFA> = LazyLock::new(|| {
        aho_corasick::dfa::DFA::builder()
            .ascii_case_insensitive(true)
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .start_kind(aho_corasick::StartKind::Anchored)
            .build(TAXONOMY.patterns.iter().map(|pattern| pattern.text.replace('-', " ")))
            .expect("the skill taxonomy builds an automaton")
    });

    /// The name the automaton finds as all of `text`, if one is; a hyphen
    /// is read as a space, as the automaton's names were written.
    fn automaton_finds_whole(text: &str) -> Option<usize> {
        use aho_corasick::automaton::Automaton;
        let text = text.replace('-', " ");
        let input = aho_corasick::Input::new(&text).anchored(aho_corasick::Anchored::Yes);
        let found = AUTOMATON.try_find(&input).expect("anchored")?;
        (found.end() == text.len()).then_some(found.pattern().as_usize())
    }

    proptest::proptest! {
        #[test]
        fn the_index_finds_the_longest_whole_name_the_automaton_finds(
            line in "(C|c\\+\\+|Go|JS|js|Java|JavaScript|React\\.js|Node|\\.js|Google Cloud|Platform|k8s|end-to-end|Testing|[ a-z.]){0,10}",
            start in 0usize..40,
        ) {
            let start = start.min(line.len());
            // Of every prefix that is a name, the longest that
            // `at_word_boundaries` accepts, in a case an acronym allows
            // (`qC` is no `QC`).
            let whole = (start + 1..=line.len()).rev().filter(|end| line.is_char_boundary(*end)).find_map(|end| {
                let pattern_index = automaton_finds_whole(&line[start..end])?;
                let pattern = &TAXONOMY.patterns[pattern_index];
                (at_word_boundaries(&line, start, end, &pattern.text) && pattern.case_allows(&line.as_bytes()[start..end]))
                    .then_some((pattern_index, end))
            });
            proptest::prop_assert_eq!(TAXONOMY.longest_whole_name_at(&line, start, false), whole, "{:?} at {}", line, start);
        }

        #[test]
        fn a_name_is_looked_up_as_the_automaton_finds_it(
            pattern_index in 0usize..25_000,
            case in proptest::collection::vec(proptest::bool::ANY, 0..48),
        ) {
            let pattern_index = pattern_index % TAXONOMY.patterns.len();
            let written: String = TAXONOMY.patterns[pattern_index]
                .text
                .chars()
                .zip(case.iter().chain(std::iter::repeat(&false)))
                .map(|(character, upper)| if *upper { character.to_ascii_uppercase() } else { character.to_ascii_lowercase() })
                .collect();
            let expected = automaton_finds_whole(&written)
                .filter(|found| TAXONOMY.patterns[*found].case_allows(written.as_bytes()))
                .map(|found| (TAXONOMY.patterns[found].skill, TAXONOMY.patterns[found].ambiguous));
            // The automaton answers with one of the names that differ only
            // in case; the index with the one spelled as written.
            let looked_up = TAXONOMY.lookup_with_ambiguity(&written);
            proptest::prop_assert_eq!(looked_up.is_some(), expected.is_some(), "{:?}", written);
            // Whichever it is, the skill found has a name spelled so.
            let folded = |text: &str| text.bytes().map(|byte| hyphen_as_space(byte).to_ascii_lowercase()).collect::<Vec<u8>>();
            if let Some((skill, _)) = looked_up {
                proptest::prop_assert!(
                    TAXONOMY.patterns.iter().any(|pattern| pattern.skill == skill && folded(&pattern.text) == folded(&written)),
                    "{:?}", written
                );
            }
        }
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
    fn a_language_the_person_speaks_is_a_skill_in_prose() {
        assert_eq!(skills_in("I speak Vietnamese and Spanish with patients.", false), ["Vietnamese", "Spanish"]);
        assert_eq!(skills_in("Bilingual English / Spanish.", false), ["English", "Spanish"]);
        assert!(skills_in("Tutored native English speakers.", false).is_empty());
        assert_eq!(skills_in("Needs it. Native Russian speaker.", false), ["Russian"]);
        assert_eq!(skills_in("Calm in a code. Conversational Spanish.", false), ["Spanish"]);
        assert_eq!(skills_in("Fluent in Portuguese; working Spanish.", false), ["Portuguese", "Spanish"]);
    }

    #[test]
    fn a_language_named_as_an_adjective_in_prose_is_not_a_skill() {
        assert!(skills_in("Prepped sauces for a 70-seat French bistro.", false).is_empty());
        assert_eq!(skills_in("Ran after-school tutoring for English learners.", false), Vec::<&str>::new());
        assert_eq!(skills_in("Counseled families fluent in Spanish and English.", false), ["Spanish", "English"]);
        assert_eq!(skills_in("English, Polish", true), ["English", "Polish"]);
    }

    #[test]
    fn a_level_of_proficiency_in_brackets_is_not_a_skill() {
        assert_eq!(
            skills_in("SQL (basic), MS Excel, CFD (Basic)", true),
            ["SQL", "Microsoft Excel", "Computational Fluid Dynamics"]
        );
        assert_eq!(skills_in("Languages: BASIC, Fortran", true), ["BASIC", "Fortran"]);
    }

    #[test]
    fn an_acronym_written_in_mixed_case_is_another_word() {
        assert_eq!(
            skills_in("ACLS, POS systems", true),
            ["Advanced Cardiovascular Life Support (ACLS)", "Point of Sale"]
        );
        assert_eq!(skills_in("acls, pos", true), ["Advanced Cardiovascular Life Support (ACLS)", "Point of Sale"]);
        let plurals = skills_in("Security: ACLs on the edge; approved POs", true);
        assert!(plurals.iter().all(|skill| !skill.contains("ACLS") && *skill != "Point of Sale"), "{plurals:?}");
        assert_eq!(
            skills_in("Ps, Ai, Id, Ae", true),
            ["Adobe Photoshop", "Adobe Illustrator", "Adobe InDesign", "Adobe After Effects"]
        );
        assert_eq!(skills_in("AI, PS", true), ["Artificial Intelligence", "Adobe Photoshop"]);
        assert_eq!(TAXONOMY.lookup("ACLs"), None);
        assert_eq!(TAXONOMY.lookup("Ai").map(|skill| TAXONOMY.canonical(skill)), Some("Adobe Illustrator"));
    }

    #[test]
    fn an_acronym_that_is_also_a_word_is_the_acronym_only_in_capitals() {
        assert!(skills_in("Zonar EVIR, snow and ice driving", true).iter().all(|skill| *skill != "ServiceNow"));
        assert_eq!(skills_in("SNOW, Jira", true), ["ServiceNow", "Jira"]);
        assert!(skills_in("Sped up the close; sped up onboarding", false)
            .iter()
            .all(|skill| *skill != "Special Education"));
        assert_eq!(
            skills_in("Taught SPED and ESL students", false),
            ["Special Education", "English as a Second Language"]
        );
        assert!(skills_in("Sterilization: steam, ETO, low-temp", true).iter().all(|skill| *skill != "STEM Education"));
        // Acronyms that are no word still match as resumes casually write them.
        assert_eq!(skills_in("sql, aws", true), ["SQL", "Amazon Web Services"]);
    }

    #[test]
    fn each_acronym_listed_as_a_word_is_an_acronym_of_the_taxonomy() {
        let listed = WORD_ACRONYMS.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty());
        for word in listed {
            assert!(is_acronym(word.as_bytes()), "{word} is not written as an acronym");
            assert!(
                TAXONOMY.patterns.iter().any(|pattern| pattern.text == word && pattern.capitals_only),
                "{word} names no skill of the taxonomy"
            );
        }
    }

    #[test]
    fn each_listed_subject_is_a_canonical_skill_and_no_credential() {
        for name in listed_subjects() {
            let skill = TAXONOMY.canonical.iter().position(|canonical| canonical == name);
            let skill = skill.unwrap_or_else(|| panic!("{name} is no canonical name of the taxonomy"));
            assert!(TAXONOMY.subject[skill] && !TAXONOMY.is_credential(skill), "{name}");
        }
    }

    #[test]
    fn bilingual_before_the_languages_it_counts_leaves_them_the_skills() {
        assert_eq!(skills_in("Bilingual: English / Yoruba", true), ["English", "Yoruba"]);
        assert_eq!(skills_in("Pyxis | Bilingual English/Spanish", true), ["Pyxis", "English", "Spanish"]);
        assert_eq!(skills_in("Customer service, bilingual", true), ["Customer Service", "Bilingual"]);
    }

    #[test]
    fn an_initial_before_a_surname_is_not_a_language() {
        assert!(skills_in("A. Krishnamurthy, R. Feld, C. Okafor. Findings of ACL 2024.", true)
            .iter()
            .all(|skill| !matches!(*skill, "R" | "C")));
        assert_eq!(skills_in("Languages: R, C; Tools: Git", true), ["R", "C", "Git"]);
    }

    #[test]
    fn a_level_of_proficiency_before_a_name_is_not_a_skill() {
        assert_eq!(skills_in("basic HTML/CSS, Advanced Excel", true), ["HTML", "CSS", "Microsoft Excel"]);
        assert_eq!(skills_in("BASIC programming", true), ["BASIC"]);
    }

    #[test]
    fn the_longest_name_wins_and_words_stay_whole() {
        assert_eq!(skills_in("C++ and C# services", false), ["C++", "C#"]);
        // `Ubuntu Server` would end inside `servers`: the name there is `Ubuntu`.
        assert_eq!(skills_in("Ran RHEL and Ubuntu servers", false), ["Red Hat Enterprise Linux", "Ubuntu"]);
        assert!(skills_in("JavaScript", false).iter().all(|skill| *skill != "Java"));
    }

    #[test]
    fn ambiguous_names_count_only_in_context() {
        assert_eq!(skills_in("Built billing services in Go", false), ["Go"]);
        assert_eq!(skills_in("Led the Epic clinic rollout and a Lean project", false), ["Epic Systems", "Lean"]);
        assert!(skills_in("Taught in the Spring 2024 term at Phoenix Children's", false).is_empty());
        // Capitalised because it starts a sentence, not because it is a name.
        assert!(!skills_in("I lend on every deal. Fluent in Spanish.", false).contains(&"ANSYS"));
        assert!(!skills_in("Managed replenishment in Oracle Retail for 40 stores", false).contains(&"Oracle Database"));
        assert!(skills_in("Go services handle the traffic", false).contains(&"Go"));
        assert!(skills_in("Rust, Go, Python", true).contains(&"Go"));
        assert!(skills_in("C, D, Rust", false).contains(&"D"), "an item of a list");
        assert!(!skills_in("Tallis, I. and Ochoa, D. (2017). Recharge.", false).contains(&"D"), "an initial");
        for prose in [
            "our go-to tool",
            "going forward",
            "Led the Series C raise",
            "R&D budget",
            "let it go and rust",
            "FNP-C",
            "1040 returns with Schedules A, C, D and E",
            "patients with hepatitis C",
        ] {
            let found = skills_in(prose, false);
            assert!(
                !found.contains(&"Go") && !found.contains(&"C") && !found.contains(&"R") && !found.contains(&"Rust"),
                "{prose}: {found:?}"
            );
        }
    }
}
