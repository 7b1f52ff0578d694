//! Lines a PDF wrapped are joined again. A PDF holds lines, not paragraphs:
//! where a word processor or typesetter broke a long line at the edge of its
//! column, the parser would see a job header cut in two (`Clinical
//! Pharmacist, Ambulatory Care, Haw River Health` / `Partners — Durham, NC
//! Jul 2017 – Feb 2019`) or a date range split (`Jan 2022` / `– Present`),
//! and read a title without its employer or a job without its end.
//!
//! The rule is the one that broke the line, run backwards: a line was
//! wrapped when the first word of the line under it would not have fitted
//! before the edge of its block. That holds for ragged and justified text
//! alike and needs no list of words. It is applied only where the block
//! shows it wraps (several lines reach near its edge), so a page of short
//! lines, whose longest line alone sets the edge, is left as it is; and
//! never across a wide gap (a right-aligned date ends a line on purpose),
//! to a bullet, to another size of type, or over a gap wider than a line's.

use super::reading_order::{BlockLine, PlacedLine, PlacedWord, WIDE_GAP_IN_SIZES_MIN};

/// Lines of a block that must end near its edge before any of them counts as wrapped.
const WRAPPED_LINES_MIN: usize = 3;
/// How near the edge (in font sizes) a line must end to count towards that.
const NEAR_EDGE_IN_SIZES: f32 = 4.0;
/// The next line's top is at most this many font sizes below the line's:
/// a paragraph's line spacing, not the space before a new paragraph.
const LINE_PITCH_IN_SIZES_MAX: f32 = 1.8;
/// Lines closer than this many font sizes are not two lines of a paragraph
/// (a word set a little lower, a superscript).
const LEADING_IN_SIZES_MIN: f32 = 0.8;
/// How much further than the leading (in font sizes) the next line may lie
/// and still be the same paragraph's: rounding, not paragraph spacing.
const LEADING_TOLERANCE_IN_SIZES: f32 = 0.05;
/// The next line may start this far left or right of the line (a bullet's
/// hanging indent, a paragraph's first-line indent).
const INDENT_IN_SIZES_MAX: f32 = 2.5;
/// A word space, in font sizes: the least a wrapped word needed beside its width.
const WORD_SPACE_IN_SIZES: f32 = 0.2;
/// How much shorter than a greedy break (in font sizes) a line may end and
/// still have been wrapped, where the producer breaks a paragraph as a whole.
const BALANCING_IN_SIZES: f32 = 2.0;

/// How the producer broke its lines. Word processors and browsers break
/// greedily: a line ends only where its next word would not fit. Typst and
/// TeX break a paragraph as a whole and move a word down to even the lines
/// out, so their wrapped lines may end a little shorter than that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineBreaking {
    Greedy,
    WholeParagraph,
}

impl LineBreaking {
    /// The breaking of a PDF made by `producer` (its `Creator` or `Producer`).
    /// Words, not substrings: `pdfTeX`, `LuaTeX`, `XeTeX`, `LaTeX` and
    /// `Typst 0.15.1` break whole paragraphs; macOS's `Quartz PDFContext`
    /// does not, though it holds `tex`.
    pub fn of_producer(producer: &str) -> LineBreaking {
        let typesets = producer.split(|character: char| !character.is_ascii_alphanumeric()).any(|word| {
            let lowered = word.to_ascii_lowercase();
            lowered == "typst" || lowered.ends_with("tex")
        });
        if typesets {
            LineBreaking::WholeParagraph
        } else {
            LineBreaking::Greedy
        }
    }

    fn balancing_in_sizes(self) -> f32 {
        match self {
            LineBreaking::Greedy => 0.0,
            LineBreaking::WholeParagraph => BALANCING_IN_SIZES,
        }
    }
}
/// First characters of a list item: a line that starts with one begins anew.
const BULLETS: &[char] = &['•', '·', '▪', '◦', '‣', '●', '○', '■', '□', '-', '*', '\u{f0b7}', '\u{f0a7}'];

