//! Tokenising and case-insensitive, whole-word phrase matching.
//!
//! Whole-word matching has to treat `go` as different from `going` and
//! `mongo`, and `Java` as different from `JavaScript`, while still finding
//! `C++`, `C#`, `Node.js`, `.NET` and `CI/CD`. Substring search with
//! "is the neighbouring character a letter?" checks gets `C` wrong (it would
//! match inside `C++`), so both the text and each keyword are split into the
//! same kind of tokens and a keyword matches where its token sequence occurs:
//!
//! * a word token is a run of letters and digits, plus any `+` or `#` glued
//!   to its end (`c++`, `c#`, `f#`), lowercased;
//! * every other non-whitespace character is a token of its own (`.`, `/`);
//! * each token remembers whether whitespace came before it, and a keyword's
//!   tokens must be glued or spaced exactly as in the keyword.
//!
//! So `Node.js` is `node` `.`(glued) `js`(glued) and matches only that
//! spelling, `.NET` also matches inside `ASP.NET`, and `distributed systems`
//! matches across any run of whitespace, including a line break. All
//! keywords are searched for in one pass over the text's tokens.

use std::borrow::Cow;
use std::ops::Range;

/// One token: where its lowered text sits in `Tokens::lowered`, where it
/// starts in the original text, and whether it is glued to the previous one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub lowered_range: Range<usize>,
    /// Byte offset of the token's first character in the original text.
    pub start_byte: usize,
    /// True when no whitespace separates this token from the previous one.
    pub glued_to_previous: bool,
}

/// A text's tokens. Their lowered texts share one buffer, so tokenising
/// costs one allocation per text rather than one per token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tokens {
    lowered: String,
    tokens: Vec<Token>,
}

impl Tokens {
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.tokens.len()
    }

    pub(crate) fn get(&self, position: usize) -> Option<&Token> {
        self.tokens.get(position)
    }

    /// The lowered text of `token` (empty if `token` is not one of these).
    pub(crate) fn text(&self, token: &Token) -> &str {
        self.lowered.get(token.lowered_range.clone()).unwrap_or_default()
    }
}

fn is_word_character(character: char) -> bool {
    is_alphanumeric(character)
}

/// Blocks of symbols that resumes are full of (dashes, bullets, quotes,
/// arrows, box drawing, squares and dots: U+2000–U+206F, U+2190–U+21FF and
/// U+2500–U+25FF), none of them a letter or a digit.
const SYMBOL_BLOCKS: [std::ops::RangeInclusive<char>; 3] =
    ['\u{2000}'..='\u{206F}', '\u{2190}'..='\u{21FF}', '\u{2500}'..='\u{25FF}'];

/// `char::is_alphanumeric`, with ASCII and `SYMBOL_BLOCKS` answered
/// without Unicode's tables, whose search costs about 300 instructions a
/// character: a resume's dashes and bullets were 3% of a parse.
pub(crate) fn is_alphanumeric(character: char) -> bool {
    if character.is_ascii() {
        return character.is_ascii_alphanumeric();
    }
    !is_in_a_symbol_block(character) && character.is_alphanumeric()
}

/// `char::is_alphabetic`, as fast as `is_alphanumeric` for the same characters.
pub(crate) fn is_alphabetic(character: char) -> bool {
    if character.is_ascii() {
        return character.is_ascii_alphabetic();
    }
    !is_in_a_symbol_block(character) && character.is_alphabetic()
}

fn is_in_a_symbol_block(character: char) -> bool {
    SYMBOL_BLOCKS.iter().any(|block| block.contains(&character))
}

/// Characters that stay part of a word when they directly follow it, so that
/// `C++` and `C#` are single tokens distinct from `C`.
fn is_word_suffix(character: char) -> bool {
    character == '+' || character == '#'
}

fn push_lowercase(buffer: &mut String, character: char) {
    if character.is_ascii() {
        buffer.push(character.to_ascii_lowercase());
    } else {
        buffer.extend(character.to_lowercase());
    }
}

/// True when `word` lowercased is `lowercase`: the rule `is_listed` keeps.
#[cfg(test)]
fn lowercases_to(word: &str, lowercase: &str) -> bool {
    if word.is_ascii() {
        word.eq_ignore_ascii_case(lowercase)
    } else {
        word.to_lowercase() == lowercase
    }
}

