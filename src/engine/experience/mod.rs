//! Experience entries: title, company, dates and highlights.
//!
//! Entries are anchored on their dates, the one thing every layout shares: a
//! range (`Jan 2019 – Present`) or a single month (`Summer 2025`) on a line
//! of its own or on the header line. Each anchor takes as its header the
//! header-like lines just above it (a title line, a company line), or, when
//! there are none, the ones just below it; `entry_header` tells which part
//! is the title, the company and the location. A header-like line with a role
//! word, followed by bullets and no dates, is an entry without dates. Every
//! other line between two entries is a highlight of the entry above.
//! Bullets never start an entry: `- Launched in 2020` is a highlight.

use super::dates::{
    find_date_range_in_order, find_single_date, lines_write_the_day_first, union_months, DatePoint, DateRange,
    MonthSpan, RangeEnd, YearMonth,
};
use super::entry_header::{
    is_location, parse_entry_header, parse_entry_header_with_anchor, role_and_company_scores, role_word_count,
    Qualifier,
};
use super::entry_words::{is_company_word, is_legal_form, is_region_code};
use super::lines::{is_rule_character, strip_bullet, with_closing_bracket};
use super::text::is_listed;
use crate::domain::resume::ExperienceEntry;
use std::borrow::Cow;

/// A header line is short and not a sentence.
const HEADER_WORDS_MAX: usize = 14;
/// Header lines taken above (or below) an anchor.
const HEADER_LINES_MAX: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Blank,
    Bullet,
    Text,
}

struct Classified<'a> {
    text: &'a str,
    kind: Kind,
    range: Option<DateRange>,
}

fn classify(line: &str, day_first: bool) -> Classified<'_> {
    let trimmed = without_field_label(line.trim());
    if trimmed.is_empty() {
        return Classified { text: trimmed, kind: Kind::Blank, range: None };
    }
    if let Some(text) = strip_bullet(trimmed) {
        return Classified { text, kind: Kind::Bullet, range: None };
    }
    let range = find_date_range_in_order(trimmed, day_first).or_else(|| find_single_date(trimmed));
    let range = range.filter(|range| {
        let before = without_dot_leader(&trimmed[..range.start_byte]);
        let rest = format!("{before} {}", &trimmed[range.end_byte..]);
        // A table row keeps its header before the dates and its highlights after them.
        let is_table_row = trimmed.contains(" | ") && is_header_like(before);
        is_header_like(&rest) || rest.trim().is_empty() || is_table_row
    });
    Classified { text: trimmed, kind: Kind::Text, range }
}

/// A header's line without the label a form-like layout puts before it
/// (`Employer:  Prairie Mutual`, `Role: Business Analyst`, `Dates: 05/2022 –
/// present`): the parts are told apart by what they hold, as everywhere.
fn without_field_label(line: &str) -> &str {
    let Some((label, rest)) = line.split_once(':') else { return line };
    if is_listed(label.trim(), &HEADER_FIELD_LABELS) && !rest.trim().is_empty() {
        rest.trim()
    } else {
        line
    }
}

/// Labels of an entry header's fields.
const HEADER_FIELD_LABELS: [&str; 19] = [
    "from",
    "city/state",
    "city, state",
    "city",
    "job location",
    "employer name",
    "employer",
    "company",
    "organization",
    "organisation",
    "role",
    "title",
    "job title",
    "position",
    "dates",
    "date",
    "period",
    "location",
    "place",
];

/// Short, not a sentence: what a title, company or location line looks like.
/// Separators (`—`, `|`, `·`) are not words: a header of four parts has
/// three of them.
fn is_header_like(text: &str) -> bool {
    let text = text.trim();
    let words = text.split_whitespace().filter(|word| word.chars().any(char::is_alphanumeric)).count();
    !text.is_empty()
        && words <= HEADER_WORDS_MAX
        && !ends_a_sentence(text)
        && !text.chars().next().is_some_and(char::is_lowercase)
        // `I lead a five-person team…`: the writer speaking, in prose.
        && !text.starts_with("I ")
}

/// A full stop at the end, other than one of a company's abbreviation
/// (`Bluebonnet Auto Insurance Co.`, `Acme Corp.`).
fn ends_a_sentence(text: &str) -> bool {
    // `…, Providence, RI.`: a header written as a sentence ends in its place.
    // The code is checked first and nothing is allocated: every line of
    // prose ending in a full stop comes here.
    let ends_in_a_region_code = |word: &str| {
        let code = word.trim_end_matches('.');
        is_region_code(code)
            && text.trim_end_matches('.').strip_suffix(code).is_some_and(|before| before.ends_with(", "))
    };
    text.ends_with('.')
        && !text.split_whitespace().next_back().is_some_and(|word| {
            (word.len() <= 5 && is_company_word(&word.to_ascii_lowercase()))
                || is_legal_form(word)
                || ends_in_a_region_code(word)
        })
}

/// An undated entry's header: header-like, with a title that holds a role word.
fn is_undated_header(text: &str) -> bool {
    is_header_like(text) && parse_entry_header(&[text]).title.is_some_and(|title| role_word_count(&title) > 0)
}

