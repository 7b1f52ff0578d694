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

use super::entry_words::{
    is_city, is_company_word, is_country, is_employment_kind, is_legal_form, is_region, is_region_code, is_role_word,
};
use super::lines::{find_ignoring_ascii_case, BytesPresent};

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

/// `Boston, MA`, `Leeds, UK`, `Remote`, `Berlin`, `Montréal, QC, Canada`.
pub(crate) fn is_location(text: &str) -> bool {
    let text = text.trim().trim_matches(|character| matches!(character, '(' | ')'));
    // A bracket left inside puts a place beside something else
    // (`Harborview Outfitters (Tacoma, WA)`): `split_trailing_location` parts them.
    if text.contains(['(', ')']) {
        return false;
    }
    if let Some(place) = without_postal_code(text) {
        return is_location(place);
    }
    // Every part of every header comes here, and most are not places: the
    // checks read the text as written, lowering only a whole name looked up.
    let word_count = text.split_whitespace().count();
    if text.is_empty() || text.bytes().any(|byte| byte.is_ascii_digit()) || word_count > 6 {
        return false;
    }
    let starts_with = |prefix: &str| text.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix));
    if starts_with("remote")
        || starts_with("hybrid")
        || in_lower_case(text, |lowered| is_country(lowered) || is_city(lowered))
    {
        return true;
    }
    // `Sydney NSW`, `Melbourne VIC`: a city and a region code, no comma.
    if !text.contains(',') && (2..=4).contains(&word_count) {
        let (city, code) = text.rsplit_once(char::is_whitespace).expect("two words or more");
        // The code first: it is cheap to check and rarely there; a known one,
        // since `Pediatric ICU` is a unit. A city is written in lower case
        // after its capital (`JI-WOO HAN` is a name).
        if is_region_code(code) && city.chars().any(char::is_lowercase) && role_and_company_scores(text) == (0, 0) {
            return true;
        }
    }
    let Some((_, last)) = text.rsplit_once(',') else { return false };
    let last = last.trim();
    // With two commas, a place is `City, ST, Country`: `Brightlane Health,
    // Boston, MA` is a company and a place.
    let pieces: Vec<&str> = text.split(',').map(str::trim).collect();
    if pieces.len() >= 3 {
        // `Minneapolis, Minnesota, United States`, as LinkedIn writes it.
        let middle = pieces[pieces.len() - 2];
        let middle_is_region = (middle.len() <= 3 && middle.chars().all(|character| character.is_ascii_uppercase()))
            || is_region(&middle.to_lowercase());
        return middle_is_region && is_country(&last.to_lowercase());
    }
    let is_region_code = last.len() == 2 && last.chars().all(|character| character.is_ascii_uppercase());
    let last = last.to_lowercase();
    is_region_code || is_country(&last) || is_region(&last)
}

/// `Boise, ID 83702`, `Austin, TX 78701-1234` and `Westerville, Ohio 43081`
/// without the ZIP code, and
/// `Saskatoon, SK S7H 0W4` without the Canadian postal code: the place
/// before it, which must end in a state (its two capitals or its name) or a
/// province's two capitals.
fn without_postal_code(text: &str) -> Option<&str> {
    // Both kinds of code end in a digit; most parts do not, and are not searched.
    if !text.ends_with(|character: char| character.is_ascii_digit()) {
        return None;
    }
    if let Some(place) = without_canadian_postal_code(text) {
        return Some(place);
    }
    let (place, code) = text.rsplit_once(' ')?;
    let (five, four) = code.split_once('-').unwrap_or((code, "0000"));
    let is_zip =
        five.len() == 5 && four.len() == 4 && five.bytes().chain(four.bytes()).all(|byte| byte.is_ascii_digit());
    let state = place.rsplit_once(", ")?.1;
    let is_state_code = state.len() == 2 && state.bytes().all(|byte| byte.is_ascii_uppercase());
    // `Westerville, Ohio 43081`: the state may be written out.
    (is_zip && (is_state_code || is_region(&state.to_lowercase()))).then_some(place)
}