/// The lines of one page with every wrapped line joined to the one it continues.
pub fn join_wrapped_lines(lines: Vec<BlockLine>, line_breaking: LineBreaking) -> Vec<PlacedLine> {
    let wrap_edges: Vec<WrapEdge> = block_edges_that_wrap(&lines);
    let leadings = leadings(&lines);
    let mut joined: Vec<BlockLine> = Vec::with_capacity(lines.len());
    for line in lines {
        if line.words.is_empty() {
            continue;
        }
        let wrap_edge = |previous: &BlockLine| {
            wrap_edges.iter().find(|edge| edge.block_right == previous.block_right).map(|edge| edge.right)
        };
        match joined.last_mut() {
            Some(previous)
                if wrap_edge(previous).is_some_and(|edge| continues(previous, &line, edge, line_breaking))
                    && (at_leading(previous, &line, &leadings) || cuts_a_date(previous, &line)) =>
            {
                append(&mut previous.words, line.words);
            }
            _ => joined.push(line),
        }
    }
    joined.into_iter().map(|line| line.words).collect()
}

/// A block's leading for a size of type: the least distance between the tops
/// of two of its lines in that size, so the distance inside a paragraph;
/// between paragraphs the space between them adds to it.
struct Leading {
    block_right: f32,
    size: f32,
    pitch: f32,
}

fn leadings(lines: &[BlockLine]) -> Vec<Leading> {
    let mut leadings: Vec<Leading> = Vec::new();
    for pair in lines.windows(2) {
        let (Some(upper), Some(lower)) = (pair[0].words.first(), pair[1].words.first()) else { continue };
        let size = upper.font_size.max(1.0);
        let pitch = lower.top - upper.top;
        let comparable = pair[0].block_right == pair[1].block_right && (lower.font_size - upper.font_size).abs() <= 0.5;
        if !comparable || pitch < LEADING_IN_SIZES_MIN * size || pitch > LINE_PITCH_IN_SIZES_MAX * size {
            continue;
        }
        match leadings
            .iter_mut()
            .find(|leading| leading.block_right == pair[0].block_right && (leading.size - size).abs() <= 0.5)
        {
            Some(leading) => leading.pitch = leading.pitch.min(pitch),
            None => leadings.push(Leading { block_right: pair[0].block_right, size, pitch }),
        }
    }
    leadings
}

/// `next` lies one leading under the last line of `line`, not further: the
/// space between two paragraphs, however small, parts them.
fn at_leading(line: &BlockLine, next: &BlockLine, leadings: &[Leading]) -> bool {
    let (Some(last), Some(first)) = (line.words.last(), next.words.first()) else { return false };
    let size = last.font_size.max(1.0);
    let pitch = first.top - last.top;
    leadings
        .iter()
        .find(|leading| leading.block_right == line.block_right && (leading.size - size).abs() <= 0.5)
        .is_none_or(|leading| pitch <= leading.pitch + LEADING_TOLERANCE_IN_SIZES * size)
}

/// Where the text of a block wraps: the furthest right that enough of its
/// lines end near. It is the block's own edge on most pages, but not where
/// one line runs further than the column the rest wrap in (a contact line
/// set across the page above a newspaper column that did not part into
/// two, since the other column is short).
struct WrapEdge {
    block_right: f32,
    right: f32,
}

/// The wrap edge of each block where enough lines end near one to show that text wraps there.
fn block_edges_that_wrap(lines: &[BlockLine]) -> Vec<WrapEdge> {
    let mut blocks: Vec<(f32, Vec<(f32, f32)>)> = Vec::new();
    for line in lines {
        let Some(last) = line.words.last() else { continue };
        let end = (last.right, last.font_size.max(1.0));
        match blocks.iter_mut().find(|(block_right, _)| *block_right == line.block_right) {
            Some((_, ends)) => ends.push(end),
            None => blocks.push((line.block_right, vec![end])),
        }
    }
    blocks
        .into_iter()
        .filter_map(|(block_right, mut ends)| {
            ends.sort_by(|first, second| second.0.total_cmp(&first.0));
            let right = ends.iter().find_map(|&(edge, size)| {
                let near = ends.iter().filter(|(right, _)| *right <= edge && edge - right <= NEAR_EDGE_IN_SIZES * size);
                (near.count() >= WRAPPED_LINES_MIN).then_some(edge)
            })?;
            Some(WrapEdge { block_right, right })
        })
        .collect()
}

