//! The header of an experience entry: which part is the title, which the
//! company and which the location, whatever order and separators the resume
//! uses (`Title — Company`, `Company | Title | City, ST`, `Title at Company`,
//! the title on one line and `Company — City` on the next).
//!
//! The parts are told apart by what they are, not where they stand: a title
//! holds a role word (Engineer, Nurse, Accountant, Intern…), a company often
//! holds a company word (Inc, Hospital, University, Labs…), a location is a
//! `City, ST` pair, a country, or Remote. Position decides only ties, in
//! the most common order: title first.

use super::entry_words::{is_company_word, is_employment_kind, is_legal_form, is_role_word};
use super::lines::{find_ignoring_ascii_case, BytesPresent};

mod location;

pub(crate) use location::is_location;

/// Separators between the parts of a header, strongest first.
/// Three spaces are a column gap (`Tidewater Payments        Portland, OR`).
const SEPARATORS: [&str; 14] =
    [" — ", " – ", " | ", " · ", " • ", "\t", "   ", " at ", " @ ", " - ", "—", "–", "|", "·"];

/// A header split into its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EntryHeader {
    pub title: Option<String>,
    pub company: Option<String>,
    pub location: Option<String>,
    /// How the title relates to a dash-parted qualifier on its own line.
    pub qualifier: Qualifier,
}

/// `Respiratory Therapist II — Neonatal/Pediatric ICU`: the part after a
/// title's dash may qualify it (a unit, a studio, a specialty) or name its
/// employer. With an employer elsewhere in the header it qualifies the
/// title; alone, only the section's other entries can tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Qualifier {
    /// No part follows the title's dash.
    #[default]
    None,
    /// The part after the dash is part of the title.
    InTitle,
    /// The part after the dash (or a comma, `Department Supervisor, Home
    /// Décor`) was taken for the company, for want of any other: with it the
    /// title reads as this.
    MaybeOf { qualified_title: String },
}

/// The words of `text`, as written.
fn words_of(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|character: char| character.is_whitespace() || matches!(character, ',' | '(' | ')' | '/' | '&'))
        .filter(|word| !word.is_empty())
        .map(|word| word.trim_matches(|character: char| matches!(character, ':' | ';' | '"')))
}

/// `read` of `word` in lower case. Every header line of every resume is
/// read this way, and its words are mostly capitalised: a short ASCII word
/// is lowered on the stack rather than into a new string.
fn in_lower_case<T>(word: &str, read: impl FnOnce(&str) -> T) -> T {
    if !word.chars().any(char::is_uppercase) {
        return read(word);
    }
    let mut buffer = [0u8; STACK_WORD_BYTES_MAX];
    match buffer.get_mut(..word.len()) {
        Some(lowered) if word.is_ascii() => {
            lowered.copy_from_slice(word.as_bytes());
            lowered.make_ascii_lowercase();
            read(std::str::from_utf8(lowered).expect("ASCII lowered is ASCII"))
        }
        _ => read(&word.to_lowercase()),
    }
}

/// The longest word (or place) lowered on the stack; longer ones are lowered into a string.
const STACK_WORD_BYTES_MAX: usize = 64;

pub(crate) fn role_word_count(text: &str) -> usize {
    role_score(text)
}

/// Role words as a name's line is read: a hyphenated word's last part is
/// not one, since a double-barrelled surname may end in an occupation
/// (`Quintero-Baker`); its other parts are (`Chef-Baker`, `Nurse-Midwife`).
pub(crate) fn role_word_count_in_a_name(text: &str) -> usize {
    let is_role = |word: &str| {
        let all_but_last = word.rsplit_once('-').map_or("", |(head, _)| head);
        is_role_word(word) || all_but_last.split('-').any(|part| !part.is_empty() && is_role_word(part))
    };
    words_of(text).filter(|word| in_lower_case(word, is_role)).count()
}

/// A role word counts inside a hyphenated word too (`EMT-Basic`,
/// `Nurse-Midwife`), as a whole listed word does (`Co-op`).
fn role_score(text: &str) -> usize {
    words_of(text).filter(|word| in_lower_case(word, is_role_word_or_compound)).count()
}

/// A role word, whole or joined by hyphens to others (`emt-basic`); in lower case.
fn is_role_word_or_compound(word: &str) -> bool {
    is_role_word(word) || (word.contains('-') && word.split('-').any(|part| !part.is_empty() && is_role_word(part)))
}

