//! Reading order from positions: words placed on a page become lines in the
//! order a person reads them. A two-column page must come out as one column
//! after the other, never interleaved line by line.
//!
//! Columns are found by their gutter: a vertical strip that almost no word
//! crosses. In a one-column resume, body lines run to the right margin and
//! cross any candidate strip (even where dates are right-aligned), so no
//! gutter qualifies. In a two-column resume only full-width lines (the name
//! at the top, a footer) cross it. Those stay where they are, and between two
//! of them the left column is read before the right one.

/// A word and its box, in points from the top-left corner of its page.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedWord {
    pub text: String,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
    pub font_size: f32,
    /// The producer set the word apart from the one before it by position
    /// alone, where its spaces are glyphs: after a tab, whatever the gap.
    pub set_apart: bool,
}

/// A line in reading order: its words left to right.
pub type PlacedLine = Vec<PlacedWord>;

/// How far apart (in points) two rows' edges may be and still be set flush:
/// rounding, not the width of a character.
const FLUSH_TOLERANCE: f32 = 1.0;
/// Narrowest strip that counts as a gutter, in points.
const GUTTER_WIDTH_MIN: f32 = 6.0;
/// Gutters are looked for between these fractions of the text's width.
const GUTTER_SEARCH_FROM: f32 = 0.15;
const GUTTER_SEARCH_TO: f32 = 0.85;
/// At most this share of the lines may cross a gutter (full-width lines).
const CROSSING_SHARE_MAX: f32 = 0.12;
/// Each column holds at least this many words…
const COLUMN_WORDS_MIN: usize = 10;
/// …spans at least this share of the text's height…
const COLUMN_HEIGHT_SHARE_MIN: f32 = 0.05;
/// …in at least this many rows…
const COLUMN_ROWS_MIN: usize = 3;
/// …whose median distance is at most this many font sizes.
const ROW_STEP_IN_SIZES_MAX: f32 = 2.5;

/// A line in reading order, with the right edge of the text it is set in:
/// its column's, or the page's where there are no columns. Where a line
/// stopped short of that edge tells whether it was wrapped (`paragraphs`).
#[derive(Clone, Debug, PartialEq)]
pub struct BlockLine {
    pub words: PlacedLine,
    pub block_right: f32,
}

/// A gap between words wider than this many font sizes parts a line in two
/// (` | `): a tab stop or right alignment, which ends a line on purpose…
pub(super) const WIDE_GAP_IN_SIZES_MIN: f32 = 3.0;
/// …and one wider than this, a column gap (three spaces). Word spaces, even
/// in justified lines, stay under it on the labelled set's PDFs (at most 1.0).
const COLUMN_GAP_IN_SIZES_MIN: f32 = 1.0;

/// The page's words as lines in reading order.
pub fn reading_order(words: Vec<PlacedWord>) -> Vec<PlacedLine> {
    reading_order_in_blocks(words).into_iter().map(|line| line.words).collect()
}

/// As `reading_order`, each line with the right edge of its block.
pub fn reading_order_in_blocks(words: Vec<PlacedWord>) -> Vec<BlockLine> {
    if words.is_empty() {
        return Vec::new();
    }
    let (_, page_right, _, _) = extent(&words);
    let Some((gutter_left, gutter_right)) = find_gutter(&words) else {
        return rows(words).into_iter().map(|words| BlockLine { words, block_right: page_right }).collect();
    };
    let lines = by_columns(words, gutter_left, gutter_right);
    let in_left_column = |(line, full_width): &(PlacedLine, bool)| !full_width && line[0].left < gutter_right - 1.0;
    let left_column_right = lines
        .iter()
        .filter(|line| in_left_column(line))
        .flat_map(|(line, _)| line)
        .map(|word| word.right)
        .fold(f32::MIN, f32::max);
    lines
        .into_iter()
        .map(|line| {
            let block_right = if in_left_column(&line) { left_column_right } else { page_right };
            BlockLine { words: line.0, block_right }
        })
        .collect()
}

