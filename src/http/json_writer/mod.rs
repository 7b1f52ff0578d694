//! Compact JSON for response bodies, byte for byte what `serde_json` writes,
//! with a faster string escape. Profiles of the read path put serde_json's
//! escape at the top (15% of a 10 KB application detail): it looks up every
//! byte of every string in a table. Here eight bytes are tested at once for
//! the three things JSON escapes (control characters, `"` and `\`), and
//! clean runs are copied whole. Numbers go through serde_json itself, so
//! their formatting cannot drift; everything else is the same few
//! punctuation rules. A property test holds the output to serde_json's.

use std::fmt::Display;

use serde::ser::{self, Serialize};

/// Appends the compact JSON of `value` to `out`.
pub fn write_json<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), JsonWriteError> {
    value.serialize(&mut JsonWriter { out })
}

/// Why a value could not be written: only what serde_json refuses too
/// (a map key that is not a string or a number, or a value's own error).
/// Boxed so that every `Result` passed up the serialiser stays small.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct JsonWriteError(Box<str>);

impl ser::Error for JsonWriteError {
    #[inline]
    fn custom<T: Display>(message: T) -> Self {
        JsonWriteError(message.to_string().into())
    }
}

/// The `serialize_<number>` methods of a serialiser, each handing its
/// value to one function: `write_number(self.out, value)` for values,
/// `self.quoted(value)` for map keys.
macro_rules! numbers_through {
    (write_number: $($method:ident($type:ty)),* $(,)?) => {
        $(
            #[inline]
            fn $method(self, value: $type) -> Result<(), JsonWriteError> {
                write_number(self.out, value)
            }
        )*
    };
    (quoted: $($method:ident($type:ty)),* $(,)?) => {
        $(
            #[inline]
            fn $method(self, value: $type) -> Result<(), JsonWriteError> {
                self.quoted(value)
            }
        )*
    };
}

struct JsonWriter<'b> {
    out: &'b mut Vec<u8>,
}

/// A number, through serde_json, which writes into `out` without allocating.
#[inline]
fn write_number<N: Serialize>(out: &mut Vec<u8>, number: N) -> Result<(), JsonWriteError> {
    serde_json::to_writer(&mut *out, &number).map_err(|error| JsonWriteError(error.to_string().into()))
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Nonzero when any byte of `word` is below `limit` (at most 128). Bits
/// above the lowest such byte may be set falsely, so the result says
/// exactly whether one is, not which.
#[inline]
fn bytes_below(word: u64, limit: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(limit)) & !word & HIGH_BITS
}

/// Nonzero when any of the eight bytes of `word` is one JSON escapes: a
/// control character, `"` or `\`.
#[inline]
fn escape_bits(word: u64) -> u64 {
    bytes_below(word, 0x20)
        | bytes_below(word ^ (ONES * u64::from(b'"')), 1)
        | bytes_below(word ^ (ONES * u64::from(b'\\')), 1)
}