/// `line` with each leader of dots (`Engineer ........ 2019`: at least
/// `DOT_LEADER_DOTS_MIN` dots in a row, or two ellipsis characters, as
/// typst draws a leader: `Engineer ………………. 2019`; spaces around them
/// included) turned into a column gap of three spaces. An ellipsis (`...`,
/// `…`) stays.
pub(crate) fn without_dot_leaders(line: &str) -> Cow<'_, str> {
    // Every line of every resume comes through here, and few hold a
    // leader: the dots are found by `memchr`, not by a substring search
    // set up per line.
    if find_dot_leader(line).is_none() {
        return Cow::Borrowed(line);
    }
    let mut columns = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = find_dot_leader(rest) {
        let after = rest[start..].trim_start_matches(['.', ' ', '…']);
        columns.push_str(rest[..start].trim_end());
        columns.push_str("   ");
        rest = after;
    }
    columns.push_str(rest);
    Cow::Owned(columns)
}

/// Dots in a row that make a leader rather than an ellipsis.
const DOT_LEADER_DOTS_MIN: usize = 4;

/// Two ellipsis characters in a row: a leader, not an ellipsis.
const ELLIPSIS_LEADER: &str = "……";

/// Where the first leader starts in `line`: `DOT_LEADER_DOTS_MIN` dots in
/// a row, or `ELLIPSIS_LEADER`.
fn find_dot_leader(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let dots = memchr::memchr_iter(b'.', bytes).find(|start| {
        bytes.get(*start..*start + DOT_LEADER_DOTS_MIN).is_some_and(|run| run.iter().all(|byte| *byte == b'.'))
    });
    // The ellipsis's first byte starts every character from U+2000 to
    // U+2FFF (dashes, bullets): only lines holding one are searched further.
    let ellipses = memchr::memchr(0xE2, bytes)
        .and_then(|first| memchr::memmem::find(&bytes[first..], ELLIPSIS_LEADER.as_bytes()).map(|found| first + found));
    match (dots, ellipses) {
        (Some(dots), Some(ellipses)) => Some(dots.min(ellipses)),
        (dots, ellipses) => dots.or(ellipses),
    }
}

/// True when `word` lowercased is one of `lowercase_words`.
pub(crate) fn is_listed(word: &str, lowercase_words: &[&str]) -> bool {
    // Lowered once, not once per listed word.
    if word.is_ascii() {
        lowercase_words.iter().any(|listed| word.eq_ignore_ascii_case(listed))
    } else {
        let lowered = word.to_lowercase();
        lowercase_words.contains(&lowered.as_str())
    }
}

/// Splits `text` into lowercased tokens (see the module documentation).
/// Used for keywords; a resume's text is searched by `find_phrases`
/// without lowering a copy of it.
pub(crate) fn tokenize(text: &str) -> Tokens {
    let mut lowered = String::with_capacity(text.len());
    let mut tokens: Vec<Token> = Vec::with_capacity(text.len() / 4);
    for place in TokenReader::new(text) {
        let lowered_start = lowered.len();
        append_lowered(place.text(text), place.is_ascii, &mut lowered);
        tokens.push(Token {
            lowered_range: lowered_start..lowered.len(),
            start_byte: place.start_byte,
            glued_to_previous: place.glued_to_previous,
        });
    }
    Tokens { lowered, tokens }
}

/// Where one token sits in the text, before lowering.
#[derive(Clone, Copy, Debug)]
struct TokenPlace {
    start_byte: usize,
    end_byte: usize,
    glued_to_previous: bool,
    /// Every byte is ASCII: lowering it keeps its length and first byte.
    is_ascii: bool,
}

impl TokenPlace {
    fn text(self, text: &str) -> &str {
        &text[self.start_byte..self.end_byte]
    }
}

/// Reads a text's tokens one at a time, without lowering them.
///
/// Every resume is read whole for scoring, so ASCII, which is most of any
/// resume, takes a byte-at-a-time path: a run of ASCII letters and digits
/// is stepped over in one go, and only other bytes are decoded as characters.
struct TokenReader<'t> {
    text: &'t str,
    index: usize,
    after_whitespace: bool,
}