/// `(role_score(text), company_score(text))`, each word split and lowered once.
pub(crate) fn role_and_company_scores(text: &str) -> (usize, usize) {
    words_of(text).fold((0, 0), |(roles, companies), word| {
        in_lower_case(word, |word| {
            (roles + usize::from(is_role_word_or_compound(word)), companies + usize::from(is_company_word(word)))
        })
    })
}

/// The company words of `text`: the rule `role_and_company_scores` keeps.
#[cfg(test)]
fn company_score(text: &str) -> usize {
    words_of(text).filter(|word| in_lower_case(word, is_company_word)).count()
}

/// How the work was done rather than where (`remote`, `hybrid`, `on-site`).
fn is_work_arrangement(text: &str) -> bool {
    ["remote", "hybrid", "on-site", "onsite", "on site", "in office", "in-office"]
        .iter()
        .any(|arrangement| text.trim().eq_ignore_ascii_case(arrangement))
}

/// Capitals alone, two to five of them (`GJW`, `NASA`): a code or a short
/// name, which a known place's (`UK`, `USA`) is found as a place before.
fn is_short_code(text: &str) -> bool {
    (2..=5).contains(&text.len()) && text.bytes().all(|byte| byte.is_ascii_uppercase())
}

/// Whether `text` names a unit of an organisation (`Building Division`,
/// `Finance Department`, `Cardiology Unit`, `82nd Sustainment Brigade`) by
/// its last word.
fn names_a_unit(text: &str) -> bool {
    text.split_whitespace().count() <= UNIT_WORDS_MAX
        && text
            .split_whitespace()
            .next_back()
            .is_some_and(|last| UNIT_WORDS.iter().any(|unit| last.eq_ignore_ascii_case(unit)))
}

/// Last words of a unit's name: an office's, and an armed service's, whose
/// unit follows the service as a department follows a company (`U.S. Army,
/// 1st Signal Brigade`).
const UNIT_WORDS: [&str; 15] = [
    "store",
    "division",
    "department",
    "dept",
    "dept.",
    "unit",
    "office",
    "bureau",
    "branch",
    "brigade",
    "battalion",
    "regiment",
    "squadron",
    "wing",
    "detachment",
];

const UNIT_WORDS_MAX: usize = 4;

/// Splits a trailing location off a part: `Brightlane Health, Boston, MA`
/// becomes `Brightlane Health` and `Boston, MA`.
fn split_trailing_location(part: &str) -> (String, Option<String>) {
    // `Kaveri Commerce (Bengaluru)`
    if let Some(open) = part.rfind(" (").filter(|_| part.ends_with(')')) {
        let inner = &part[open + 2..part.len() - 1];
        // `Lumen Row, Denver, CO (hybrid)`: how the work was done, after
        // the place; the place is the location.
        let before = &part[..open];
        if is_work_arrangement(inner) && before.match_indices(", ").any(|(index, _)| is_location(&before[index + 2..]))
        {
            return split_trailing_location(before);
        }
        // `Fort Collins, CO (territory: Northern Colorado & Wyoming)`: an
        // aside about a place that stands alone; the place is the part.
        if is_location(before) {
            return split_trailing_location(before);
        }
        // `Tallgrass County (Building Division)`: a unit of the employer
        // named after it, neither a place nor a part of its name.
        let after_an_employer = role_score(before.rsplit_once(", ").map_or(before, |(_, last)| last)) == 0;
        if after_an_employer && names_a_unit(inner) {
            return split_trailing_location(before);
        }
        // A place has no digits (`(Tier 1 SOC)` qualifies a title) and is
        // capitalised (`(bilingual)` qualifies one too). After a role, only a
        // known place is one: `Assistant Teacher (Toddler Room)` names the
        // post, `Kaveri Commerce (Bengaluru)` the employer's city.
        let is_place = is_location(inner)
            || (role_score(before.rsplit_once(", ").map_or(before, |(_, last)| last)) == 0
                && inner.split_whitespace().count() <= 3
                && inner.starts_with(char::is_uppercase)
                && !inner.contains(|character: char| character.is_ascii_digit())
                // `Western Slope Regional Airport (GJW)`: the employer's own
                // short name or code, not where it is.
                && !is_short_code(inner)
                && role_and_company_scores(inner) == (0, 0));
        if is_place && !is_employment_kind(inner) {
            return (part[..open].trim().to_owned(), Some(inner.trim().to_owned()));
        }
        // `Loomwise (B2B SaaS, Austin, TX)`: what the employer does, then
        // where; the place is kept and the industry dropped.
        let place =
            inner.match_indices(", ").map(|(index, _)| inner[index + 2..].trim()).find(|after| is_location(after));
        if let Some(place) = place {
            return (part[..open].trim().to_owned(), Some(place.to_owned()));
        }
    }
    for (index, _) in part.match_indices(", ") {
        let (before, after) = (&part[..index], &part[index + 2..]);
        if is_location(after) && !before.trim().is_empty() {
            return (before.trim().to_owned(), Some(after.trim().to_owned()));
        }
    }
    // `Minster Stoneyard Ltd, York`: after a company's legal form, a name
    // that is not another company's is where the company is, even a town no
    // list holds.
    if let Some((before, after)) = part.split_once(", ") {
        if ends_in_legal_form(before) && is_shaped_like_a_place_name(after) {
            return (before.trim().to_owned(), Some(after.trim().to_owned()));
        }
    }
    (part.trim().to_owned(), None)
}