/// `Shop Foreman, Waco Truck & Trailer Repair, Waco, TX` over `Lube
/// Technician, Big Country Lube Express, Abilene, TX`: a block of lines set
/// off by blank lines, each a whole job's header without dates (title,
/// employer and place), as an earlier career is often listed. A line of
/// prose names no place after an employer, so each line must.
fn one_line_undated_jobs(classified: &[Classified<'_>], claimed: &mut [bool]) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut index = 0;
    while index < classified.len() {
        let block_end = classified[index..]
            .iter()
            .position(|line| line.kind == Kind::Blank)
            .map_or(classified.len(), |end| index + end);
        let block = index..block_end;
        let is_whole_job = |line: usize| {
            let line_text = &classified[line];
            // A title, an employer and a place are three parts: two commas
            // at least, or other separators, before the header is read.
            let parts_apart = line_text.text.bytes().filter(|byte| matches!(byte, b',' | b'|')).count() >= 2
                || line_text.text.contains(['—', '–', '·']);
            if claimed[line]
                || line_text.kind != Kind::Text
                || line_text.range.is_some()
                || !parts_apart
                || !is_header_like(line_text.text)
            {
                return false;
            }
            let header = parse_entry_header(&[line_text.text]);
            header.title.is_some_and(|title| role_word_count(&title) > 0)
                && header.company.is_some()
                && header.location.is_some()
        };
        if !block.is_empty() && block.clone().all(is_whole_job) {
            for line in block.clone() {
                claimed[line] = true;
                spans.push(Span { first_line: line, last_header_line: line, header_lines: vec![line], anchor: None });
            }
        }
        index = block_end + 1;
    }
    spans
}

/// Whether the line at `next`, right under the undated role line at
/// `role`, is that entry's employer: an unclaimed, undated line like a
/// header, which read with the role line names an employer.
fn names_an_undated_employer(classified: &[Classified<'_>], claimed: &[bool], role: usize, next: usize) -> bool {
    let line = &classified[next];
    !claimed[next]
        && line.kind == Kind::Text
        && line.range.is_none()
        && is_header_like(line.text)
        && role_word_count(line.text) == 0
        && parse_entry_header(&[classified[role].text, line.text]).company.is_some()
}

/// The experience sections, parsed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Experience {
    pub entries: Vec<ExperienceEntry>,
    /// Each entry's months, in the order of `entries`; `None` for an entry
    /// without a usable date range. Skills named in an entry's highlights
    /// are used for these months.
    pub entry_months: Vec<Option<MonthSpan>>,
    /// Months covered by all entries' date ranges, overlaps counted once;
    /// `None` when no entry has a usable date range.
    pub total_months: Option<u32>,
}

/// Where an entry's lines are: its header lines and its anchor (if dated).
struct Span {
    first_line: usize,
    last_header_line: usize,
    header_lines: Vec<usize>,
    anchor: Option<usize>,
}

/// Parses the experience sections' lines into entries.
pub(crate) fn parse_experience(lines: &[&str], reference: YearMonth) -> Experience {
    let day_first = lines_write_the_day_first(lines);
    let lines = with_wrapped_dated_lines_joined(lines, day_first);
    let mut classified: Vec<Classified<'_>> = lines.iter().map(|line| classify(line, day_first)).collect();
    for index in 1..classified.len() {
        if let Some(title) = title_with_a_year_inside_the_job_above(&classified[index - 1], &classified[index]) {
            classified[index] = Classified { text: title, kind: Kind::Text, range: None };
        }
    }
    let mut claimed = vec![false; classified.len()];
    let mut spans: Vec<Span> = Vec::new();
    for anchor in (0..classified.len()).filter(|index| classified[*index].range.is_some()) {
        if claimed[anchor] {
            continue;
        }
        claimed[anchor] = true;
        let (own_text, _) = anchor_text(&classified[anchor]);
        let mut header_lines = Vec::new();
        let mut index = anchor;
        while index > 0 && header_lines.len() < HEADER_LINES_MAX {
            index -= 1;
            let line = &classified[index];
            if claimed[index] || line.kind != Kind::Text || line.range.is_some() || !is_header_like(line.text) {
                break;
            }
            if is_set_off_as_a_heading(&classified, index)
                && names_title_and_employer(&classified, &header_lines, &own_text)
            {
                // Nor is it a highlight of the entry above.
                claimed[index] = true;
                break;
            }
            header_lines.insert(0, index);
        }
        if header_lines.is_empty() {
            header_lines.extend(employer_across_a_blank_line(&classified, &claimed, anchor));
        }
        let own_is_header = !own_text.is_empty() && !is_location(&own_text);
        if header_lines.is_empty() && !own_is_header {
            let mut index = anchor + 1;
            while index < classified.len() && header_lines.len() < HEADER_LINES_MAX - 1 {
                let line = &classified[index];
                if line.kind != Kind::Text || line.range.is_some() || !is_header_like(line.text) {
                    break;
                }
                header_lines.push(index);
                index += 1;
            }
        }
        if let Some(below) = header_line_below(&classified, &claimed, anchor, &header_lines, &own_text, own_is_header) {
            header_lines.push(below);
        }
        if header_lines.is_empty() && own_is_header {
            header_lines.extend(title_across_a_blank_line(&classified, &claimed, anchor, &own_text));
        }
        for line in &header_lines {
            claimed[*line] = true;
        }
        let first_line = header_lines.first().copied().unwrap_or(anchor).min(anchor);
        let last_header_line = header_lines.last().copied().unwrap_or(anchor).max(anchor);
        spans.push(Span { first_line, last_header_line, header_lines, anchor: Some(anchor) });
    }
    // Undated entries: a role line followed by bullets, outside every dated entry's header.
    for index in 0..classified.len() {
        let line = &classified[index];
        if claimed[index] || line.kind != Kind::Text || !is_undated_header(line.text) {
            continue;
        }
        if labels_a_dated_employer(&classified, &claimed, line.text) {
            continue;
        }
        let next =
            classified[index + 1..].iter().position(|line| line.kind != Kind::Blank).map(|offset| index + 1 + offset);
        let mut header_lines = vec![index];
        // `Stage Manager (summer seasons)` over `Harborlight Summer Theatre ·
        // Newport, RI`: the employer's line, laid out as the dated entries'
        // are, only without dates.
        let employer_line =
            next.filter(|next| index + 1 == *next && names_an_undated_employer(&classified, &claimed, index, *next));
        if let Some(employer_line) = employer_line {
            header_lines.push(employer_line);
        }
        let after = header_lines.last().copied().expect("the role line") + 1;
        let first_content = classified[after..].iter().find(|line| line.kind != Kind::Blank);
        if first_content.is_some_and(|line| line.kind == Kind::Bullet) {
            for line in &header_lines {
                claimed[*line] = true;
            }
            let last_header_line = after - 1;
            spans.push(Span { first_line: index, last_header_line, header_lines, anchor: None });
        }
    }
    spans.extend(one_line_undated_jobs(&classified, &mut claimed));
    spans.sort_by_key(|span| span.first_line);
    let mut entries = Vec::with_capacity(spans.len());
    let mut entry_months = Vec::with_capacity(spans.len());
    let mut previous_title_qualified = false;
    // Whether the previous entry's employer stood on a line above its title
    // (or came from the entry above), as a group's employer does.
    let mut previous_employer_apart = false;
    for (position, span) in spans.iter().enumerate() {
        let mut header_texts: Vec<String> =
            span.header_lines.iter().map(|index| without_bold(classified[*index].text)).collect();
        let mut anchor_position = None;
        let mut trailing_highlights = Vec::new();
        let mut highlight_beside_dates = false;
        if let Some(anchor) = span.anchor {
            let (own, after_dates) = anchor_text(&classified[anchor]);
            trailing_highlights = after_dates;
            if is_a_highlight_beside_its_dates(&classified, span, anchor, &own) {
                trailing_highlights.insert(0, own);
                highlight_beside_dates = true;
            } else if !own.is_empty() {
                let own = match aside_wrapped_below(&classified, &claimed, anchor) {
                    Some(aside) => {
                        claimed[anchor + 1] = true;
                        format!("{own} {aside}")
                    }
                    None => own,
                };
                // The anchor's own text sits where the anchor is among the header lines.
                let at = span.header_lines.iter().filter(|index| **index < anchor).count();
                header_texts.insert(at, without_bold(&own));
                anchor_position = Some(at);
            }
        }
        join_names_wrapped_after_a_joining_word(&mut header_texts, &mut anchor_position);
        let header_refs: Vec<&str> = header_texts.iter().map(String::as_str).collect();
        let header = parse_entry_header_with_anchor(&header_refs, anchor_position);
        let (title, company, qualified) = match header.qualifier {
            // `Laboratory Technician I — Wet Chemistry` under `Laboratory
            // Technician II — Metals` at Delta Confluence: the section
            // writes a title's qualifier after its dash, and this entry
            // names no other employer.
            // `Department Supervisor, Home Décor` under `Assistant Store
            // Manager`, whose employer stood on a line of its own: the
            // section names employers apart from titles.
            Qualifier::MaybeOf { qualified_title }
                if previous_title_qualified || previous_employer_apart && header.location.is_none() =>
            {
                (Some(qualified_title), None, true)
            }
            qualifier => (header.title, header.company, qualifier == Qualifier::InTitle),
        };
        // `Senior Associate, Forensic & Litigation Consulting` under
        // `Manager, Forensic & Litigation Consulting`: the part after the
        // comma repeats the qualifier of the title above, so it is the
        // practice both titles belong to, not a second employer.
        let (title, company, qualified) = match (title, company) {
            (Some(title), Some(company))
                if repeats_the_qualifier_above(entries.last(), &company)
                    && header_texts.iter().any(|text| text.contains(&format!("{title}, {company}"))) =>
            {
                (Some(format!("{title}, {company}")), None, true)
            }
            (title, company) => (title, company, qualified),
        };
        previous_title_qualified = qualified;
        let mut entry = ExperienceEntry { title, company, location: header.location, ..ExperienceEntry::default() };
        // A title alone, on the dated line or on one line above it (as
        // LinkedIn lists the roles under one employer), is a promotion.
        let lines_naming_more_than_a_place =
            span.header_lines.iter().filter(|index| !is_location(classified[**index].text)).count();
        if let Some(previous) = entries.last().filter(|_| lines_naming_more_than_a_place <= 1) {
            inherit_employer_of_promotion(&mut entry, previous);
        }
        let mut months = None;
        if let Some(range) = span.anchor.and_then(|anchor| classified[anchor].range) {
            entry.start = Some(range.start.label());
            entry.end = Some(range.end.label());
            entry.current = range.end == super::dates::RangeEnd::Present;
            months = range.month_span(reference);
            entry.duration_months = months.map(MonthSpan::duration_months);
        }
        // `Career break — full-time caregiver for a family member`: time
        // away from work, dated as a job is, is none.
        let names_a_break = |part: &Option<String>| part.as_deref().is_some_and(is_time_away);
        if names_a_break(&entry.title) || names_a_break(&entry.company) {
            continue;
        }
        entry_months.push(months);
        let next_start = spans.get(position + 1).map_or(classified.len(), |next| next.first_line);
        entry.highlights = trailing_highlights;
        let lines =
            (span.last_header_line + 1..next_start).filter(|index| !claimed[*index]).map(|index| &classified[index]);
        add_highlights(&mut entry.highlights, lines, highlight_beside_dates);
        previous_employer_apart =
            entry.title.as_deref().zip(entry.company.as_deref()).is_some_and(|(title, company)| {
                let title_line = header_texts.iter().position(|text| text.contains(title));
                let company_line = header_texts.iter().position(|text| text.contains(company));
                match (company_line, title_line) {
                    (Some(company_line), Some(title_line)) => company_line < title_line,
                    (company_line, _) => company_line.is_none(),
                }
            });
        entries.push(entry);
    }
    without_employer_group_lines(&mut entries, &mut entry_months);
    let month_spans: Vec<MonthSpan> = entry_months.iter().flatten().copied().collect();
    let total_months = (!month_spans.is_empty()).then(|| union_months(&month_spans));
    Experience { entries, entry_months, total_months }
}

/// The lines with each dated line that a narrow column wrapped joined back
/// into one: a range wrapped after its start (`Evergreen Landscapes,
/// Clovis, CA   March 2022` over `- May 2023`), where the line below is
/// only the range's end, after its dash, and the two read together make a
/// range that the line above alone does not; and a header wrapped before a
/// word that joins a name (`Revenue Tax Examiner III, Ohio Valley State
/// Department` over `of Taxation | 2022–present`).
fn with_wrapped_dated_lines_joined<'a>(lines: &[&'a str], day_first: bool) -> Vec<Cow<'a, str>> {
    let mut joined: Vec<Cow<'a, str>> = Vec::with_capacity(lines.len());
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let wrapped = |next: &&&str| {
            ends_a_wrapped_range(line, next, day_first) || goes_on_after_a_joining_word(line, next, day_first)
        };
        if let Some(next) = lines.get(index + 1).filter(wrapped) {
            joined.push(Cow::Owned(format!("{} {}", line.trim_end(), next.trim())));
            index += 2;
        } else {
            joined.push(Cow::Borrowed(line));
            index += 1;
        }
    }
    joined
}