impl<'t> TokenReader<'t> {
    fn new(text: &'t str) -> TokenReader<'t> {
        TokenReader { text, index: 0, after_whitespace: true }
    }

    /// The tokens that follow a token ending at `end_byte`.
    fn after(text: &'t str, end_byte: usize) -> TokenReader<'t> {
        TokenReader { text, index: end_byte, after_whitespace: false }
    }
}

impl Iterator for TokenReader<'_> {
    type Item = TokenPlace;

    #[inline]
    fn next(&mut self) -> Option<TokenPlace> {
        let bytes = self.text.as_bytes();
        loop {
            let byte = *bytes.get(self.index)?;
            let start_byte = self.index;
            let is_ascii = if byte.is_ascii_alphanumeric() {
                let is_ascii;
                (self.index, is_ascii) = self.word_end();
                is_ascii
            } else if is_ascii_whitespace(byte) {
                self.after_whitespace = true;
                self.index += 1;
                continue;
            } else if byte.is_ascii() {
                self.index += 1;
                true
            } else {
                let character = character_at(self.text, start_byte)?;
                if character.is_whitespace() {
                    self.after_whitespace = true;
                    self.index += character.len_utf8();
                    continue;
                }
                if is_word_character(character) {
                    self.index = self.word_end().0;
                    false
                } else {
                    self.index += character.len_utf8();
                    false
                }
            };
            // The start of the text counts as whitespace: the first token is never glued.
            let glued_to_previous = !self.after_whitespace;
            self.after_whitespace = false;
            return Some(TokenPlace { start_byte, end_byte: self.index, glued_to_previous, is_ascii });
        }
    }
}

impl TokenReader<'_> {
    /// Where the word starting at `self.index` ends, with any `+` or `#`
    /// glued to it, and whether all of it is ASCII.
    #[inline]
    fn word_end(&self) -> (usize, bool) {
        let bytes = self.text.as_bytes();
        let mut index = self.index;
        let mut is_ascii = true;
        loop {
            while bytes.get(index).is_some_and(|byte| IS_ASCII_ALPHANUMERIC[usize::from(*byte)]) {
                index += 1;
            }
            match bytes.get(index) {
                Some(byte) if !byte.is_ascii() => match character_at(self.text, index) {
                    Some(character) if is_word_character(character) => {
                        index += character.len_utf8();
                        is_ascii = false;
                    }
                    _ => break,
                },
                _ => break,
            }
        }
        while bytes.get(index).is_some_and(|byte| is_word_suffix(char::from(*byte))) {
            index += 1;
        }
        (index, is_ascii)
    }
}

/// `u8::is_ascii_alphanumeric` as a table: the test every byte of a resume's words takes.
static IS_ASCII_ALPHANUMERIC: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u8).is_ascii_alphanumeric();
        byte += 1;
    }
    table
};

/// ASCII's whitespace characters, as `char::is_whitespace` has them.
pub(crate) const fn is_ascii_whitespace(byte: u8) -> bool {
    matches!(byte, b'\t'..=b'\r' | b' ')
}

/// The character starting at byte `index` of `text` (a character boundary).
fn character_at(text: &str, index: usize) -> Option<char> {
    match text.as_bytes().get(index) {
        Some(byte) if byte.is_ascii() => Some(char::from(*byte)),
        Some(_) => text.get(index..).and_then(|rest| rest.chars().next()),
        None => None,
    }
}

/// Appends `token` lowered, a character at a time, to `lowered`.
fn append_lowered(token: &str, is_ascii: bool, lowered: &mut String) {
    if is_ascii {
        let start = lowered.len();
        lowered.push_str(token);
        lowered[start..].make_ascii_lowercase();
    } else {
        token.chars().for_each(|character| push_lowercase(lowered, character));
    }
}

/// True when `token` lowered a character at a time is `lowered`.
fn lowers_to(token: &str, is_ascii: bool, lowered: &str) -> bool {
    if is_ascii {
        token.eq_ignore_ascii_case(lowered)
    } else {
        token.chars().flat_map(char::to_lowercase).eq(lowered.chars())
    }
}

