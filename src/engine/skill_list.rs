//! The items of a skills list that the taxonomy does not know. A skills
//! section is the candidate's own list of what they can do, and a reader
//! takes each item as a skill, known or not: `ServiceTitan`, `gas
//! furnaces`, `clienteling`, `Epic Radiant`. The taxonomy cannot hold every
//! trade's tools, so an item it does not name whole is kept as written.
//!
//! An item is what lies between a list's separators (commas, bullets,
//! brackets, bars, a spaced slash or dash, `and`, a run of spaces). A
//! separator inside a name the taxonomy found does not split it
//! (`Research and Development`). An item is an unlisted skill when it holds
//! a word that no found name covers and that is not a qualifier around one
//! (`Advanced Excel`, `Python 3`, `Microsoft Office Suite` name known
//! skills), and when it reads as a name: at most `UNLISTED_SKILL_WORDS_MAX`
//! words, no words of a sentence (`Fluent in Spanish`, `able to lift`), not
//! a proficiency (`native`) and not a group's label (`Clinical Skills`).
//! Names the taxonomy found inside such an item are part of it, not skills
//! of their own (`Oracle Xstore` is not Oracle Database); scoring still
//! finds them there, so a job asking for Epic is met by `Epic Radiant`.

use std::ops::Range;

use super::taxonomy::SkillMention;
use super::text::is_listed;

/// An unlisted skill's name has at most this many words.
pub(crate) const UNLISTED_SKILL_WORDS_MAX: usize = 4;

/// An unlisted skill's name has at most this many bytes.
const UNLISTED_SKILL_BYTES_MAX: usize = 48;

/// Words that qualify a skill rather than name one: a level, a kind of
/// thing (`suite`, `tools`), an adjective of praise. An item whose other
/// words are all known names is those names.
const QUALIFIER_WORDS: &[&str] = &[
    "advanced",
    "basic",
    "basics",
    "intermediate",
    "beginner",
    "expert",
    "expertise",
    "proficient",
    "proficiency",
    "strong",
    "solid",
    "excellent",
    "exceptional",
    "effective",
    "good",
    "great",
    "outstanding",
    "superior",
    "highly",
    "working",
    "knowledge",
    "familiar",
    "familiarity",
    "experienced",
    "experience",
    "skilled",
    "certified",
    "suite",
    "software",
    "tools",
    "tool",
    "platform",
    "programming",
    "language",
    "languages",
    "framework",
    "frameworks",
    "library",
    "libraries",
    "fundamentals",
    "concepts",
    "principles",
    "skills",
    "ms",
    "etc",
    "native",
    "fluent",
    "conversational",
    "bilingual",
    "written",
    "spoken",
    "professional",
    "limited",
    "elementary",
    "full",
    "light",
    "some",
    "exposure",
    "evaluating",
    "learning",
];

/// Words of a sentence, never of a skill's name.
const SENTENCE_WORDS: &[&str] = &[
    "in",
    "of",
    "with",
    "for",
    "to",
    "the",
    "a",
    "an",
    "on",
    "at",
    "by",
    "from",
    "using",
    "including",
    "via",
    "per",
    "as",
    "into",
    "across",
    "over",
    "under",
    "within",
    "i",
    "my",
    "me",
    "we",
    "our",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "who",
    "that",
    "which",
    "and",
    "or",
    "able",
    "years",
    "year",
];

/// The last word of a group's label (`Clinical Skills`, `Software Tools`).
const LABEL_LAST_WORDS: &[&str] =
    &["skills", "competencies", "expertise", "strengths", "proficiencies", "technologies", "tools", "areas"];

/// Words that join two items of a list.
const JOINING_WORDS: &[&str] = &["and", "&", "or"];

/// Byte ranges of `part` (a skills list's line, its group label removed)
/// that name skills the taxonomy does not know, in order. `mentions` are the
/// names the taxonomy found in `part`.
pub(crate) fn unlisted_skill_names(part: &str, mentions: &[SkillMention]) -> Vec<Range<usize>> {
    if part.trim_end().ends_with(':') || is_first_person_prose(part) || is_a_table_header(part) {
        return Vec::new();
    }
    let is_whole_line =
        |range: &Range<usize>| part[..range.start].trim().is_empty() && part[range.end..].trim().is_empty();
    let asides = asides_naming_no_item(part);
    items(part, mentions)
        .into_iter()
        .filter_map(|item| trimmed(part, item))
        .flat_map(|item| names_parted_by_slashes(part, item))
        .filter(|item| !asides.iter().any(|aside| aside.start <= item.start && item.end <= aside.end))
        .filter(|item| names_more_than_its_mentions(&part[item.clone()], item.start, mentions))
        .filter(|item| reads_as_a_name(&part[item.clone()], is_whole_line(item)))
        .collect()
}