/// Whether `next` is the dated rest of the header `line`, wrapped before a
/// word that joins a name: it starts with that word in lower case, as no
/// header does, and holds the dates.
fn goes_on_after_a_joining_word(line: &str, next: &str, day_first: bool) -> bool {
    let next = next.trim();
    let starts_with_a_joining_word = next
        .split_once(' ')
        .is_some_and(|(first, _)| first.starts_with(char::is_lowercase) && NAME_JOINING_WORDS.contains(&first));
    let line = line.trim();
    starts_with_a_joining_word
        && strip_bullet(line).is_none()
        && is_header_like(line)
        && !line.ends_with([',', ';', ':'])
        && find_date_range_in_order(line, day_first).is_none()
        && find_date_range_in_order(next, day_first).is_some()
}

/// Whether `next` is the end of a range whose start closes `line`.
fn ends_a_wrapped_range(line: &str, next: &str, day_first: bool) -> bool {
    let next = next.trim();
    let Some(after_dash) = next.strip_prefix(['-', '–', '—']) else { return false };
    let line = line.trim_end();
    // The range's end alone: a date or `Present`, nothing after it.
    let is_an_end = !after_dash.trim().is_empty() && after_dash.split_whitespace().count() <= 3;
    if !is_an_end || find_date_range_in_order(line, day_first).is_some() {
        return false;
    }
    let Some(start) = find_single_date(line).filter(|start| start.end_byte == line.len()) else { return false };
    let together = format!("{line} {next}");
    find_date_range_in_order(&together, day_first)
        .is_some_and(|range| range.start_byte == start.start_byte && range.end_byte == together.len())
}