/// One to three capitalised words of letters, or such a town and its
/// region after a comma (`Hexham, Northumberland`), naming no role or
/// company and no legal form.
fn is_shaped_like_a_place_name(text: &str) -> bool {
    let pieces: Vec<&str> = text.split(", ").map(str::trim).collect();
    pieces.len() <= 2
        && pieces.iter().all(|piece| {
            let words = piece.split_whitespace();
            (1..=PLACE_NAME_WORDS_MAX).contains(&words.clone().count())
                && words.clone().all(|word| {
                    word.starts_with(char::is_uppercase)
                        && word.chars().all(|character| character.is_alphabetic() || matches!(character, '-' | '\''))
                })
                && !is_legal_form(piece)
                && role_and_company_scores(piece) == (0, 0)
        })
}

/// Words of a place's name without a list to hold it, at most.
const PLACE_NAME_WORDS_MAX: usize = 3;

/// The title written with the part right after it, when that part follows
/// the title's dash on the same line and names neither a role nor a place
/// (`Laboratory Technician II — Metals`), with that part's index in `parts`.
fn title_qualifier(
    lines: &[&str],
    parts: &[String],
    part_lines: &[Option<usize>],
    title_index: usize,
) -> Option<(String, usize)> {
    let qualifier_index = title_index + 1;
    let qualifier = parts.get(qualifier_index)?;
    let line = part_lines[title_index]?;
    if part_lines[qualifier_index] != Some(line) || role_score(qualifier) > 0 || is_location(qualifier) {
        return None;
    }
    let text = without_markdown_marks(lines[line]);
    // `memmem` rather than `str::find`, whose set-up for each needle cost
    // more than the search of a header's line.
    let title_start = memchr::memmem::find(text.as_bytes(), parts[title_index].as_bytes())?;
    let title_end = title_start + parts[title_index].len();
    let between = &text[title_end..];
    let after_dash = between.trim_start().strip_prefix(['—', '–', '-'])?;
    let qualifier_start =
        title_end + (between.len() - after_dash.len()) + (after_dash.len() - after_dash.trim_start().len());
    text[qualifier_start..]
        .starts_with(qualifier.as_str())
        .then(|| (text[title_start..qualifier_start + qualifier.len()].to_owned(), qualifier_index))
}

/// A table's column label above its rows (`Job title | Company | Dates`),
/// which a table of jobs in a DOCX puts in the first job's header lines.
fn is_column_label(part: &str) -> bool {
    COLUMN_LABELS.iter().any(|label| part.eq_ignore_ascii_case(label))
}

/// How a job was held, beside its dates (`Active duty, Jun 2012 – Sep 2016
/// — Honorable discharge`, `Part-time`): neither title, employer nor place.
fn is_service_remark(part: &str) -> bool {
    let part = part.trim_matches(|character| matches!(character, '(' | ')'));
    SERVICE_REMARKS.iter().any(|remark| part.eq_ignore_ascii_case(remark))
}

const SERVICE_REMARKS: [&str; 7] =
    ["active duty", "honorable discharge", "honourable discharge", "full-time", "full time", "part-time", "part time"];

