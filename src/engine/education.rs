//! Education entries: institution, degree, field and graduation year.
//!
//! An education line is a few fields joined by separators in no fixed order
//! (`B.Sc. Computer Science, University of Leeds, 2014`, `University of
//! Toronto — MSc in Data Science (2016)`). So the line is cut at every
//! separator into parts, and each part is recognised by what it contains
//! rather than where it sits: the institution names a kind of school, the
//! degree starts with a degree word, and the year is the last four-digit year
//! on the line. A line with neither
//! an institution nor a degree is not an entry (it is a note such as a GPA).
//! An entry split over two lines (institution, then degree) is merged when
//! the two halves do not conflict.

use std::borrow::Cow;

use super::dates::{last_year, YEAR};
use super::lines::{
    find_ignoring_ascii_case, non_empty, split_on_every_separator, split_on_first_separator, split_once_at_separator,
    trim_dangling, without_bullet,
};
use super::text::is_listed;
use crate::domain::resume::EducationEntry;

/// Separators between the fields of an education line; a column gap too
/// (`Lake State University          Milwaukee, WI`).
const PART_SEPARATORS: [&str; 10] = [" — ", " – ", " | ", " · ", " • ", " - ", ", ", "; ", "   ", "\t"];

/// An education line's parts. ` at ` parts a degree from its school
/// (`BSc Physics at University of Leeds`) but not a school from its campus
/// (`University of Texas at Austin`, `University of the Rockies at Pueblo`).
fn parts_of(line: &str) -> Vec<&str> {
    split_on_every_separator(line, &PART_SEPARATORS)
        .into_iter()
        .flat_map(|part| {
            let at = find_ignoring_ascii_case(part, " at ");
            match at.map(|at| (&part[..at], &part[at + " at ".len()..])) {
                Some((school, campus)) if names_a_campus(school, campus) => vec![part],
                _ => split_on_first_separator(part, &[" at "]),
            }
        })
        .collect()
}

/// Whether `campus`, after ` at `, is where the school named before it is
/// (`University of Texas` at `Austin`): a place's capitalised words, no degree.
fn names_a_campus(school: &str, campus: &str) -> bool {
    let words = campus.split_whitespace().count();
    school.split_whitespace().any(|word| is_listed(word, &INSTITUTION_WORDS))
        && campus.starts_with(char::is_uppercase)
        && (1..=CAMPUS_WORDS_MAX).contains(&words)
        && parse_degree(campus).is_none()
        && !campus.split_whitespace().any(|word| is_listed(word, &INSTITUTION_WORDS))
}

/// Words of a campus's place (`Urbana-Champaign`, `Chapel Hill`).
const CAMPUS_WORDS_MAX: usize = 3;

/// Words that mark a part as an institution name (matched as whole words,
/// ignoring case), in the languages resumes are most often written in.
const INSTITUTION_WORDS: [&str; 28] = [
    "university",
    "conservatory",
    "seminary",
    // A joint apprenticeship training committee: where trades apprentices train.
    "jatc",
    "college",
    "center",
    "centre",
    "institute",
    "school",
    "academy",
    "polytechnic",
    "université",
    "universite",
    "universität",
    "universitat",
    "universidad",
    "universidade",
    "università",
    "universiteit",
    "hochschule",
    "fachhochschule",
    "école",
    "ecole",
    "escuela",
    "instituto",
    "institut",
    "politecnico",
    "polytechnique",
];

/// Degree abbreviations, lowercased with dots removed (`B.Sc.` is `bsc`).
const DEGREE_ABBREVIATIONS: [&str; 35] = [
    "bsc", "bs", "ba", "beng", "bba", "btech", "llb", "msc", "ms", "ma", "meng", "mba", "mphil", "mres", "llm", "phd",
    "dphil", "edd", "aa", "eds", "med", "msn", "bsn", "dnp", "mph", "mpa", "mfa", "bfa", "msw", "bsw", "aas", "jd",
    "md", "pharmd", "psyd",
];

/// First words of spelled-out degrees (`Bachelor of Arts`, `Master's`).
const DEGREE_WORDS: [&str; 13] = [
    // `Diplom-Chemikerin`, `Magister Artium`, `Laurea`: the first degree
    // of German and Italian universities, read by the word before a hyphen.
    "diplom",
    "magister",
    "laurea",
    "bachelor",
    "bachelors",
    "master",
    "masters",
    "associate",
    "associates",
    "doctor",
    "doctorate",
    "diploma",
    "certificate",
];