/// The header row of a skills table (`Skill    Level    Years`,
/// `Tool | Proficiency | Last used`): every word names a column.
fn is_a_table_header(part: &str) -> bool {
    let mut words = part.split(|character: char| !character.is_alphabetic()).filter(|word| !word.is_empty()).peekable();
    words.peek().is_some() && words.all(|word| is_listed(word, TABLE_HEADER_WORDS))
}

/// The words of a skills table's column names.
const TABLE_HEADER_WORDS: &[&str] = &[
    "skill",
    "skills",
    "tool",
    "tools",
    "technology",
    "technologies",
    "level",
    "proficiency",
    "years",
    "yrs",
    "experience",
    "rating",
    "last",
    "used",
    "category",
    "area",
    "of",
];

/// The names of an item written as names joined by slashes alone
/// (`SRT/MRS`, `BOD/COD`, `VRRP/HSRP`, `KVM/libvirt`), each of two
/// characters or more and not all in lower case (`pick/pack/ship` is one
/// item); any other item as it is. A name the taxonomy knows whole
/// (`TCP/IP`, `CI/CD`) is found before this, as one.
fn names_parted_by_slashes(part: &str, item: Range<usize>) -> Vec<Range<usize>> {
    let text = &part[item.clone()];
    let is_a_name = |name: &str| {
        name.chars().count() >= 2
            && name.chars().all(|character| character.is_alphanumeric() || character == '-')
            && name.chars().any(|character| character.is_uppercase() || character.is_ascii_digit())
    };
    if !text.contains('/') || text.contains(char::is_whitespace) || !text.split('/').all(is_a_name) {
        return vec![item];
    }
    let mut names = Vec::new();
    let mut start = item.start;
    for name in text.split('/') {
        names.push(start..start + name.len());
        start += name.len() + 1;
    }
    names
}

/// A skills section written as sentences about oneself (`Most of my
/// takeoffs happen in Bluebeam Revu…`, `I read architectural, structural and
/// MEP drawings comfortably`): the taxonomy's names count, but the pieces
/// between its commas are no list's items.
fn is_first_person_prose(part: &str) -> bool {
    // A byte at a time: every line of every skills list comes here.
    let mut words = part.as_bytes().split(u8::is_ascii_whitespace).filter(|word| !word.is_empty()).peekable();
    let mut previous: Option<&[u8]> = None;
    while let Some(word) = words.next() {
        match without_marks(word) {
            b"I'm" | b"I've" | b"I'd" | b"my" | b"My" | b"we" | b"We" => return true,
            // `I read` or `and I can`, not `Level I` or `Phase I trials`:
            // the subject of a verb, after no name it would number.
            b"I" => {
                let verb_follows = words.peek().is_some_and(|next| next.first().is_some_and(u8::is_ascii_lowercase));
                let starts_a_clause = previous.is_none_or(|before| {
                    before.first().is_some_and(u8::is_ascii_lowercase)
                        || before.ends_with(b".")
                        || before.ends_with(b";")
                });
                if verb_follows && starts_a_clause {
                    return true;
                }
            }
            _ => {}
        }
        previous = Some(word);
    }
    false
}

/// A word without the ASCII punctuation around it; an apostrophe stays (`I've`).
fn without_marks(word: &[u8]) -> &[u8] {
    let is_mark = |byte: &u8| !byte.is_ascii_alphanumeric() && *byte != b'\'' && byte.is_ascii();
    let start = word.iter().position(|byte| !is_mark(byte)).unwrap_or(word.len());
    let end = word.iter().rposition(|byte| !is_mark(byte)).map_or(start, |last| last + 1);
    &word[start..end.max(start)]
}

