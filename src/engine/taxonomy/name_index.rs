//! Every name of the taxonomy (canonical names, aliases, added plurals),
//! found where a word starts: which names the text there spells, longest
//! first. Letters compare in either case and a hyphen as a space, in the
//! text and the names alike, so one byte for another keeps every offset.
//!
//! Why not an automaton: an Aho-Corasick DFA over 25,000 names was tens of
//! megabytes of transitions, and walking it a byte at a time missed the
//! cache on most steps (`perf annotate` put 40% of the matcher's samples on
//! loading a transition). Here a name is filed under its first word (the
//! letters and digits it opens with, in lower case), and a word start
//! looks up the word it opens, once, in a table that fits the cache; the
//! few names filed there are compared. The table's key is the word's
//! length and first `KEY_BYTES` bytes packed in one integer, so a lookup
//! hashes one number; words that share those bytes share a group, and the
//! comparison tells them apart. Each name keeps the 8 bytes that follow
//! its key's in one integer too, so most names are told apart from the
//! text by one comparison, without reading the name's bytes. A name that ends
//! inside that first word (`Go` at `Google`) is not found, which is what a
//! whole-word match wants; the tests hold the index to the automaton's
//! answers on the same text.

use std::collections::HashMap;

/// How many of a first word's bytes its key holds (the key's highest byte
/// is the word's length, at most 255).
const KEY_BYTES: usize = 7;

pub(super) struct NameIndex {
    /// Per first word's key, the range of `names` filed under it.
    by_first_word: HashMap<u64, (u32, u32), foldhash::fast::FixedState>,
    /// Grouped by first word; within a group longest first, then in the
    /// order the names were given, which is the taxonomy's tie-break.
    names: Vec<IndexedName>,
    /// Every name folded, one after the other, in the order of `names`.
    folded: Vec<u8>,
}

struct IndexedName {
    /// The 8 folded bytes after the key's (see `compared_from`), the first
    /// in the lowest byte; zeros past the name's end.
    next_bytes: u64,
    /// The name's length in bytes.
    length: u32,
    /// The position of the name in the list the index was built from.
    position: u32,
    /// Where the name starts in `folded`.
    offset: u32,
    /// How many bytes of `next_bytes` are the name's (at most 8): kept in
    /// what would be padding, so a name stays 24 bytes.
    next_count: u8,
}

/// Per count of bytes, ones over that many of them, the first in the lowest
/// byte: a text's next bytes are compared with a name's by one mask, looked
/// up, and one comparison.
const NEXT_MASKS: [u64; 9] = {
    let mut masks = [0u64; 9];
    let mut count = 1;
    while count < 9 {
        masks[count] = if count == 8 { u64::MAX } else { (1u64 << (8 * count)) - 1 };
        count += 1;
    }
    masks
};