/// Last words of degrees named before them (`High School Diploma`).
const DEGREE_LAST_WORDS: [&str; 3] = ["diploma", "certificate", "degree"];
/// Words such a degree has at most; a longer part is a sentence.
const DEGREE_ENDING_WORDS_MAX: usize = 4;

/// Parses the education section's lines into entries.
pub(crate) fn parse_education(lines: &[&str]) -> Vec<EducationEntry> {
    let mut entries: Vec<EducationEntry> = Vec::new();
    let mut previous_line_was_entry = false;
    // A school on a line of its own heads the degree lines under it
    // (`Lake State University`, then `Master of Accountancy, 2016`, then
    // `Bachelor of Business Administration, 2015`).
    let mut school_above: Option<String> = None;
    let lines = with_wrapped_school_names_joined(lines);
    for line in &lines {
        let line: &str = line;
        let Some(mut entry) = Some(without_bullet(line)).filter(|line| !is_labelled_note(line)).and_then(parse_line)
        else {
            // A year wrapped onto a line of its own (`Management, 2015`)
            // belongs to the entry just above when it has none.
            if let Some(previous) = entries.last_mut().filter(|entry| previous_line_was_entry && entry.end.is_none()) {
                if let Some(year) = last_year(line) {
                    let range = super::dates::find_date_range(line);
                    previous.graduation_year = Some(year);
                    previous.start = previous.start.take().or(range.map(|range| range.start.label()));
                    previous.end = Some(range.map_or_else(|| year.to_string(), |range| range.end.label()));
                    continue;
                }
            }
            previous_line_was_entry = false;
            continue;
        };
        let is_school_alone = entry.degree.is_none() && entry.institution.is_some();
        match entries.last_mut() {
            Some(previous) if previous_line_was_entry && can_merge(previous, &entry) => {
                // A school under its degree completes that entry; it heads none.
                if is_school_alone {
                    school_above = None;
                }
                merge(previous, entry);
            }
            _ => {
                if entry.institution.is_none() && previous_line_was_entry {
                    entry.institution = school_above.clone();
                } else {
                    school_above = if is_school_alone { entry.institution.clone() } else { None };
                }
                entries.push(entry);
            }
        }
        previous_line_was_entry = true;
    }
    entries
}

/// The lines with a school's name that a text file wrapped joined again:
/// `Bachelor of Science in Business, Accounting concentration — Piedmont
/// State` over `University, 2016`. A line without a year whose last part
/// is capitalised and names no school, over a line that starts with a
/// school's word and goes on with a separator or a year, is one line.
fn with_wrapped_school_names_joined<'a>(lines: &[&'a str]) -> Vec<Cow<'a, str>> {
    let mut joined: Vec<Cow<'a, str>> = Vec::with_capacity(lines.len());
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        match lines.get(index + 1) {
            Some(next) if wraps_a_school_name(line, next) => {
                joined.push(Cow::Owned(format!("{} {}", line.trim_end(), next.trim())));
                index += 2;
            }
            _ => {
                joined.push(Cow::Borrowed(line));
                index += 1;
            }
        }
    }
    joined
}

fn wraps_a_school_name(line: &str, next: &str) -> bool {
    if ends_a_school_name_wrapped_in_its_middle(line, next) {
        return true;
    }
    // The next line's first word is looked at first: it spares nearly every
    // line the rest.
    let next = next.trim();
    let mut words = next.split_whitespace();
    let first_word = words.next().unwrap_or_default();
    let school_word_first = next.starts_with(char::is_uppercase)
        && is_listed(first_word.trim_end_matches([',', '.']), &INSTITUTION_WORDS)
        && (first_word.ends_with(',')
            || words.next().is_none_or(|word| word.starts_with(|c: char| c.is_ascii_digit() || "—–-|(".contains(c))));
    if !school_word_first || line.trim().is_empty() || last_year(line).is_some() {
        return false;
    }
    let last_part = parts_of(line).pop().unwrap_or_default();
    last_part.starts_with(char::is_uppercase)
        && !last_part.split_whitespace().any(|word| is_listed(word, &INSTITUTION_WORDS))
        && parse_degree(last_part).is_none()
}

