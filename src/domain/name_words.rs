//! The distinct words of a job's lower-cased candidate names, each with the
//! ordinals (ascending) whose name has it: what a name search scans instead
//! of every name. Real name lists repeat words (first names, surnames), so
//! the distinct words are far fewer than the applications.
//!
//! The words are also kept joined by `\n` in one text, and a search part is
//! found in it with one SIMD substring search (`memchr::memmem`), instead of
//! one `contains` per word: a job of 100,000 synthetic names has 100,000
//! distinct words. A part holds no whitespace, so a match never spans two
//! words. The index only grows: applications are never deleted and names
//! never change.

use std::collections::HashMap;

use memchr::memmem;

#[derive(Clone, Debug, Default)]
pub struct NameWords {
    /// Every distinct word, each followed by `\n`.
    text: String,
    /// Where each word starts in `text`, ascending.
    starts: Vec<u32>,
    /// Per word (same position as `starts`), the ordinals whose name has it.
    ordinals: Vec<Vec<u32>>,
    position_of_word: HashMap<Box<str>, usize>,
}

impl NameWords {
    /// Records the words of `name_key` (lower-cased) for `ordinal`, which
    /// is larger than every ordinal recorded before.
    pub fn add(&mut self, ordinal: u32, name_key: &str) {
        for word in name_key.split_whitespace() {
            let position = match self.position_of_word.get(word) {
                Some(&position) => position,
                None => {
                    let start = u32::try_from(self.text.len()).expect("name words of one job stay far below 4 GiB");
                    self.text.push_str(word);
                    self.text.push('\n');
                    self.starts.push(start);
                    self.ordinals.push(Vec::new());
                    self.position_of_word.insert(word.into(), self.starts.len() - 1);
                    self.starts.len() - 1
                }
            };
            let ordinals = &mut self.ordinals[position];
            // A name may repeat a word.
            if ordinals.last() != Some(&ordinal) {
                debug_assert!(ordinals.last().is_none_or(|&last| last < ordinal), "ordinals arrive ascending");
                ordinals.push(ordinal);
            }
        }
    }

    /// Ordinals (ascending, distinct) whose name has a word containing `part`,
    /// which holds no whitespace.
    pub fn ordinals_with_a_word_containing(&self, part: &str) -> Vec<u32> {
        debug_assert!(!part.is_empty() && !part.chars().any(char::is_whitespace));
        let mut found = Vec::new();
        let (mut last_word, mut words_matched) = (None, 0);
        for offset in memmem::find_iter(self.text.as_bytes(), part.as_bytes()) {
            let offset = offset as u32;
            let word = self.starts.partition_point(|&start| start <= offset) - 1;
            if last_word != Some(word) {
                found.extend_from_slice(&self.ordinals[word]);
                last_word = Some(word);
                words_matched += 1;
            }
        }
        // One word's ordinals are already ascending and distinct.
        if words_matched > 1 {
            found.sort_unstable();
            found.dedup();
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(names: &[&str]) -> NameWords {
        let mut words = NameWords::default();
        for (ordinal, name) in names.iter().enumerate() {
            words.add(ordinal as u32, &name.to_lowercase());
        }
        words
    }

    #[test]
    fn a_part_finds_every_name_with_a_word_containing_it_once() {
        let words = index(&["Ana Anand", "Hannah Banana", "Bob", "ana ana", "Zoë Ångström"]);
        assert_eq!(words.ordinals_with_a_word_containing("ana"), vec![0, 1, 3]);
        assert_eq!(words.ordinals_with_a_word_containing("nna"), vec![1]);
        assert_eq!(words.ordinals_with_a_word_containing("ångs"), vec![4]);
        assert_eq!(words.ordinals_with_a_word_containing("zz"), Vec::<u32>::new());
    }

    proptest::proptest! {
        #[test]
        fn a_part_finds_what_checking_every_word_finds(
            names in proptest::collection::vec("[a-c]{1,4}( [a-c]{1,4}){0,2}", 1..40),
            part in "[a-c]{1,3}",
        ) {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let words = index(&names);
            let expected: Vec<u32> = names
                .iter()
                .enumerate()
                .filter(|(_, name)| name.split_whitespace().any(|word| word.contains(&part)))
                .map(|(ordinal, _)| ordinal as u32)
                .collect();
            proptest::prop_assert_eq!(words.ordinals_with_a_word_containing(&part), expected);
        }
    }
}