/// `Saskatoon, SK S7H 0W4` → `Saskatoon, SK`: letter, digit, letter, a
/// space, digit, letter, digit, after a province's two capitals.
fn without_canadian_postal_code(text: &str) -> Option<&str> {
    let (rest, last) = text.rsplit_once(' ')?;
    let (place, first) = rest.rsplit_once(' ')?;
    let shaped =
        |half: &str, letters_at: [bool; 3]| {
            half.len() == 3
                && half.bytes().zip(letters_at).all(|(byte, letter)| {
                    if letter {
                        byte.is_ascii_uppercase()
                    } else {
                        byte.is_ascii_digit()
                    }
                })
        };
    let province = place.rsplit_once(", ")?.1;
    let is_province = province.len() == 2 && province.bytes().all(|byte| byte.is_ascii_uppercase());
    (shaped(first, [true, false, true]) && shaped(last, [false, true, false]) && is_province).then_some(place)
}

/// How the work was done rather than where (`remote`, `hybrid`, `on-site`).
fn is_work_arrangement(text: &str) -> bool {
    ["remote", "hybrid", "on-site", "onsite", "on site", "in office", "in-office"]
        .iter()
        .any(|arrangement| text.trim().eq_ignore_ascii_case(arrangement))
}

/// Splits a trailing location off a part: `Brightlane Health, Boston, MA`
/// becomes `Brightlane Health` and `Boston, MA`.
/// Whether `text` names a unit of an organisation (`Building Division`,
/// `Finance Department`, `Cardiology Unit`) by its last word.
fn names_a_unit(text: &str) -> bool {
    text.split_whitespace().count() <= UNIT_WORDS_MAX
        && text.split_whitespace().next_back().is_some_and(|last| {
            ["division", "department", "dept", "dept.", "unit", "office", "bureau", "branch"]
                .iter()
                .any(|unit| last.eq_ignore_ascii_case(unit))
        })
}

const UNIT_WORDS_MAX: usize = 4;

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
    (part.trim().to_owned(), None)
}

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
    let without_number = match company.rsplit_once(" #") {
        Some((name, number)) if !number.is_empty() && number.bytes().all(|byte| byte.is_ascii_digit()) => name.trim(),
        _ => company.as_str(),
    };
    let own_account = NO_EMPLOYER.iter().any(|own| without_number.eq_ignore_ascii_case(own));
    (!own_account && !without_number.is_empty()).then(|| without_number.to_owned())
}

/// Whether `text`'s last word is a company's legal form (`Pima
/// Residential, LLC`, `Larkspur Property Co.`).
fn ends_in_legal_form(text: &str) -> bool {
    text.rsplit([',', ' ']).find(|word| !word.is_empty()).is_some_and(is_legal_form)
}