/// `Bachelor of Science in Nursing — University of the Gulf` over `Plains,
/// 2014`: a narrow column wrapped the school's name after a word of it.
/// The line above names a degree, then a school, and no year, and ends in
/// a capitalised word; the line below is only a word or two, capitalised
/// and no degree, then a comma and the year.
fn ends_a_school_name_wrapped_in_its_middle(line: &str, next: &str) -> bool {
    let Some((words, year)) = next.trim().rsplit_once(", ") else { return false };
    let is_year = year.len() == 4 && year.bytes().all(|byte| byte.is_ascii_digit());
    let word_count = words.split_whitespace().count();
    let capitalised_words = (1..=WRAPPED_SCHOOL_WORDS_MAX).contains(&word_count)
        && words
            .split_whitespace()
            .all(|word| word.starts_with(char::is_uppercase) && word.chars().all(char::is_alphabetic));
    if !is_year || !capitalised_words || last_year(line).is_some() {
        return false;
    }
    // The degree stands before the school on the line above: what a line
    // under a school alone holds is its degree or field.
    let mut parts = parts_of(line);
    let last_part = parts.pop().unwrap_or_default();
    parts.iter().any(|part| parse_degree(part).is_some())
        && last_part.split_whitespace().any(|word| is_listed(word, &INSTITUTION_WORDS))
        && last_part.split_whitespace().next_back().is_some_and(|word| word.starts_with(char::is_uppercase))
        && !words.split_whitespace().any(|word| is_listed(word, &INSTITUTION_WORDS))
        && parse_degree(words).is_none()
}

/// Words of a school's name that a narrow column wraps onto the year's line.
const WRAPPED_SCHOOL_WORDS_MAX: usize = 2;

/// A note under a degree, labelled as one (`Field placement: Valle Verde
/// Elementary School`, `Thesis: …`, `Relevant coursework: …`): the school
/// or subject it names is part of that degree, not an entry of its own.
fn is_labelled_note(line: &str) -> bool {
    // `Semester abroad, Université Rive Gauche, Paris (Spring 2013)`: a
    // term of the degree above spent at another school, no degree of its own.
    let first_part = line.split([',', ':', '(']).next().unwrap_or(line).trim();
    if is_listed(first_part, &TERM_AWAY_NOTES) {
        return true;
    }
    line.split_once(':').is_some_and(|(label, _)| {
        let label = label.trim();
        // `FAA Academy courses: Terminal Initial Qualification (2016); …`
        let last_word = label.rsplit(' ').next().unwrap_or(label);
        is_listed(label, &NOTE_LABELS) || is_listed(last_word, &COURSE_WORDS)
    })
}

/// What a line about a term spent at another school starts with.
const TERM_AWAY_NOTES: [&str; 8] = [
    "semester abroad",
    "study abroad",
    "studied abroad",
    "year abroad",
    "exchange semester",
    "exchange year",
    "exchange student",
    "exchange program",
];

/// Last words of a label over a list of courses, whoever gave them.
const COURSE_WORDS: [&str; 4] = ["courses", "coursework", "classes", "modules"];

/// Labels of the notes under a degree.
const NOTE_LABELS: [&str; 16] = [
    "field placement",
    "field placements",
    "practicum",
    "clinical placement",
    "clinical placements",
    "clinical rotations",
    "student teaching",
    "internship",
    "capstone",
    "thesis",
    "dissertation",
    "advisor",
    "coursework",
    "relevant coursework",
    "honors",
    "activities",
];

/// The entries of a training section that are schooling: those naming both
/// an institution and a degree (`Journeyperson Certificate` at a
/// polytechnic). A course or a workshop, even one given at a centre, names
/// no degree and stays out.
pub(crate) fn schooling_in_training(lines: &[&str]) -> Vec<EducationEntry> {
    let mut entries = parse_education(lines);
    entries.retain(|entry| entry.institution.is_some() && entry.degree.is_some());
    entries
}