/// The insides of brackets written wholly in lower case (`Assembler (read
/// and maintain)`, `Vectorworks (reading drawings)`) or of one letter
/// (`Power Query (M)`): how the item before is used or named, not items of
/// their own. The taxonomy's names in them still count.
fn asides_naming_no_item(part: &str) -> Vec<Range<usize>> {
    let mut asides = Vec::new();
    let mut rest_start = 0;
    while let Some(open) = part[rest_start..].find('(').map(|offset| rest_start + offset) {
        let Some(close) = part[open..].find(')').map(|offset| open + offset) else { break };
        let inside = &part[open + 1..close];
        let in_lower_case = inside.chars().any(char::is_alphabetic)
            && !inside.chars().any(|character| character.is_uppercase() || character.is_ascii_digit());
        // `Power Query (M)`: one letter names no item of its own (a
        // language of one letter the taxonomy knows is still found).
        let one_letter = inside.trim().chars().count() == 1;
        if in_lower_case || one_letter {
            asides.push(open + 1..close);
        }
        rest_start = close + 1;
    }
    asides
}

/// `part` cut at its separators, outside the names the taxonomy found.
fn items(part: &str, mentions: &[SkillMention]) -> Vec<Range<usize>> {
    let inside_a_mention = |at: usize| mentions.iter().any(|mention| mention.start < at && at < mention.end);
    let mut items: Vec<Range<usize>> = Vec::new();
    let mut item_start = 0;
    let mut index = 0;
    while index < part.len() {
        let separator_length = separator_at(part, index);
        if separator_length > 0 && !inside_a_mention(index) {
            let separator = &part[index..index + separator_length];
            if is_listed(separator.trim(), JOINING_WORDS)
                && is_title_case_pair(part, item_start, index + separator_length)
                && !joins_two_known_names(part, item_start, index, index + separator_length, mentions)
            {
                index += separator_length;
                continue;
            }
            items.push(item_start..index);
            index += separator_length;
            item_start = index;
        } else {
            index += part[index..].chars().next().map_or(1, char::len_utf8);
        }
    }
    items.push(item_start..part.len());
    items
}

/// Whether the words on each side of a joining word (from `item_start` to
/// `before_end`, and from `after` to the next separator) are each a name the
/// taxonomy knows whole: `Spanish and Portuguese` is two languages.
fn joins_two_known_names(
    part: &str,
    item_start: usize,
    before_end: usize,
    after: usize,
    mentions: &[SkillMention],
) -> bool {
    let covered = |start: usize, end: usize| {
        let (start, end) = (
            start + (part[start..end].len() - part[start..end].trim_start().len()),
            start + part[start..end].trim_end().len(),
        );
        mentions.iter().any(|mention| mention.start == start && mention.end == end)
    };
    let next_end = (after..part.len())
        .find(|index| part.is_char_boundary(*index) && separator_at(part, *index) > 0)
        .unwrap_or(part.len());
    covered(item_start, before_end) && covered(after, next_end)
}

/// Whether the joining word before byte `after` stands between two
/// capitalised words that are a whole item (`Research and Development`,
/// `Health & Safety`), a name of its own rather than two items. A word with
/// a capital inside is a product's name (`BitLocker and FileVault`).
fn is_title_case_pair(part: &str, item_start: usize, after: usize) -> bool {
    let capitalised = |word: &str| {
        let mut letters = word.chars();
        letters.next().is_some_and(char::is_uppercase) && !letters.any(char::is_uppercase)
    };
    let before: Vec<&str> = part[item_start..after].split_whitespace().collect();
    let next_word = part[after..].split(|character: char| !character.is_alphanumeric()).next().unwrap_or("");
    let word_end = after + next_word.len();
    let next_start = part.len() - part[word_end..].trim_start().len();
    let next_ends_the_item =
        next_start == part.len() || separator_at(part, word_end) > 0 || separator_at(part, next_start) > 0;
    before.len() == 2 && capitalised(before[0]) && capitalised(next_word) && next_ends_the_item
}

/// The length of the separator starting at byte `index` of `part`, or 0.
fn separator_at(part: &str, index: usize) -> usize {
    let rest = &part[index..];
    let Some(character) = rest.chars().next() else { return 0 };
    if matches!(character, ',' | ';' | '|' | '•' | '·' | '(' | ')' | '[' | ']' | '\t' | '●' | '▪' | '◦' | '■')
    {
        return character.len_utf8();
    }
    if rest.starts_with(": ") {
        return 2;
    }
    let after_space = index == 0 || part[..index].ends_with(' ');
    if !after_space {
        return 0;
    }
    if rest.starts_with("  ") {
        return 2;
    }
    let word = rest.split(' ').next().unwrap_or("");
    let followed_by_space = rest.len() > word.len();
    let spaced_mark = matches!(word, "/" | "-" | "–" | "—" | "*" | ">");
    if followed_by_space && (spaced_mark || (index > 0 && is_listed(word, JOINING_WORDS))) {
        return word.len() + 1;
    }
    0
}

