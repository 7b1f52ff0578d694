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
    character.is_alphanumeric()
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

/// True when `word` lowercased is `lowercase`, without lowering a copy when
/// `word` is ASCII: word lists are checked for every word of a resume.
pub(crate) fn lowercases_to(word: &str, lowercase: &str) -> bool {
    if word.is_ascii() {
        word.eq_ignore_ascii_case(lowercase)
    } else {
        word.to_lowercase() == lowercase
    }
}

/// True when `word` lowercased is one of `lowercase_words`.
pub(crate) fn is_listed(word: &str, lowercase_words: &[&str]) -> bool {
    lowercase_words.iter().any(|listed| lowercases_to(word, listed))
}

/// Splits `text` into lowercased tokens (see the module documentation).
///
/// Every resume is tokenised whole for scoring, so ASCII, which is most of
/// any resume, takes a byte-at-a-time path: a run of ASCII letters and
/// digits is copied and lowercased in one go, and only other bytes are
/// decoded as characters.
pub(crate) fn tokenize(text: &str) -> Tokens {
    let bytes = text.as_bytes();
    let mut lowered = String::with_capacity(text.len());
    let mut tokens: Vec<Token> = Vec::with_capacity(text.len() / 4);
    let mut after_whitespace = true;
    let mut index = 0;
    while let Some(character) = character_at(text, index) {
        if character.is_whitespace() {
            after_whitespace = true;
            index += character.len_utf8();
            continue;
        }
        let start_byte = index;
        let lowered_start = lowered.len();
        if is_word_character(character) {
            index = append_lowered_word(text, index, &mut lowered);
            while let Some(&suffix) = bytes.get(index).filter(|byte| is_word_suffix(char::from(**byte))) {
                lowered.push(char::from(suffix));
                index += 1;
            }
        } else {
            push_lowercase(&mut lowered, character);
            index += character.len_utf8();
        }
        let glued_to_previous = !after_whitespace && !tokens.is_empty();
        tokens.push(Token { lowered_range: lowered_start..lowered.len(), start_byte, glued_to_previous });
        after_whitespace = false;
    }
    Tokens { lowered, tokens }
}

/// The character starting at byte `index` of `text` (a character boundary).
fn character_at(text: &str, index: usize) -> Option<char> {
    match text.as_bytes().get(index) {
        Some(byte) if byte.is_ascii() => Some(char::from(*byte)),
        Some(_) => text.get(index..).and_then(|rest| rest.chars().next()),
        None => None,
    }
}

/// Appends the lowered word that starts at byte `start` to `lowered` and
/// returns the byte where the word ends.
fn append_lowered_word(text: &str, start: usize, lowered: &mut String) -> usize {
    let bytes = text.as_bytes();
    let ascii_end = start + bytes[start..].iter().take_while(|byte| byte.is_ascii_alphanumeric()).count();
    let ascii_lowered_start = lowered.len();
    lowered.push_str(&text[start..ascii_end]);
    lowered[ascii_lowered_start..].make_ascii_lowercase();
    let mut index = ascii_end;
    while let Some(character) = character_at(text, index).filter(|character| is_word_character(*character)) {
        push_lowercase(lowered, character);
        index += character.len_utf8();
    }
    index
}

/// Start bytes of every occurrence of each phrase (already tokenised) in
/// `text`, in document order; an empty phrase matches nothing.
///
/// One pass over the text collects the positions of tokens that start some
/// phrase (found by binary search among the phrases' distinct first tokens),
/// then each phrase checks only its own candidates. That is linear in the
/// text, allocates nothing per token, and unlike a hash table cannot be
/// slowed down by input crafted to collide.
pub(crate) fn find_phrases(text: &Tokens, phrases: &[Tokens]) -> Vec<Vec<usize>> {
    let first_text = |phrase: &Tokens| phrase.get(0).map(|first| phrase.text(first).to_string());
    let mut first_texts: Vec<String> = phrases.iter().filter_map(first_text).collect();
    first_texts.sort_unstable();
    first_texts.dedup();
    // Most tokens differ from every first token in their first byte or
    // their length; this table (a bit per length, up to 63, per first byte)
    // lets them skip the binary search and its string comparisons.
    let length_bit = |text: &str| 1u64 << text.len().min(63);
    let mut lengths_by_first_byte = [0u64; 256];
    for first in &first_texts {
        if let Some(byte) = first.bytes().next() {
            lengths_by_first_byte[usize::from(byte)] |= length_bit(first);
        }
    }
    let mut candidates_by_first_text: Vec<Vec<usize>> = vec![Vec::new(); first_texts.len()];
    for (position, token) in text.tokens.iter().enumerate() {
        let token_text = text.text(token);
        let lengths = token_text.bytes().next().map_or(0, |byte| lengths_by_first_byte[usize::from(byte)]);
        if lengths & length_bit(token_text) == 0 {
            continue;
        }
        if let Ok(slot) = first_texts.binary_search_by(|first| first.as_str().cmp(token_text)) {
            candidates_by_first_text[slot].push(position);
        }
    }
    phrases
        .iter()
        .map(|phrase| {
            let Some(slot) = first_text(phrase).and_then(|first| first_texts.binary_search(&first).ok()) else {
                return Vec::new();
            };
            candidates_by_first_text[slot]
                .iter()
                .filter(|position| phrase_continues_at(text, **position, phrase))
                .filter_map(|position| text.get(*position).map(|token| token.start_byte))
                .collect()
        })
        .collect()
}

/// True when the tokens after `position` in `text` are the rest of `phrase`,
/// glued or spaced as in the phrase.
fn phrase_continues_at(text: &Tokens, position: usize, phrase: &Tokens) -> bool {
    (1..phrase.len()).all(|offset| match (text.get(position + offset), phrase.get(offset)) {
        (Some(actual), Some(expected)) => {
            actual.glued_to_previous == expected.glued_to_previous && text.text(actual) == phrase.text(expected)
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn occurrences(text: &str, keyword: &str) -> usize {
        find_phrases(&tokenize(text), &[tokenize(keyword)])[0].len()
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
        fn tokenising_agrees_with_reading_character_by_character(text in "[aZ9 +#.\\n\u{a0}éÉİß日\u{2028}-]{0,40}") {
            proptest::prop_assert_eq!(tokenize(&text), tokenize_character_by_character(&text));
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
        let text = tokenize("distributed systems, distributed teams, systems");
        let phrases = [tokenize("distributed systems"), tokenize("distributed"), tokenize("systems"), tokenize("x")];
        assert_eq!(find_phrases(&text, &phrases), [vec![0], vec![0, 21], vec![12, 40], vec![]]);
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
}
