//! A reader of the codec's wire format, value by value, for the reads that
//! turn a stored result straight into another format (the public API's
//! JSON) without decoding it into Rust values first: decoding a parsed
//! resume allocates a `Vec` per list and checks every string, and a
//! response then only copies them out again.
//!
//! It knows what [`super`] configures: little-endian, variable-length
//! integers (a value up to 250 in one byte; 251, 252 and 253 announce a
//! `u16`, `u32` or `u64` after them), `u8` as one byte, `bool` and option
//! tags as one byte that is 0 or 1, an enum's variant as a `u32`, a list or
//! string as its length then its items or bytes, `f64` as eight bytes. The
//! caller walks a type's fields in their declared order, as serde does; the
//! tests hold every primitive to what bincode writes.
//!
//! Strings come back as bytes: the caller checks that what it copies is
//! UTF-8 (a JSON writer can do that in its escape scan, for almost nothing).

use super::CodecError;

const SINGLE_BYTE_MAX: u8 = 250;
const U16_FOLLOWS: u8 = 251;
const U32_FOLLOWS: u8 = 252;
const U64_FOLLOWS: u8 = 253;

/// A cursor over one encoded value.
#[derive(Clone, Debug)]
pub struct WireReader<'a> {
    bytes: &'a [u8],
}

impl<'a> WireReader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    /// Whether every byte has been read: a value that leaves bytes over is
    /// not the type the caller walked.
    pub fn finish(self) -> Result<(), CodecError> {
        match self.bytes.len() {
            0 => Ok(()),
            left => Err(malformed(&format!("{left} bytes are left after the value"))),
        }
    }

    fn take(&mut self, count: usize) -> Result<&'a [u8], CodecError> {
        if count > self.bytes.len() {
            return Err(malformed("the value ends early"));
        }
        let (taken, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(taken)
    }

    pub fn u8(&mut self) -> Result<u8, CodecError> {
        Ok(self.take(1)?[0])
    }

    fn varint(&mut self, widest: u8) -> Result<u64, CodecError> {
        let first = self.u8()?;
        let value = match first {
            0..=SINGLE_BYTE_MAX => return Ok(u64::from(first)),
            U16_FOLLOWS => u64::from(u16::from_le_bytes(self.array()?)),
            U32_FOLLOWS if widest >= U32_FOLLOWS => u64::from(u32::from_le_bytes(self.array()?)),
            U64_FOLLOWS if widest >= U64_FOLLOWS => u64::from_le_bytes(self.array()?),
            _ => return Err(malformed("an integer's first byte names a width it cannot have")),
        };
        Ok(value)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], CodecError> {
        Ok(self.take(N)?.try_into().expect("take gives N bytes"))
    }

    pub fn u16(&mut self) -> Result<u16, CodecError> {
        Ok(u16::try_from(self.varint(U16_FOLLOWS)?).expect("a u16 varint fits"))
    }

    pub fn u32(&mut self) -> Result<u32, CodecError> {
        Ok(u32::try_from(self.varint(U32_FOLLOWS)?).expect("a u32 varint fits"))
    }

    pub fn u64(&mut self) -> Result<u64, CodecError> {
        self.varint(U64_FOLLOWS)
    }

    pub fn f64(&mut self) -> Result<f64, CodecError> {
        Ok(f64::from_le_bytes(self.array()?))
    }

    pub fn bool(&mut self) -> Result<bool, CodecError> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(malformed("a bool or option tag is neither 0 nor 1")),
        }
    }

    /// An enum's variant index, checked against how many it has.
    pub fn variant(&mut self, variants: u32) -> Result<u32, CodecError> {
        let index = self.u32()?;
        if index >= variants {
            return Err(malformed("an enum's variant index is out of range"));
        }
        Ok(index)
    }

    /// A list's length. Each item takes at least one byte, so a length
    /// beyond the bytes left is damage, refused before anything loops on it.
    pub fn length(&mut self) -> Result<usize, CodecError> {
        let length = self.u64()?;
        match usize::try_from(length) {
            Ok(length) if length <= self.bytes.len() => Ok(length),
            _ => Err(malformed("a list is longer than the bytes left")),
        }
    }

    /// A string's bytes (unchecked: see the module comment).
    pub fn text(&mut self) -> Result<&'a [u8], CodecError> {
        let length = self.u64()?;
        let length = usize::try_from(length).map_err(|_| malformed("a string is longer than memory"))?;
        self.take(length)
    }

    /// An option: its tag, then the value `read` reads when it is there.
    pub fn optional<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, CodecError>,
    ) -> Result<Option<T>, CodecError> {
        if self.bool()? {
            read(self).map(Some)
        } else {
            Ok(None)
        }
    }

    pub fn optional_text(&mut self) -> Result<Option<&'a [u8]>, CodecError> {
        self.optional(Self::text)
    }

    /// A list of strings, walked once to find its end; its strings are read
    /// again, without copying, from what this returns.
    pub fn texts(&mut self) -> Result<Texts<'a>, CodecError> {
        let count = self.length()?;
        let start = self.bytes;
        for _ in 0..count {
            self.text()?;
        }
        let used = start.len() - self.bytes.len();
        Ok(Texts { count, bytes: &start[..used] })
    }
}