/// `item` without the spaces and marks around it, or `None` when nothing is left.
fn trimmed(part: &str, item: Range<usize>) -> Option<Range<usize>> {
    let is_mark = |character: char| {
        character.is_whitespace() || matches!(character, '.' | '-' | '*' | '>' | '"' | '“' | '”' | '‘' | '’' | '\'')
    };
    let text = &part[item.clone()];
    let start = item.start + (text.len() - text.trim_start_matches(is_mark).len());
    let end = item.start + text.trim_end_matches(is_mark).len();
    (start < end).then_some(start..end)
}

/// Whether `item`, starting at byte `offset`, holds a word that neither a
/// found name covers nor qualifies one, or is a phrase of known names
/// (see `is_a_phrase_of_names`).
fn names_more_than_its_mentions(item: &str, offset: usize, mentions: &[SkillMention]) -> bool {
    if is_a_phrase_of_names(item, offset, mentions) {
        return true;
    }
    let covered = |start: usize, end: usize| {
        mentions.iter().any(|mention| mention.start <= offset + start && offset + end <= mention.end)
    };
    let names_a_known_skill = words_with_offsets(item).any(|(start, word)| covered(start, start + word.len()));
    words_with_offsets(item).any(|(start, word)| {
        let is_version = if names_a_known_skill { is_version(word) } else { is_bare_version(word) };
        !covered(start, start + word.len()) && !is_listed(word, QUALIFIER_WORDS) && !is_version
    })
}

/// An item in lower case that two names next to each other make up
/// (`insurance billing`, `frame repairs`), or an acronym and names in lower
/// case (`LTL consolidation`, `CPAP titration`, `ESL instruction`): one
/// thing, the first name saying which kind of the second, not two skills.
/// Names in capitals side by side (`Agile Scrum`) stay two.
fn is_a_phrase_of_names(item: &str, offset: usize, mentions: &[SkillMention]) -> bool {
    let inside: Vec<&SkillMention> =
        mentions.iter().filter(|mention| offset <= mention.start && mention.end <= offset + item.len()).collect();
    let (Some(first), Some(last)) = (inside.first(), inside.last()) else { return false };
    let first_written = &item[first.start - offset..first.end - offset];
    let opens_with_an_acronym =
        !first_written.contains(' ') && first_written.chars().filter(|character| character.is_uppercase()).count() >= 2;
    let after_the_first_letter = item.char_indices().nth(1).map_or("", |(at, _)| &item[at..]);
    let rest = if opens_with_an_acronym { &item[first.end - offset..] } else { after_the_first_letter };
    let rest_in_lower_case = rest.chars().all(|character| !character.is_uppercase());
    inside.len() >= 2
        && first.start == offset
        && last.end == offset + item.len()
        && inside.windows(2).all(|pair| &item[pair[0].end - offset..pair[1].start - offset] == " ")
        && rest_in_lower_case
}

/// A version with nothing it could be the version of: no letters but a
/// leading `v` (`2019`, `v2`, `3.11`). Alone in an item, a word of letters
/// and digits is a name (`H5P`, `X12`, `S3`).
fn is_bare_version(word: &str) -> bool {
    let digits_after = word.strip_prefix(['v', 'V']).unwrap_or(word);
    !digits_after.chars().any(char::is_alphabetic)
}

/// A version or edition (`3`, `365`, `2019`, `v2`, `ES6`): a word with a digit.
fn is_version(word: &str) -> bool {
    word.bytes().any(|byte| byte.is_ascii_digit()) || !word.chars().any(char::is_alphanumeric)
}

/// Whether `item` reads as a skill's name: few words, none of a sentence,
/// not only qualifiers, not a label, not a contact detail, and, when it is a
/// line of its own, not a sub-heading in capitals (`CLINICAL`).
fn reads_as_a_name(item: &str, is_whole_line: bool) -> bool {
    let words: Vec<&str> = item.split_whitespace().collect();
    let Some(last) = words.last() else { return false };
    let starts_a_word = item.chars().next().is_some_and(char::is_alphanumeric);
    let capitals_heading = is_whole_line
        && item.chars().any(char::is_alphabetic)
        && !item.chars().any(char::is_lowercase)
        && (words.len() > 1 || item.len() >= 6);
    starts_a_word
        && words.len() <= UNLISTED_SKILL_WORDS_MAX
        && item.len() <= UNLISTED_SKILL_BYTES_MAX
        && item.chars().any(char::is_alphabetic)
        && !words.iter().enumerate().any(|(position, word)| {
            is_listed(word, SENTENCE_WORDS) && !(words.len() == 3 && position == 1 && is_listed(word, JOINING_WORDS))
        })
        && !words.iter().all(|word| is_listed(word, QUALIFIER_WORDS) || is_bare_version(word))
        && !is_listed(last, LABEL_LAST_WORDS)
        && !item.contains('@')
        && !item.contains("://")
        && !item.contains("www.")
        && !item.contains(".com")
        && !item.contains(".org")
        && !capitals_heading
}