const COLUMN_LABELS: [&str; 12] = [
    "job title",
    "title",
    "role",
    "position",
    "company",
    "employer",
    "organization",
    "dates",
    "location",
    "highlights",
    "responsibilities",
    "achievements",
];

/// The employer a company part names: without its aside, without a
/// store's number (`CareMart Pharmacy #2241` is the pharmacy chain), and none
/// for work on one's own account (`self-employed`), which has no employer.
fn employer_name(company: String) -> Option<String> {
    let company = without_aside(company);
    // `BrightMesa Labor Services, placed with Rio Grande Solar Co.`: the
    // agency employs; the client is where the work was.
    let company = match company.split_once(", placed ") {
        Some((agency, _)) => agency.trim().to_owned(),
        None => company,
    };
    // `Prairie Lakes University, Department of Plant Sciences`, `Wisconsin
    // Office of the State Public Defender, Milwaukee Trial Office`: the unit
    // is where in the employer the work was.
    // `HARVEST HILL FOODS, Store #112`: the store's number, then the store.
    let company = match company.rsplit_once(" #") {
        Some((name, number)) if !number.is_empty() && number.bytes().all(|byte| byte.is_ascii_digit()) => {
            name.trim().to_owned()
        }
        _ => company,
    };
    let company = match company.rsplit_once(", ") {
        Some((employer, unit)) if !employer.trim().is_empty() && (names_a_unit_of(unit) || names_a_unit(unit)) => {
            employer.trim().to_owned()
        }
        _ => company,
    };
    // `Department of Fisheries and Wildlife, Cascadia State University`:
    // the unit first, as academics write it.
    let company = match company.split_once(", ") {
        Some((unit, employer)) if names_a_unit_of(unit) && role_and_company_scores(employer).1 > 0 => {
            employer.trim().to_owned()
        }
        _ => company,
    };
    let many = company.split_whitespace().next().is_some_and(|first| first.eq_ignore_ascii_case(MANY_EMPLOYERS_WORD));
    let own_account = many || NO_EMPLOYER.iter().any(|own| company.eq_ignore_ascii_case(own));
    (!own_account && !company.is_empty()).then_some(company)
}

/// A unit named by what it is of (`Department of Chemistry`, `Dept. of
/// Surgery`, `Division of Nephrology`, `Office of the Registrar`).
fn names_a_unit_of(part: &str) -> bool {
    let Some((unit, _)) = part.trim().split_once(" of ") else { return false };
    ["department", "dept.", "dept", "division", "office", "faculty", "bureau", "corps"]
        .iter()
        .any(|word| unit.eq_ignore_ascii_case(word))
}

/// Whether `text`'s last word is a company's legal form (`Pima
/// Residential, LLC`, `Larkspur Property Co.`).
fn ends_in_legal_form(text: &str) -> bool {
    text.rsplit([',', ' ']).find(|word| !word.is_empty()).is_some_and(is_legal_form)
}

/// What stands where an employer would for work that has none.
const NO_EMPLOYER: [&str; 6] =
    ["self-employed", "self employed", "freelance", "independent", "private household", "private family"];

/// The first word of what stands where an employer would for work done for
/// many (`Various sheds`, `Various clients`): no employer either.
const MANY_EMPLOYERS_WORD: &str = "various";

/// An employer without the aside in brackets after its name (`Pecan Valley
/// Broadcasting (Channel 9)`), or the company a bracket names by its legal
/// form after the site's name (`Desert Willow Apartments (Pima Residential,
/// LLC)`): the employer is the company that pays.
fn without_aside(company: String) -> String {
    // A bracket left open lost its end to a separator (`Hollister Family
    // Agency (captive), Gastonia, NC`): an aside all the same.
    if let Some(open) = company.rfind(" (").filter(|open| !company[*open..].contains(')')) {
        return company[..open].trim().to_owned();
    }
    let Some(open) = company.rfind(" (").filter(|_| company.ends_with(')')) else { return company };
    let inner = company[open + 2..company.len() - 1].trim();
    if ends_in_legal_form(inner) {
        inner.to_owned()
    } else {
        company[..open].trim().to_owned()
    }
}

