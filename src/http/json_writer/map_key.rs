//! Map keys, which JSON requires to be strings: a string as it is, a
//! number, bool or char quoted, anything else refused, as serde_json does.

use std::fmt::Display;

use serde::ser::{self, Serialize};

use super::{write_string, JsonWriteError};

/// A map key: a string as it is, a number or a bool quoted, as serde_json
/// writes them; anything else is refused, as serde_json refuses it.
pub(super) struct MapKeyWriter<'b> {
    pub(super) out: &'b mut Vec<u8>,
}

impl MapKeyWriter<'_> {
    #[inline]
    fn quoted(self, display: impl Display) -> Result<(), JsonWriteError> {
        write_string(self.out, &display.to_string());
        Ok(())
    }
}

fn key_must_be_a_string() -> JsonWriteError {
    JsonWriteError("key must be a string".into())
}

impl ser::Serializer for MapKeyWriter<'_> {
    type Ok = ();
    type Error = JsonWriteError;
    type SerializeSeq = ser::Impossible<(), JsonWriteError>;
    type SerializeTuple = ser::Impossible<(), JsonWriteError>;
    type SerializeTupleStruct = ser::Impossible<(), JsonWriteError>;
    type SerializeTupleVariant = ser::Impossible<(), JsonWriteError>;
    type SerializeMap = ser::Impossible<(), JsonWriteError>;
    type SerializeStruct = ser::Impossible<(), JsonWriteError>;
    type SerializeStructVariant = ser::Impossible<(), JsonWriteError>;

    numbers_through! {
        quoted: serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_i128(i128), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64),
        serialize_u128(u128)
    }

    #[inline]
    fn serialize_str(self, value: &str) -> Result<(), JsonWriteError> {
        write_string(self.out, value);
        Ok(())
    }

    #[inline]
    fn serialize_char(self, value: char) -> Result<(), JsonWriteError> {
        self.quoted(value)
    }

    #[inline]
    fn serialize_bool(self, value: bool) -> Result<(), JsonWriteError> {
        self.quoted(value)
    }

    #[inline]
    fn serialize_f32(self, _value: f32) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_f64(self, _value: f64) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_bytes(self, _value: &[u8]) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_none(self) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_unit(self) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
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
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_seq(self, _length: Option<usize>) -> Result<Self::SerializeSeq, JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_tuple(self, _length: usize) -> Result<Self::SerializeTuple, JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _length: usize,
    ) -> Result<Self::SerializeTupleStruct, JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _length: usize,
    ) -> Result<Self::SerializeTupleVariant, JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_map(self, _length: Option<usize>) -> Result<Self::SerializeMap, JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, _length: usize) -> Result<Self::SerializeStruct, JsonWriteError> {
        Err(key_must_be_a_string())
    }

    #[inline]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _length: usize,
    ) -> Result<Self::SerializeStructVariant, JsonWriteError> {
        Err(key_must_be_a_string())
    }
}
