//! The skills a resume names, as canonical names from the taxonomy, in order
//! of first appearance: in the skills section, and also in job highlights,
//! projects and the summary, since many resumes name a skill only where they
//! used it. Certifications are kept apart from skills: a skill named only in
//! the certifications section (`BLS — American Heart Association`, `Lean Six
//! Sigma Yellow Belt`) is reported there, as a certification, and not here;
//! named elsewhere too, it is both. Scoring still counts a certification
//! that names a criterion's skill.
//!
//! What is not read for skills: education (degree subjects are not skills);
//! the lines that head a job (`Charge Nurse — Riverside Billing, Phoenix`
//! names a title, a company and a city, not skills); and in the header, the
//! lines that say who the candidate is and how to reach them (the name
//! `Ruby Walker`, the headline, the city, the contact line). Other header
//! lines count: a sidebar's skills may sit under a heading the parser does
//! not know. A skill named in a dated job's highlights is used for that job's
//! months, which add up, overlaps counted once, to its months of use. A
//! credential (`Registered Nurse (RN)`, `CPA`, `Scrum Master`) is a skill
//! only where the skills section lists it: elsewhere it is a title held or
//! a certification, which `certifications` reports. So is a subject (an
//! industry, a setting, a program, a law: `E-commerce`, `Medicare`, `HIPAA`;
//! see `taxonomy/subjects.txt`): elsewhere it says where the work was done.
//! Ambiguous names count only in context (see `taxonomy`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use super::contact::holds_contact_details;
use super::dates::{union_months, MonthSpan};
use super::experience::Experience;
use super::identity::is_contact_line;
use super::sections::{Section, SectionKind};
use super::skill_list::unlisted_skill_names;
use super::taxonomy::{SkillMention, TAXONOMY};
use super::text::is_listed;
use crate::domain::resume::SkillEntry;

/// Skills found so far, each with the months of the jobs that name it.
#[derive(Default)]
struct Found {
    /// Keys are taxonomy indices, a fixed set: foldhash, not SipHash.
    position_of: HashMap<usize, usize, foldhash::fast::RandomState>,
    /// Skills a skills list names that the taxonomy does not know, by
    /// their name in lower case.
    position_of_unlisted: HashMap<String, usize, foldhash::fast::RandomState>,
    skills: Vec<SkillEntry>,
    months: Vec<Vec<MonthSpan>>,
    /// The resume's own places and employers (`Phoenix, AZ`, `Harbor Light
    /// Food Bank`): an ambiguous name among their words is that place or
    /// employer in prose (`accounts in central Phoenix`, `the Fill the
    /// Harbor drive`), not the skill.
    places_and_employers: Vec<String>,
    /// Their words, sorted, for the one-word names most mentions are.
    place_and_employer_words: Vec<String>,
}

impl Found {
    fn read(&mut self, text: &str, kind: SectionKind, months: Option<MonthSpan>) {
        let in_skills_list = matches!(kind, SectionKind::Skills | SectionKind::Certifications);
        // A page's footer (`Maria Lopez · Phone 614-555-0192 · Page 1`)
        // may follow the skills list; its parts are not skills.
        let keeps_unlisted = kind == SectionKind::Skills && !holds_contact_details(text);
        for text in group_label_and_items(text, kind).into_iter().filter(|text| !text.is_empty()) {
            self.read_part(text, kind, in_skills_list, keeps_unlisted, months);
            // Few lines of a list join two words with `and`: one search tells.
            if kind == SectionKind::Skills && AND_FINDER.find(text.as_bytes()).is_some() {
                for item in text.split(SKILL_ITEM_SEPARATORS).map(str::trim) {
                    self.add_first_of_a_shared_head(item);
                }
            }
        }
    }

    fn read_part(
        &mut self,
        text: &str,
        kind: SectionKind,
        in_skills_list: bool,
        keeps_unlisted: bool,
        months: Option<MonthSpan>,
    ) {
        let mentions = TAXONOMY.mentions(text, in_skills_list);
        let unlisted_names = if keeps_unlisted { unlisted_skill_names(text, &mentions) } else { Vec::new() };
        // A known name inside an unlisted one is part of that name
        // (`Oracle Xstore` is not Oracle Database, `Epic Radiant` not Epic);
        // scoring still finds it there for a job that asks for it.
        let inside_unlisted = |mention: &SkillMention| {
            unlisted_names.iter().any(|name| name.start <= mention.start && mention.end <= name.end)
        };
        let mut unlisted = unlisted_names.iter().cloned().peekable();
        for mention in mentions.iter().filter(|mention| !inside_unlisted(mention)) {
            while let Some(name) = unlisted.next_if(|name| name.start < mention.start) {
                self.add_unlisted_in(text, name);
            }
            if TAXONOMY.counts_only_in_a_skills_section(mention.skill) && kind != SectionKind::Skills {
                continue;
            }
            if is_prose_of_a_section(kind)
                && (starts_a_job_title(text, mention)
                    || counts_a_projects_following(text, mention)
                    || (mention.ambiguous && self.names_a_place_or_employer(&text[mention.start..mention.end])))
            {
                continue;
            }
            self.add_known(mention.skill, Some(&text[mention.start..mention.end]), kind, months);
        }
        for name in unlisted {
            self.add_unlisted_in(text, name);
        }
    }