/// `Office Assistant, Buckeye Lane Realty, Inc.` at its last comma that
/// does not stand before a company's legal form, nor inside a list of
/// partners' names, nor inside brackets: the form is part of the name
/// (`Buckeye Lane Realty, Inc.`), and so is the first partner (`Halvorsen,
/// Beck & Ruiz LLP`); a bracket is one aside (`LPN (per diem, agency)`).
fn split_at_last_comma_before_company(text: &str) -> Option<(&str, &str)> {
    let commas = text.rmatch_indices(", ").filter(|(index, _)| !is_inside_brackets(text, *index));
    commas.map(|(index, _)| (&text[..index], &text[index + 2..])).find(|(left, right)| {
        let next_piece = right.split(", ").next().unwrap_or(right);
        let left_piece = left.rsplit_once(", ").map_or(*left, |(_, last)| last);
        let is_partner_name =
            !left_piece.contains(' ') && left_piece.starts_with(char::is_uppercase) && role_score(left_piece) == 0;
        let lists_partners = next_piece.contains(" & ") || next_piece.contains(" and ");
        let within_partners = is_partner_name && lists_partners && left.contains(", ");
        !(is_legal_form(next_piece) || within_partners)
    })
}

/// Whether byte `index` of `text` lies inside a bracket opened before it.
fn is_inside_brackets(text: &str, index: usize) -> bool {
    let before = &text[..index];
    before.matches('(').count() > before.matches(')').count()
}

/// Splits a line on the strongest separator it holds; `at` and `@` also say
/// which side is the title.
fn split_line(line: &str) -> (Vec<&str>, bool) {
    if let Some((title, rest)) = roles_before_at(line) {
        let (mut parts, _) = split_line(rest);
        parts.insert(0, title);
        return (parts, true);
    }
    // Most lines hold one or two of the fourteen separators: one pass notes
    // the bytes the line holds, and a separator with a byte it lacks is not
    // searched for (every part is a piece of the line, so none would hold it).
    let present = BytesPresent::of(line);
    split_line_on(line, SEPARATORS.into_iter().filter(|separator| present.may_hold(separator)))
}

/// Splits `line` on every occurrence of each of `separators`, in turn.
fn split_line_on<'a, 's>(line: &'a str, separators: impl Iterator<Item = &'s str>) -> (Vec<&'a str>, bool) {
    let mut title_company_order = false;
    let mut parts = vec![line];
    for separator in separators {
        let mut next = Vec::with_capacity(parts.len());
        for part in parts {
            let (mut rest, mut searched) = (part, 0);
            while let Some(found) = find_ignoring_ascii_case(&rest[searched..], separator) {
                let index = searched + found;
                let at_an_aside = is_inside_brackets(rest, index) || !names_a_role_before(&rest[..index]);
                if matches!(separator, " at " | " @ ") && at_an_aside {
                    // `Mari Q Hair Studio (suite at Verve Salon Suites)`: an aside.
                    // `The Orangery at Kelmscott Hall`: a name, not a title at a company.
                    searched = index + separator.len();
                    continue;
                }
                next.push(&rest[..index]);
                rest = &rest[index + separator.len()..];
                searched = 0;
                title_company_order |= matches!(separator, " at " | " @ ");
            }
            next.push(rest);
        }
        parts = next;
    }
    let parts = parts.into_iter().map(clean).filter(|part| !part.is_empty()).collect();
    (parts, title_company_order)
}

/// `Site Supervisor — Armed Security Officer at Sentinel Ridge`: two roles
/// joined by a dash before `at` are one title (the post held at one site),
/// and what follows `at` is the rest of the header.
fn roles_before_at(line: &str) -> Option<(&str, &str)> {
    let (at, separator) = [" at ", " @ "]
        .into_iter()
        .find_map(|separator| find_ignoring_ascii_case(line, separator).map(|at| (at, separator)))?;
    let (before, after) = (&line[..at], &line[at + separator.len()..]);
    let roles: Vec<&str> = before.split(['—', '–']).flat_map(|piece| piece.split(" - ")).map(str::trim).collect();
    let all_roles = roles.iter().all(|role| role_score(role) > 0 && !role.contains(", "));
    (roles.len() >= 2 && all_roles).then(|| (clean(before), after))
}