/// Start bytes of every occurrence of each phrase (already tokenised) in
/// `text`, in document order; an empty phrase matches nothing.
///
/// One pass over the text's tokens collects those that start some phrase
/// (compared with the phrases' few distinct first tokens, after a table of
/// first bytes and lengths has turned most tokens away), then each phrase
/// reads on from its own candidates. That is linear in the
/// text, lowers and allocates nothing for most tokens, and unlike a hash
/// table cannot be slowed down by input crafted to collide.
pub(crate) fn find_phrases(text: &str, phrases: &[Tokens]) -> Vec<Vec<usize>> {
    let first_text = |phrase: &Tokens| phrase.get(0).map(|first| phrase.text(first).to_string());
    let mut first_texts: Vec<String> = phrases.iter().filter_map(first_text).collect();
    first_texts.sort_unstable();
    first_texts.dedup();
    // Most tokens differ from every first token in their first byte or
    // their length; this table (a bit per length, up to 63, per first byte)
    // lets them skip lowering, the binary search and its string comparisons.
    let length_bit = |length: usize| 1u64 << length.min(63);
    let mut lengths_by_first_byte = [0u64; 256];
    for first in &first_texts {
        if let Some(byte) = first.bytes().next() {
            lengths_by_first_byte[usize::from(byte)] |= length_bit(first.len());
        }
    }
    let may_start_a_phrase =
        |first_byte: u8, length: usize| lengths_by_first_byte[usize::from(first_byte)] & length_bit(length) != 0;
    let mut candidates_by_first_text: Vec<Vec<TokenPlace>> = vec![Vec::new(); first_texts.len()];
    let mut lowered = String::new();
    for_each_token(text, |place| {
        if place.is_ascii {
            let first_byte = text.as_bytes()[place.start_byte].to_ascii_lowercase();
            if may_start_a_phrase(first_byte, place.end_byte - place.start_byte) {
                // The few first texts are compared in place, without lowering a copy.
                let token = place.text(text);
                let slot = first_texts.iter().position(|first| token.eq_ignore_ascii_case(first));
                if let Some(slot) = slot {
                    candidates_by_first_text[slot].push(place);
                }
            }
            return;
        }
        let token = place.text(text);
        lowered.clear();
        append_lowered(token, place.is_ascii, &mut lowered);
        if !lowered.bytes().next().is_some_and(|first_byte| may_start_a_phrase(first_byte, lowered.len())) {
            return;
        }
        if let Ok(slot) = first_texts.binary_search_by(|first| first.as_str().cmp(lowered.as_str())) {
            candidates_by_first_text[slot].push(place);
        }
    });
    phrases
        .iter()
        .map(|phrase| {
            let Some(slot) = first_text(phrase).and_then(|first| first_texts.binary_search(&first).ok()) else {
                return Vec::new();
            };
            candidates_by_first_text[slot]
                .iter()
                .filter(|place| phrase_continues_after(text, place.end_byte, phrase))
                .map(|place| place.start_byte)
                .collect()
        })
        .collect()
}

/// Calls `visit` with every token of `text`, in order; `glued_to_previous`
/// is not worked out (it is false). The same tokens as `TokenReader`'s, read
/// in one loop: the whole of every resume goes through it when scored, and
/// an iterator's state kept between tokens cost several times the loop.
#[inline]
fn for_each_token(text: &str, mut visit: impl FnMut(TokenPlace)) {
    let bytes = text.as_bytes();
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        let start_byte = index;
        if IS_ASCII_ALPHANUMERIC[usize::from(byte)] {
            index += 1;
            while bytes.get(index).is_some_and(|byte| IS_ASCII_ALPHANUMERIC[usize::from(*byte)]) {
                index += 1;
            }
            let is_ascii = if bytes.get(index).is_some_and(|byte| !byte.is_ascii()) {
                let (word_end, is_ascii) = TokenReader::after(text, start_byte).word_end();
                index = word_end;
                is_ascii
            } else {
                while bytes.get(index).is_some_and(|byte| is_word_suffix(char::from(*byte))) {
                    index += 1;
                }
                true
            };
            visit(TokenPlace { start_byte, end_byte: index, glued_to_previous: false, is_ascii });
        } else if is_ascii_whitespace(byte) {
            index += 1;
        } else if byte.is_ascii() {
            index += 1;
            visit(TokenPlace { start_byte, end_byte: index, glued_to_previous: false, is_ascii: true });
        } else {
            let mut reader = TokenReader::after(text, start_byte);
            match reader.next() {
                Some(place) => {
                    index = place.end_byte;
                    visit(place);
                }
                None => break,
            }
        }
    }
}