    /// Adds the unlisted name at `name` of a skills list's `text`, with the
    /// word it shares when it is one (see `shared_first_word`).
    fn add_unlisted_in(&mut self, text: &str, name: std::ops::Range<usize>) {
        match shared_first_word(text, name.clone()) {
            Some(first) => self.add_unlisted(&format!("{first} {}", &text[name])),
            None => self.add_unlisted(&text[name]),
        }
    }

    /// Notes the taxonomy's `skill`, found in `kind`, written as `written`
    /// (`None` where the resume wrote it only in part, as a shared head does).
    fn add_known(&mut self, skill: usize, written: Option<&str>, kind: SectionKind, months: Option<MonthSpan>) {
        let position = *self.position_of.entry(skill).or_insert_with(|| {
            self.skills.push(SkillEntry { name: TAXONOMY.canonical(skill).to_owned(), ..SkillEntry::default() });
            self.months.push(Vec::new());
            self.skills.len() - 1
        });
        let entry = &mut self.skills[position];
        if let Some(written) = written {
            if !written.eq_ignore_ascii_case(&entry.name)
                && !entry.as_written.iter().any(|known| known.eq_ignore_ascii_case(written))
            {
                entry.as_written.push(written.to_owned());
            }
        }
        if !entry.found_in.contains(&kind) {
            entry.found_in.push(kind);
        }
        if let Some(span) = months {
            self.months[position].push(span);
        }
    }

    /// `Pain and symptom management`, `Mechanical and electrical
    /// troubleshooting`: two kinds of one thing whose name is written once,
    /// after the second. The first kind is a skill where the taxonomy knows
    /// it by its word and the shared name (`Pain Management`); the second
    /// is written whole and found as it stands.
    fn add_first_of_a_shared_head(&mut self, item: &str) {
        // The first kind is the one word that opens the item, so only the
        // first `and` can follow it: `Wound care and pain management` shares nothing.
        let Some(and_at) = AND_FINDER.find(item.as_bytes()) else { return };
        let first = &item[..and_at];
        let mut words = item[and_at + " and ".len()..].split(' ');
        let (Some(second), Some(head)) = (words.next(), words.next()) else { return };
        let is_word = |word: &str| !word.is_empty() && word.chars().all(char::is_alphabetic);
        // The item ends after the shared name: a list's next item, not more words.
        let ends = words.next().is_none_or(|word| word.is_empty());
        let second_in_lower_case = second.chars().all(char::is_lowercase);
        if !(is_word(first) && is_word(second) && is_word(head) && ends && second_in_lower_case) {
            return;
        }
        if let Some(skill) = TAXONOMY.lookup(&format!("{first} {head}")) {
            self.add_known(skill, None, SectionKind::Skills, None);
        }
    }

    /// Whether a name, as written, is one of the words of the resume's own
    /// places and employers.
    fn names_a_place_or_employer(&self, written: &str) -> bool {
        if written.contains(|character: char| !character.is_alphanumeric()) {
            return self.places_and_employers.iter().any(|name| contains_as_words(name, written));
        }
        self.place_and_employer_words.binary_search_by(|word| word.as_str().cmp(written)).is_ok()
    }

    /// A skills list's item the taxonomy does not know, named as written;
    /// once, and at most `UNLISTED_SKILLS_MAX` of them.
    fn add_unlisted(&mut self, name: &str) {
        let key = name.to_lowercase();
        let known = TAXONOMY.lookup(name).is_some_and(|skill| self.position_of.contains_key(&skill));
        if known
            || self.position_of_unlisted.contains_key(&key)
            || self.position_of_unlisted.len() >= UNLISTED_SKILLS_MAX
        {
            return;
        }
        self.position_of_unlisted.insert(key, self.skills.len());
        self.skills.push(SkillEntry {
            name: name.to_owned(),
            found_in: vec![SectionKind::Skills],
            ..SkillEntry::default()
        });
        self.months.push(Vec::new());
    }

    fn finish(self) -> Vec<SkillEntry> {
        let Found { mut skills, months, .. } = self;
        for (skill, spans) in skills.iter_mut().zip(months) {
            skill.months_of_use = (!spans.is_empty()).then(|| union_months(&spans));
        }
        skills.retain(|skill| skill.found_in.iter().any(|kind| *kind != SectionKind::Certifications));
        skills
    }
}

/// The first word of `Flower processing and care` that `care` shares
/// (`Flower care`): for a lone word in lower case, the taxonomy knowing
/// none of it, that follows `and` or `&` after an item of two words that
/// opens its part of the list. Over the labelled sets' texts, runs of this
/// shape were labelled with the shared word 14 times, and the lone word
/// unknown to the taxonomy alone 3 times (`digger derricks and trenchers`).
fn shared_first_word(text: &str, name: std::ops::Range<usize>) -> Option<&str> {
    let word = &text[name.clone()];
    if word.contains(' ') || !word.chars().all(|character| character.is_lowercase() || character == '-') {
        return None;
    }
    let before = text[..name.start].strip_suffix(" and ").or_else(|| text[..name.start].strip_suffix(" & "))?;
    let item = before.rsplit(SKILL_ITEM_SEPARATORS).next().unwrap_or(before);
    let words: Vec<&str> = item.split_whitespace().collect();
    match words[..] {
        [first, second] if second.chars().all(char::is_lowercase) => Some(first),
        _ => None,
    }
}

/// ` and ` between two kinds of one thing, searched for once built.
static AND_FINDER: LazyLock<memchr::memmem::Finder<'static>> = LazyLock::new(|| memchr::memmem::Finder::new(b" and "));