/// Whether the words just before an `at` (after the last comma:
/// `Pastry Cook, The Larder at …` has none) hold a role word, as a title
/// before `at` does (`Senior Engineer at Acme`).
fn names_a_role_before(text: &str) -> bool {
    let (head, piece) = text.rsplit_once(", ").map_or((None, text), |(head, last)| (Some(head), last));
    role_score(piece) > 0 || is_agent_noun_phrase(piece) || head.is_some_and(|head| qualifies_a_role(head, piece))
}

/// Whether `piece`, after a comma, is a one-word qualifier of the role
/// before it (`Software Engineer, Autonomy at Keystone Field Robotics`):
/// capitalised, no company's word, and not `The` (`Pastry Cook, The Larder
/// at …` names a place).
fn qualifies_a_role(head: &str, piece: &str) -> bool {
    let role = head.rsplit_once(", ").map_or(head, |(_, last)| last);
    !piece.contains(' ')
        && piece.starts_with(|character: char| character.is_uppercase())
        && !piece.eq_ignore_ascii_case("the")
        && !in_lower_case(piece, is_company_word)
        && role_score(role) > 0
}

/// One to three capitalised words whose last one names a doer (`Herdsman`,
/// `Milker`, `Line Handler`), not after `The`: what stands before `at` in
/// `Herdsman at Gagnon Family Dairy` though the role is not a listed one.
fn is_agent_noun_phrase(piece: &str) -> bool {
    let words: Vec<&str> = piece.split_whitespace().collect();
    let capitalised = words.iter().all(|word| word.starts_with(|character: char| character.is_ascii_uppercase()));
    let names_a_doer = words.last().is_some_and(|last| {
        let last = last.to_ascii_lowercase();
        ["er", "or", "man", "woman", "hand", "ist"]
            .iter()
            .any(|ending| last.len() > ending.len() + 2 && last.ends_with(ending))
            && !NOT_DOERS.contains(&last.as_str())
    });
    (1..=AGENT_NOUN_PHRASE_WORDS_MAX).contains(&words.len())
        && capitalised
        && names_a_doer
        && !words[0].eq_ignore_ascii_case("the")
}

const AGENT_NOUN_PHRASE_WORDS_MAX: usize = 3;

/// Places and things that end as a doer's name does (`Community Center, …`).
const NOT_DOERS: [&str; 22] = [
    "center", "centre", "tower", "water", "corner", "river", "harbor", "harbour", "manor", "floor", "door", "chapter",
    "quarter", "theater", "theatre", "winter", "summer", "order", "letter", "paper", "power", "shelter",
];

fn clean(part: &str) -> &str {
    let trimmed = part.trim().trim_matches(|character: char| {
        matches!(character, ',' | ';' | ':' | '-' | '–' | '—' | '|' | '·' | '*') || character.is_whitespace()
    });
    // Brackets go only when they are unmatched: `(Remote` or `Acme)`, not `Acme (Pune)`.
    let trimmed = if trimmed.starts_with('(') && !trimmed.contains(')') { &trimmed[1..] } else { trimmed };
    let trimmed =
        if trimmed.ends_with(')') && !trimmed.contains('(') { &trimmed[..trimmed.len() - 1] } else { trimmed };
    trimmed.trim()
}

/// A header line of a resume written in Markdown, without its marks: a
/// heading's hashes and a space (`### iOS Developer · Larkspur`) and bold
/// around the whole line. `#1` with no space after stays.
pub(crate) fn without_markdown_marks(line: &str) -> &str {
    let after_hashes = line.trim_start().trim_start_matches('#');
    let line = match after_hashes.strip_prefix(char::is_whitespace) {
        Some(rest) if after_hashes.len() < line.trim_start().len() => rest.trim_start(),
        _ => line,
    };
    line.strip_prefix("**").and_then(|inner| inner.strip_suffix("**")).unwrap_or(line)
}

/// Reads the header lines of one entry (in order) into title, company and location.
pub(crate) fn parse_entry_header(lines: &[&str]) -> EntryHeader {
    parse_entry_header_with_anchor(lines, None)
}