impl NameIndex {
    pub(super) fn build<'a>(names: impl Iterator<Item = &'a str>) -> NameIndex {
        let mut folded_names: Vec<(u32, Vec<u8>)> = names
            .enumerate()
            .map(|(position, name)| {
                (u32::try_from(position).expect("fewer than 2^32 names"), name.bytes().map(fold).collect())
            })
            .filter(|(_, folded): &(u32, Vec<u8>)| !folded.is_empty())
            .collect();
        folded_names.sort_by(|(a_position, a), (b_position, b)| {
            key_of(first_word(a))
                .cmp(&key_of(first_word(b)))
                .then(b.len().cmp(&a.len()))
                .then(a_position.cmp(b_position))
        });
        let mut by_first_word = HashMap::with_hasher(foldhash::fast::FixedState::default());
        let mut names = Vec::with_capacity(folded_names.len());
        let mut folded = Vec::new();
        let mut group_start = 0;
        for (index, (position, name)) in folded_names.iter().enumerate() {
            let key = key_of(first_word(name));
            let compared_from = compared_from(first_word(name).len());
            let next_count = (name.len() - compared_from).min(8);
            names.push(IndexedName {
                next_bytes: packed(&name[compared_from..]),
                length: u32::try_from(name.len()).expect("a name is shorter than 4 GiB"),
                position: *position,
                offset: u32::try_from(folded.len()).expect("the names are shorter than 4 GiB together"),
                next_count: next_count as u8,
            });
            folded.extend_from_slice(name);
            let group_ends = folded_names.get(index + 1).is_none_or(|(_, next)| key_of(first_word(next)) != key);
            if group_ends {
                by_first_word.insert(key, (group_start as u32, index as u32 + 1));
                group_start = index + 1;
            }
        }
        NameIndex { by_first_word, names, folded }
    }

    /// The names `text` spells from byte `start`, as (position, end):
    /// longest first, and of names that end at the same byte (which differ
    /// only in case), the one given first first. Names that end inside the
    /// word at `start` are left out.
    pub(super) fn names_at<'a>(&'a self, text: &'a [u8], start: usize) -> impl Iterator<Item = (usize, usize)> + 'a {
        let rest = &text[start..];
        let word_bytes = first_word_length(rest);
        let group = match self.by_first_word.get(&key_of(&rest[..word_bytes])) {
            Some(&(from, to)) => &self.names[from as usize..to as usize],
            None => &[],
        };
        // Every name of a group has the same first word's length, so the
        // same bytes are compared from.
        let compared_from = compared_from(word_bytes);
        // Most word starts open no name: their next bytes are not read.
        let next_bytes = if group.is_empty() { 0 } else { packed(&rest[compared_from..]) };
        let tail = compared_from + 8;
        group
            .iter()
            .filter(move |name| {
                let length = name.length as usize;
                length <= rest.len()
                    && next_bytes & NEXT_MASKS[usize::from(name.next_count)] == name.next_bytes
                    && (length <= tail || {
                        let offset = name.offset as usize;
                        spells(&rest[tail..length], &self.folded[offset + tail..offset + length])
                    })
            })
            .map(move |name| (name.position as usize, start + name.length as usize))
    }
}

/// Where a name's bytes are compared from, after its key's: the first word
/// when the key holds it whole, else the key's bytes.
fn compared_from(first_word_bytes: usize) -> usize {
    first_word_bytes.min(KEY_BYTES)
}

/// Up to 8 bytes folded, the first in the lowest byte, zeros after the end.
fn packed(bytes: &[u8]) -> u64 {
    let eight = match bytes.first_chunk::<8>() {
        Some(eight) => *eight,
        None => {
            let mut eight = [0u8; 8];
            eight[..bytes.len()].copy_from_slice(bytes);
            eight
        }
    };
    folded_eight(u64::from_le_bytes(eight))
}

/// A word's key: its length in the highest byte, and its first `KEY_BYTES`
/// bytes folded, the first in the lowest byte.
fn key_of(word: &[u8]) -> u64 {
    let length = word.len().min(usize::from(u8::MAX)) as u64;
    let kept = word.len().min(KEY_BYTES);
    (length << 56) | (packed(&word[..kept]) & ((1u64 << (8 * kept)) - 1))
}

/// Eight bytes packed in one integer, each folded as `fold` does, all at
/// once: a word start folds about fifteen bytes, so one by one they cost
/// more than the lookup they serve.
fn folded_eight(bytes: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Per byte, with its highest bit cleared: at least `A`, more than `Z`
    // (no sum carries into the next byte).
    let low = bytes & !HIGH;
    let at_least_a = low + (0x80 - u64::from(b'A')) * ONES;
    let past_z = low + (0x80 - u64::from(b'Z') - 1) * ONES;
    let capitals = at_least_a & !past_z & !bytes & HIGH;
    let lowered = bytes | (capitals >> 2);
    // A byte that is a hyphen is zero once the hyphen is taken away (the
    // exact test: no borrow reaches the next byte).
    let without_hyphens = lowered ^ (u64::from(b'-') * ONES);
    let hyphens = !(((without_hyphens & !HIGH) + !HIGH) | without_hyphens) & HIGH;
    lowered - (hyphens >> 7) * u64::from(b'-' - b' ')
}

/// A byte as names are compared: ASCII letters in lower case, a hyphen as a space.
fn fold(byte: u8) -> u8 {
    FOLDED[usize::from(byte)]
}

/// `fold` for every byte: one load where a word start folds about fifteen.
static FOLDED: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = super::hyphen_as_space(byte as u8).to_ascii_lowercase();
        byte += 1;
    }
    table
};