/// What parts a skills line's items, for finding a shared name among them.
const SKILL_ITEM_SEPARATORS: &[char] = &[',', ';', '|', '•', '·', '▪', '●', '\t'];

/// Distinct skills in order of first appearance, with how they were written,
/// the sections that name them and their months of use.
/// `identity` holds the name (first, when found), headline and location
/// found at the top.
/// `location` is the candidate's own, found at the top.
pub(crate) fn parse_skills(
    sections: &[Section<'_>],
    experience: &Experience,
    identity: &[&str],
    location: Option<&str>,
) -> Vec<SkillEntry> {
    let mut found = Found::default();
    let entry_names = experience.entries.iter().flat_map(|entry| [&entry.company, &entry.location]).flatten();
    found.places_and_employers = entry_names.map(String::as_str).chain(location).map(str::to_owned).collect();
    let mut words: Vec<String> = found
        .places_and_employers
        .iter()
        .flat_map(|name| name.split(|character: char| !character.is_alphanumeric()))
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect();
    words.sort_unstable();
    words.dedup();
    found.place_and_employer_words = words;
    let mut experience_read = false;
    for section in sections {
        match section.kind {
            SectionKind::Education => {}
            SectionKind::Header => {
                for line in section.lines.iter().filter(|line| !is_identity_line(line.text, identity)) {
                    found.read(line.text, SectionKind::Header, None);
                }
            }
            // Every experience section's entries were parsed together:
            // read them once, at the first, so the order stays the document's.
            SectionKind::Experience if experience.entries.is_empty() => {
                for line in &section.lines {
                    found.read(line.text, SectionKind::Experience, None);
                }
            }
            SectionKind::Experience if !experience_read => {
                experience_read = true;
                for (entry, months) in experience.entries.iter().zip(&experience.entry_months) {
                    for highlight in &entry.highlights {
                        found.read(highlight, SectionKind::Experience, *months);
                    }
                }
            }
            SectionKind::Experience => {}
            kind => {
                let in_skills_list = kind == SectionKind::Skills;
                for line in joined_wraps(section.lines.iter().map(|line| line.text), in_skills_list) {
                    found.read(&line, kind, None);
                }
            }
        }
    }
    found.finish()
}

/// Sections written as sentences under a heading. A resume without
/// headings (`Jane Doe`, `Rust developer`) may name its skills only in its
/// headline.
fn is_prose_of_a_section(kind: SectionKind) -> bool {
    matches!(kind, SectionKind::Experience | SectionKind::Summary | SectionKind::Projects)
}

/// Whether the words after a name in prose make it part of a job title or
/// a qualification (`iOS developer`, `HR analyst`, `HVAC technician`,
/// `Welding certificate`): the name says what the person was, or studied,
/// not a skill they name. The noun is singular: `mentored five Python
/// developers` still names Python. An ambiguous name (`Go developer`) is
/// kept: the title is the context that made it the skill.
fn starts_a_job_title(text: &str, mention: &SkillMention) -> bool {
    let after = text[mention.end..].strip_prefix(' ').unwrap_or("");
    let next_word = &after[..after.find(|character: char| !character.is_alphabetic()).unwrap_or(after.len())];
    !next_word.is_empty()
        && is_listed(next_word, TITLE_NOUNS)
        && TAXONOMY.lookup_with_ambiguity(&text[mention.start..mention.end]).is_some_and(|(_, ambiguous)| !ambiguous)
}

/// Whether a name between a number and a measure of a project's following
/// says where the project is counted (`300 GitHub stars`, `2k npm
/// downloads`): how popular the work is, not a skill used to build it.
fn counts_a_projects_following(text: &str, mention: &SkillMention) -> bool {
    // Most names have no number before them: two bytes tell.
    let before = &text.as_bytes()[..mention.start];
    let ends_like_a_number = |byte: &u8| byte.is_ascii_digit() || matches!(byte, b'k' | b'K' | b'm' | b'M' | b'+');
    if !(before.last() == Some(&b' ') && before.len() >= 2 && ends_like_a_number(&before[before.len() - 2])) {
        return false;
    }
    let number_before = text[..mention.start].split_whitespace().next_back().is_some_and(|word| {
        let digits = word.trim_start_matches('~').trim_end_matches(['+', 'k', 'K', 'm', 'M']);
        !digits.is_empty()
            && digits.chars().all(|character| character.is_ascii_digit() || character == ',' || character == '.')
    });
    let measure_after = text[mention.end..]
        .split(|character: char| !character.is_alphabetic())
        .find(|word| !word.is_empty())
        .is_some_and(|word| is_listed(word, FOLLOWING_MEASURES));
    number_before && measure_after
}

/// What a project's following is counted in.
const FOLLOWING_MEASURES: &[&str] = &["stars", "stargazers", "forks", "downloads", "installs"];

/// Singular nouns of a person's post, and of a course that qualifies one.
/// Narrower than the headers' `ROLE_WORDS`, whose `lead`, `owner`, `driver`
/// or `writer` follow a skill's name in ordinary prose (`Kafka driver`).
const TITLE_NOUNS: &[&str] = &[
    "engineer",
    "developer",
    "programmer",
    "architect",
    "manager",
    "director",
    "analyst",
    "scientist",
    "designer",
    "nurse",
    "technician",
    "technologist",
    "assistant",
    "specialist",
    "coordinator",
    "administrator",
    "representative",
    "accountant",
    "auditor",
    "clerk",
    "teacher",
    "instructor",
    "counselor",
    "intern",
    "apprentice",
    "apprenticeship",
    "supervisor",
    "operator",
    "consultant",
    "recruiter",
    "officer",
    "adjuster",
    "underwriter",
    "planner",
    "buyer",
    "role",
    "position",
    "certificate",
];

/// Lines with the lines that continue them joined on: a line starting in
/// lower case carries on the one above (`Brand identity · typography · print`
/// then `design · Figma`), as a narrow column wraps a list or a sentence;
/// in a skills list, so does a line that ends a name the line above began.
fn joined_wraps<'a>(lines: impl Iterator<Item = &'a str>, in_skills_list: bool) -> Vec<Cow<'a, str>> {
    let mut joined: Vec<Cow<'a, str>> = Vec::new();
    for line in lines {
        // Indented or not: a hanging indent wraps under the items, not the label.
        let starts_in_lower_case = line.trim_start().chars().next().is_some_and(char::is_lowercase);
        let continues = (starts_in_lower_case
            && !(in_skills_list && joined.last().is_some_and(|last| breaks_between_items(last, line))))
            || (in_skills_list && joined.last().is_some_and(|last| wraps_a_name(last, line)));
        match joined.last_mut() {
            Some(last) if continues && !last.trim().is_empty() => {
                let last = last.to_mut();
                last.push(' ');
                last.push_str(line.trim_start());
            }
            _ => joined.push(Cow::Borrowed(line)),
        }
    }
    joined
}

