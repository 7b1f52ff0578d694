//! The writer against serde_json: every shape a response uses, and any string.

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde::Serialize;
use serde_json::json;

use super::*;

#[inline]
fn written<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    write_json(&mut out, value).expect("writes");
    out
}

#[inline]
fn same_as_serde_json<T: Serialize + ?Sized>(value: &T) {
    let ours = written(value);
    let theirs = serde_json::to_vec(value).expect("serde_json writes");
    assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shape<'a> {
    name: &'a str,
    score: Option<u8>,
    points: f64,
    tiny: f64,
    not_a_number: f64,
    tags: &'a [&'a str],
    nothing: Vec<u32>,
    nested: BTreeMap<&'a str, i64>,
    empty: BTreeMap<String, String>,
    flag: bool,
    unit: (),
    kind: Kind,
    newtype: Kind,
    tuple: Kind,
    record: Kind,
    pair: (u8, &'a str),
    letter: char,
}

#[derive(Serialize)]
enum Kind {
    Plain,
    #[allow(dead_code)]
    Wrapped(i32),
    #[allow(dead_code)]
    Pair(i32, i32),
    #[allow(dead_code)]
    Record {
        at: u64,
    },
}

#[test]
#[inline]
fn every_shape_a_response_uses_is_written_as_serde_json_writes_it() {
    let nested: BTreeMap<&str, i64> = [("a", 1), ("b\"", -2)].into_iter().collect();
    same_as_serde_json(&Shape {
        name: "Ana \"Rust\" Silva\\\n\t\u{1}\u{7f}é😀",
        score: None,
        points: 12.5,
        tiny: 1e-7,
        not_a_number: f64::NAN,
        tags: &["a", "", "c,d"],
        nothing: Vec::new(),
        nested,
        empty: BTreeMap::new(),
        flag: true,
        unit: (),
        kind: Kind::Plain,
        newtype: Kind::Wrapped(-3),
        tuple: Kind::Pair(1, 2),
        record: Kind::Record { at: u64::MAX },
        pair: (7, "x"),
        letter: '"',
    });
    same_as_serde_json(&json!({ "numbers": [0, -1, 1.5, 1e300, u64::MAX], "null": null, "deep": [[{}], []] }));
    #[derive(Serialize)]
    enum Empty {
        Tuple(),
        Record {},
    }
    same_as_serde_json(&(Empty::Tuple(), Empty::Record {}, (), Vec::<u8>::new()));
    let integer_keys: BTreeMap<u32, bool> = [(1, true), (20, false)].into_iter().collect();
    same_as_serde_json(&integer_keys);
}

#[test]
#[inline]
fn a_key_that_is_not_a_string_or_a_number_is_refused_like_serde_json_refuses_it() {
    let by_list: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
    assert!(write_json(&mut Vec::new(), &by_list).is_err());
    assert!(serde_json::to_vec(&by_list).is_err());
}

fn float_written(value: f64) -> Vec<u8> {
    let mut out = Vec::new();
    write_json_float(&mut out, value);
    out
}

#[test]
fn floats_at_the_edges_of_the_hundredths_path_are_written_as_serde_json_writes_them() {
    let edges = [
        0.0,
        -0.0,
        0.01,
        0.05,
        0.1,
        0.3,
        0.1 + 0.2,
        1.0 / 3.0,
        8.33,
        20.0,
        99.99,
        100.0,
        1e-7,
        123_456_789.99,
        999_999_999.99,
        1e9,
        1e16,
        -8.33,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::NAN,
        f64::INFINITY,
    ];
    for value in edges {
        assert_eq!(float_written(value), serde_json::to_vec(&value).unwrap(), "{value:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_048))]

    #[test]
    fn hundredths_are_written_as_serde_json_writes_them(hundredths in 0u64..200_000_000_000) {
        let value = hundredths as f64 / 100.0;
        prop_assert_eq!(float_written(value), serde_json::to_vec(&value).unwrap(), "{:?}", value);
    }

    #[test]
    fn points_rounded_to_hundredths_are_written_as_serde_json_writes_them(points in 0.0f64..100.0, years in 0u32..600) {
        for value in [(points * 100.0).round() / 100.0, (f64::from(years) / 1.2).round() / 10.0, points] {
            prop_assert_eq!(float_written(value), serde_json::to_vec(&value).unwrap(), "{:?}", value);
        }
    }

    #[test]
    fn any_float_is_written_as_serde_json_writes_it(value in any::<f64>()) {
        prop_assert_eq!(float_written(value), serde_json::to_vec(&value).unwrap(), "{:?}", value);
    }

    #[test]
    fn any_string_is_escaped_exactly_as_serde_json_escapes_it(text in any::<String>()) {
        prop_assert_eq!(written(&text), serde_json::to_vec(&text).unwrap());
    }

    #[test]
    fn strings_dense_with_escapes_at_every_offset_match_serde_json(
        text in proptest::collection::vec(
            prop_oneof![Just('"'), Just('\\'), Just('\n'), Just('\u{1f}'), Just('a'), Just('é'), Just('\u{7f}')],
            0..64,
        ).prop_map(|characters| characters.into_iter().collect::<String>())
    ) {
        prop_assert_eq!(written(&text), serde_json::to_vec(&text).unwrap());
    }
}

/// Every length up to past the in-line limit, with each escapable byte at
/// every offset (and none): where the word-at-a-time check splits a string
/// into words, an escape in any word, whole or overlapping, is found.
#[test]
fn an_escape_at_any_offset_of_a_string_of_any_short_length_is_found() {
    for length in 0..=SHORT_STRING_BYTES_MAX + 9 {
        let clean = "é".repeat(length / 2) + &"k".repeat(length % 2);
        same_as_serde_json(&clean);
        for escaped in ['"', '\\', '\n', '\u{1}', '\u{1f}', '\u{7f}'] {
            for offset in 0..clean.chars().count().max(1) {
                let text: String =
                    clean.chars().take(offset).chain([escaped]).chain(clean.chars().skip(offset + 1)).collect();
                same_as_serde_json(&text);
            }
        }
    }
}