/// The length of the word `bytes` opens: its ASCII letters and digits, or
/// where it opens with anything else (`.NET`, `#`), that one byte.
fn first_word_length(bytes: &[u8]) -> usize {
    match bytes.iter().position(|byte| !byte.is_ascii_alphanumeric()) {
        Some(0) => 1.min(bytes.len()),
        Some(length) => length,
        None => bytes.len(),
    }
}

fn first_word(folded: &[u8]) -> &[u8] {
    &folded[..first_word_length(folded)]
}

/// Whether `text`, folded, is the folded name (the two are as long).
fn spells(text: &[u8], folded: &[u8]) -> bool {
    text.iter().zip(folded).all(|(byte, name_byte)| fold(*byte) == *name_byte)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> NameIndex {
        NameIndex::build(
            ["Go", "Google Cloud", "Google Cloud Platform", "C", "C++", ".NET", "AI", "Ai", "end-to-end testing"]
                .into_iter(),
        )
    }

    fn found(text: &str, start: usize) -> Vec<(usize, usize)> {
        index().names_at(text.as_bytes(), start).collect()
    }

    #[test]
    fn names_come_longest_first() {
        assert_eq!(found("google cloud platform team", 0), [(2, 21), (1, 12)]);
    }

    #[test]
    fn a_name_differs_from_the_text_in_its_last_byte() {
        assert_eq!(found("Google Cloud Platforx", 0), [(1, 12)]);
        assert_eq!(found("Google Cloud Platform", 0), [(2, 21), (1, 12)]);
        assert!(found("Google Clouds", 0).iter().all(|(position, _)| *position == 1));
        assert!(found("Google Cloux", 0).is_empty());
    }

    #[test]
    fn a_name_is_no_longer_than_the_text() {
        assert!(found("Google Cloud Platfor", 0).iter().all(|(position, _)| *position == 1));
        assert!(found("Google Clou", 0).is_empty());
    }

    #[test]
    fn a_name_ending_inside_the_first_word_is_not_found() {
        assert!(found("Google Docs", 0).is_empty());
        assert!(found("Going", 0).is_empty());
        assert_eq!(found("Go, C++", 0), [(0, 2)]);
    }

    #[test]
    fn names_that_differ_in_case_come_in_the_order_given() {
        assert_eq!(found("ai", 0), [(6, 2), (7, 2)]);
    }

    #[test]
    fn a_name_may_open_with_a_sign_or_close_with_one() {
        assert_eq!(found("C++ and .NET", 0), [(4, 3), (3, 1)]);
        assert_eq!(found("C++ and .NET", 8), [(5, 12)]);
    }

    #[test]
    fn a_hyphen_and_a_space_are_the_same() {
        assert_eq!(found("End to end testing", 0), [(8, 18)]);
        assert_eq!(found("end-to-end-testing", 0), [(8, 18)]);
    }

    proptest::proptest! {
        #[test]
        fn eight_bytes_fold_at_once_as_they_fold_one_by_one(bytes in proptest::array::uniform8(proptest::num::u8::ANY)) {
            let one_by_one = u64::from_le_bytes(bytes.map(fold));
            proptest::prop_assert_eq!(folded_eight(u64::from_le_bytes(bytes)), one_by_one);
        }

        #[test]
        fn fewer_than_eight_bytes_pack_with_zeros_after_them(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..12)) {
            let mut expected = [0u8; 8];
            for (slot, byte) in expected.iter_mut().zip(&bytes) {
                *slot = fold(*byte);
            }
            proptest::prop_assert_eq!(packed(&bytes), u64::from_le_bytes(expected));
        }
    }

    #[test]
    fn every_byte_folds_as_the_taxonomy_reads_it() {
        for byte in 0..=u8::MAX {
            assert_eq!(fold(byte), super::super::hyphen_as_space(byte).to_ascii_lowercase(), "{byte:#x}");
        }
    }

    #[test]
    fn words_that_share_their_key_are_told_apart() {
        let index = NameIndex::build(["Management", "Managements", "Manageme", "Managemint"].into_iter());
        let found = |text: &str| index.names_at(text.as_bytes(), 0).collect::<Vec<_>>();
        assert_eq!(found("management"), [(0, 10)]);
        assert_eq!(found("managemint"), [(3, 10)]);
        assert!(found("managemenx").is_empty());
        assert_eq!(found("MANAGEME"), [(2, 8)]);
    }
}