fn parse_line(line: &str) -> Option<EducationEntry> {
    let graduation_year = last_year(line);
    let range = super::dates::find_date_range(line);
    let without_years = YEAR.replace_all(line, "");
    let mut entry = EducationEntry {
        graduation_year,
        start: range.map(|range| range.start.label()),
        end: range.map(|range| range.end.label()).or_else(|| graduation_year.map(|year| year.to_string())),
        ..EducationEntry::default()
    };
    // Whether the part before was read as nothing: a city, before its state.
    let mut after_unread_part = false;
    for part in parts_of(&without_years) {
        // `Lakeshore Institute of Art & Design (Chicago, IL)`: the comma
        // inside the bracketed place split it; the school is before it.
        let part = match part.rfind(" (").filter(|open| !part[*open..].contains(')')) {
            Some(open) => &part[..open],
            None => part,
        };
        let part = trim_dangling(part);
        // `Pioneer Valley University, Amherst, MA`: a state's code after the
        // institution's city, not a Master of Arts.
        let is_state_after_city = entry.institution.is_some() && after_unread_part && is_state_code(part);
        if entry.degree.is_none() && !is_state_after_city {
            if let Some((degree, field)) = parse_degree(part) {
                entry.degree = Some(degree);
                entry.field = field;
                after_unread_part = false;
                continue;
            }
        }
        after_unread_part = true;
        if entry.institution.is_none() && names_an_institution(part, line) {
            entry.institution = non_empty(without_lowercase_note(part));
            after_unread_part = false;
        }
    }
    (entry.institution.is_some() || entry.degree.is_some()).then_some(entry)
}

/// Two capitals alone: a state's or province's code (`MA`, `MS`, `AB`).
fn is_state_code(part: &str) -> bool {
    part.len() == 2 && part.bytes().all(|byte| byte.is_ascii_uppercase())
}

/// Whether `part` of `line` names a school: it holds a school's word and
/// starts with a capital, as a name does, unless the line is written all in
/// lower case and is not the end of a sentence (`chat and email contact
/// center.` wraps a bullet).
fn names_an_institution(part: &str, line: &str) -> bool {
    let starts_lowercase = part.chars().next().is_some_and(char::is_lowercase);
    let written_as_a_name = !line.chars().any(char::is_uppercase) && !line.trim_end().ends_with('.');
    let words = || part.split(|character: char| !character.is_alphanumeric()).filter(|word| !word.is_empty());
    // `Boilermakers Local 374 Joint Apprenticeship Program`: a trade's
    // school, where `Welder Apprenticeship` names the trade learned.
    // `Inside Wireman Apprenticeship (in progress)` names the trade as well.
    let apprenticeship_program = || {
        const WORD: &[u8] = b"apprenticeship";
        if !part.as_bytes().windows(WORD.len()).any(|window| window.eq_ignore_ascii_case(WORD)) {
            return false;
        }
        let before_aside = part.split(" (").next().unwrap_or(part);
        let mut after = before_aside
            .split(|character: char| !character.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .skip_while(|word| !word.eq_ignore_ascii_case("apprenticeship"));
        after.next().is_some() && after.next().is_some_and(|word| word.starts_with(char::is_uppercase))
    };
    (!starts_lowercase || written_as_a_name)
        && (words().any(|word| is_listed(word, &INSTITUTION_WORDS)) || apprenticeship_program())
}

/// A school's name without a bracketed note in lower case after it
/// (`Osage Plains University (online)`, `(evening program)`); a bracketed
/// name stays (`(UCLA)`).
fn without_lowercase_note(part: &str) -> &str {
    match part.rfind(" (") {
        Some(open) if !part[open..].chars().any(char::is_uppercase) => part[..open].trim_end(),
        _ => part,
    }
}

/// Splits a part starting with a degree into the degree and its field:
/// `MSc in Data Science`, `B.Sc. Computer Science`, `Bachelor of Arts in
/// Economics`. Returns `None` when the part does not start with a degree.
fn parse_degree(part: &str) -> Option<(String, Option<String>)> {
    let part = part.trim();
    let first_word = part.split_whitespace().next()?;
    // `B.Sc.` and `Master's` compare as `bsc` and `masters`.
    let normalised: String =
        first_word.chars().filter(char::is_ascii_alphabetic).flat_map(char::to_lowercase).collect();
    // Abbreviations must carry a capital (`MS`, `BA`, `PhD`) so that ordinary
    // lowercase words such as `ma` or `ms` are not read as degrees.
    if DEGREE_ABBREVIATIONS.contains(&normalised.as_str()) && first_word.contains(char::is_uppercase) {
        let rest = &part[first_word.len()..];
        return Some((first_word.to_string(), field_of(rest)));
    }
    let before_hyphen: String = first_word
        .split('-')
        .next()
        .unwrap_or(first_word)
        .chars()
        .filter(char::is_ascii_alphabetic)
        .flat_map(char::to_lowercase)
        .collect();
    if !DEGREE_WORDS.contains(&normalised.as_str()) && !DEGREE_WORDS.contains(&before_hyphen.as_str()) {
        // `High School Diploma`, `Graduate Certificate`: the degree word last.
        let last_word = part.split_whitespace().next_back()?;
        let ends_with_degree_word = DEGREE_LAST_WORDS.iter().any(|word| last_word.eq_ignore_ascii_case(word))
            && part.split_whitespace().count() <= DEGREE_ENDING_WORDS_MAX;
        return ends_with_degree_word.then(|| (part.to_string(), None));
    }
    match split_once_at_separator(part, &[" in "]) {
        Some((degree, field)) => Some((degree.to_string(), field_of(field))),
        None => Some((part.to_string(), None)),
    }
}

/// The field after a degree, without a leading `in`/`of` or an honours note.
fn field_of(rest: &str) -> Option<String> {
    let mut field = rest.trim();
    for prefix in ["(Hons)", "Hons ", "in ", "of "] {
        let starts_with_prefix = field.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix));
        if starts_with_prefix {
            field = field[prefix.len()..].trim_start();
        }
    }
    non_empty(trim_dangling(field))
}