/// A list of strings inside an encoded value.
#[derive(Clone, Copy, Debug)]
pub struct Texts<'a> {
    count: usize,
    bytes: &'a [u8],
}

impl<'a> Texts<'a> {
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    pub fn first(&self) -> Option<&'a [u8]> {
        self.iter().next()
    }

    pub fn iter(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        let mut reader = WireReader::new(self.bytes);
        (0..self.count).map(move |_| reader.text().expect("walked once already"))
    }
}

fn malformed(why: &str) -> CodecError {
    CodecError::Decode(format!("the wire reader: {why}"))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::Serialize;

    use super::*;
    use crate::store::codec::encode;

    #[derive(Serialize, Debug, Clone, PartialEq)]
    enum Kind {
        First,
        Second,
        Third,
    }

    /// One of each primitive, in a struct as the callers meet them.
    #[derive(Serialize, Debug, Clone)]
    struct Primitives {
        byte: u8,
        small: u16,
        medium: u32,
        large: u64,
        float: f64,
        flag: bool,
        kind: Kind,
        text: String,
        maybe_text: Option<String>,
        maybe_medium: Option<u32>,
        maybe_small: Option<u16>,
        texts: Vec<String>,
    }

    fn primitives() -> impl Strategy<Value = Primitives> {
        (
            (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<f64>(), any::<bool>()),
            prop_oneof![Just(Kind::First), Just(Kind::Second), Just(Kind::Third)],
            ".{0,300}",
            proptest::option::of(".{0,20}"),
            proptest::option::of(any::<u32>()),
            proptest::option::of(any::<u16>()),
            proptest::collection::vec(".{0,10}", 0..300),
        )
            .prop_map(
                |(
                    (byte, small, medium, large, float, flag),
                    kind,
                    text,
                    maybe_text,
                    maybe_medium,
                    maybe_small,
                    texts,
                )| {
                    Primitives {
                        byte,
                        small,
                        medium,
                        large,
                        float,
                        flag,
                        kind,
                        text,
                        maybe_text,
                        maybe_medium,
                        maybe_small,
                        texts,
                    }
                },
            )
    }

    /// The value in `bytes`, read primitive by primitive.
    fn read_back(bytes: &[u8]) -> Result<Primitives, CodecError> {
        let mut reader = WireReader::new(bytes);
        // Lossy, for damaged input; what the codec wrote is UTF-8.
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        let value = Primitives {
            byte: reader.u8()?,
            small: reader.u16()?,
            medium: reader.u32()?,
            large: reader.u64()?,
            float: reader.f64()?,
            flag: reader.bool()?,
            kind: [Kind::First, Kind::Second, Kind::Third][reader.variant(3)? as usize].clone(),
            text: text(reader.text()?),
            maybe_text: reader.optional_text()?.map(text),
            maybe_medium: reader.optional(WireReader::u32)?,
            maybe_small: reader.optional(WireReader::u16)?,
            texts: reader.texts()?.iter().map(text).collect(),
        };
        reader.finish()?;
        Ok(value)
    }

    proptest! {
        #[test]
        fn the_reader_reads_back_what_the_codec_wrote(value in primitives()) {
            let bytes = encode(&value).unwrap();
            let read = read_back(&bytes).unwrap();
            prop_assert_eq!(encode(&read).unwrap(), bytes, "{:?} read back as {:?}", value, read);
        }

        #[test]
        fn a_cut_value_is_an_error_and_a_damaged_one_never_a_panic(
            value in primitives(),
            cut in any::<usize>(),
            flip in any::<(usize, u8)>(),
        ) {
            let bytes = encode(&value).unwrap();
            prop_assert!(read_back(&bytes[..cut % bytes.len()]).is_err());
            let mut damaged = bytes.clone();
            damaged[flip.0 % bytes.len()] ^= flip.1;
            let _ = read_back(&damaged);
        }
    }

    #[test]
    fn a_list_longer_than_its_bytes_is_refused_before_it_is_walked() {
        let mut reader = WireReader::new(&[U64_FOLLOWS, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]);
        assert!(reader.length().is_err());
        let mut reader = WireReader::new(&[U32_FOLLOWS, 0, 0, 0]);
        assert!(reader.u16().is_err(), "a u16 never announces four bytes");
    }
}