/// `Occupational Health Nurse Supervisor` over `Run the on-site clinic for
/// 3,200   Feb 2023 – Present` over `workers with two RNs…`: a narrow
/// column that could not fit the dates beside the title pushed them down
/// beside the first line of the job's first highlight. That line is the
/// start of a sentence, not a part of the header: most of its words are
/// in lower case, the line below carries the sentence on in lower case,
/// and the line right above is a header that names a role.
fn is_a_highlight_beside_its_dates(classified: &[Classified<'_>], span: &Span, anchor: usize, own: &str) -> bool {
    let words: Vec<&str> =
        own.split_whitespace().skip(1).filter(|word| word.chars().any(char::is_alphabetic)).collect();
    let lower_case = words.iter().filter(|word| word.starts_with(char::is_lowercase)).count();
    let reads_as_a_sentence = lower_case >= SENTENCE_LOWER_CASE_WORDS_MIN && lower_case > words.len() - lower_case;
    let carried_on = classified.get(anchor + 1).is_some_and(|next| {
        next.kind == Kind::Text && next.range.is_none() && next.text.starts_with(char::is_lowercase)
    });
    let role_right_above =
        anchor > 0 && span.header_lines.contains(&(anchor - 1)) && role_word_count(classified[anchor - 1].text) > 0;
    reads_as_a_sentence && carried_on && role_right_above
}

/// `Field Crew Member | May 2020 - February 2022` over `(seasonal)`: the
/// end of the dated line, an aside in brackets, that the dates pushed onto
/// a line of its own. A line of prose is never a short aside alone.
fn aside_wrapped_below<'a>(classified: &[Classified<'a>], claimed: &[bool], anchor: usize) -> Option<&'a str> {
    let below = classified.get(anchor + 1).filter(|below| below.kind == Kind::Text && below.range.is_none())?;
    let is_aside = below.text.starts_with('(')
        && below.text.ends_with(')')
        && below.text[1..].find([')', '(']) == Some(below.text.len() - 2)
        && below.text.split_whitespace().count() <= WRAPPED_ASIDE_WORDS_MAX;
    (is_aside && !claimed[anchor + 1]).then_some(below.text)
}