fn can_merge(previous: &EducationEntry, next: &EducationEntry) -> bool {
    (previous.institution.is_none() || next.institution.is_none())
        && (previous.degree.is_none() || next.degree.is_none())
        && (previous.graduation_year.is_none()
            || next.graduation_year.is_none()
            || previous.graduation_year == next.graduation_year)
}

fn merge(previous: &mut EducationEntry, next: EducationEntry) {
    previous.institution = previous.institution.take().or(next.institution);
    if previous.degree.is_none() {
        previous.degree = next.degree;
        previous.field = next.field;
    }
    previous.graduation_year = previous.graduation_year.or(next.graduation_year);
    previous.start = previous.start.take().or(next.start);
    previous.end = previous.end.take().or(next.end);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(institution: &str, degree: &str, field: Option<&str>, year: Option<u16>) -> EducationEntry {
        EducationEntry {
            institution: Some(institution.to_string()),
            degree: Some(degree.to_string()),
            field: field.map(str::to_string),
            start: None,
            end: year.map(|year| year.to_string()),
            graduation_year: year,
        }
    }

    #[test]
    fn a_school_on_its_own_line_heads_each_degree_under_it() {
        let entries = parse_education(&[
            "Lake Qorvex University                                  Milwaukee, WI",
            "Master of Accountancy (MAcc), 2016",
            "Bachelor of Business Administration, Accounting, 2015",
            "",
            "B.A. History, 2009",
        ]);
        let schools: Vec<Option<&str>> = entries.iter().map(|entry| entry.institution.as_deref()).collect();
        assert_eq!(schools, [Some("Lake Qorvex University"), Some("Lake Qorvex University"), None]);
        assert_eq!(entries[1].graduation_year, Some(2015));
        let degree_first = parse_education(&[
            "Doctor of Pharmacy (PharmD)",
            "Qorvex College of Pharmacy, Chapel Hill, NC",
            "2012 – 2016",
            "B.S. Chemistry",
            "Blue Qorvex University — 2012",
        ]);
        let schools: Vec<Option<&str>> = degree_first.iter().map(|entry| entry.institution.as_deref()).collect();
        assert_eq!(schools, [Some("Qorvex College of Pharmacy"), Some("Blue Qorvex University")]);
    }

    #[test]
    fn a_lower_case_note_after_the_school_and_a_wrapped_sentence_are_not_its_name() {
        let online = parse_education(&["MSN — Nursing Leadership, Osage Qorvex University (online), 2020"]);
        assert_eq!(online[0].institution.as_deref(), Some("Osage Qorvex University"));
        let named = parse_education(&["B.S., Qorvex University (QU), 2012"]);
        assert_eq!(named[0].institution.as_deref(), Some("Qorvex University (QU)"));
        assert!(parse_education(&[
            "- Led a team of 14 agents in a blended phone,",
            "  chat and email contact center."
        ])
        .is_empty());
    }

    #[test]
    fn a_state_code_after_the_institutions_city_is_not_a_degree() {
        let entries =
            parse_education(&["B.S. in Biochemistry", "Pioneer Valley University, Amherst, MA", "2014 – 2018"]);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].degree.as_deref(), Some("B.S."));
        assert_eq!(entries[0].institution.as_deref(), Some("Pioneer Valley University"));
        let master = parse_education(&["Boston College, MA in English, 2015"]);
        assert_eq!(master[0].degree.as_deref(), Some("MA"), "a degree straight after the institution");
    }

    #[test]
    fn reads_degree_first_comma_separated_line() {
        let entries = parse_education(&["B.Sc. Computer Science, University of Leeds, 2014"]);
        assert_eq!(entries, [entry("University of Leeds", "B.Sc.", Some("Computer Science"), Some(2014))]);
    }

    #[test]
    fn reads_institution_first_line_with_bracketed_year() {
        let entries = parse_education(&["University of Toronto — MSc in Data Science (2016)"]);
        assert_eq!(entries, [entry("University of Toronto", "MSc", Some("Data Science"), Some(2016))]);
    }

    #[test]
    fn a_school_name_a_text_file_wrapped_is_joined_again() {
        let entries = parse_education(&[
            "Master of Accountancy — Piedmont Qorvex University, 2017",
            "Bachelor of Science in Business Administration, Accounting concentration — Piedmont Qorvex",
            "University, 2016",
        ]);
        let schools: Vec<Option<&str>> = entries.iter().map(|entry| entry.institution.as_deref()).collect();
        assert_eq!(schools, [Some("Piedmont Qorvex University"), Some("Piedmont Qorvex University")]);
        assert_eq!(entries[1].graduation_year, Some(2016));
        // A school on a line of its own under its degree is not a wrap.
        let under = parse_education(&["Bachelor of Science in Nursing", "University of Qorvex, 2016"]);
        assert_eq!(under[0].institution.as_deref(), Some("University of Qorvex"));
    }

    #[test]
    fn a_campus_after_at_is_part_of_the_schools_name() {
        let entries =
            parse_education(&["University of the Rockies at Pueblo — Bachelor of Science, Computer Science (2017)"]);
        assert_eq!(entries[0].institution.as_deref(), Some("University of the Rockies at Pueblo"));
        assert_eq!(entries[0].degree.as_deref(), Some("Bachelor of Science"));
        let entries = parse_education(&["UNIVERSITY OF TEXAS AT AUSTIN, 2012"]);
        assert_eq!(entries[0].institution.as_deref(), Some("UNIVERSITY OF TEXAS AT AUSTIN"));
        // Before a school, ` at ` parts it from the degree.
        let entries = parse_education(&["BSc Physics at University of Leeds, 2014"]);
        assert_eq!(entries[0].institution.as_deref(), Some("University of Leeds"));
        assert_eq!(entries[0].degree.as_deref(), Some("BSc"));
    }

    #[test]
    fn a_school_name_a_narrow_column_wrapped_in_its_middle_is_joined_again() {
        let entries = parse_education(&["Bachelor of Science in Nursing — University of the Gulf", "Plains, 2014"]);
        assert_eq!(entries[0].institution.as_deref(), Some("University of the Gulf Plains"));
        assert_eq!(entries[0].graduation_year, Some(2014));
        // A degree under a school is its own line, as is a season's year.
        let entries = parse_education(&["University of the Gulf", "Nursing, 2014"]);
        assert_eq!(entries[0].institution.as_deref(), Some("University of the Gulf"));
        assert!(!ends_a_school_name_wrapped_in_its_middle("BSN — University of the Gulf", "Spring 2014"));
        assert!(!ends_a_school_name_wrapped_in_its_middle("BSN — University of the Gulf, 2012", "Plains, 2014"));
    }

    #[test]
    fn reads_parts_divided_by_middle_dots() {
        let entries = parse_education(&[
            "Associate of Science, Computer Information Systems · American River Valley College · 2014",
        ]);
        assert_eq!(entries[0].institution.as_deref(), Some("American River Valley College"));
        assert_eq!(entries[0].degree.as_deref(), Some("Associate of Science"));
        let bulleted = parse_education(&["B.A. in History • Qorvex State University • 2011"]);
        assert_eq!(bulleted, [entry("Qorvex State University", "B.A.", Some("History"), Some(2011))]);
    }

    #[test]
    fn reads_spelled_out_degree_with_pipes() {
        let entries = parse_education(&["Bachelor of Arts in Economics | Stanford University | 2012"]);
        assert_eq!(entries, [entry("Stanford University", "Bachelor of Arts", Some("Economics"), Some(2012))]);
    }

    #[test]
    fn reads_abbreviations_with_and_without_dots() {
        for (line, degree) in [
            ("MBA, Harvard Business School, 2019", "MBA"),
            ("PhD in Physics, Massachusetts Institute of Technology", "PhD"),
            ("M.Sc. Statistics, Imperial College", "M.Sc."),
            ("BA History, King's College", "BA"),
            ("B.F.A. Industrial Design — Lakeshore Institute of Art & Design (Chicago, IL) · 2016", "B.F.A."),
            ("Ed.S. in School Psychology, Capitol Valley State University, 2021", "Ed.S."),
            ("M.Ed., Special Education, Three Rivers University, 2021", "M.Ed."),
            ("Diplom-Chemikerin (equivalent to MSc), Chemistry", "Diplom-Chemikerin (equivalent to MSc)"),
        ] {
            let entries = parse_education(&[line]);
            assert_eq!(entries[0].degree.as_deref(), Some(degree), "{line}");
        }
    }

    #[test]
    fn graduation_year_is_the_last_year_of_a_range() {
        let entries = parse_education(&["- BSc (Hons) Mathematics, University of Bath, 2012 – 2016"]);
        let expected = EducationEntry {
            start: Some("2012".into()),
            ..entry("University of Bath", "BSc", Some("Mathematics"), Some(2016))
        };
        assert_eq!(entries, [expected]);
    }

    #[test]
    fn note_lines_are_not_entries() {
        let entries = parse_education(&["University of Leeds, BSc Physics, 2014", "GPA 3.8, First Class"]);
        assert_eq!(entries.len(), 1);
        let entries = parse_education(&[
            "B.S. in Aviation Management, Sandia Mesa University, 2018",
            "FAA Academy courses: Terminal Initial Qualification (2016); OJT Instructor (2021)",
        ]);
        assert_eq!(entries.len(), 1, "a labelled list of courses");
        let entries = parse_education(&[
            "B.A. in French Studies, Lakeshore Loyola College, 2014",
            "Semester abroad, Université Rive Gauche, Paris (Spring 2013)",
        ]);
        assert_eq!(entries.len(), 1, "a term spent at another school is part of the degree above");
    }

    #[test]
    fn a_trades_apprenticeship_program_is_the_school_of_the_certificate_under_it() {
        let entries = parse_education(&[
            "Boilermakers Local 374 Joint Apprenticeship Program, Hobart, IN",
            "Journeyman Boilermaker Certificate, 2015",
        ]);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].institution.as_deref(), Some("Boilermakers Local 374 Joint Apprenticeship Program"));
        assert_eq!(entries[0].graduation_year, Some(2015));
        let entries = parse_education(&[
            "Inside Wireman Apprenticeship (in progress) — South Sound Electrical Training Center, Tacoma, WA",
        ]);
        assert_eq!(entries[0].institution.as_deref(), Some("South Sound Electrical Training Center"));
    }

    #[test]
    fn entry_split_over_two_lines_is_merged() {
        let entries = parse_education(&["University of Leeds", "BSc Physics, 2014"]);
        assert_eq!(entries, [entry("University of Leeds", "BSc", Some("Physics"), Some(2014))]);
    }

    #[test]
    fn field_keeps_everything_after_the_first_in() {
        let degree = parse_degree("Master of Science in Engineering in Robotics");
        assert_eq!(degree, Some(("Master of Science".into(), Some("Engineering in Robotics".into()))));
    }

    #[test]
    fn a_degree_named_before_its_degree_word_is_the_degree_of_the_school_below() {
        let entries =
            parse_education(&["High School Diploma", "Superstition Valley High School, Apache Junction, AZ — 2011"]);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].degree.as_deref(), Some("High School Diploma"));
        assert_eq!(entries[0].institution.as_deref(), Some("Superstition Valley High School"));
        assert_eq!(entries[0].graduation_year, Some(2011));
    }

    #[test]
    fn ordinary_words_are_not_degrees() {
        assert_eq!(parse_degree("Masterclass in cooking"), None);
        assert_eq!(parse_degree("Mass spectrometry"), None);
        assert_eq!(parse_degree("as a student"), None);
    }
}