#[inline]
fn needs_escape(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// Appends `text` as a JSON string, escaped exactly as serde_json does: for
/// writers that skip serde's per-field calls on the hottest bodies.
#[inline]
pub fn write_json_string(out: &mut Vec<u8>, text: &str) {
    write_string(out, text);
}

/// Appends `bytes` as a JSON string when they are UTF-8, as
/// [`write_json_string`] does; refuses them otherwise and appends nothing.
/// For text read straight from stored bytes: ASCII, the common case, is
/// told by a word-at-a-time test, and only other text is fully checked.
#[inline]
pub fn write_json_text(out: &mut Vec<u8>, bytes: &[u8]) -> Result<(), std::str::Utf8Error> {
    if !bytes.is_ascii() {
        std::str::from_utf8(bytes)?;
    }
    write_utf8(out, bytes);
    Ok(())
}

/// Appends a whole number as serde_json writes it.
#[inline]
pub fn write_json_integer(out: &mut Vec<u8>, value: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// Below this, a float that is a whole number of hundredths is written by
/// `write_hundredths`; far below where serde_json turns to exponents (1e16).
const HUNDREDTHS_VALUE_MAX: f64 = 1e9;

/// Appends a floating-point number as serde_json writes it (`null` when not
/// finite). The floats of responses are points and years rounded to two
/// decimals, and formatting each through serde_json's shortest-digits search
/// was a twentieth of an application detail's time; those are written from
/// their hundredths, which gives the same bytes (a property test holds the
/// two to each other), and every other float goes through serde_json.
#[inline]
pub fn write_json_float(out: &mut Vec<u8>, value: f64) {
    if let Some(hundredths) = exact_hundredths(value) {
        write_hundredths(out, hundredths);
        return;
    }
    // Writing into a `Vec` cannot fail, and serde_json refuses no `f64`.
    let written = write_number(out, value);
    debug_assert!(written.is_ok(), "a float is always written");
}

/// `value` as a whole number of hundredths, when it is the float nearest to
/// one, is not negative (nor -0.0) and is below `HUNDREDTHS_VALUE_MAX`. Its
/// shortest decimal is then those hundredths: any other decimal of as few
/// digits is at least a hundredth away, and the float's spacing at this size
/// is under a millionth.
#[inline]
fn exact_hundredths(value: f64) -> Option<u64> {
    if !(0.0..HUNDREDTHS_VALUE_MAX).contains(&value) || value.is_sign_negative() {
        return None;
    }
    let hundredths = (value * 100.0).round();
    // Division is correctly rounded, so equality means `value` is the float nearest to hundredths / 100.
    (hundredths / 100.0 == value).then_some(hundredths as u64)
}

/// `8.33`, `8.3`, `20.0`: serde_json's forms of a float's shortest digits
/// at this size (a fraction, and `.0` for a whole number).
#[inline]
fn write_hundredths(out: &mut Vec<u8>, hundredths: u64) {
    write_json_integer(out, hundredths / 100);
    let fraction = hundredths % 100;
    match (fraction / 10, fraction % 10) {
        (tenths, 0) => out.extend_from_slice(&[b'.', b'0' + tenths as u8]),
        (tenths, digit) => out.extend_from_slice(&[b'.', b'0' + tenths as u8, b'0' + digit as u8]),
    }
}

/// Appends `items` as a JSON array, each written by `write_item`.
pub fn write_json_array<T>(out: &mut Vec<u8>, items: &[T], mut write_item: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_item(out, item);
    }
    out.push(b']');
}

/// Strings up to this long (IDs, names, emails, stages, tags) are checked
/// in line, eight bytes at a time, and copied whole when clean; longer ones
/// take the scan that copies clean runs between escapes.
const SHORT_STRING_BYTES_MAX: usize = 64;

/// Appends `text` as a JSON string, escaped exactly as serde_json does.
#[inline]
fn write_string(out: &mut Vec<u8>, text: &str) {
    write_utf8(out, text.as_bytes());
}

/// [`write_string`] of bytes known to be UTF-8.
#[inline]
fn write_utf8(out: &mut Vec<u8>, bytes: &[u8]) {
    if bytes.len() <= SHORT_STRING_BYTES_MAX && !any_needs_escape(bytes) {
        out.reserve(bytes.len() + 2);
        out.push(b'"');
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    write_string_scanned(out, bytes);
}

/// Whether any of `bytes` needs an escape, eight at a time without an early
/// exit (the strings are short, and clean nearly always); the last partial
/// word is read as the last eight bytes, overlapping the one before.
#[inline]
fn any_needs_escape(bytes: &[u8]) -> bool {
    let word_at = |start: usize| u64::from_le_bytes(bytes[start..start + 8].try_into().expect("eight bytes"));
    if bytes.len() < 8 {
        return bytes.iter().any(|&byte| needs_escape(byte));
    }
    let mut bits = escape_bits(word_at(bytes.len() - 8));
    let mut start = 0;
    while start + 8 <= bytes.len() {
        bits |= escape_bits(word_at(start));
        start += 8;
    }
    bits != 0
}

/// [`write_string`] for long strings, or ones that need escapes.
fn write_string_scanned(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut run_start = 0;
    let mut position = 0;
    while position < bytes.len() {
        if let Some(chunk) = bytes.get(position..position + 8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            if escape_bits(word) == 0 {
                position += 8;
                continue;
            }
        }
        let end = (position + 8).min(bytes.len());
        while position < end {
            let byte = bytes[position];
            if needs_escape(byte) {
                out.extend_from_slice(&bytes[run_start..position]);
                write_escape(out, byte);
                run_start = position + 1;
            }
            position += 1;
        }
    }
    out.extend_from_slice(&bytes[run_start..]);
    out.push(b'"');
}

fn write_escape(out: &mut Vec<u8>, byte: u8) {
    const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";
    match byte {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        0x08 => out.extend_from_slice(b"\\b"),
        0x0c => out.extend_from_slice(b"\\f"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\r' => out.extend_from_slice(b"\\r"),
        b'\t' => out.extend_from_slice(b"\\t"),
        control => out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX_DIGITS[usize::from(control >> 4)],
            HEX_DIGITS[usize::from(control & 0x0f)],
        ]),
    }
}

/// A sequence or map being written: whether the next element needs a comma.
struct Compound<'a, 'b> {
    writer: &'a mut JsonWriter<'b>,
    first: bool,
    /// What closes it: `]`, `}`, or `}}` for a variant that wraps one.
    close: &'static [u8],
}

impl Compound<'_, '_> {
    #[inline]
    fn separate(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.writer.out.push(b',');
        }
    }

    #[inline]
    fn end(self) -> Result<(), JsonWriteError> {
        self.writer.out.extend_from_slice(self.close);
        Ok(())
    }

    #[inline]
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), JsonWriteError> {
        self.separate();
        write_string(self.writer.out, key);
        self.writer.out.push(b':');
        value.serialize(&mut *self.writer)
    }
}