/// Whether `next` is the rest of `line`, which the edge its block wraps at (`edge`) cut.
fn continues(line: &BlockLine, next: &BlockLine, edge: f32, line_breaking: LineBreaking) -> bool {
    let (Some(first), Some(last)) = (next.words.first(), line.words.last()) else { return false };
    // Lines already joined: spacing and indent are measured from the last of them.
    let line_first = last_physical_line_start(&line.words);
    let size = last.font_size.max(1.0);
    let same_block = next.block_right == line.block_right;
    let same_size = (first.font_size - last.font_size).abs() <= 0.5;
    let pitch = first.top - last.top;
    let next_line_down = pitch > 0.5 * size && pitch <= LINE_PITCH_IN_SIZES_MAX * size;
    let aligned = (first.left - line_first.left).abs() <= INDENT_IN_SIZES_MAX * size;
    let starts_an_item = first.text.starts_with(BULLETS);
    let has_wide_gap = line.words.windows(2).any(|pair| pair[1].left - pair[0].right > WIDE_GAP_IN_SIZES_MIN * size);
    let first_word_width = first.right - first.left;
    // A line that ends beyond the edge was not cut by it, nor is a line
    // that runs beyond it the rest of one that was.
    let within_edge = last.right <= edge + 0.5 && next.words.last().is_some_and(|word| word.right <= edge + 0.5);
    let end_with_next_word = last.right + WORD_SPACE_IN_SIZES * size + first_word_width;
    // Only a greedy break is taken after a full stop, even an abbreviation's
    // (`… with HR and IT.` over the next employer's line).
    let balancing = if last.text.ends_with('.') { 0.0 } else { line_breaking.balancing_in_sizes() };
    // `NADIA FERREIRA-LOCKE` over `SCENIC CHARGE ARTIST`: a name over a
    // headline, both in capitals, on a page of short lines (a sidebar) whose
    // edge is guessed short. Capitals over capitals is a stack of titles.
    let capitals_over_capitals = is_in_capitals(&line.words) && is_in_capitals(&next.words);
    let would_not_fit = within_edge && end_with_next_word > edge + 0.5 - balancing * size && !capitals_over_capitals;
    same_block
        && same_size
        && next_line_down
        && aligned
        && !starts_an_item
        && (would_not_fit && !has_wide_gap
            || ends_open(&last.text)
            || goes_on_with_a_range(&last.text, &first.text)
            || goes_on_with_its_year(&last.text, &first.text))
        // A year ending a line ends a header, not a sentence that goes on in
        // lower case (`… that won a 2023` / `regional magazine award.`).
        && (!ends_with_a_date(&last.text) || is_range_separator(&first.text) || first.text.starts_with(char::is_lowercase))
        // A dash under a line whose range is closed starts a list item
        // (typst's `–`), not the rest of the range.
        && !(ends_a_closed_range(&line.words) && first.text.starts_with(['–', '—', '-']))
        && !ends_a_sentence(&last.text)
        && (!is_address(&first.text) || is_address(&last.text))
}

/// Whether a line's letters are all capitals (at least two of them).
fn is_in_capitals(words: &[PlacedWord]) -> bool {
    let mut letters = words.iter().flat_map(|word| word.text.chars()).filter(|character| character.is_alphabetic());
    letters.clone().nth(1).is_some() && letters.all(char::is_uppercase)
}

/// A line that ends in a year or `Present` ends an entry (`… — B.S., 2013 –
/// 2015`), unless the next line goes on with the range. A month and year in
/// digits (`03/2019`) ends in a year too.
fn ends_with_a_date(word: &str) -> bool {
    let word = word.trim_end_matches([',', '.', ';', ')']);
    let year = word.rsplit('/').next().unwrap_or(word);
    let month_before =
        word.len() == year.len() || word[..word.len() - year.len() - 1].bytes().all(|byte| byte.is_ascii_digit());
    let is_year = year.len() == 4
        && year.bytes().all(|byte| byte.is_ascii_digit())
        && (year.starts_with("19") || year.starts_with("20"))
        && month_before;
    is_year || ["present", "current", "now", "today"].iter().any(|end| word.eq_ignore_ascii_case(end))
}