/// True when the tokens after `end_byte` in `text` are the rest of
/// `phrase`, glued or spaced as in the phrase.
fn phrase_continues_after(text: &str, end_byte: usize, phrase: &Tokens) -> bool {
    let mut following = TokenReader::after(text, end_byte);
    phrase.tokens.iter().skip(1).all(|expected| {
        following.next().is_some_and(|actual| {
            actual.glued_to_previous == expected.glued_to_previous
                && lowers_to(actual.text(text), actual.is_ascii, phrase.text(expected))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_letter_and_digit_tests_agree_with_unicode_on_every_character() {
        for character in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            assert_eq!(is_alphanumeric(character), character.is_alphanumeric(), "{character:?}");
            assert_eq!(is_alphabetic(character), character.is_alphabetic(), "{character:?}");
        }
    }

    fn occurrences(text: &str, keyword: &str) -> usize {
        find_phrases(text, &[tokenize(keyword)])[0].len()
    }

    /// Finding phrases in the text's whole token list, at every position:
    /// the rule `find_phrases` must agree with, however it reads the text.
    fn find_phrases_in_tokens(text: &Tokens, phrases: &[Tokens]) -> Vec<Vec<usize>> {
        let matches_at = |phrase: &Tokens, start: usize| {
            (0..phrase.len()).all(|offset| match (text.get(start + offset), phrase.get(offset)) {
                (Some(actual), Some(expected)) => {
                    (offset == 0 || actual.glued_to_previous == expected.glued_to_previous)
                        && text.text(actual) == phrase.text(expected)
                }
                _ => false,
            })
        };
        phrases
            .iter()
            .map(|phrase| {
                (0..text.len())
                    .filter(|start| phrase.len() > 0 && matches_at(phrase, *start))
                    .filter_map(|start| text.get(start).map(|token| token.start_byte))
                    .collect()
            })
            .collect()
    }

    /// Tokenising one character at a time: the rule `tokenize` must agree
    /// with, however fast it reads.
    fn tokenize_character_by_character(text: &str) -> Tokens {
        let mut lowered = String::new();
        let mut tokens: Vec<Token> = Vec::new();
        let mut characters = text.char_indices().peekable();
        let mut after_whitespace = true;
        while let Some((start_byte, character)) = characters.next() {
            if character.is_whitespace() {
                after_whitespace = true;
                continue;
            }
            let lowered_start = lowered.len();
            push_lowercase(&mut lowered, character);
            if is_word_character(character) {
                while let Some((_, next)) = characters.next_if(|&(_, next)| is_word_character(next)) {
                    push_lowercase(&mut lowered, next);
                }
                while let Some((_, next)) = characters.next_if(|&(_, next)| is_word_suffix(next)) {
                    lowered.push(next);
                }
            }
            let glued_to_previous = !after_whitespace && !tokens.is_empty();
            tokens.push(Token { lowered_range: lowered_start..lowered.len(), start_byte, glued_to_previous });
            after_whitespace = false;
        }
        Tokens { lowered, tokens }
    }

    proptest::proptest! {
        #[test]
        fn a_word_is_listed_when_it_lowers_to_a_listed_word(word in "[aAéÉİß\u{212a}k]{0,4}") {
            let listed = ["ak", "é", "ß", "i\u{307}", "kk"];
            proptest::prop_assert_eq!(is_listed(&word, &listed), listed.iter().any(|entry| lowercases_to(&word, entry)));
        }

        #[test]
        fn tokenising_agrees_with_reading_character_by_character(text in "[aZ9 +#.\\n\u{a0}éÉİß日\u{2028}-]{0,40}") {
            proptest::prop_assert_eq!(tokenize(&text), tokenize_character_by_character(&text));
        }

        #[test]
        fn reading_the_text_finds_what_its_token_list_holds(
            text in "[aAgoGk +#.\\n\u{a0}éÉİß\u{212a}\u{2028}-]{0,60}",
            phrases in proptest::collection::vec("[aAgoGk +#.éÉİ\u{212a}-]{0,6}", 0..5),
        ) {
            let phrases: Vec<Tokens> = phrases.iter().map(|phrase| tokenize(phrase)).collect();
            proptest::prop_assert_eq!(find_phrases(&text, &phrases), find_phrases_in_tokens(&tokenize(&text), &phrases));
        }
    }

    #[test]
    fn a_word_lowercases_to_a_listed_word_in_any_case_and_script() {
        assert!(is_listed("University", &["college", "university"]));
        assert!(is_listed("UNIVERSITÉ", &["université"]));
        assert!(!is_listed("Universe", &["university"]));
        assert!(!is_listed("universit", &["université"]));
    }

    #[test]
    fn go_does_not_match_going() {
        assert_eq!(occurrences("I am going home", "go"), 0);
    }

    #[test]
    fn go_does_not_match_mongo() {
        assert_eq!(occurrences("MongoDB and mongo shell", "go"), 0);
    }

    #[test]
    fn go_matches_go_before_punctuation() {
        assert_eq!(occurrences("Rust, Go. Also Go/Python and (go)", "go"), 3);
    }

    #[test]
    fn java_does_not_match_javascript() {
        assert_eq!(occurrences("JavaScript and TypeScript", "Java"), 0);
        assert_eq!(occurrences("Java and JavaScript", "Java"), 1);
    }

    #[test]
    fn matching_is_case_insensitive() {
        assert_eq!(occurrences("RUST and rust and Rust", "rust"), 3);
    }

    #[test]
    fn c_plus_plus_matches_and_c_does_not_match_inside_it() {
        assert_eq!(occurrences("Languages: C++, Rust", "C++"), 1);
        assert_eq!(occurrences("Languages: C++, C#", "C"), 0);
        assert_eq!(occurrences("C and C++", "C"), 1);
    }

    #[test]
    fn c_sharp_matches() {
        assert_eq!(occurrences("Built services in C#.", "c#"), 1);
        assert_eq!(occurrences("Built services in C.", "C#"), 0);
    }

    #[test]
    fn node_js_matches_only_its_own_spelling() {
        assert_eq!(occurrences("Backends in Node.js, Deno", "Node.js"), 1);
        assert_eq!(occurrences("Node. JS is separate here", "Node.js"), 0);
        assert_eq!(occurrences("React.jsx", "Node.js"), 0);
    }

    #[test]
    fn dot_net_matches_alone_and_inside_asp_dot_net() {
        assert_eq!(occurrences("Worked with .NET and ASP.NET Core", ".NET"), 2);
        assert_eq!(occurrences("a network of nets", ".NET"), 0);
    }

    #[test]
    fn ci_cd_matches_with_slash() {
        assert_eq!(occurrences("Owned CI/CD pipelines", "CI/CD"), 1);
        assert_eq!(occurrences("Owned CI pipelines", "CI/CD"), 0);
    }

    #[test]
    fn phrase_matches_across_any_whitespace() {
        assert_eq!(occurrences("built distributed   systems", "distributed systems"), 1);
        assert_eq!(occurrences("built distributed\n  systems", "Distributed Systems"), 1);
    }

    #[test]
    fn phrase_does_not_match_across_punctuation() {
        assert_eq!(occurrences("distributed, systems", "distributed systems"), 0);
        assert_eq!(occurrences("distributed-systems", "distributed systems"), 0);
    }

    #[test]
    fn phrase_does_not_match_a_prefix_of_a_word() {
        assert_eq!(occurrences("distributed systemsd", "distributed systems"), 0);
    }

    #[test]
    fn multibyte_text_tokenises_and_matches() {
        assert_eq!(occurrences("Ingénieur logiciel à Zürich", "zürich"), 1);
        assert_eq!(occurrences("日本語 Rust", "rust"), 1);
    }

    #[test]
    fn finds_several_phrases_sharing_a_first_token() {
        let text = "distributed systems, distributed teams, systems";
        let phrases = [tokenize("distributed systems"), tokenize("distributed"), tokenize("systems"), tokenize("x")];
        assert_eq!(find_phrases(text, &phrases), [vec![0], vec![0, 21], vec![12, 40], vec![]]);
    }

    #[test]
    fn empty_keyword_matches_nothing() {
        assert_eq!(occurrences("anything", ""), 0);
        assert_eq!(occurrences("anything", "   "), 0);
    }

    #[test]
    fn tokens_record_lowered_text_offsets_and_gluing() {
        let tokens = tokenize("a .NET C++");
        let summary: Vec<(&str, usize, bool)> = (0..tokens.len())
            .filter_map(|position| tokens.get(position))
            .map(|token| (tokens.text(token), token.start_byte, token.glued_to_previous))
            .collect();
        assert_eq!(summary, [("a", 0, false), (".", 2, false), ("net", 3, true), ("c++", 7, false)]);
    }

    #[test]
    fn a_leader_of_dots_becomes_a_column_gap_and_an_ellipsis_stays() {
        assert_eq!(
            without_dot_leaders("Design Engineer ........ Mar. 2017 – Aug. 2019"),
            "Design Engineer   Mar. 2017 – Aug. 2019"
        );
        assert_eq!(without_dot_leaders("Routing ... BGP"), "Routing ... BGP");
        assert_eq!(
            without_dot_leaders("Head Electrician ………………………………. Aug 2016 – Aug 2019"),
            "Head Electrician   Aug 2016 – Aug 2019"
        );
        assert_eq!(without_dot_leaders("Wait… then go"), "Wait… then go");
        assert!(matches!(without_dot_leaders("Plain line"), Cow::Borrowed(_)));
    }
}