fn extent(words: &[PlacedWord]) -> (f32, f32, f32, f32) {
    words.iter().fold((f32::MAX, f32::MIN, f32::MAX, f32::MIN), |(left, right, top, bottom), word| {
        (left.min(word.left), right.max(word.right), top.min(word.top), bottom.max(word.bottom))
    })
}

/// The widest strip that almost no line crosses, if it separates two real columns.
fn find_gutter(words: &[PlacedWord]) -> Option<(f32, f32)> {
    let (left, right, top, bottom) = extent(words);
    let width = right - left;
    if width < 4.0 * GUTTER_WIDTH_MIN {
        return None;
    }
    // Words covering each whole point across the search range.
    let from = (left + width * GUTTER_SEARCH_FROM).floor() as i64;
    let to = (left + width * GUTTER_SEARCH_TO).ceil() as i64;
    let span = usize::try_from(to - from).ok()?.max(1);
    let mut coverage = vec![0usize; span];
    for word in words {
        let start = ((word.left.floor() as i64) - from).clamp(0, span as i64) as usize;
        let end = ((word.right.ceil() as i64) - from).clamp(0, span as i64) as usize;
        for count in &mut coverage[start..end] {
            *count += 1;
        }
    }
    // A gutter is crossed only by full-width lines: few, against the lines of the text.
    let crossings_max = (rows(words.to_vec()).len() as f32 * CROSSING_SHARE_MAX).floor() as usize;
    let height = (bottom - top).max(1.0);
    // The widest strip is not always the gutter: beside a short column, a
    // stretch of it that few words reach is wider. Each strip is tried,
    // widest first, until one parts two columns.
    // A strip narrower than a gutter cannot hold one: only the others are tried.
    let mut strips: Vec<(usize, usize)> = runs(&coverage, |count| count <= crossings_max)
        .into_iter()
        .filter(|(start, end)| (end - start) as f32 >= GUTTER_WIDTH_MIN)
        .collect();
    strips.sort_by_key(|(start, end)| std::cmp::Reverse(end - start));
    strips.into_iter().find_map(|(start, end)| {
        // Within it, the cleanest part: a body line that runs a little into
        // the strip must stay in its column, not count as a full-width line.
        let (start, end) = cleanest_part(&coverage[start..end])
            .map_or((start, end), |(from_start, to_start)| (start + from_start, start + to_start));
        let (gutter_left, gutter_right) = ((from + start as i64) as f32, (from + end as i64) as f32);
        if gutter_right - gutter_left < GUTTER_WIDTH_MIN {
            return None;
        }
        let left_column: Vec<PlacedWord> = words.iter().filter(|word| word.right <= gutter_left).cloned().collect();
        let right_column: Vec<PlacedWord> = words.iter().filter(|word| word.left >= gutter_right).cloned().collect();
        let parts_columns = reads_as_a_column(left_column, height)
            && !is_right_aligned_fragments(&right_column)
            && reads_as_a_column(right_column, height);
        parts_columns.then_some((gutter_left, gutter_right))
    })
}

/// The cleanest part of a candidate strip: the widest run at the lowest
/// coverage level that still leaves a run wide enough to be a gutter.
fn cleanest_part(coverage: &[usize]) -> Option<(usize, usize)> {
    let lowest = *coverage.iter().min()?;
    let highest = *coverage.iter().max()?;
    (lowest..=highest).find_map(|level| {
        widest_run(coverage, |count| count <= level).filter(|(start, end)| (end - start) as f32 >= GUTTER_WIDTH_MIN)
    })
}

fn widest_run(coverage: &[usize], inside: impl Fn(usize) -> bool) -> Option<(usize, usize)> {
    // The first of the widest: `max_by_key` would take the last.
    runs(coverage, inside).into_iter().reduce(|best, run| if run.1 - run.0 > best.1 - best.0 { run } else { best })
}

