//! Jobs laid out as an aligned table: a row of column labels (`Dates`,
//! `Position`, `Employer / Site`), a rule of dashes under each column, then
//! a job per row. Each row is rewritten as the header line the entry parser
//! already reads (`Title | Employer | Place   Dates`), and the labels and the
//! rule become blank lines, so a table needs no rules of its own past this
//! module. Columns are found from the rule's runs of dashes, by character,
//! as the table was aligned on a fixed-width page.

use std::borrow::Cow;

use super::lines::is_rule_character;

/// What a column of a jobs table holds, by its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Dates,
    Title,
    Employer,
    Place,
    /// Anything else (`Vessel (type)`, `Duties`): left out of the header.
    Other,
}

/// A rule's runs: at least this many dashes each.
const RULE_RUN_CHARACTERS_MIN: usize = 3;

/// Rewrites every jobs table in `lines` in place.
pub(crate) fn rewrite_job_tables(lines: &mut [Cow<'_, str>]) {
    for rule in 1..lines.len() {
        let Some(column_starts) = column_starts(&lines[rule]) else { continue };
        let columns: Vec<Column> =
            labels(&lines[rule - 1], &column_starts).iter().map(|label| column_of(label)).collect();
        let has = |wanted: Column| columns.contains(&wanted);
        if !has(Column::Dates) || !(has(Column::Title) || has(Column::Employer)) {
            continue;
        }
        lines[rule - 1] = Cow::Borrowed("");
        lines[rule] = Cow::Borrowed("");
        for row in lines.iter_mut().skip(rule + 1) {
            if row.trim().is_empty() {
                break;
            }
            *row = Cow::Owned(header_line_of(&labels(row, &column_starts), &columns));
        }
    }
}

/// The character where each run of a column rule starts (`-------   ------`),
/// if `line` is one: two runs or more of dashes, parted by spaces only.
fn column_starts(line: &str) -> Option<Vec<usize>> {
    // Most lines start with a letter: answered from the first byte.
    if !line.trim_start().starts_with(is_rule_character) {
        return None;
    }
    let mut starts = Vec::new();
    let mut run_start: Option<usize> = None;
    for (index, character) in line.chars().chain([' ']).enumerate() {
        match (character, run_start) {
            (' ', Some(start)) => {
                if index - start < RULE_RUN_CHARACTERS_MIN {
                    return None;
                }
                starts.push(start);
                run_start = None;
            }
            (' ', None) => {}
            (rule, None) if is_rule_character(rule) => run_start = Some(index),
            (rule, Some(_)) if is_rule_character(rule) => {}
            _ => return None,
        }
    }
    (starts.len() >= 2).then_some(starts)
}

/// The text of each column of `line`, trimmed: from a column's start to
/// the next one's, by character.
fn labels(line: &str, column_starts: &[usize]) -> Vec<String> {
    let characters: Vec<char> = line.chars().collect();
    column_starts
        .iter()
        .enumerate()
        .map(|(index, start)| {
            let end = column_starts.get(index + 1).copied().unwrap_or(characters.len()).min(characters.len());
            characters.get(*start..end).map_or(String::new(), |cell| cell.iter().collect::<String>().trim().to_owned())
        })
        .collect()
}

fn column_of(label: &str) -> Column {
    let label = label.to_ascii_lowercase();
    let holds = |words: &[&str]| {
        words.iter().any(|word| label.split(|character: char| !character.is_alphanumeric()).any(|part| part == *word))
    };
    if holds(&["dates", "date", "period", "years", "when"]) {
        Column::Dates
    } else if holds(&["position", "title", "role", "rank", "job"]) {
        Column::Title
    } else if holds(&["employer", "company", "organization", "organisation", "firm", "agency"]) {
        Column::Employer
    } else if holds(&["location", "site", "city", "place", "where"]) {
        Column::Place
    } else {
        Column::Other
    }
}

/// A row as a header line: title, employer and place parted by ` | `, then
/// the dates after a wide gap.
fn header_line_of(cells: &[String], columns: &[Column]) -> String {
    let cell = |wanted: Column| {
        cells
            .iter()
            .zip(columns)
            .filter(move |(cell, column)| **column == wanted && !cell.is_empty())
            .map(|(cell, _)| cell.as_str())
    };
    let parts: Vec<&str> = cell(Column::Title).chain(cell(Column::Employer)).chain(cell(Column::Place)).collect();
    let dates: Vec<&str> = cell(Column::Dates).collect();
    format!("{}   {}", parts.join(" | "), dates.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(text: &str) -> Vec<String> {
        let mut lines: Vec<Cow<'_, str>> = text.lines().map(Cow::Borrowed).collect();
        rewrite_job_tables(&mut lines);
        lines.into_iter().map(Cow::into_owned).collect()
    }

    #[test]
    fn a_jobs_table_becomes_a_header_line_per_row() {
        let text = "\
Dates               Rank              Vessel (type)                 Company
-----------------   ---------------   ---------------------------   ------------------------
03/2023 – present   Third Mate        M/T Coastal Heron (tanker)    Gulfstar Tankers, LLC
08/2020 – 01/2023   Able Seaman       M/V Magnolia Trader (cont.)   Bayou Ocean Lines

Third Mate, Gulfstar Tankers";
        assert_eq!(
            rewritten(text),
            [
                "",
                "",
                "Third Mate | Gulfstar Tankers, LLC   03/2023 – present",
                "Able Seaman | Bayou Ocean Lines   08/2020 – 01/2023",
                "",
                "Third Mate, Gulfstar Tankers",
            ]
        );
    }

    #[test]
    fn a_rule_under_anything_but_a_jobs_labels_is_left() {
        let text = "Skills      Level\n---------   -----\nWelding     Expert";
        assert_eq!(rewritten(text), ["Skills      Level", "---------   -----", "Welding     Expert"]);
        assert_eq!(column_starts("- Led a team"), None);
        assert_eq!(column_starts("-----"), None, "one run underlines a heading");
    }

    #[test]
    fn a_row_shorter_than_its_columns_leaves_the_missing_cells_empty() {
        let text = "Dates              Position          Employer
-----------------  ----------------  --------
2019 – 2021        Driver";
        assert_eq!(rewritten(text)[2], "Driver   2019 – 2021");
    }
}