impl<'a, 'b> JsonWriter<'b> {
    /// Writes `open`, and returns the compound that `close` ends. An empty
    /// one (a length of 0 known in advance) is closed at once, as serde_json
    /// does: its `]` or `}` is written now and only the rest of `close` is left.
    #[inline]
    fn open(&'a mut self, open: u8, close: &'static [u8], empty: bool) -> Compound<'a, 'b> {
        self.out.push(open);
        let close = if empty {
            self.out.push(close[0]);
            &close[1..]
        } else {
            close
        };
        Compound { writer: self, first: true, close }
    }

    /// `{"variant":` before a variant's content, as serde_json writes it.
    #[inline]
    fn open_variant(&mut self, variant: &str) {
        self.out.push(b'{');
        write_string(self.out, variant);
        self.out.push(b':');
    }
}

impl<'a, 'b> ser::Serializer for &'a mut JsonWriter<'b> {
    type Ok = ();
    type Error = JsonWriteError;
    type SerializeSeq = Compound<'a, 'b>;
    type SerializeTuple = Compound<'a, 'b>;
    type SerializeTupleStruct = Compound<'a, 'b>;
    type SerializeTupleVariant = Compound<'a, 'b>;
    type SerializeMap = Compound<'a, 'b>;
    type SerializeStruct = Compound<'a, 'b>;
    type SerializeStructVariant = Compound<'a, 'b>;