/// Every maximal run of points whose coverage `inside` accepts, left to right.
fn runs(coverage: &[usize], inside: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut run_start = None;
    for index in 0..=coverage.len() {
        let within = index < coverage.len() && inside(coverage[index]);
        match (within, run_start) {
            (true, None) => run_start = Some(index),
            (false, Some(start)) => {
                found.push((start, index));
                run_start = None;
            }
            _ => {}
        }
    }
    found
}

/// A column is running text: enough words, over a good part of the page,
/// in rows that follow each other closely. Dates right-aligned beside job
/// titles fail the last test: they are rows far apart.
fn reads_as_a_column(words: Vec<PlacedWord>, text_height: f32) -> bool {
    if words.len() < COLUMN_WORDS_MIN {
        return false;
    }
    let mut sizes: Vec<f32> = words.iter().map(|word| word.font_size).collect();
    let (_, _, top, bottom) = extent(&words);
    if (bottom - top) / text_height < COLUMN_HEIGHT_SHARE_MIN {
        return false;
    }
    let tops: Vec<f32> =
        rows(words).iter().map(|row| row.iter().map(|word| word.top).fold(f32::MAX, f32::min)).collect();
    if tops.len() < COLUMN_ROWS_MIN {
        return false;
    }
    let mut steps: Vec<f32> = tops.windows(2).map(|pair| pair[1] - pair[0]).collect();
    steps.sort_by(f32::total_cmp);
    sizes.sort_by(f32::total_cmp);
    steps[steps.len() / 2] <= sizes[sizes.len() / 2] * ROW_STEP_IN_SIZES_MAX
}

/// Rows set flush right and ragged left (`Charlotte, NC` over `Mar 2022 –
/// Present` at the right margin, beside each entry's employer and title):
/// what a resume right-aligns beside its lines, not a column one reads down,
/// whose rows start at one left edge (and end at one right edge too where
/// it is justified).
fn is_right_aligned_fragments(words: &[PlacedWord]) -> bool {
    let rows = rows(words.to_vec());
    let ends: Vec<(f32, f32)> = rows.iter().filter_map(|row| Some((row.first()?.left, row.last()?.right))).collect();
    let right_edge = ends.iter().map(|(_, right)| *right).fold(f32::MIN, f32::max);
    let left_edge = ends.iter().map(|(left, _)| *left).fold(f32::MAX, f32::min);
    let flush_right = ends.iter().filter(|(_, right)| right_edge - right <= FLUSH_TOLERANCE).count();
    let flush_left = ends.iter().filter(|(left, _)| left - left_edge <= FLUSH_TOLERANCE).count();
    !ends.is_empty() && flush_right * 5 >= ends.len() * 4 && flush_left * 2 < ends.len()
}

/// Full-width lines where they are; between two of them, the left column's
/// lines, then the right column's. Each line says whether it is full-width.
fn by_columns(words: Vec<PlacedWord>, gutter_left: f32, gutter_right: f32) -> Vec<(PlacedLine, bool)> {
    let middle = (gutter_left + gutter_right) / 2.0;
    let (text_left, text_right, _, _) = extent(&words);
    let rows = rows(words);
    let first_with_right_words = rows.iter().position(|row| row.iter().any(|word| word.left >= gutter_right));
    // Where the right column's lines start, the row asked about left out.
    let right_column_left = rows
        .iter()
        .enumerate()
        .filter(|(index, _)| Some(*index) != first_with_right_words)
        .flat_map(|(_, row)| row)
        .map(|word| word.left)
        .filter(|left| *left >= gutter_right)
        .fold(f32::MAX, f32::min);
    let spread_row = first_with_right_words
        .filter(|index| is_spread_across_the_page(&rows[*index], text_left, text_right, right_column_left, middle));
    let mut full_width_lines: Vec<PlacedLine> = Vec::new();
    let mut column_rows: Vec<PlacedLine> = Vec::new();
    for (index, row) in rows.into_iter().enumerate() {
        if runs_across(&row, middle) || Some(index) == spread_row {
            full_width_lines.push(row);
        } else {
            column_rows.push(row);
        }
    }
    let mut remaining: Vec<PlacedWord> = column_rows.into_iter().flatten().collect();
    let mut ordered = Vec::new();
    for line in full_width_lines {
        let line_top = line.iter().map(|word| word.top).fold(f32::MAX, f32::min);
        let (above, below): (Vec<PlacedWord>, Vec<PlacedWord>) =
            remaining.into_iter().partition(|word| word.bottom <= line_top + word.font_size * 0.5);
        ordered.extend(columns_in_order(above, gutter_right).into_iter().map(|line| (line, false)));
        ordered.push((line, true));
        remaining = below;
    }
    ordered.extend(columns_in_order(remaining, gutter_right).into_iter().map(|line| (line, false)));
    ordered
}