/// Words of an aside that a narrow column wraps onto a line of its own.
const WRAPPED_ASIDE_WORDS_MAX: usize = 3;

/// Lower-case words after the first that make a line read as a sentence.
const SENTENCE_LOWER_CASE_WORDS_MIN: usize = 3;

/// Joins each header line that ends in a word that cannot end a name (`Deputy
/// Director, Miami Valley County Board of` over `Elections, Dayton, OH`), as
/// a narrow column wraps it, to the line below; `anchor_position`, the
/// dated line's place among them, follows.
fn join_names_wrapped_after_a_joining_word(header_texts: &mut Vec<String>, anchor_position: &mut Option<usize>) {
    let mut index = 0;
    while index + 1 < header_texts.len() {
        let ends_open = header_texts[index]
            .split_whitespace()
            .next_back()
            .is_some_and(|last| NAME_JOINING_WORDS.iter().any(|word| last.eq_ignore_ascii_case(word)));
        if !ends_open || header_texts[index].split_whitespace().count() < 2 {
            index += 1;
            continue;
        }
        let below = header_texts.remove(index + 1);
        header_texts[index].push(' ');
        header_texts[index].push_str(&below);
        *anchor_position = anchor_position.map(|anchor| if anchor > index { anchor - 1 } else { anchor });
    }
}

/// Words inside a name that never end one.
const NAME_JOINING_WORDS: [&str; 7] = ["of", "and", "&", "for", "the", "at", "de"];

/// A header's part naming time away from work (`Career break`, `Parental
/// leave`, `Sabbatical`).
fn is_time_away(part: &str) -> bool {
    TIME_AWAY.iter().any(|words| part.get(..words.len()).is_some_and(|start| start.eq_ignore_ascii_case(words)))
}

const TIME_AWAY: [&str; 11] = [
    "career break",
    "career gap",
    "career pause",
    "gap year",
    "sabbatical",
    "parental leave",
    "maternity leave",
    "paternity leave",
    "family leave",
    "medical leave",
    "personal leave",
];

/// Whether `part` is what follows the last comma of the title above
/// (`Manager, Forensic & Litigation Consulting` for `Forensic & Litigation
/// Consulting`).
fn repeats_the_qualifier_above(above: Option<&ExperienceEntry>, part: &str) -> bool {
    above
        .and_then(|entry| entry.title.as_deref())
        .and_then(|title| title.rsplit_once(", "))
        .is_some_and(|(_, qualifier)| qualifier.eq_ignore_ascii_case(part))
}

/// A header line without Markdown's bold marks, wherever they stand
/// (`**Robotics Intern** at Three Rivers Robot Works`).
fn without_bold(text: &str) -> String {
    if text.contains("**") {
        text.replace("**", "")
    } else {
        text.to_owned()
    }
}