    numbers_through! {
        write_number: serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_i128(i128), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64),
        serialize_u128(u128), serialize_f32(f32), serialize_f64(f64)
    }

    #[inline]
    fn serialize_bool(self, value: bool) -> Result<(), JsonWriteError> {
        self.out.extend_from_slice(if value { b"true" } else { b"false" });
        Ok(())
    }

    #[inline]
    fn serialize_char(self, value: char) -> Result<(), JsonWriteError> {
        write_string(self.out, value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    #[inline]
    fn serialize_str(self, value: &str) -> Result<(), JsonWriteError> {
        write_string(self.out, value);
        Ok(())
    }

    #[inline]
    fn serialize_bytes(self, value: &[u8]) -> Result<(), JsonWriteError> {
        use ser::SerializeSeq;
        let mut sequence = self.serialize_seq(Some(value.len()))?;
        for byte in value {
            sequence.serialize_element(byte)?;
        }
        sequence.end()
    }

    #[inline]
    fn serialize_none(self) -> Result<(), JsonWriteError> {
        self.serialize_unit()
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), JsonWriteError> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_unit(self) -> Result<(), JsonWriteError> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), JsonWriteError> {
        self.serialize_unit()
    }

    #[inline]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), JsonWriteError> {
        self.serialize_str(variant)
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), JsonWriteError> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), JsonWriteError> {
        self.open_variant(variant);
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }

    #[inline]
    fn serialize_seq(self, length: Option<usize>) -> Result<Compound<'a, 'b>, JsonWriteError> {
        Ok(self.open(b'[', b"]", length == Some(0)))
    }

    #[inline]
    fn serialize_tuple(self, length: usize) -> Result<Compound<'a, 'b>, JsonWriteError> {
        self.serialize_seq(Some(length))
    }

    #[inline]
    fn serialize_tuple_struct(self, _name: &'static str, length: usize) -> Result<Compound<'a, 'b>, JsonWriteError> {
        self.serialize_seq(Some(length))
    }

    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        length: usize,
    ) -> Result<Compound<'a, 'b>, JsonWriteError> {
        self.open_variant(variant);
        Ok(self.open(b'[', b"]}", length == 0))
    }

    #[inline]
    fn serialize_map(self, length: Option<usize>) -> Result<Compound<'a, 'b>, JsonWriteError> {
        Ok(self.open(b'{', b"}", length == Some(0)))
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, length: usize) -> Result<Compound<'a, 'b>, JsonWriteError> {
        self.serialize_map(Some(length))
    }

    #[inline]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        length: usize,
    ) -> Result<Compound<'a, 'b>, JsonWriteError> {
        self.open_variant(variant);
        Ok(self.open(b'{', b"}}", length == 0))
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = JsonWriteError;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), JsonWriteError> {
        self.separate();
        value.serialize(&mut *self.writer)
    }

    #[inline]
    fn end(self) -> Result<(), JsonWriteError> {
        Compound::end(self)
    }
}

/// Tuples, tuple structs and tuple variants are written as sequences.
macro_rules! written_as_a_sequence {
    ($($trait:ident :: $method:ident),* $(,)?) => {
        $(
            impl ser::$trait for Compound<'_, '_> {
                type Ok = ();
                type Error = JsonWriteError;

                #[inline]
                fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), JsonWriteError> {
                    ser::SerializeSeq::serialize_element(self, value)
                }

                #[inline]
                fn end(self) -> Result<(), JsonWriteError> {
                    Compound::end(self)
                }
            }
        )*
    };
}

written_as_a_sequence!(
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field,
);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = JsonWriteError;

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), JsonWriteError> {
        self.separate();
        key.serialize(MapKeyWriter { out: &mut *self.writer.out })?;
        self.writer.out.push(b':');
        Ok(())
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), JsonWriteError> {
        value.serialize(&mut *self.writer)
    }

    #[inline]
    fn end(self) -> Result<(), JsonWriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = JsonWriteError;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), JsonWriteError> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<(), JsonWriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = JsonWriteError;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), JsonWriteError> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<(), JsonWriteError> {
        Compound::end(self)
    }
}

mod map_key;
#[cfg(test)]
mod tests;

use map_key::MapKeyWriter;