/// What stands where an employer would for work that has none.
const NO_EMPLOYER: [&str; 6] =
    ["self-employed", "self employed", "freelance", "independent", "private household", "private family"];

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
    for (part, line) in parts.into_iter().zip(part_lines) {
        if is_column_label(&part) || is_service_remark(&part) {
            continue;
        }
        if is_location(&part) && header.location.is_none() {
            header.location = Some(part);
            continue;
        }
        let (part, location) = split_trailing_location(&part);
        if header.location.is_none() {
            header.location = location;
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
        let best = (0..rest.len()).rev().max_by_key(|index| weight(*index)).unwrap_or(0);
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
            if (0..rest.len()).any(names_a_company) {
                (0..rest.len()).find(|index| !names_a_company(*index)).unwrap_or(0)
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
    header
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_in_brackets_after_the_employer_is_neither_place_nor_name() {
        let header =
            parse_entry_header(&["Building Inspector I, Tallgrass County (Building Division) — Elizabeth, CO"]);
        assert_eq!(header.title.as_deref(), Some("Building Inspector I"));
        assert_eq!(header.company.as_deref(), Some("Tallgrass County"));
        assert_eq!(header.location.as_deref(), Some("Elizabeth, CO"));
    }

    #[test]
    fn a_doer_before_a_comma_is_the_title_at_the_name_after_it() {
        let header = parse_entry_header(&["CART Captioner (part-time, remote), Lumen Access Captioning"]);
        assert_eq!(header.title.as_deref(), Some("CART Captioner (part-time, remote)"));
        assert_eq!(header.company.as_deref(), Some("Lumen Access Captioning"));
    }

    #[test]
    fn a_doer_before_at_is_the_title_at_the_company() {
        let header = parse_entry_header(&["Software Engineer, Autonomy at Keystone Field Robotics (Philadelphia, PA)"]);
        assert_eq!(header.title.as_deref(), Some("Software Engineer, Autonomy"), "a qualifier after a comma");
        assert_eq!(header.company.as_deref(), Some("Keystone Field Robotics"));
        let header = parse_entry_header(&["Herdsman at Gagnon Family Dairy — Highgate, VT"]);
        assert_eq!(header.title.as_deref(), Some("Herdsman"));
        assert_eq!(header.company.as_deref(), Some("Gagnon Family Dairy"));
        let header = parse_entry_header(&["Milker at Brault Brothers Farm"]);
        assert_eq!(
            (header.title.as_deref(), header.company.as_deref()),
            (Some("Milker"), Some("Brault Brothers Farm"))
        );
        // A place or a thing is no doer: the comma parts nothing here.
        let header = parse_entry_header(&["Community Center, Northside Parks"]);
        assert_ne!(header.title.as_deref(), Some("Community Center"));
        // A name with `at` in it is not one.
        assert_eq!(parse_entry_header(&["The Tower at Park Place"]).company, None);
    }

    #[test]
    fn a_title_under_an_employer_and_its_place_is_not_the_place_wrapped() {
        // `Crew Leader` names a role: it is no wrapped end of `Boise, ID`.
        let header = parse_entry_header(&["Acme Turf — Boise, ID", "Crew Leader"]);
        assert_eq!(header.title.as_deref(), Some("Crew Leader"));
        assert_eq!(header.company.as_deref(), Some("Acme Turf"));
        assert_eq!(header.location.as_deref(), Some("Boise, ID"));
        let header = parse_entry_header(&["Pine & Oak Bakery — Duluth, MN", "Shift Leader"]);
        assert_eq!(header.title.as_deref(), Some("Shift Leader"));
    }

    #[test]
    fn an_employer_is_named_without_a_stores_number_and_own_account_work_has_none() {
        let header = parse_entry_header(&["Pharmacy Technician - CareMart Pharmacy #2241 - Athens, OH"]);
        assert_eq!(header.company.as_deref(), Some("CareMart Pharmacy"));
        let header = parse_entry_header(&["Freelance Developer — self-employed"]);
        assert_eq!((header.title.as_deref(), header.company), (Some("Freelance Developer"), None));
        // A number that is part of the name stays.
        let header = parse_entry_header(&["Cashier — Studio #B2"]);
        assert_eq!(header.company.as_deref(), Some("Studio #B2"));
    }

    #[test]
    fn the_employer_is_the_company_that_pays() {
        // Named by its legal form, after the site where the work was.
        let header = parse_entry_header(&["Saguaro Medical Plaza — Larkspur Property Co., Tucson, AZ"]);
        assert_eq!(header.company.as_deref(), Some("Larkspur Property Co."));
        // The agency, not the client it placed the worker with.
        let header =
            parse_entry_header(&["Solar Installer — BrightMesa Labor Services, placed with Rio Grande Solar Co."]);
        assert_eq!(header.company.as_deref(), Some("BrightMesa Labor Services"));
        // How the job was held is neither employer nor title.
        let header = parse_entry_header(&["Military Police Specialist, U.S. Army", "Active duty"]);
        assert_eq!(header.company.as_deref(), Some("U.S. Army"));
        // A firm of accountants keeps its `CPAs`.
        let header = parse_entry_header(&["Office Administrator, Ridley, Tanaka & Co., CPAs"]);
        assert_eq!(header.company.as_deref(), Some("Ridley, Tanaka & Co., CPAs"));
    }

    #[test]
    fn an_aside_is_not_part_of_the_employer_even_when_a_separator_cut_it() {
        let header = parse_entry_header(&["Licensed Sales Producer, Hollister Family Agency (captive), Gastonia, NC"]);
        assert_eq!(header.company.as_deref(), Some("Hollister Family Agency"));
        let header =
            parse_entry_header(&["Owner / Stylist", "Mari Q Hair Studio (suite at Verve Salon Suites), Tampa, FL"]);
        assert_eq!(header.company.as_deref(), Some("Mari Q Hair Studio"));
        let header = parse_entry_header(&["Line Cook, Tio Pepe's Grill, Allentown, PA — (part-time)"]);
        assert_eq!(header.company.as_deref(), Some("Tio Pepe's Grill"));
        let header = parse_entry_header(&["Live-in Caregiver — Private household"]);
        assert_eq!(header.company, None);
    }

    #[test]
    fn roles_joined_by_a_dash_before_at_are_one_title() {
        let header = parse_entry_header(&["Site Supervisor — Armed Security Officer at Sentinel Ridge Services, Inc."]);
        assert_eq!(header.title.as_deref(), Some("Site Supervisor — Armed Security Officer"));
        assert_eq!(header.company.as_deref(), Some("Sentinel Ridge Services, Inc."));
        // `@` as well, whatever the letter after it.
        let header = parse_entry_header(&["Site Supervisor — Armed Security Officer @ Évora Guards, Inc."]);
        assert_eq!(header.company.as_deref(), Some("Évora Guards, Inc."));
        // One role before `at` after an employer's dash is split as before.
        let header = parse_entry_header(&["Acme Freight — Driver at the Leeds depot"]);
        assert_ne!(header.title.as_deref(), Some("Acme Freight — Driver"));
    }

    #[test]
    fn a_comma_inside_brackets_does_not_part_title_from_company() {
        let header = parse_entry_header(&["LPN (per diem, agency)"]);
        assert_eq!((header.title.as_deref(), header.company), (Some("LPN (per diem, agency)"), None));
        let header = parse_entry_header(&["Charge Nurse (nights), Willow Bend Nursing Center"]);
        assert_eq!(header.company.as_deref(), Some("Willow Bend Nursing Center"));
    }

    #[test]
    fn a_markdown_header_line_is_read_without_its_marks() {
        let header = parse_entry_header(&["### iOS Developer · Larkspur Mobile Studio"]);
        assert_eq!(header.title.as_deref(), Some("iOS Developer"));
        assert_eq!(header.company.as_deref(), Some("Larkspur Mobile Studio"));
        assert_eq!(without_markdown_marks("**Data Analyst | Acme**"), "Data Analyst | Acme");
        assert_eq!(without_markdown_marks("#1 Sales Rep"), "#1 Sales Rep");
    }

    proptest::proptest! {
        /// Skipping the separators whose bytes a line lacks changes nothing.
        #[test]
        fn a_line_splits_as_it_did_when_every_separator_was_searched_for(
            line in "([aAtT @|—–·•\t-]|Engineer|AT|Acme){0,12}",
        ) {
            proptest::prop_assert_eq!(split_line(&line), split_line_on(&line, SEPARATORS.into_iter()));
        }

        /// Counting role and company words in one pass counts what the two
        /// passes count, in any case, hyphenated or not, ASCII or not.
        #[test]
        fn role_and_company_words_counted_together_are_counted_as_apart(
            text in "(Nurse|NURSE|Engineer|EMT-Basic|Co-op|LLC|Inc\\.|Health|Hospital|Ärztin|Café|ÉCOLE|Acme|and|[ ,()/&:;\"-]){0,10}",
        ) {
            proptest::prop_assert_eq!(role_and_company_scores(&text), (role_score(&text), company_score(&text)));
        }
    }

    fn parts(lines: &[&str]) -> (Option<String>, Option<String>, Option<String>) {
        let header = parse_entry_header(lines);
        (header.title, header.company, header.location)
    }

    fn some(text: &str) -> Option<String> {
        Some(text.to_owned())
    }

    #[test]
    fn a_bracket_after_a_role_qualifies_it_unless_it_is_a_known_place() {
        assert_eq!(
            parts(&["Assistant Teacher (Toddler Room)", "Hudson Hollow Child Development Center — Troy, NY"]),
            (
                some("Assistant Teacher (Toddler Room)"),
                some("Hudson Hollow Child Development Center"),
                some("Troy, NY")
            )
        );
        assert_eq!(
            parts(&["Billing Representative (Accounts Receivable) · Capitol Billing"]),
            (some("Billing Representative (Accounts Receivable)"), some("Capitol Billing"), None)
        );
        assert_eq!(
            parts(&["Pastry Cook — Northgate Bakery (Old Town)"]),
            (some("Pastry Cook"), some("Northgate Bakery"), some("Old Town"))
        );
    }

    #[test]
    fn a_part_after_a_titles_dash_qualifies_it_when_the_employer_is_named_elsewhere() {
        assert_eq!(
            parts(&["Respiratory Therapist II — Neonatal/Pediatric ICU", "Lakeshore Children's Hospital"]),
            (some("Respiratory Therapist II — Neonatal/Pediatric ICU"), some("Lakeshore Children's Hospital"), None)
        );
        assert_eq!(
            parts(&["Hollis + Marrow Architects, PLLC", "Raleigh, NC", "Senior Interior Designer – Healthcare Studio"]),
            (
                some("Senior Interior Designer – Healthcare Studio"),
                some("Hollis + Marrow Architects, PLLC"),
                some("Raleigh, NC")
            )
        );
        // A place after the dash is the place; a role there is not a qualifier.
        assert_eq!(
            parts(&["Granite Bay Foods", "Line Cook — Sacramento, CA"]),
            (some("Line Cook"), some("Granite Bay Foods"), some("Sacramento, CA"))
        );
        let alone = parse_entry_header(&["Laboratory Technician I — Wet Chemistry", "Sacramento, CA"]);
        assert_eq!(
            (alone.title.as_deref(), alone.company.as_deref()),
            (Some("Laboratory Technician I"), Some("Wet Chemistry")),
            "alone, the part after the dash is taken for the employer"
        );
        assert_eq!(
            alone.qualifier,
            Qualifier::MaybeOf { qualified_title: "Laboratory Technician I — Wet Chemistry".to_owned() }
        );
    }

    #[test]
    fn an_employers_aside_in_brackets_is_not_its_name_but_a_company_there_is_the_employer() {
        assert_eq!(
            parts(&["Pecan Valley Broadcasting (Channel 9), Austin, TX", "Promotions Editor (part-time)"]),
            (some("Promotions Editor (part-time)"), some("Pecan Valley Broadcasting"), some("Austin, TX"))
        );
        assert_eq!(
            parts(&["Maintenance Technician", "Desert Willow Apartments (Pima Residential, LLC), Tucson, AZ"]),
            (some("Maintenance Technician"), some("Pima Residential, LLC"), some("Tucson, AZ"))
        );
    }

    #[test]
    fn a_tables_column_labels_are_not_parts_of_the_first_rows_header() {
        assert_eq!(
            parts(&["Job title | Company | Dates | Highlights", "Senior Financial Analyst | Thameside Renewables plc"]),
            (some("Senior Financial Analyst"), some("Thameside Renewables plc"), None)
        );
    }

    #[test]
    fn a_legal_form_after_a_comma_stays_with_its_company() {
        assert_eq!(
            parts(&["Office Assistant, Buckeye Lane Realty, Inc., Parma, OH"]),
            (some("Office Assistant"), some("Buckeye Lane Realty, Inc."), some("Parma, OH"))
        );
        assert_eq!(
            parts(&["Bookkeeper, Harlow & Finch, LLC"]),
            (some("Bookkeeper"), some("Harlow & Finch, LLC"), None)
        );
        assert_eq!(
            parts(&["Office Manager, Halvorsen, Beck & Ruiz LLP"]),
            (some("Office Manager"), some("Halvorsen, Beck & Ruiz LLP"), None),
            "the partners' names are one company"
        );
    }

    #[test]
    fn title_company_and_location_in_the_common_orders() {
        assert_eq!(parts(&["Senior Engineer — Acme Corp"]), (some("Senior Engineer"), some("Acme Corp"), None));
        assert_eq!(parts(&["Senior Engineer at Acme"]), (some("Senior Engineer"), some("Acme"), None));
        assert_eq!(
            parts(&["Freightly | Account Executive | Chicago, IL"]),
            (some("Account Executive"), some("Freightly"), some("Chicago, IL"))
        );
        assert_eq!(
            parts(&["Frontend Engineering Intern — Brightlane Health, Boston, MA"]),
            (some("Frontend Engineering Intern"), some("Brightlane Health"), some("Boston, MA"))
        );
        assert_eq!(
            parts(&["Charge Nurse, Telemetry Unit", "Riverside Methodist Medical Center — Columbus, OH"]),
            (some("Charge Nurse, Telemetry Unit"), some("Riverside Methodist Medical Center"), some("Columbus, OH"))
        );
        assert_eq!(
            parts(&["Senior Project Manager — Peachtree Health", "Systems"]),
            (some("Senior Project Manager"), some("Peachtree Health Systems"), None)
        );
        assert_eq!(
            parts(&["Machine Learning Engineer II, Kaveri Commerce (Bengaluru)"]),
            (some("Machine Learning Engineer II"), some("Kaveri Commerce"), some("Bengaluru"))
        );
        // A kind of employment in brackets stays with the title.
        assert_eq!(
            parts(&["MATH TUTOR (PART-TIME)", "Quillan Learning Center, Sacramento, CA"]),
            (some("MATH TUTOR (PART-TIME)"), some("Quillan Learning Center"), some("Sacramento, CA"))
        );
        assert_eq!(
            parts(&["Recruiting Coordinator (Contract)", "Talentwise Staffing"]),
            (some("Recruiting Coordinator (Contract)"), some("Talentwise Staffing"), None)
        );
        assert_eq!(
            parts(&["Supply Chain Analyst, Harbourside Beverages, Sydney NSW"]),
            (some("Supply Chain Analyst"), some("Harbourside Beverages"), some("Sydney NSW"))
        );
        let header = parse_entry_header_with_anchor(&["Software Engineer — Bergen Telecom", "Bergen"], Some(1));
        assert_eq!(
            (header.title, header.company, header.location),
            (some("Software Engineer"), some("Bergen Telecom"), some("Bergen"))
        );
        assert_eq!(
            parts(&["Bank Teller, Rutherford Meadows Credit Union — Murfreesboro, TN"]),
            (some("Bank Teller"), some("Rutherford Meadows Credit Union"), some("Murfreesboro, TN"))
        );
        assert_eq!(
            parts(&["Fleet Dispatcher, Quarry Ridge Haulage Ltd"]),
            (some("Fleet Dispatcher"), some("Quarry Ridge Haulage Ltd"), None)
        );
        assert_eq!(
            parts(&["Security Analyst I (Tier 1 SOC)", "NORTHGATE DEFENSE SERVICES — Reston, VA"]),
            (some("Security Analyst I (Tier 1 SOC)"), some("NORTHGATE DEFENSE SERVICES"), some("Reston, VA"))
        );
        assert_eq!(
            parts(&["Account Executive — Pinewheel (Fintech, Denver, CO)"]),
            (some("Account Executive"), some("Pinewheel"), some("Denver, CO"))
        );
        assert_eq!(
            parts(&["Spreewald Mobility GmbH — Berlin", "Senior DevOps Engineer"]),
            (some("Senior DevOps Engineer"), some("Spreewald Mobility GmbH"), some("Berlin"))
        );
    }

    #[test]
    fn at_parts_a_title_from_its_company_only_after_a_role() {
        assert_eq!(parts(&["Line Cook at Saltmarsh Bistro"]), (some("Line Cook"), some("Saltmarsh Bistro"), None));
        assert_eq!(
            parts(&["Prep Cook, The Granary at Hollins Mill, Portland, OR"]),
            (some("Prep Cook"), some("The Granary at Hollins Mill"), some("Portland, OR"))
        );
        assert_eq!(
            parts(&["The Boathouse at Linden Lake (Cumbria) — Functions Coordinator"]),
            (some("Functions Coordinator"), some("The Boathouse at Linden Lake"), some("Cumbria"))
        );
    }

    #[test]
    fn locations_are_pairs_countries_cities_or_remote() {
        for location in ["Boston, MA", "Leeds, UK", "Remote", "Berlin", "Montréal, QC", "Lyon, France", "(Remote)"] {
            assert!(is_location(location), "{location}");
        }
        for other in ["Acme Corp", "Senior Engineer", "Brightlane Health", "Jan 2020", "JI-WOO HAN"] {
            assert!(!is_location(other), "{other}");
        }
    }

    #[test]
    fn a_place_may_carry_its_zip_code_or_name_its_state_in_full() {
        let more = ["Saskatoon, SK S7H 0W4", "Minneapolis, Minnesota, United States"];
        for location in
            ["Boise, ID 83702", "Austin, TX 78701-1234", "Denver, Colorado", "Toronto, Ontario"].into_iter().chain(more)
        {
            assert!(is_location(location), "{location}");
        }
        for other in ["Suite 400 83702", "Acme, Inc 12345", "Denver, Colorado 1234", "Acme Corp, Engineering"] {
            assert!(!is_location(other), "{other}");
        }
    }
}