/// Whether a row's text runs on across the gutter (a full-width line: the
/// name, a contact line) rather than being two columns' lines side by side:
/// a word lies across the gutter's middle, or two neighbours on either side
/// of it are no further apart than a word space can be (one em).
fn runs_across(row: &PlacedLine, middle: f32) -> bool {
    row.iter().any(|word| word.left < middle && word.right > middle)
        || row.windows(2).any(|pair| {
            pair[0].right <= middle && pair[1].left >= middle && pair[1].left - pair[0].right < pair[1].font_size
        })
}

/// `✉ name@example.com   ☎ 970-555-0121        Steamboat Springs, CO
/// 🔗 linkedin.com/in/…` above two columns: a full-width line whose parts
/// are spread from margin to margin, so that a gap between them falls on
/// the gutter. Only the topmost row with words right of the gutter is
/// asked (nothing of the right column is above it), and it must run from
/// the text's left edge to its right edge with its right part set neither
/// where the right column's lines start nor an indent right of that.
fn is_spread_across_the_page(
    row: &PlacedLine,
    text_left: f32,
    text_right: f32,
    right_column_left: f32,
    middle: f32,
) -> bool {
    let (Some(first), Some(last)) = (row.first(), row.last()) else { return false };
    let right_part_left = row.iter().find(|word| word.left >= middle).map_or(f32::MAX, |word| word.left);
    // A column's line starts at its edge, or an indent to the right of it.
    let off_the_column = right_column_left - right_part_left > FLUSH_TOLERANCE
        || right_part_left - right_column_left > INDENT_IN_SIZES_MAX * first.font_size;
    first.left - text_left <= FLUSH_TOLERANCE
        && text_right - last.right <= FLUSH_TOLERANCE
        && first.right < middle
        && off_the_column
}

/// The deepest indent of a column's line, in font sizes (a bullet's wrap).
const INDENT_IN_SIZES_MAX: f32 = 3.0;

/// The left column's lines, then the right column's, which begins at `right_start`.
fn columns_in_order(words: Vec<PlacedWord>, right_start: f32) -> Vec<PlacedLine> {
    let (right, left): (Vec<PlacedWord>, Vec<PlacedWord>) =
        words.into_iter().partition(|word| word.left >= right_start - 1.0);
    let mut lines = rows(left);
    lines.extend(rows(right));
    lines
}

/// Words grouped into lines by vertical overlap, top to bottom, each left to right.
fn rows(mut words: Vec<PlacedWord>) -> Vec<PlacedLine> {
    words.sort_by(|a, b| a.top.total_cmp(&b.top).then(a.left.total_cmp(&b.left)));
    let mut lines: Vec<(f32, f32, PlacedLine)> = Vec::new();
    for word in words {
        let middle = (word.top + word.bottom) / 2.0;
        match lines.last_mut() {
            Some((top, bottom, line)) if middle >= *top && middle <= *bottom => {
                *top = top.min(word.top);
                *bottom = bottom.max(word.bottom);
                line.push(word);
            }
            _ => lines.push((word.top, word.bottom, vec![word])),
        }
    }
    lines
        .into_iter()
        .map(|(_, _, mut line)| {
            line.sort_by(|a, b| a.left.total_cmp(&b.left));
            line
        })
        .collect()
}