/// Whether a name the taxonomy knows is wrapped from the end of `above` to
/// the start of `line` (`…, Kali Linux, Active` over `Directory, Azure`):
/// `above` ends in a word, not a separator, and that word with `line`'s
/// first makes the name. Lines that are each a list (`Python, Java, Go`
/// over `Docker, Kubernetes`) join no name and stay apart.
fn wraps_a_name(above: &str, line: &str) -> bool {
    let above = above.trim_end();
    if !above.ends_with(|character: char| character.is_alphanumeric()) {
        return false;
    }
    let Some(last_word) = above.rsplit(char::is_whitespace).next() else { return false };
    let Some(first_word) = line.split_whitespace().next() else { return false };
    let first_word = first_word.trim_end_matches(|character: char| !character.is_alphanumeric());
    if last_word.is_empty() || first_word.is_empty() || last_word.len() + first_word.len() > WRAPPED_NAME_BYTES_MAX {
        return false;
    }
    TAXONOMY.lookup(&format!("{last_word} {first_word}")).is_some()
}

/// Whether the break between two lines of a list falls between two items
/// (`… · Excel · price elasticity modeling` over `margin analysis · A/B
/// testing`), not inside one a line wrapped (`…, machine` over `learning,
/// Docker`): both lines are lists, the two pieces at the break make no name
/// together, and each is a name the taxonomy knows or two words or more.
fn breaks_between_items(above: &str, line: &str) -> bool {
    let (Some((_, last_piece)), Some((first_piece, _))) =
        (above.trim_end().rsplit_once(SKILL_ITEM_SEPARATORS), line.trim_start().split_once(SKILL_ITEM_SEPARATORS))
    else {
        return false;
    };
    let (last_piece, first_piece) = (last_piece.trim(), first_piece.trim());
    // `testify before the` over `hearing examiner`: a sentence goes on.
    let ends_in_a_function_word =
        |piece: &str| piece.rsplit(' ').next().is_some_and(|word| is_listed(word, &WORDS_A_SENTENCE_GOES_ON_AFTER));
    let whole = |piece: &str| {
        (piece.split_whitespace().count() >= 2 && !ends_in_a_function_word(piece)) || TAXONOMY.lookup(piece).is_some()
    };
    // Two pieces longer together than any name make none: not looked up.
    let make_a_name = || {
        last_piece.len() + first_piece.len() <= WRAPPED_NAME_BYTES_MAX
            && TAXONOMY.lookup(&format!("{last_piece} {first_piece}")).is_some()
    };
    !last_piece.is_empty() && !first_piece.is_empty() && whole(last_piece) && whole(first_piece) && !make_a_name()
}

/// Words that leave a sentence unfinished at the end of a line: no item of
/// a list ends in one.
const WORDS_A_SENTENCE_GOES_ON_AFTER: [&str; 15] =
    ["the", "a", "an", "of", "and", "or", "to", "for", "with", "in", "on", "at", "by", "from", "before"];

/// Longer pairs of words are no name the taxonomy holds; they are not looked up.
const WRAPPED_NAME_BYTES_MAX: usize = 48;

/// A header line that says who the candidate is (it holds the name, the
/// headline or the location) or how to reach them (an email, a link, a
/// phone number).
fn is_identity_line(line: &str, identity: &[&str]) -> bool {
    is_contact_line(line)
        || identity.iter().any(|part| !part.is_empty() && contains_as_words(line, part))
        || identity.first().is_some_and(|name| is_fragment_of_name(line, name))
}

