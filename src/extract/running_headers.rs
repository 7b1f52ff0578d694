//! Running headers and footers: a word processor prints its page header and
//! footer on every page, so a PDF made from a DOCX whose contact details
//! live in the header holds them again at the top of page two, in the middle
//! of a job. The parser would read them there as an entry of their own. A
//! line that repeats a line of an earlier page, word for word and at the
//! same height, is that page furniture: only its first appearance is kept.

use std::collections::HashMap;

use super::document::Line;

/// How far apart (in points) two lines' tops may be and still be the same place on the page.
const SAME_PLACE_POINTS: f32 = 2.0;

/// `lines` (in page order) without the lines that repeat one of an earlier page.
/// Linear in the lines: each is looked up by its text and its height to the
/// point, with the neighbouring points, so a hostile file with thousands of
/// equal lines costs no more than one with thousands of different ones.
pub fn without_running_headers(lines: Vec<Line>) -> Vec<Line> {
    let reach = SAME_PLACE_POINTS.ceil() as i64;
    // The earliest page each text was seen on at each height (whole points).
    let mut first_page: HashMap<(&str, i64), u32> = HashMap::with_capacity(lines.len());
    let keep: Vec<bool> = lines
        .iter()
        .map(|line| {
            let point = line.top.round() as i64;
            let text = line.text.as_str();
            let repeats = line.page > 1
                && (point - reach..=point + reach)
                    .any(|near| first_page.get(&(text, near)).is_some_and(|page| *page < line.page));
            if !repeats {
                first_page.entry((text, point)).or_insert(line.page);
            }
            !repeats
        })
        .collect();
    lines.into_iter().zip(keep).filter_map(|(line, keep)| keep.then_some(line)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, page: u32, top: f32) -> Line {
        Line { text: text.into(), page, top, ..Line::default() }
    }

    #[test]
    fn a_header_printed_on_every_page_is_kept_once() {
        let lines = vec![
            line("RENATA OYELARAN", 1, 30.0),
            line("Secondary Mathematics Teacher", 1, 44.0),
            line("MATHEMATICS TEACHER", 1, 300.0),
            line("RENATA OYELARAN", 2, 30.5),
            line("Secondary Mathematics Teacher", 2, 44.0),
            line("MATH TUTOR (PART-TIME)", 2, 80.0),
        ];
        let texts: Vec<String> = without_running_headers(lines).into_iter().map(|line| line.text).collect();
        assert_eq!(
            texts,
            ["RENATA OYELARAN", "Secondary Mathematics Teacher", "MATHEMATICS TEACHER", "MATH TUTOR (PART-TIME)"]
        );
    }

    #[test]
    fn thousands_of_equal_lines_keep_the_first_page_s_and_drop_the_later_pages() {
        let mut lines: Vec<Line> = (0..5_000).map(|row| line("Confidential", 1, row as f32)).collect();
        lines.extend((0..5_000).map(|row| line("Confidential", 2, row as f32)));
        lines.push(line("Confidential", 2, 9_000.0));
        let kept = without_running_headers(lines);
        assert_eq!(kept.len(), 5_001, "page one's lines, and page two's one at a height page one never had");
        assert_eq!(kept.last().map(|line| (line.page, line.top)), Some((2, 9_000.0)));
    }

    #[test]
    fn the_same_words_elsewhere_on_a_later_page_or_on_the_same_page_stay() {
        let lines = vec![
            line("Python", 1, 100.0),
            line("Python", 1, 400.0),
            line("Python", 2, 250.0),
            line("Page 1 of 2", 1, 780.0),
            line("Page 2 of 2", 2, 780.0),
        ];
        assert_eq!(without_running_headers(lines).len(), 5);
    }
}