/// The words of `text` with their byte offsets; a slash parts words too
/// (`English/Spanish`).
fn words_with_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|character: char| character.is_whitespace() || character == '/')
        .filter(|word| !word.is_empty())
        .map(move |word| (word.as_ptr() as usize - text.as_ptr() as usize, word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::taxonomy::TAXONOMY;

    // The unknown products in these tests (Zorvex, Qorvex, Qlarion, Brindle)
    // are invented, so that a wider taxonomy never learns them.
    fn unlisted(line: &str) -> Vec<&str> {
        let mentions = TAXONOMY.mentions(line, true);
        unlisted_skill_names(line, &mentions).into_iter().map(|range| &line[range]).collect()
    }

    #[test]
    fn items_the_taxonomy_does_not_know_are_skills_as_written() {
        assert_eq!(unlisted("Zorvex Dispatch, Microsoft Office"), ["Zorvex Dispatch"]);
        assert_eq!(unlisted("Qorvex furnaces, heat pumps, Brindle units"), ["Qorvex furnaces", "Brindle units"]);
        assert_eq!(unlisted("• Customer service and Qorvex audits"), ["Qorvex audits"]);
    }

    #[test]
    fn known_names_with_qualifiers_add_nothing() {
        assert!(unlisted("Advanced Excel, Python 3, Microsoft Office Suite").is_empty());
        assert!(unlisted("SQL | Tableau | Kubernetes").is_empty());
        assert_eq!(unlisted("Research and Development, coaching and hiring"), ["Research and Development", "hiring"]);
    }

    #[test]
    fn known_names_side_by_side_in_lower_case_are_one_item() {
        assert_eq!(unlisted("insurance verification, insurance billing"), ["insurance billing"]);
        assert_eq!(unlisted("Scratch baking; SQL"), ["Scratch baking"]);
        assert_eq!(unlisted("LTL consolidation, SQL"), ["LTL consolidation"]);
        // Names in capitals side by side are each a name of their own.
        assert!(unlisted("Agile Scrum, Python").is_empty());
    }

    #[test]
    fn a_skills_tables_header_row_names_no_item() {
        assert!(unlisted("Skill                  Level          Years").is_empty());
        assert!(unlisted("Tool | Proficiency | Last used").is_empty());
        assert_eq!(unlisted("Zorvex                 Advanced       6"), ["Zorvex"]);
    }

    #[test]
    fn names_joined_by_slashes_alone_are_items_of_their_own() {
        assert_eq!(unlisted("Tree climbing (ZRV/QMX), BOD/QWD"), ["Tree climbing", "ZRV", "QMX", "BOD", "QWD"]);
        assert_eq!(unlisted("zorvex/qorvex, Zorvex / Qorvex units"), ["zorvex/qorvex", "Zorvex", "Qorvex units"]);
    }

    #[test]
    fn two_known_names_joined_by_and_are_two_items() {
        assert!(unlisted("• Cash handling     • Spanish and Portuguese (fluent)").is_empty());
        assert_eq!(
            unlisted("Zorvex and Qorvex, Research and Development"),
            ["Zorvex and Qorvex", "Research and Development"]
        );
        assert_eq!(unlisted("ZorVex and QorVex"), ["ZorVex", "QorVex"]);
    }

    #[test]
    fn a_name_of_letters_and_digits_alone_is_a_name_and_a_bare_number_is_not() {
        assert_eq!(unlisted("Q7X, Zorvex, 2019, v2"), ["Q7X", "Zorvex"]);
        assert!(unlisted("Python 3.11, SQL 2019").is_empty(), "versions of known names");
    }

    #[test]
    fn a_product_line_is_one_name() {
        assert_eq!(unlisted("Epic Qlarion, PACS"), ["Epic Qlarion"]);
    }

    #[test]
    fn sentences_proficiencies_and_labels_are_not_names() {
        assert!(unlisted("Fluent in Spanish; able to lift 50 lb").is_empty());
        assert!(unlisted("English (native), Spanish (conversational), bilingual English/Spanish").is_empty());
        assert!(unlisted("Clinical Skills").is_empty());
        assert!(unlisted("Clinical:").is_empty());
        assert!(unlisted("CLINICAL").is_empty());
        assert!(unlisted(" jo@example.com, https://jo.example.com").is_empty());
        assert!(unlisted("Collaborated closely with product managers across four time zones").is_empty());
    }

    #[test]
    fn a_name_has_at_most_four_words_and_48_bytes() {
        assert_eq!(unlisted("Qorvex pallet dock scheduling"), ["Qorvex pallet dock scheduling"]);
        assert!(unlisted("Qorvex pallet dock door scheduling").is_empty(), "five words");
        assert!(unlisted("Qorvexmultiwarehouse palletisation orchestrations").is_empty(), "over 48 bytes");
    }

    #[test]
    fn a_list_written_as_sentences_about_oneself_has_no_unlisted_items() {
        assert!(unlisted("I read architectural, structural and MEP drawings comfortably").is_empty());
        assert!(unlisted("Most of my takeoffs happen in On-Screen Takeoff, Bluebeam").is_empty());
        assert!(unlisted("Zorvex, and I can run Qlarion").is_empty());
        // A level or a phase is no `I`: the line stays a list.
        assert!(!is_first_person_prose("Zorvex Level I, Qlarion"));
        assert!(!is_first_person_prose("Phase I trials, Qlarion"));
        assert!(unlisted("Zorvex Level I, Qlarion").contains(&"Qlarion"));
        assert_eq!(unlisted("Zorvex Dispatch, Qorvex furnaces"), ["Zorvex Dispatch", "Qorvex furnaces"]);
    }

    #[test]
    fn an_aside_in_lower_case_brackets_is_how_an_item_is_used_not_an_item() {
        assert_eq!(unlisted("Zorvex (read and maintain), Qlarion"), ["Zorvex", "Qlarion"]);
        assert_eq!(unlisted("Brindle Eos (basic programming)"), ["Brindle Eos"]);
        assert_eq!(unlisted("Brindle kits (Zorvex, Qlarion)"), ["Brindle kits", "Zorvex", "Qlarion"]);
        assert_eq!(unlisted("Zorvex Query (M), Qlarion"), ["Zorvex Query", "Qlarion"], "one letter names no item");
    }

    #[test]
    fn brackets_and_bullets_separate_items() {
        assert_eq!(unlisted("MS Excel (pivot tables, Qorvex macros)"), ["Qorvex macros"]);
        assert_eq!(unlisted("- ecobee / Honeywell"), ["ecobee", "Honeywell"]);
    }

    proptest::proptest! {
        #[test]
        fn names_are_parts_of_the_line_on_character_boundaries(
            line in "([A-Za-zÉé&/·•()|,:;\\- ]{0,12}(and|or|&| {2}|\t)?){0,8}"
        ) {
            let mentions = TAXONOMY.mentions(&line, true);
            for range in unlisted_skill_names(&line, &mentions) {
                proptest::prop_assert!(range.start < range.end && range.end <= line.len());
                proptest::prop_assert!(line.is_char_boundary(range.start) && line.is_char_boundary(range.end));
                proptest::prop_assert!(line[range].split_whitespace().count() <= UNLISTED_SKILL_WORDS_MAX);
            }
        }

        #[test]
        fn names_parted_by_slashes_are_the_item_cut_at_its_slashes(
            before in "[a-z ,]{0,6}",
            item in "([A-Za-z0-9É\\-]{0,4}/?){0,4}",
            after in "[a-z ,]{0,6}",
        ) {
            let part = format!("{before}{item}{after}");
            let range = before.len()..before.len() + item.len();
            let names = names_parted_by_slashes(&part, range.clone());
            proptest::prop_assert!(!names.is_empty());
            // In order, inside the item, on character boundaries; between
            // two names, one slash and nothing else.
            for name in &names {
                proptest::prop_assert!(range.start <= name.start && name.end <= range.end && name.start <= name.end);
                proptest::prop_assert!(part.is_char_boundary(name.start) && part.is_char_boundary(name.end));
            }
            for pair in names.windows(2) {
                proptest::prop_assert_eq!(&part[pair[0].end..pair[1].start], "/");
            }
            proptest::prop_assert_eq!(names.first().map(|name| name.start), Some(range.start));
            proptest::prop_assert_eq!(names.last().map(|name| name.end), Some(range.end));
        }
    }
}