/// Whether a line ends in a whole range (`06/2017 to 03/2019`, `2019 –
/// Present`): a date, a range's separator two or three words before it.
fn ends_a_closed_range(words: &[PlacedWord]) -> bool {
    let Some((last, before)) = words.split_last() else { return false };
    ends_with_a_date(&last.text) && before.iter().rev().take(3).any(|word| is_range_separator(&word.text))
}

/// A line whose last word ends a sentence (`… the state meeting.`) may
/// have ended its paragraph, with a heading under it in the same type
/// (`EDUCATION:`). Joining the next sentence of a paragraph gains little;
/// joining a heading loses the section, so such a line ends. An
/// abbreviation (`Inc.`, `Mar.`, `B.S.`) does not end a sentence.
fn ends_a_sentence(word: &str) -> bool {
    let Some(body) = word.strip_suffix(['.', '!', '?', ':']) else { return false };
    // `92%.`, `2.` and `on it.` end sentences: a short abbreviation is
    // a capitalised word of letters (`Inc.`, `Mar.`), or `vs.`.
    let short_abbreviation = body.chars().count() <= 3
        && body.chars().all(char::is_alphabetic)
        && (body.starts_with(char::is_uppercase) || body == "vs");
    let abbreviation = short_abbreviation || body.contains('.');
    word.ends_with(['!', '?', ':']) || !abbreviation
}

/// A line that ends in a dash (`Jul 2016 –`) has not ended, whatever would
/// have fitted, and even where its dates stand right-aligned.
fn ends_open(word: &str) -> bool {
    matches!(word, "-" | "–" | "—")
}

/// A line whose next begins with a dash that ends a range (`(2014` / `– 2018)`)
/// goes on there: an en or em dash after a number opens no list.
fn goes_on_with_a_range(last: &str, first: &str) -> bool {
    matches!(first, "–" | "—") && last.ends_with(|character: char| character.is_ascii_digit())
}

/// `line` ends in a month's name and `next` begins with its year: one date,
/// however far apart a taller line of dates set them.
fn cuts_a_date(line: &BlockLine, next: &BlockLine) -> bool {
    let (Some(last), Some(first)) = (line.words.last(), next.words.first()) else { return false };
    goes_on_with_its_year(&last.text, &first.text)
}

/// A line that ends in a month's name whose next begins with a year
/// (`August 2015 – December` / `2017`): a date the edge cut, even after a
/// tab, as a right-aligned range too long for its line is.
fn goes_on_with_its_year(last: &str, first: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let month = last.trim_end_matches('.');
    let is_month = month.len() >= 3
        && MONTHS.iter().any(|name| {
            name.len() >= month.len() && name.as_bytes()[..month.len()].eq_ignore_ascii_case(month.as_bytes())
        });
    let year = first.trim_end_matches([',', '.', ';', ')']);
    is_month
        && year.len() == 4
        && year.bytes().all(|byte| byte.is_ascii_digit())
        && (year.starts_with("19") || year.starts_with("20"))
}

fn is_range_separator(word: &str) -> bool {
    matches!(word, "-" | "–" | "—" | "to") || word.starts_with(['–', '—'])
}

/// An email, a web address or a phone number in international form: in a
/// contact block each is an item of its own line.
fn is_address(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let domain_with_path = lower.split_once('/').is_some_and(|(host, _)| {
        host.rsplit_once('.').is_some_and(|(name, top)| {
            !name.is_empty() && top.len() >= 2 && top.bytes().all(|byte| byte.is_ascii_alphabetic())
        })
    });
    lower.contains('@')
        || lower.starts_with("http")
        || lower.starts_with("www.")
        || domain_with_path
        || (lower.starts_with('+') && lower[1..].starts_with(|character: char| character.is_ascii_digit()))
}

/// The first word of the last line that went into `words`: where the words
/// step back to the left, a new line began.
fn last_physical_line_start(words: &PlacedLine) -> &PlacedWord {
    let start = words.windows(2).rposition(|pair| pair[1].left < pair[0].left).map_or(0, |index| index + 1);
    &words[start]
}