/// As `parse_entry_header`, where `lines[anchor]` is the text of the dated
/// line: never a wrapped continuation, and a lone word there is the place
/// (`Bergen · Sep 2009 – Jul 2012`).
pub(crate) fn parse_entry_header_with_anchor(lines: &[&str], anchor: Option<usize>) -> EntryHeader {
    let mut parts: Vec<String> = Vec::new();
    // The header line each part comes from.
    let mut part_lines: Vec<usize> = Vec::new();
    let mut title_company_order = false;
    let mut anchor_place: Option<String> = None;
    for (index, line) in lines.iter().enumerate() {
        let line = &without_markdown_marks(line);
        let (line_parts, ordered) = split_line(line);
        title_company_order |= ordered;
        // A short line without separators under a line that had them is that
        // line's last part, wrapped (`Peachtree Health` / `Systems`).
        if Some(index) == anchor
            && lines.len() > 1
            && line_parts.len() == 1
            && line.split_whitespace().count() <= 3
            && role_and_company_scores(line) == (0, 0)
        {
            anchor_place = Some(line_parts[0].to_owned());
            continue;
        }
        let is_wrapped = index > 0
            && Some(index) != anchor
            && line_parts.len() == 1
            && line.split_whitespace().count() <= 2
            && !is_location(line)
            && role_score(line) == 0
            && split_line(lines[index - 1]).0.len() > 1;
        match (is_wrapped, parts.last_mut()) {
            (true, Some(last)) => {
                last.push(' ');
                last.push_str(line_parts[0]);
            }
            _ => {
                part_lines.extend(line_parts.iter().map(|_| index));
                parts.extend(line_parts.into_iter().map(str::to_owned));
            }
        }
    }
    let mut header = EntryHeader::default();
    let mut rest: Vec<String> = Vec::new();
    let mut rest_lines: Vec<Option<usize>> = Vec::new();
    // The header line the place was written on.
    let mut location_line: Option<usize> = None;
    for (part, line) in parts.into_iter().zip(part_lines) {
        if is_column_label(&part) || is_service_remark(&part) {
            continue;
        }
        if is_location(&part) && header.location.is_none() {
            header.location = Some(part);
            location_line = Some(line);
            continue;
        }
        let written_length = part.len();
        let (part, location) = split_trailing_location(&part);
        // `Fort Collins, CO (territory: …)`: what is left of the part once
        // its aside is off may be the place.
        if location.is_none() && part.len() < written_length && header.location.is_none() && is_location(&part) {
            header.location = Some(part);
            continue;
        }
        if header.location.is_none() && location.is_some() {
            header.location = location;
            location_line = Some(line);
        }
        rest.push(part);
        rest_lines.push(Some(line));
    }
    if header.location.is_none() {
        header.location = anchor_place;
    } else if let Some(place) = anchor_place {
        rest.push(place);
        rest_lines.push(None);
    }
    if rest.is_empty() {
        return header;
    }
    // One part left, with commas: `Senior Engineer, Acme Corp`, or
    // `Research Assistant, HCI Lab, Eastbrook University` (the title may hold
    // a comma; the company is what follows the last comma). Two parts are
    // already a title and a company: `Charge Nurse, Telemetry Unit` stays whole.
    let mut comma_qualified_title = None;
    if rest.len() == 1 && !title_company_order {
        if let Some((left, right)) = split_at_last_comma_before_company(&rest[0].clone()) {
            let (left_roles, left_companies) = role_and_company_scores(left);
            let (right_roles, right_companies) = role_and_company_scores(right);
            // `CART Captioner (part-time, remote), Lumen Access Captioning`:
            // a doer's name the role words lack, before a name.
            let names_a_doer = || {
                let without_aside = left.split_once(" (").map_or(left, |(before, _)| before);
                is_agent_noun_phrase(without_aside.trim()) && right.starts_with(char::is_uppercase)
            };
            let doer_before_a_name = left_roles == 0 && left_companies == 0 && names_a_doer();
            let title_then_company =
                (left_roles > 0 || left_companies == 0 && right_companies > 0 || doer_before_a_name)
                    && right_roles == 0;
            if title_then_company && !is_location(right) {
                // Without a company word the part after the comma may as
                // well qualify the title; the section's other entries tell.
                // After a doer's name it is the employer's name.
                if right_companies == 0 && !doer_before_a_name {
                    comma_qualified_title = Some(rest[0].clone());
                }
                rest = vec![left.trim().to_owned(), right.trim().to_owned()];
                rest_lines = vec![rest_lines[0]; 2];
            }
        }
    }
    // Each part's role and company words, counted once.
    let mut scores: Vec<(usize, usize)> = rest.iter().map(|part| role_and_company_scores(part)).collect();
    let title_index = if title_company_order {
        0
    } else {
        let weight = |index: usize| (scores[index].0 * 2).saturating_sub(scores[index].1);
        // The earliest of the best: `max_by_key` would take the last.
        // On a tie a part with a role word is the title: `Bakery/Deli
        // Department Manager` under `HARVEST HILL FOODS, Store #112`.
        let best = (0..rest.len()).rev().max_by_key(|index| (weight(*index), scores[*index].0 > 0)).unwrap_or(0);
        if scores[best].0 == 0 {
            // No role word anywhere: a lone part with a company word is the
            // company; otherwise the usual order, title first.
            if rest.len() == 1 && scores[0].1 > 0 {
                header.company = Some(rest.remove(0));
                return header;
            }
            // A part with a company word is the company, wherever it is:
            // `Lakeshore Brandt LLP` over `Tax Senior`.
            let names_a_company = |index: usize| scores[index].1 > 0;
            // Else the employer is the part written with the place, on a
            // line of its own (`Red River Line Construction, Wichita Falls,
            // TX` over `Groundman   2017 – 2019`): a place is the employer's.
            let beside_the_place = |index: usize| location_line.is_some() && rest_lines[index] == location_line;
            if (0..rest.len()).any(names_a_company) {
                (0..rest.len()).find(|index| !names_a_company(*index)).unwrap_or(0)
            } else if (0..rest.len()).any(beside_the_place) {
                (0..rest.len()).find(|index| !beside_the_place(*index)).unwrap_or(0)
            } else {
                0
            }
        } else {
            best
        }
    };
    let qualifier = title_qualifier(lines, &rest, &rest_lines, title_index);
    header.title = Some(rest.remove(title_index));
    rest_lines.remove(title_index);
    scores.remove(title_index);
    if let Some((qualified_title, qualifier_index)) = qualifier {
        // The qualifier's index among the parts left, now the title is out.
        let qualifier_index = qualifier_index - 1;
        let others = (0..rest.len()).filter(|index| *index != qualifier_index);
        let employer_elsewhere = others.clone().any(|index| scores[index].1 > 0)
            || (scores[qualifier_index].1 == 0 && others.clone().next().is_some());
        if employer_elsewhere {
            rest.remove(qualifier_index);
            rest_lines.remove(qualifier_index);
            scores.remove(qualifier_index);
            header.title = Some(qualified_title);
            header.qualifier = Qualifier::InTitle;
        } else if rest.len() == 1 {
            header.qualifier = Qualifier::MaybeOf { qualified_title };
        }
    }
    if !rest.is_empty() {
        // The earliest of the best, as for the title: after `Niagara
        // Frontier Public Library`, `Central Library` is the branch. A part
        // ending in a legal form is the company that pays, before any site
        // (`Saguaro Medical Plaza — Larkspur Property Co.`).
        let company_index = (0..rest.len())
            .rev()
            .max_by_key(|index| (ends_in_legal_form(&rest[*index]), scores[*index].1))
            .filter(|index| scores[*index].1 > 0)
            .unwrap_or(0);
        header.company = employer_name(rest.remove(company_index));
    }
    if header.location.is_none() {
        header.location = rest.into_iter().find(|part| is_location(part));
    }
    if let (Qualifier::None, Some(qualified_title), Some(_)) =
        (&header.qualifier, comma_qualified_title, &header.company)
    {
        header.qualifier = Qualifier::MaybeOf { qualified_title };
    }
    header.title = header.title.map(without_judge_served);
    header
}

/// `Judicial Law Clerk to the Hon. R. T. Okonkwo-Bell` is the title
/// `Judicial Law Clerk`: the judge a clerk served is no part of the post.
fn without_judge_served(title: String) -> String {
    // Nearly every title lacks ` to `, and is passed over before any search.
    if !title.as_bytes().windows(4).any(|window| window == b" to ") {
        return title;
    }
    let cut = JUDGE_SERVED.iter().filter_map(|words| memchr::memmem::find(title.as_bytes(), words.as_bytes())).min();
    match cut {
        Some(cut) if cut > 0 => title[..cut].trim_end().to_owned(),
        _ => title,
    }
}

/// How a clerk's title names the judge served, as written.
const JUDGE_SERVED: [&str; 5] = [" to the Hon", " to the hon", " to Hon.", " to Judge ", " to Justice "];

#[cfg(test)]
mod tests;