/// A line set off as a heading of a part of the section (`EARLIER`,
/// `Before escrow:`, `Construction Background`): after a blank line, up to
/// `SUBHEADING_WORDS_MAX` words without a header's separators, in capitals,
/// ending in a colon or in title case; or a rule.
fn is_set_off_as_a_heading(classified: &[Classified<'_>], index: usize) -> bool {
    let text = classified[index].text;
    if is_rule(text) {
        return true;
    }
    // Most header lines follow another line: answered before any word is read.
    let after_a_break = index == 0 || classified[index - 1].kind == Kind::Blank;
    if !after_a_break {
        return false;
    }
    let words = text.split_whitespace().count();
    let without_separators = !text.contains([',', '|', '—', '–', '@', '·', '(']) && !text.contains(" - ");
    let in_capitals = !text.chars().any(char::is_lowercase);
    // `Construction Background`, `Before tech` (their underlines are gone
    // by now): capitalised, and no word a role's or a company's, as an
    // employer's or a title's would be.
    let capitalised_without_role_or_company =
        || text.starts_with(|character: char| character.is_uppercase()) && role_and_company_scores(text) == (0, 0);
    without_separators
        && (1..=SUBHEADING_WORDS_MAX).contains(&words)
        && (in_capitals || text.ends_with(':') || capitalised_without_role_or_company())
}

const SUBHEADING_WORDS_MAX: usize = 3;

/// A line of rule characters only (`-----`, `=====`, `───`).
fn is_rule(text: &str) -> bool {
    !text.is_empty() && text.chars().all(is_rule_character)
}

/// Whether the header lines gathered so far (`header_lines`, in order) and
/// the dated line's own text already name a title and an employer: then a
/// heading above them heads a part of the section (`SHORESIDE` over
/// `Deckhand, Crescent Harbor Towing — Mobile, AL — 2015 – 2018`) and is
/// no part of the entry. Over a title alone it may be the employer.
fn names_title_and_employer(classified: &[Classified<'_>], header_lines: &[usize], own_text: &str) -> bool {
    let texts: Vec<&str> = header_lines
        .iter()
        .map(|index| classified[*index].text)
        .chain((!own_text.is_empty()).then_some(own_text))
        .collect();
    let header = parse_entry_header(&texts);
    header.title.is_some() && header.company.is_some()
}

/// Removes the entries that only group the titles under them: an employer
/// with its own dates and no title (`Basin & Range Water Resources, Inc.,
/// Tucson, AZ (2018–present)`), over titles dated within them that took
/// that employer. The titles are the jobs.
fn without_employer_group_lines(entries: &mut Vec<ExperienceEntry>, entry_months: &mut Vec<Option<MonthSpan>>) {
    let mut index = 0;
    while index + 1 < entries.len() {
        let (group, next) = (&entries[index], &entries[index + 1]);
        let within = match (entry_months[index], entry_months[index + 1]) {
            (Some(outer), Some(inner)) => outer.start <= inner.start && inner.end <= outer.end,
            _ => false,
        };
        if group.title.is_none() && group.company.is_some() && next.company == group.company && within {
            entries.remove(index);
            entry_months.remove(index);
        } else {
            index += 1;
        }
    }
}

/// `Prairie Gust Renewables (Technician II)` over bullets, where a dated
/// line above already names that employer (a table of jobs, then each job's
/// highlights under a label): the label of a job's highlights, not a job.
/// So is `Third Mate, Gulfstar Tankers (28 on / 28 off)` under a table's
/// row that names that title and that employer.
fn labels_a_dated_employer(classified: &[Classified<'_>], claimed: &[bool], text: &str) -> bool {
    let dated_line_holds = |words: &[&str]| {
        classified.iter().zip(claimed).any(|(line, claimed)| {
            *claimed && line.range.is_some() && line.text != text && words.iter().all(|word| line.text.contains(word))
        })
    };
    if let Some((employer, _)) = text.split_once(" (") {
        let employer = employer.trim();
        if !employer.is_empty() && role_and_company_scores(employer).0 == 0 && dated_line_holds(&[employer]) {
            return true;
        }
    }
    let header = parse_entry_header(&[text]);
    match (header.title.as_deref(), header.company.as_deref()) {
        (Some(title), Some(company)) => dated_line_holds(&[title, company]),
        _ => false,
    }
}

/// `Bartender, then Lead Bartender (2019)` right under `BROADWAY BOOTS
/// SALOON · 2017 – 2021`: a year in brackets after a title, inside the range
/// of the dated line above, says when the title changed in that job. The
/// line is the job's title without the year, not a job of its own.
fn title_with_a_year_inside_the_job_above<'a>(above: &Classified<'_>, line: &Classified<'a>) -> Option<&'a str> {
    let (job, note) = (above.range?, line.range?);
    let DatePoint::Year(year) = note.start else { return None };
    // The year's bracket opens before it, so the year never starts the line.
    let title = line.text[..note.start_byte].strip_suffix('(')?.trim_end();
    let in_brackets = line.text[note.end_byte..].trim() == ")";
    let first_year = job.start.year();
    let last_year = match job.end {
        RangeEnd::Date(point) => point.year(),
        RangeEnd::Present => u16::MAX,
    };
    (note.end == RangeEnd::Date(note.start)
        && in_brackets
        && job.end != RangeEnd::Date(job.start)
        && (first_year..=last_year).contains(&year)
        && !title.is_empty())
    .then_some(title)
}

/// An employer's line standing alone (a blank line or the section's start
/// above it) one blank line above a dated line that has nothing above it
/// (`Sawtooth Builders Inc. — Boise, ID`, a blank line, then `Senior Project
/// Manager      Jul. 2019 to Present`): the employer of that entry, and,
/// through the promotion rule, of the titles under it.
fn employer_across_a_blank_line(classified: &[Classified<'_>], claimed: &[bool], anchor: usize) -> Option<usize> {
    let employer = anchor.checked_sub(2)?;
    let line = &classified[employer];
    let stands_alone = employer == 0 || classified[employer - 1].kind == Kind::Blank;
    // `Treasure Valley Contractors — Nampa, ID` holds a role word; its place
    // says it is an employer's line all the same.
    let names_an_employer = || {
        let header = parse_entry_header(&[line.text]);
        header.location.is_some() || (header.company.is_some() && header.title.is_none())
    };
    (classified[anchor - 1].kind == Kind::Blank
        && !claimed[employer]
        && line.kind == Kind::Text
        && line.range.is_none()
        && stands_alone
        && is_header_like(line.text)
        && names_an_employer())
    .then_some(employer)
}

/// A title one blank line under a dated employer's line that names no role
/// (`BLUE RIVER COUNTY PUBLIC WORKS — Independence, MO      Jul 2013 – May
/// 2016`, a blank line, then `Engineer I, Traffic Division` over its
/// bullets): the title of that entry, as a title with its own dates there
/// would be the first of a group.
fn title_across_a_blank_line(
    classified: &[Classified<'_>],
    claimed: &[bool],
    anchor: usize,
    own_text: &str,
) -> Option<usize> {
    let title = anchor + 2;
    let line = classified.get(title)?;
    let heads_bullets = classified.get(title + 1).is_some_and(|next| next.kind == Kind::Bullet);
    let shaped_as_a_title = classified[anchor + 1].kind == Kind::Blank
        && !claimed[title]
        && line.kind == Kind::Text
        && line.range.is_none()
        && heads_bullets
        && is_header_like(line.text);
    if !shaped_as_a_title {
        return None;
    }
    let (roles, companies) = role_and_company_scores(line.text);
    let (own_roles, _) = role_and_company_scores(own_text);
    // An employer and its place, as such a line names them; a table's row
    // (dates, title, vessel, company) is not one.
    let own_header = parse_entry_header(&[own_text]);
    let employer_only = own_header.company.is_some() && own_header.location.is_some() && own_roles == 0;
    (employer_only && roles > companies).then_some(title)
}

/// A dated title line alone under an entry (`Customer Success Manager ·
/// Sept 2020 – Dec 2022` after the bullets of `Senior Customer Success
/// Manager` at Lumora) is an earlier role at the same employer: a promotion.
/// Work on one's own account has no employer to share.
fn inherit_employer_of_promotion(entry: &mut ExperienceEntry, previous: &ExperienceEntry) {
    let Some(title) = entry.title.as_deref() else { return };
    let on_own_account = title.split(|character: char| !character.is_alphanumeric() && character != '-').any(|word| {
        ["freelance", "freelancer", "self-employed", "independent", "contract", "contractor", "consultant"]
            .iter()
            .any(|own| word.eq_ignore_ascii_case(own))
    });
    if entry.company.is_some() || on_own_account || previous.company.is_none() {
        return;
    }
    entry.company.clone_from(&previous.company);
    if entry.location.is_none() {
        entry.location.clone_from(&previous.location);
    }
}

/// The line right under a dated header line that completes it: a title
/// under a line that names only the employer (`Riverbend 3PL Services, Olive
/// Branch, MS (Mar 2021 – Now)` then `Logistics Coordinator`), or the
/// employer and place under a title (`Senior Financial Analyst, FP&A   Jan
/// 2022 – Present` then `Halvorsen Brands, Inc. — New York, NY`). A plain
/// highlight is neither: it has no role word where a title is wanted, and no
/// place or company word where an employer is.
fn header_line_below(
    classified: &[Classified<'_>],
    claimed: &[bool],
    anchor: usize,
    header_lines: &[usize],
    own_text: &str,
    own_is_header: bool,
) -> Option<usize> {
    let below = anchor + 1;
    let line = classified.get(below)?;
    let is_free_text = line.kind == Kind::Text && line.range.is_none() && !claimed[below];
    let mut texts: Vec<&str> = header_lines.iter().map(|index| classified[*index].text).collect();
    // The place on the line under a header's dates (`Company`, `Title`,
    // `09/2020 – 04/2022`, then `Kansas City, MO`), when the header has none.
    if is_free_text && header_lines.len() < HEADER_LINES_MAX && is_location(line.text) {
        let place_above = texts.iter().chain([&own_text]).any(|text| parse_entry_header(&[text]).location.is_some());
        if !place_above {
            return Some(below);
        }
    }
    // `General ledger reconciliations, bank reconciliations and monthly`
    // over `for the plant cost centers.`: a highlight whose bullet the PDF
    // drew as a shape, wrapped; no employer's line runs on in lower case.
    let runs_on_in_lower_case = classified.get(below + 1).is_some_and(|next| {
        next.kind == Kind::Text && next.text.trim_start().starts_with(|character: char| character.is_lowercase())
    });
    if !own_is_header
        || header_lines.len() >= HEADER_LINES_MAX
        || claimed[below]
        || line.kind != Kind::Text
        || line.range.is_some()
        || !is_header_like(line.text)
        || runs_on_in_lower_case
    {
        return None;
    }
    texts.push(own_text);
    let header = parse_entry_header_with_anchor(&texts, Some(texts.len() - 1));
    // `Coteau Hills Co-op` names an employer as much as a role: not a title.
    let has_role_title = header.title.as_deref().is_some_and(|title| {
        let (roles, companies) = role_and_company_scores(title);
        roles > companies
    });
    let below_header = parse_entry_header(&[line.text]);
    let (roles_below, companies_below) = role_and_company_scores(line.text);
    let names_a_role = roles_below > 0;
    // `Northwoods Nurse Staffing — De Pere, WI`: a role word inside a
    // company's name, as many as its company words.
    let names_an_employer = (!names_a_role || companies_below >= roles_below)
        && below_header.location.is_some()
        && (below_header.company.is_some() || header.location.is_none());
    // `Treasure Valley Design-Build   Feb 2020 – Present` over `Senior
    // Kitchen & Bath Designer · Boise, ID`: the title and its place under
    // a line that names only the employer.
    let title_and_place_below = below_header.location.is_some() && below_header.company.is_none();
    let completes = (!has_role_title && names_a_role && (below_header.location.is_none() || title_and_place_below))
        || (header.company.is_none() || header.location.is_none()) && names_an_employer
        || (header.company.is_none() && !names_a_role && companies_below > 0);
    completes.then_some(below)
}

/// Adds each highlight line, joining a bullet's wrapped lines back into it: a
/// plain line after a bullet continues it when the bullet has not ended its
/// sentence or the line starts in lower case (`• Built identity systems and
/// design` then `systems in Figma.`), as a narrow PDF column wraps them.
/// `in_highlight` says the last highlight is one whose lines may follow.
fn add_highlights<'a>(
    highlights: &mut Vec<String>,
    lines: impl Iterator<Item = &'a Classified<'a>>,
    in_highlight: bool,
) {
    let mut in_bullet = in_highlight;
    for line in lines {
        match line.kind {
            Kind::Blank => in_bullet = false,
            Kind::Bullet => {
                highlights.push(line.text.to_owned());
                in_bullet = true;
            }
            Kind::Text => {
                let continues = in_bullet
                    && highlights.last().is_some_and(|last| {
                        !last.ends_with(['.', '!', '?']) || line.text.chars().next().is_some_and(char::is_lowercase)
                    });
                match highlights.last_mut() {
                    Some(last) if continues => {
                        last.push(' ');
                        last.push_str(line.text);
                    }
                    _ => highlights.push(line.text.to_owned()),
                }
            }
        }
    }
}

/// The anchor line without its dates (and the brackets or separators
/// around them), and, for a table row (`Title | Company | dates | what was
/// done…`), the cells after the dates, which are highlights.
fn anchor_text(line: &Classified<'_>) -> (String, Vec<String>) {
    let Some(range) = line.range else { return (line.text.to_owned(), Vec::new()) };
    let separators = |character: char| character.is_whitespace() || "([,|·•—–-:)]".contains(character);
    // `Field Technician (Co-op) | 01/2013`: the title keeps its `)`.
    let before_end = without_dot_leader(&line.text[..range.start_byte]).trim_end_matches(separators).len();
    let before = with_closing_bracket(line.text, 0, before_end).trim();
    // `2020 to present. Director of Development, …`: a full stop after the
    // dates parts them from the header as a separator does.
    let after =
        line.text[range.end_byte..].trim_start_matches(|character| separators(character) || character == '.').trim();
    // Its full stop after the place ends the sentence, not the place's name.
    let after = match after.strip_suffix('.') {
        Some(place_ended) if !ends_a_sentence(after) => place_ended,
        _ => after,
    };
    // `March 2022 - Present (4 years 9 months)`, as LinkedIn writes it: the
    // length says nothing the range does not.
    let after = if is_length_of_time(after) { "" } else { after };
    if !after.is_empty() && !is_header_like(after) && line.text.contains(" | ") {
        let highlights = after.split(" · ").map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned).collect();
        return (before.to_owned(), highlights);
    }
    let text = match (before.is_empty(), after.is_empty()) {
        (true, true) => String::new(),
        (false, true) => before.to_owned(),
        (true, false) => after.to_owned(),
        (false, false) => format!("{before} — {after}"),
    };
    (text, Vec::new())
}

/// The text before a line's dates without the leader of dots that runs to
/// them (`Code Enforcement Officer II, City of Narrows Point ..... 2022 -
/// present`). One full stop is left: it may end a name (`Acme Co.`).
fn without_dot_leader(text: &str) -> &str {
    let trimmed = text.trim_end();
    if trimmed.ends_with("..") || trimmed.ends_with('…') {
        trimmed.trim_end_matches(['.', '…', ' '])
    } else {
        text
    }
}

/// `4 years 9 months`, `1 yr 5 mos`, `11 months` (brackets and dots
/// around it allowed): numbers, each followed by a unit of time.
fn is_length_of_time(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|character: char| character.is_whitespace() || matches!(character, '(' | ')' | '·' | ','))
        .filter(|word| !word.is_empty())
        .collect();
    let is_unit = |word: &str| {
        ["year", "years", "yr", "yrs", "month", "months", "mo", "mos"]
            .iter()
            .any(|unit| word.eq_ignore_ascii_case(unit))
    };
    !words.is_empty()
        && words.len().is_multiple_of(2)
        && words.chunks(2).all(|pair| pair[0].bytes().all(|byte| byte.is_ascii_digit()) && is_unit(pair[1]))
}

#[cfg(test)]
mod tests;