/// `next`'s words after `words`. A word broken at its hyphen (`data-` /
/// `driven`) becomes one word again, and so does an address broken where
/// it met the edge (`jane@example.co` / `m`).
fn append(words: &mut PlacedLine, mut next: PlacedLine) {
    let continues_lower_case =
        next[0].text.starts_with(|character: char| character.is_lowercase()) && !is_address(&next[0].text);
    let broken_word = words.last().is_some_and(|last| {
        let mut characters = last.text.chars().rev();
        let broken_at_hyphen = characters.next() == Some('-') && characters.next().is_some_and(char::is_alphabetic);
        let address_goes_on =
            last.text.ends_with(|character: char| character.is_alphanumeric() || "./-_".contains(character));
        broken_at_hyphen || (is_address(&last.text) && address_goes_on)
    }) && continues_lower_case;
    if broken_word {
        let head = words.pop().expect("the broken word");
        next[0].text.insert_str(0, &head.text);
        next[0].left = head.left;
    }
    words.extend(next);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::reading_order::{line_text, placed_words};

    /// Words of `text` from `left` on the line at `top`, 5 pt per character and a 2.5 pt space, size 10.
    fn line(text: &str, left: f32, top: f32, block_right: f32) -> BlockLine {
        let words = placed_words(text, left, top, 5.0);
        BlockLine { words, block_right }
    }

    fn texts(lines: Vec<BlockLine>) -> Vec<String> {
        join_wrapped_lines(lines, LineBreaking::Greedy).iter().map(line_text).collect()
    }

    /// The right edge of the tests' column.
    const EDGE: f32 = 290.0;

    /// Three lines that end near the edge: the block wraps.
    fn wrapping_paragraph(top: f32) -> Vec<BlockLine> {
        vec![
            line("Ran an anticoagulation clinic of 220 patients under a", 40.0, top, EDGE),
            line("collaborative practice agreement with the physicians", 40.0, top + 12.0, EDGE),
            line("and pharmacists of the clinic, with time in range at", 40.0, top + 24.0, EDGE),
            line("seventy-two percent.", 40.0, top + 36.0, EDGE),
        ]
    }

    const PARAGRAPH: &str = "Ran an anticoagulation clinic of 220 patients under a collaborative practice agreement \
        with the physicians and pharmacists of the clinic, with time in range at seventy-two percent.";

    #[test]
    fn a_header_cut_at_the_edge_of_its_column_is_one_line_again() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("Clinical Pharmacist, Ambulatory Care, Haw River", 40.0, 60.0, EDGE));
        lines.push(line("Health Partners — Durham, NC Jul 2017 – Feb 2019", 40.0, 72.0, EDGE));
        let texts = texts(lines);
        assert_eq!(texts[0], PARAGRAPH);
        assert_eq!(
            texts[1],
            "Clinical Pharmacist, Ambulatory Care, Haw River Health Partners — Durham, NC Jul 2017 – Feb 2019"
        );
        assert_eq!(texts.len(), 2);
    }

    #[test]
    fn a_name_over_a_headline_in_capitals_is_two_lines_where_the_edge_is_short() {
        let mut lines = wrapping_paragraph(0.0);
        // The wrapping paragraph's edge is 290: the name and the headline's
        // first word would not fit on one line there.
        lines.insert(0, line("NADIA FERREIRA-LOCKE AND HER TEAM OF PAINTERS ALL", 40.0, -36.0, EDGE));
        lines.insert(1, line("SCENIC CHARGE ARTIST", 40.0, -24.0, EDGE));
        let texts = texts(lines);
        assert_eq!(texts[0], "NADIA FERREIRA-LOCKE AND HER TEAM OF PAINTERS ALL");
        assert_eq!(texts[1], "SCENIC CHARGE ARTIST");
        assert_eq!(texts[2], PARAGRAPH);
    }

    #[test]
    fn a_column_narrower_than_one_line_above_it_wraps_at_its_own_edge() {
        // The contact line runs to 400; the column under it wraps at 290.
        let wide = 400.0;
        let mut lines =
            vec![line("Sacramento, CA 95816 · 916-555-0172 · someone@example.com and more", 40.0, -24.0, wide)];
        lines.extend(
            wrapping_paragraph(0.0).into_iter().map(|paragraph_line| BlockLine { block_right: wide, ..paragraph_line }),
        );
        lines.push(line("Senior Systems Administrator at Delta Valley", 40.0, 60.0, wide));
        lines.push(line("Irrigation District, Sacramento, CA 2021 – Present", 40.0, 72.0, wide));
        let texts = texts(lines);
        assert_eq!(texts[1], PARAGRAPH);
        assert_eq!(
            texts[2],
            "Senior Systems Administrator at Delta Valley Irrigation District, Sacramento, CA 2021 – Present"
        );
        assert_eq!(texts.len(), 3, "the line wider than the column is no wrapped line: {texts:?}");
    }

    #[test]
    fn a_right_aligned_range_cut_between_its_month_and_year_is_one_line_again() {
        let mut lines = wrapping_paragraph(0.0);
        let mut header = line("Gulf Coast University", 40.0, 60.0, EDGE);
        header.words.extend(line("August 2015 – December", 185.0, 60.0, EDGE).words);
        lines.push(header);
        lines.push(line("2017", 40.0, 72.0, EDGE));
        lines.push(line("Graduate Research Assistant", 40.0, 84.0, EDGE));
        let texts = texts(lines);
        assert!(texts[1].ends_with("August 2015 – December 2017"), "{texts:?}");
        assert_eq!(texts[2], "Graduate Research Assistant");
    }

    #[test]
    fn a_sentence_cut_after_a_year_goes_on_in_lower_case() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("Edited a series on the Chicago River that won a 2023", 40.0, 60.0, EDGE));
        lines.push(line("regional magazine award.", 40.0, 72.0, EDGE));
        lines.push(line("Senior Editor, Prairie State Living, 2016 – 2020", 40.0, 96.0, EDGE));
        lines.push(line("Edited the front-of-book section.", 40.0, 108.0, EDGE));
        let texts = texts(lines);
        assert_eq!(texts[1], "Edited a series on the Chicago River that won a 2023 regional magazine award.");
        assert_eq!(texts[2], "Senior Editor, Prairie State Living, 2016 – 2020", "a header's year ends it: {texts:?}");
    }

    #[test]
    fn typesetters_that_break_whole_paragraphs_are_told_from_word_processors() {
        assert_eq!(LineBreaking::of_producer("Typst 0.15.1"), LineBreaking::WholeParagraph);
        assert_eq!(LineBreaking::of_producer("LaTeX with hyperref pdfTeX-1.40.25"), LineBreaking::WholeParagraph);
        assert_eq!(LineBreaking::of_producer("Writer LibreOffice 7.4"), LineBreaking::Greedy);
        assert_eq!(LineBreaking::of_producer("Pages Mac OS X 10.15.7 Quartz PDFContext"), LineBreaking::Greedy);
        assert_eq!(LineBreaking::of_producer("XeTeX output 2024.03.01"), LineBreaking::WholeParagraph);
        assert_eq!(LineBreaking::of_producer("Microsoft® Word for Microsoft 365"), LineBreaking::Greedy);
        assert_eq!(LineBreaking::of_producer(""), LineBreaking::Greedy);
    }

    #[test]
    fn a_paragraph_broken_whole_may_end_a_wrapped_line_short_of_a_greedy_break() {
        // `Schools` would have fitted after `Public` by 16 pt: a greedy
        // break would not have wrapped there, a balancing one may have.
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("Sandia Vista Elementary, Rio Grande Public", 40.0, 60.0, EDGE));
        lines.push(line("Schools — Albuquerque, NM", 40.0, 72.0, EDGE));
        let joined =
            |line_breaking| join_wrapped_lines(lines.clone(), line_breaking).iter().map(line_text).collect::<Vec<_>>();
        assert_eq!(joined(LineBreaking::Greedy).len(), 3);
        let mut after_a_full_stop = wrapping_paragraph(0.0);
        after_a_full_stop.push(line("Coordinate the onboarding with HR and the IT.", 40.0, 60.0, EDGE));
        after_a_full_stop.push(line("Capitol Qorvex Group, Sacramento, CA", 40.0, 72.0, EDGE));
        let texts_after_a_full_stop: Vec<String> =
            join_wrapped_lines(after_a_full_stop, LineBreaking::WholeParagraph).iter().map(line_text).collect();
        assert_eq!(texts_after_a_full_stop.len(), 3, "{texts_after_a_full_stop:?}");
        assert_eq!(
            joined(LineBreaking::WholeParagraph)[1],
            "Sandia Vista Elementary, Rio Grande Public Schools — Albuquerque, NM"
        );
    }

    #[test]
    fn a_line_that_stopped_where_the_next_word_would_have_fitted_was_not_wrapped() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("Staff Pharmacist", 40.0, 60.0, EDGE));
        lines.push(line("Oakhaven Community Pharmacy", 40.0, 72.0, EDGE));
        assert_eq!(&texts(lines)[1..], ["Staff Pharmacist", "Oakhaven Community Pharmacy"]);
    }

    #[test]
    fn a_page_whose_lines_do_not_reach_an_edge_is_left_line_by_line() {
        // The longest line sets the edge, and alone it shows no wrapping.
        let lines = vec![
            line("Clinical Pharmacist, Ambulatory Care, Haw River", 40.0, 0.0, 262.5),
            line("Health Partners — Durham, NC", 40.0, 12.0, 262.5),
            line("Email: a@example.com", 40.0, 24.0, 262.5),
        ];
        assert_eq!(texts(lines).len(), 3);
    }

    #[test]
    fn bullets_wide_gaps_other_sizes_and_new_paragraphs_are_not_continuations() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("• Managed three pharmacists and nine people in", 40.0, 60.0, EDGE));
        lines.push(line("• Launched a chronic care management program", 40.0, 72.0, EDGE));
        // A title with its dates right-aligned, and the place under it.
        let mut right_aligned = line("Pharmacy Manager", 40.0, 100.0, EDGE);
        right_aligned.words.extend(line("Jan 2022 – Present", 200.0, 100.0, EDGE).words);
        lines.push(right_aligned);
        lines.push(line("Raleigh", 40.0, 112.0, EDGE));
        // A new paragraph further down than a line's spacing.
        lines.push(line("Education and training and more words here at", 40.0, 140.0, EDGE));
        lines.push(line("Pharmacology", 40.0, 170.0, EDGE));
        // A heading in larger type.
        lines.push(line("Certifications and licences held in good standing", 40.0, 190.0, EDGE));
        let mut heading = line("CERTIFICATIONS", 40.0, 202.0, EDGE);
        heading.words[0].font_size = 14.0;
        lines.push(heading);
        let texts = texts(lines);
        assert_eq!(texts.len(), 9, "{texts:#?}");
    }

    #[test]
    fn a_heading_after_a_sentence_ending_in_a_figure_and_a_dash_bullet_after_a_closed_range_start_anew() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("I walk clients through claims. Retention is above 92%.", 40.0, 60.0, EDGE));
        lines.push(line("EXPERIENCE", 40.0, 72.0, EDGE));
        lines.push(line("Granite Ledge Agency, Manchester, NH — 06/2017 to 03/2019", 40.0, 100.0, EDGE));
        lines.push(line("– Quoted and bound new auto policies and called on it.", 40.0, 112.0, EDGE));
        lines.push(line("INBOUND SALES REPRESENTATIVE", 40.0, 124.0, EDGE));
        let texts = texts(lines);
        assert_eq!(
            &texts[texts.len() - 5..],
            [
                "I walk clients through claims. Retention is above 92%.",
                "EXPERIENCE",
                "Granite Ledge Agency, Manchester, NH — 06/2017 to 03/2019",
                "– Quoted and bound new auto policies and called on it.",
                "INBOUND SALES REPRESENTATIVE",
            ]
        );
    }

    #[test]
    fn an_entry_that_ends_in_its_dates_and_an_address_on_the_next_line_start_anew() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("Tar River State University — BSEE, 2013 – 2015", 40.0, 60.0, EDGE));
        lines.push(line("Tidewater Community College — A.A.S., 2011", 40.0, 72.0, EDGE));
        lines.push(line("Clinical Pharmacist, Oakhaven Pharmacy Inc, Jul 2017", 40.0, 100.0, EDGE));
        lines.push(line("– Feb 2019", 40.0, 112.0, EDGE));
        lines.push(line("Pharmacy Resident, Cardinal Ridge, Jul 2016 –", 40.0, 130.0, EDGE));
        lines.push(line("Jun 2017", 40.0, 142.0, EDGE));
        let mut right_aligned_open = line("Pharmacy Manager", 40.0, 160.0, EDGE);
        right_aligned_open.words.extend(line("Jan 2022 –", 240.0, 160.0, EDGE).words);
        lines.push(right_aligned_open);
        lines.push(line("Present", 40.0, 172.0, EDGE));
        lines.push(line("Lakemont College — B.A. (2014", 40.0, 190.0, EDGE));
        lines.push(line("– 2018)", 40.0, 202.0, EDGE));
        lines.push(line("Seattle, WA, United States of America, West Coast", 40.0, 220.0, EDGE));
        lines.push(line("linkedin.com/in/wenli-ds", 40.0, 232.0, EDGE));
        let texts = texts(lines);
        assert_eq!(
            &texts[1..],
            [
                "Tar River State University — BSEE, 2013 – 2015",
                "Tidewater Community College — A.A.S., 2011",
                "Clinical Pharmacist, Oakhaven Pharmacy Inc, Jul 2017 – Feb 2019",
                "Pharmacy Resident, Cardinal Ridge, Jul 2016 – Jun 2017",
                "Pharmacy Manager | Jan 2022 – Present",
                "Lakemont College — B.A. (2014 – 2018)",
                "Seattle, WA, United States of America, West Coast",
                "linkedin.com/in/wenli-ds",
            ]
        );
    }

    #[test]
    fn lines_one_leading_apart_join_and_paragraphs_a_point_further_apart_do_not() {
        let mut lines = wrapping_paragraph(0.0);
        // Paragraphs 13 pt apart, where the paragraph's lines are 12 pt apart.
        lines.push(line("Certificate in Paralegal Studies (ABA-approved)", 40.0, 49.0, EDGE));
        lines.push(line("Riverbend Community College, 2016", 40.0, 62.0, EDGE));
        assert_eq!(
            &texts(lines)[1..],
            ["Certificate in Paralegal Studies (ABA-approved)", "Riverbend Community College, 2016"]
        );
    }

    #[test]
    fn a_line_that_ends_a_sentence_ends_before_a_heading_in_the_same_type() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("• Presented the residency project at the meeting.", 40.0, 60.0, EDGE));
        lines.push(line("EDUCATION:", 40.0, 72.0, EDGE));
        lines.push(line("Staff Pharmacist at Oakhaven Community Pharmacy, Inc.", 40.0, 100.0, EDGE));
        lines.push(line("Raleigh, NC", 40.0, 112.0, EDGE));
        let texts = texts(lines);
        assert_eq!(
            &texts[1..],
            [
                "• Presented the residency project at the meeting.",
                "EDUCATION:",
                "Staff Pharmacist at Oakhaven Community Pharmacy, Inc. Raleigh, NC"
            ]
        );
    }

    #[test]
    fn an_address_broken_at_the_edge_is_one_word_again() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("Phone +1 919.555.0145, email kwame.asante@example.co", 40.0, 60.0, EDGE));
        lines.push(line("m", 40.0, 72.0, EDGE));
        lines.push(line("Profiles: www.example.com/portfolio/kwame-asante", 40.0, 100.0, EDGE));
        lines.push(line("github.com/kwame", 40.0, 112.0, EDGE));
        lines.push(line("Portfolio and profiles on the web: www.behance.", 40.0, 140.0, EDGE));
        lines.push(line("net/kwame", 40.0, 152.0, EDGE));
        let texts = texts(lines);
        assert_eq!(texts[1], "Phone +1 919.555.0145, email kwame.asante@example.com");
        assert_eq!(
            texts[2], "Profiles: www.example.com/portfolio/kwame-asante github.com/kwame",
            "two addresses stay two words"
        );
        assert_eq!(texts[3], "Portfolio and profiles on the web: www.behance.net/kwame");
    }

    #[test]
    fn a_wrapped_bullet_continues_at_its_hanging_indent_and_a_hyphen_break_is_mended() {
        let mut lines = wrapping_paragraph(0.0);
        lines.push(line("• Built dashboards and reports for the whole data-", 40.0, 60.0, EDGE));
        lines.push(line("driven planning team", 47.0, 72.0, EDGE));
        assert_eq!(texts(lines)[1], "• Built dashboards and reports for the whole data-driven planning team");
    }
}