/// Whether `part` stands in `line` as whole words: the place `US` is in
/// `Austin, TX, US`, not in `Rust`.
fn contains_as_words(line: &str, part: &str) -> bool {
    line.match_indices(part).any(|(start, _)| {
        let before = line[..start].chars().next_back();
        let after = line[start + part.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// A line holding part of the name, wrapped in a narrow column (`Asante, PE`
/// under `Kwame`): every word before its first comma is a word of the name.
fn is_fragment_of_name(line: &str, name: &str) -> bool {
    let before_comma = line.split(',').next().unwrap_or("");
    let mut words = before_comma.split_whitespace().peekable();
    words.peek().is_some() && words.all(|word| name.split_whitespace().any(|part| part == word))
}

/// A group label (`Languages: Rust, Go`) names a group, not a skill, unless
/// the whole label is the unambiguous name of one (`Observability:
/// Prometheus, Grafana`, `CI/CD: GitLab CI`): then it is read as an item.
fn group_label_and_items(line: &str, kind: SectionKind) -> [&str; 2] {
    // A dash parts a label only in a skills list: in a job's highlight it
    // parts what was done from how (`Built CI in Jenkins – cut deploys, …`).
    let dash_label = || if kind == SectionKind::Skills { split_at_dash_label(line) } else { None };
    let column_gap_label = || if kind == SectionKind::Skills { split_at_column_gap_label(line) } else { None };
    match line.split_once(':').or_else(|| split_at_dot_leader(line)).or_else(dash_label).or_else(column_gap_label) {
        Some((label, rest)) if label.split_whitespace().count() <= GROUP_LABEL_WORDS_MAX && !rest.trim().is_empty() => {
            let names_a_skill = TAXONOMY.lookup_with_ambiguity(label).is_some_and(|(_, ambiguous)| !ambiguous);
            [if names_a_skill { label } else { "" }, rest]
        }
        _ => [line, ""],
    }
}

/// A label and its items joined by a leader of dots, as a table of contents
/// aligns them (`Security .............. Palo Alto, FortiGate`,
/// `Automation/monitoring . Python`): the dots stand between spaces.
fn split_at_dot_leader(line: &str) -> Option<(&str, &str)> {
    // The first dot after a space, found by `memchr`: every line of every
    // skills list without a colon is asked.
    let bytes = line.as_bytes();
    let start = memchr::memchr_iter(b'.', bytes).find(|dot| *dot > 0 && bytes[dot - 1] == b' ')? - 1;
    let after_dots = line[start + 1..].trim_start_matches('.');
    after_dots.starts_with(' ').then(|| (&line[..start], after_dots))
}

/// A label and its list after a dash between spaces (`Lines — personal
/// auto, homeowners, umbrella`): the list has a comma and the label none,
/// so `Python — 5 years` and `Spanish – fluent` stay whole.
/// `Databases       PostgreSQL, MySQL, Redis`: a label parted from its list
/// by a column gap (a tab, or two spaces or more), as a skills section set
/// out as a table writes each row.
fn split_at_column_gap_label(line: &str) -> Option<(&str, &str)> {
    let body = line.trim_start();
    let gap = [body.find('\t'), body.find("  ")].into_iter().flatten().min()?;
    let (label, rest) = (&body[..gap], body[gap..].trim_start());
    let label_is_words = label.starts_with(char::is_alphabetic) && !label.contains(',');
    (label_is_words && rest.contains(',')).then_some((label, rest))
}

fn split_at_dash_label(line: &str) -> Option<(&str, &str)> {
    // Found a byte at a time from `-` and the lead byte of `—` and `–`:
    // a skills line often holds a hyphen (`Front-end`), seldom a spaced dash.
    let bytes = line.as_bytes();
    let (start, end) = memchr::memchr2_iter(b'-', 0xE2, bytes).find_map(|at| {
        let width = match &bytes[at..] {
            [b'-', ..] => 1,
            rest if rest.starts_with("—".as_bytes()) || rest.starts_with("–".as_bytes()) => 3,
            _ => return None,
        };
        let spaced = at > 0 && bytes[at - 1] == b' ' && bytes.get(at + width) == Some(&b' ');
        spaced.then(|| (at - 1, at + width + 1))
    })?;
    let (label, rest) = (&line[..start], &line[end..]);
    let label_is_words = label.trim_start().starts_with(char::is_alphabetic) && !label.contains(',');
    (label_is_words && rest.contains(',')).then_some((label, rest))
}

/// A resume names at most this many skills the taxonomy does not know: a
/// skills section pasted from a job board's keyword cloud stays bounded.
const UNLISTED_SKILLS_MAX: usize = 64;

/// A group label has at most this many words.
const GROUP_LABEL_WORDS_MAX: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dates::YearMonth;
    use crate::engine::experience::parse_experience;
    use crate::engine::identity::read_identity;
    use crate::engine::sections::{lines_of_kind, split_sections};

    const REFERENCE: YearMonth = YearMonth { year: 2026, month: 11 };

    fn parse(text: &str) -> Vec<SkillEntry> {
        let sections = split_sections(text);
        let experience = parse_experience(&lines_of_kind(&sections, SectionKind::Experience), REFERENCE);
        let email = text.split_whitespace().find(|word| word.contains('@'));
        let identity = read_identity(&sections[0].lines.iter().map(|line| line.text).collect::<Vec<_>>(), email);
        let parts = [&identity.name, &identity.label, &identity.location];
        let parts: Vec<&str> = parts.into_iter().flatten().map(String::as_str).collect();
        parse_skills(&sections, &experience, &parts, identity.location.as_deref())
    }

    fn skills_of(text: &str) -> Vec<String> {
        parse(text).into_iter().map(|skill| skill.name).collect()
    }

    #[test]
    fn each_skill_keeps_how_it_was_written_and_where() {
        let skills = parse("Experience\nEngineer — Acme\n2019 – 2021\n- Ran k8s\n\nSkills\nKubernetes");
        assert_eq!(skills[0].name, "Kubernetes");
        assert_eq!(skills[0].as_written, ["k8s"]);
        assert_eq!(skills[0].found_in, [SectionKind::Experience, SectionKind::Skills]);
    }

    #[test]
    fn lists_of_every_shape_give_canonical_names() {
        assert_eq!(skills_of("SKILLS\nRust, Go; Python | SQL"), ["Rust", "Go", "Python", "SQL"]);
        assert_eq!(
            skills_of("Skills\nBrand identity · print\ndesign · Figma"),
            ["Brand Identity", "Print Design", "Figma"]
        );
        assert_eq!(
            skills_of("Skills\n- Rust\n• Go\n* Kubernetes\nDocker · Terraform • AWS"),
            ["Rust", "Go", "Kubernetes", "Docker", "Terraform", "Amazon Web Services"]
        );
        assert_eq!(
            skills_of("Technical Skills\nLanguages: Rust, Go\nCloud: k8s, GCP\nObservability: Grafana"),
            ["Rust", "Go", "Kubernetes", "Google Cloud Platform", "Observability", "Grafana"]
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

    #[test]
    fn titles_companies_and_cities_heading_a_job_are_not_skills() {
        let text = "Experience\nCharge Nurse — Cactus Cloud Billing, Phoenix, AZ\n2019 – 2021\n- Gave IV therapy; charted in Epic";
        assert_eq!(skills_of(text), ["IV Therapy", "Epic Systems"]);
    }

    #[test]
    fn the_header_gives_no_skills_from_the_name_headline_or_contact_lines() {
        assert_eq!(skills_of("Ruby Walker\nSwift Developer\nPhoenix, AZ | ruby@example.com\n\nSkills\nJira"), ["Jira"]);
        let sidebar = "Ana Diaz\nData Analyst\nana@example.com\nPython | SQL | Tableau\nLooker\n\nSkills\nJira";
        assert_eq!(skills_of(sidebar), ["Python", "SQL", "Tableau", "Looker", "Jira"]);
        let wrapped = "Kwame\nAsante, PE\nkwame.asante@example.com\n\nSkills\nAutoCAD";
        assert_eq!(skills_of(wrapped), ["AutoCAD"], "PE is not Private Equity");
    }

    #[test]
    fn months_of_use_add_up_the_dated_jobs_that_name_a_skill_overlaps_once() {
        let text = "Experience\nEngineer — Acme\nJan 2020 – Dec 2021\n- Ran Kafka and Terraform\n\
                    Engineer — Beta\nJan 2021 – Dec 2022\n- Ran Kafka\n\nSkills\nRust, Kafka";
        let skills = parse(text);
        let months = |name: &str| skills.iter().find(|skill| skill.name == name).and_then(|skill| skill.months_of_use);
        assert_eq!(months("Apache Kafka"), Some(36));
        assert_eq!(months("Terraform"), Some(24));
        assert_eq!(months("Rust"), None, "named only in the skills list");
    }

    #[test]
    fn a_skill_named_only_by_a_certification_is_a_certification_not_a_skill() {
        let text =
            "Certifications\nBLS — American Heart Association\nLean Six Sigma (ASQ)\n\nSkills\nTelemetry, Six Sigma";
        assert_eq!(skills_of(text), ["Six Sigma", "Telemetry"]);
        let six_sigma = parse(text).into_iter().find(|skill| skill.name == "Six Sigma").expect("listed as a skill");
        assert_eq!(six_sigma.found_in, [SectionKind::Certifications, SectionKind::Skills], "named in both");
    }

    #[test]
    fn credentials_are_skills_only_in_the_skills_list() {
        let text = "Summary\nRegistered nurse and PMP.\n\nCertifications\nCertified Public Accountant (CPA)\n\nSkills\nPMP, Excel";
        assert_eq!(skills_of(text), ["Project Management Professional (PMP)", "Microsoft Excel"]);
    }

    #[test]
    fn subjects_are_skills_only_in_the_skills_list() {
        let text = "Experience\nBilling Specialist, Acme Clinic, 2019 - 2023\n\
                    • Verified Medicare eligibility for an urgent care clinic in Excel.\n\nSkills\nHIPAA, Epic";
        assert_eq!(skills_of(text), ["Microsoft Excel", "HIPAA", "Epic Systems"]);
    }

    #[test]
    fn a_lone_word_after_and_shares_the_first_word_of_the_item_before() {
        assert_eq!(
            skills_of("Skills\nHand-tied bouquets · Flower processing and care"),
            ["Hand-tied bouquets", "Flower processing", "Flower care"]
        );
        // Not after an item of another length, nor a word the taxonomy knows.
        assert_eq!(
            skills_of("Skills\nQorvex and zorvexing, • Qorvex tuning and accruals"),
            ["Qorvex", "zorvexing", "Qorvex tuning", "Accruals"]
        );
    }

    #[test]
    fn a_skills_list_keeps_items_the_taxonomy_does_not_know_in_order_and_once() {
        let text =
            "Skills\nSoftware: Zorvex Dispatch, Microsoft Office\nQorvex furnaces · Zorvex Dispatch · heat pumps";
        // The known name inside an unknown one is part of it, not a skill of
        // its own; scoring finds it there (a job asking for furnaces is met
        // by gas furnaces, see `scoring`).
        assert_eq!(skills_of(text), ["Zorvex Dispatch", "Microsoft Office", "Qorvex furnaces", "Heat Pumps"]);
        let unlisted = parse(text).into_iter().next().expect("a skill");
        assert_eq!(unlisted.found_in, [SectionKind::Skills]);
        assert!(unlisted.as_written.is_empty());
    }

    #[test]
    fn a_product_named_after_a_known_one_is_that_product_not_the_known_one() {
        let text = "Experience\nManager — Lowe's\n2019 – 2021\n- Moved inventory into Oracle\n\n\
                    Skills\nOracle Brindle, Epic Qlarion, Python";
        let skills = parse(text);
        let names: Vec<&str> = skills.iter().map(|skill| skill.name.as_str()).collect();
        assert_eq!(names, ["Oracle Database", "Oracle Brindle", "Epic Qlarion", "Python"]);
        assert_eq!(skills[0].found_in, [SectionKind::Experience], "named on its own only in the job");
    }

    #[test]
    fn unknown_words_outside_the_skills_list_or_on_a_contact_line_are_not_skills() {
        let text = "Experience\nPlumber — Ironwood\n2019 – 2021\n- Repiped homes in Zorvex territory\n\n\
                    Skills\nPEX\nMaria Lopez · Phone 614-555-0192 · Page 1";
        assert_eq!(skills_of(text), ["PEX Piping"]);
    }

    #[test]
    fn an_ambiguous_name_that_is_the_resumes_own_place_or_employer_is_not_a_skill_in_prose() {
        let resume = "Gabriela Fontaine\nPhoenix, AZ | gabriela@example.net\n\nEXPERIENCE\n\
            Volunteer Coordinator, Harbor Light Food Bank — Tacoma, WA\nMarch 2021 – Present\n\
            • Grew accounts across central Phoenix and the West Valley.\n\
            • Plan the annual Fill the Harbor drive with 300 volunteers.\n\
            • Built the volunteer sign-up page in Django.\n";
        let skills = skills_of(resume);
        assert!(!skills.iter().any(|skill| skill == "Phoenix Framework" || skill == "Harbor Registry"), "{skills:?}");
        assert!(skills.iter().any(|skill| skill == "Django"), "{skills:?}");
        // A skills list names the skill, whatever the places are called.
        let listed = format!("{resume}\nSKILLS\nElixir, Phoenix, Harbor\n");
        let skills = skills_of(&listed);
        assert!(skills.iter().any(|skill| skill == "Phoenix Framework"), "{skills:?}");
        assert!(skills.iter().any(|skill| skill == "Harbor Registry"), "{skills:?}");
    }

    #[test]
    fn a_project_counted_in_a_sites_stars_or_downloads_does_not_name_that_site_as_a_skill() {
        let resume = "PROJECTS\nTidepool Timer — open-source SwiftUI focus timer; 2k GitHub stars.\n\
            kube-tags — a Go controller for Kubernetes labels; 300+ GitHub stars, 40k npm downloads.\n";
        let skills = skills_of(resume);
        assert!(!skills.iter().any(|skill| skill == "GitHub" || skill == "npm"), "{skills:?}");
        assert!(skills.iter().any(|skill| skill == "SwiftUI"), "{skills:?}");
        let skills = skills_of("PROJECTS\nRelease bot — GitHub Actions workflow that tags 3 repos on GitHub.\n");
        assert!(skills.iter().any(|skill| skill == "GitHub"), "{skills:?}");
    }

    #[test]
    fn two_kinds_of_one_thing_named_once_in_a_skills_list_are_two_skills() {
        let skills = skills_of("SKILLS\nPain and symptom management, IV therapy, family education\n");
        assert!(skills.iter().any(|skill| skill == "Pain Management"), "{skills:?}");
        let skills = skills_of("SKILLS\nMechanical and electrical troubleshooting | Hydraulics\n");
        assert!(skills.iter().any(|skill| skill == "Mechanical Troubleshooting"), "{skills:?}");
        assert!(skills.iter().any(|skill| skill == "Electrical Troubleshooting"), "{skills:?}");
        // The first kind must open the item, and the second be written whole.
        let skills = skills_of("SKILLS\nWound care and pain management\n");
        assert!(!skills.iter().any(|skill| skill == "Care Management"), "{skills:?}");
        // Only a skills list is read so: prose joins more than kinds.
        let skills = skills_of("EXPERIENCE\nNurse, Mercy Hospice — Omaha, NE\n2020 – Present\n- Led pain and symptom management for 30 patients.\n");
        assert!(!skills.iter().any(|skill| skill == "Pain Management"), "{skills:?}");
    }

    #[test]
    fn a_name_that_starts_a_job_title_in_prose_is_not_a_skill() {
        let text = "Summary\nFormer HVAC technician, now an iOS developer and Go developer; mentored two Kubernetes \
                    developers.\n\nSkills\nSwift, iOS";
        assert_eq!(skills_of(text), ["Go", "Kubernetes", "Swift", "iOS"]);
    }

    #[test]
    fn a_leader_of_dots_parts_a_group_label_from_its_items() {
        let text = "Skills\nSecurity .............. Qorvex Shield, Python\nAutomation/monitoring . Zorvex";
        assert_eq!(skills_of(text), ["Qorvex Shield", "Python", "Zorvex"]);
    }

    #[test]
    fn a_column_gap_parts_a_group_label_from_its_list() {
        let text = "Skills\nHA / backup     Patroni, PgBouncer, Percona XtraBackup\nInfrastructure\tAWS, Terraform";
        let skills = skills_of(text);
        assert!(skills.iter().all(|name| !name.contains("Infrastructure")), "{skills:?}");
        assert!(!skills.contains(&"High Availability".to_owned()), "{skills:?}");
        assert!(skills.contains(&"Amazon Web Services".to_owned()), "{skills:?}");
        // Items a gap parts, without a list after them, stay items.
        assert_eq!(split_at_column_gap_label("Python  Go"), None);
        assert_eq!(split_at_column_gap_label("Python, Go  Rust, C"), None);
    }

    #[test]
    fn a_dash_parts_a_group_label_from_its_list_and_an_indented_wrap_carries_on_the_line() {
        let text = "Skills\nLines — personal auto, workers'\n        comp, Zorvex\nPython — 5 years";
        assert_eq!(skills_of(text), ["personal auto", "Workers' Compensation", "Zorvex", "Python"]);
        // A dash at the very start is a bullet, not a label's end.
        assert_eq!(split_at_dash_label("- Zorvex, Qorvex"), None);
        assert_eq!(split_at_dash_label("Lines – Zorvex, Qorvex"), Some(("Lines", "Zorvex, Qorvex")));
    }

    #[test]
    fn a_line_break_between_two_whole_items_of_a_list_parts_them() {
        let text = "Skills\nSQL | Excel | price elasticity modeling\nmargin analysis | A/B testing";
        assert_eq!(skills_of(text)[2..4], ["price elasticity modeling", "Gross Margin Analysis"]);
        let text = "Skills\nSpace planning · estimating\nclient consultations · AutoCAD";
        assert!(skills_of(text).contains(&"client consultations".to_owned()));
        // A name a narrow column wrapped stays one.
        let text = "Skills\nPython, Java, machine\nlearning, Docker";
        assert_eq!(skills_of(text), ["Python", "Java", "Machine Learning", "Docker"]);
        let text = "Skills\nDrafted notices; testify before the\nhearing examiner, monthly";
        assert!(!skills_of(text).contains(&"hearing examiner".to_owned()));
        // Pieces longer together than any name are two items, unlooked-up.
        let text = "Skills\nExcel, multi-site vendor performance scorecard reviews\nquarterly business review facilitation, SQL";
        assert!(skills_of(text).contains(&"quarterly business review facilitation".to_owned()));
        let text = "Skills\nSalesforce, customer relationship\nmanagement, Excel";
        assert!(skills_of(text).contains(&"Customer Relationship Management".to_owned()));
    }

    #[test]
    fn a_name_wrapped_over_two_lines_of_a_list_is_one_skill() {
        let skills = skills_of("Skills\nBash, Kali Linux, Active\nDirectory, Azure, AWS");
        assert!(skills.iter().any(|skill| skill == "Active Directory"), "{skills:?}");
        assert!(!skills.iter().any(|skill| skill == "Directory"), "{skills:?}");
        let apart = skills_of("Skills\nPython, Java, Go\nDocker, Kubernetes");
        assert!(apart.iter().any(|skill| skill == "Go") && apart.iter().any(|skill| skill == "Docker"), "{apart:?}");
    }

    #[test]
    fn a_header_line_is_the_candidates_own_only_where_it_holds_their_details_as_words() {
        let skills = skills_of("us|\nLanguages: Rust, Go; Python | SQL\n\nSkills\nC++\n");
        assert!(skills.iter().any(|skill| skill == "Rust"), "the place `us` is not in `Rust`: {skills:?}");
        assert!(contains_as_words("Austin, TX, US", "US"));
        assert!(!contains_as_words("Rust", "us"));
    }

    #[test]
    fn versions_in_a_skills_list_do_not_make_it_a_contact_line() {
        // Nine digits in all, none a phone number.
        let text = "Skills\nQorvex Studio 360, Zorvex 365, Vandral, ISO 9001";
        assert_eq!(skills_of(text), ["Qorvex Studio 360", "Zorvex 365", "Vandral", "ISO 9001"]);
    }

    #[test]
    fn at_most_64_unlisted_skills_are_kept() {
        // Names without digits: a word with one is read as a version.
        let letter = |number: usize| char::from(b'a' + (number % 26) as u8);
        let items: Vec<String> =
            (0..100).map(|number| format!("Qorvex{}{}", letter(number / 26), letter(number))).collect();
        let text = format!("Skills\n{}", items.join(", "));
        let skills = skills_of(&text);
        assert_eq!(skills.len(), UNLISTED_SKILLS_MAX);
        assert_eq!(skills, items[..UNLISTED_SKILLS_MAX]);
    }

    proptest::proptest! {
        #[test]
        fn a_shared_first_word_is_a_whole_word_of_the_item_before_and(
            text in "([A-Za-zé]{1,6}( |, | and | & |·)){0,8}",
            start in 0usize..60,
            length in 0usize..12,
        ) {
            let start = (0..=start.min(text.len())).rev().find(|index| text.is_char_boundary(*index)).unwrap_or(0);
            let end = (start..=(start + length).min(text.len())).rev().find(|index| text.is_char_boundary(*index)).unwrap_or(start);
            if let Some(first) = shared_first_word(&text, start..end) {
                proptest::prop_assert!(!first.is_empty() && !first.contains(char::is_whitespace));
                let before = &text[..start];
                proptest::prop_assert!(before.ends_with(" and ") || before.ends_with(" & "));
                // The first word of the last item before `and`.
                let item = before.rsplit(SKILL_ITEM_SEPARATORS).next().unwrap_or(before).trim_start();
                proptest::prop_assert!(item.starts_with(&format!("{first} ")), "{:?} in {:?}", first, item);
            }
        }
    }
}