/// A line's text: words joined by spaces, with ` | ` where a wide gap
/// separates two parts of the line (a title and a right-aligned date), and
/// three spaces where a narrower one does (the text after a tab stop:
/// `Tidewater Payments` and its place), which is how a text resume writes
/// a column gap. The gap after a bullet is a bullet's, not a column's.
pub fn line_text(line: &PlacedLine) -> String {
    let mut text = String::new();
    let mut previous: Option<&PlacedWord> = None;
    for word in line {
        if let Some(previous) = previous {
            let gap = word.left - previous.right;
            let size = word.font_size.max(1.0);
            let after_a_bullet =
                previous.text.chars().count() == 1 && !previous.text.starts_with(char::is_alphanumeric);
            text.push_str(if gap > size * WIDE_GAP_IN_SIZES_MIN {
                " | "
            } else if (gap > size * COLUMN_GAP_IN_SIZES_MIN || word.set_apart) && !after_a_bullet {
                "   "
            } else {
                " "
            });
        }
        text.push_str(&word.text);
        previous = Some(word);
    }
    text
}

/// Words of `text` laid out from `left` on the line at `top` in 10 pt type,
/// `character_width` points per character and half that between words.
#[cfg(test)]
pub(crate) fn placed_words(text: &str, left: f32, top: f32, character_width: f32) -> Vec<PlacedWord> {
    let mut x = left;
    text.split(' ')
        .map(|word| {
            let right = x + character_width * word.chars().count() as f32;
            let placed = PlacedWord {
                text: word.to_owned(),
                left: x,
                right,
                top,
                bottom: top + 10.0,
                font_size: 10.0,
                set_apart: false,
            };
            x = right + character_width / 2.0;
            placed
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words of `text` laid out from `left` on the line at `top`, 6 pt per character.
    fn line(text: &str, left: f32, top: f32) -> Vec<PlacedWord> {
        placed_words(text, left, top, 6.0)
    }

    fn texts(lines: &[PlacedLine]) -> Vec<String> {
        lines.iter().map(line_text).collect()
    }

    #[test]
    fn two_columns_are_read_one_after_the_other_under_a_full_width_header() {
        let mut words = line("Ana Rust Senior Backend Engineer ana@example.com", 40.0, 20.0);
        for row in 0..8 {
            let top = 60.0 + 14.0 * row as f32;
            words.extend(line(&format!("left column line {row} text"), 40.0, top));
            words.extend(line(&format!("right column line {row} with more words"), 300.0, top));
        }
        let lines = reading_order(words);
        let texts = texts(&lines);
        assert_eq!(texts[0], "Ana Rust Senior Backend Engineer ana@example.com");
        assert_eq!(texts[1], "left column line 0 text");
        assert_eq!(texts[8], "left column line 7 text");
        assert_eq!(texts[9], "right column line 0 with more words");
        assert_eq!(texts.len(), 17);
    }

    #[test]
    fn a_contact_line_spread_from_margin_to_margin_above_two_columns_stays_whole() {
        let mut words = line("Ana Rust", 40.0, 20.0);
        // Its parts spread to both margins; the gap before the place falls on the gutter.
        words.extend(line("ana@example.com 555-0121", 40.0, 34.0));
        words.extend(line("Denver, CO linkedin.com/in/ana", 354.0, 34.0));
        for row in 0..8 {
            let top = 60.0 + 14.0 * row as f32;
            words.extend(line(&format!("left column line {row} text"), 40.0, top));
            words.extend(line(&format!("right column line {row} with words"), 300.0, top));
        }
        let read = texts(&reading_order(words));
        assert_eq!(read[1], "ana@example.com 555-0121 | Denver, CO linkedin.com/in/ana", "{read:?}");
        assert_eq!(read[2], "left column line 0 text");
        assert_eq!(read[10], "right column line 0 with words");
        // A right column whose first line starts at its edge is a column.
        let mut words = line("Ana Rust", 40.0, 20.0);
        for row in 0..8 {
            let top = 60.0 + 14.0 * row as f32;
            words.extend(line(&format!("left column line {row} text"), 40.0, top));
            words.extend(line(&format!("right column line {row} with more words"), 300.0, top));
        }
        let read = texts(&reading_order(words));
        assert_eq!(read[1], "left column line 0 text");
        assert_eq!(read[9], "right column line 0 with more words");
    }

    #[test]
    fn a_column_line_that_runs_a_little_into_the_gutter_stays_in_its_column() {
        let mut words = line("Ana Rust Senior Backend Engineer ana@example.com and more", 40.0, 20.0);
        for row in 0..30 {
            let top = 60.0 + 14.0 * row as f32;
            // Row 29 of the left column ends at 279 pt: past the other left
            // lines (which end by 160 pt), 21 pt short of the right column.
            let left_text =
                if row == 29 { "aaaa bbbb cccc dddd eeee ffff gggg".to_owned() } else { format!("left line {row}") };
            words.extend(line(&left_text, 90.0, top));
            words.extend(line(&format!("right column line {row} with more words"), 300.0, top));
        }
        let texts = texts(&reading_order(words));
        assert_eq!(texts[30], "aaaa bbbb cccc dddd eeee ffff gggg", "{texts:?}");
        assert_eq!(texts[31], "right column line 0 with more words");
    }

    #[test]
    fn a_one_column_page_with_right_aligned_dates_stays_line_by_line() {
        let mut words = Vec::new();
        for entry in 0..4 {
            let top = 40.0 + 60.0 * entry as f32;
            words.extend(line(&format!("Engineer {entry} at Company"), 40.0, top));
            words.extend(line("Jan 2020 – Mar 2021", 420.0, top));
            words.extend(line("Built services that run across the whole width of the page text", 40.0, top + 14.0));
            words.extend(line("and another bullet line that also reaches the right margin", 40.0, top + 28.0));
        }
        let texts = texts(&reading_order(words));
        assert_eq!(texts[0], "Engineer 0 at Company | Jan 2020 – Mar 2021");
        assert_eq!(texts[1], "Built services that run across the whole width of the page text");
        assert_eq!(texts.len(), 12);
    }

    #[test]
    fn places_and_dates_right_aligned_beside_short_lines_are_no_column() {
        // Every other line stops short of the right margin, so a strip beside
        // the right-aligned parts is crossed by nothing, as a gutter is.
        let mut words = Vec::new();
        let right_margin = 540.0;
        let right_aligned = |text: &str, top: f32| {
            let width = 6.0 * text.chars().count() as f32 - 3.0 * text.matches(' ').count() as f32;
            line(text, right_margin - width, top)
        };
        for (entry, (place, dates)) in [
            ("Charlotte, NC", "Mar 2022 – Present"),
            ("Gastonia, NC", "Jul 2019 – Feb 2022"),
            ("Dallas, TX", "Sep 2017 – Jun 2019"),
        ]
        .into_iter()
        .enumerate()
        {
            let top = 40.0 + 80.0 * entry as f32;
            words.extend(line(&format!("EMPLOYER NUMBER {entry}"), 40.0, top));
            words.extend(right_aligned(place, top));
            words.extend(line("Senior Revenue Accountant", 40.0, top + 14.0));
            words.extend(right_aligned(dates, top + 14.0));
            words.extend(line("• Reviewed new contracts for obligations and prices", 40.0, top + 28.0));
            words.extend(line("• Owned the revenue close and reconciliations", 40.0, top + 42.0));
        }
        let texts = texts(&reading_order(words));
        assert_eq!(texts[0], "EMPLOYER NUMBER 0 | Charlotte, NC", "{texts:?}");
        assert_eq!(texts[1], "Senior Revenue Accountant | Mar 2022 – Present", "{texts:?}");
        assert_eq!(texts.len(), 12);
    }

    #[test]
    fn lines_are_top_to_bottom_and_words_left_to_right_whatever_the_input_order() {
        let mut words = line("second line", 40.0, 40.0);
        words.extend(line("first line", 40.0, 20.0));
        words.reverse();
        assert_eq!(texts(&reading_order(words)), ["first line", "second line"]);
    }
}
