//! Glyph widths of composite (CID) fonts, rewritten into the one form of the
//! `/W` array that `pdf-extract` reads.
//!
//! A CID font lists its widths in two forms, which may be mixed: `c [w1 w2
//! …]` (widths of consecutive CIDs from `c`) and `c_first c_last w` (one
//! width for a range). `pdf-extract` 0.12 reads only the first: the second
//! leaves every width at the default, which typst's fonts set to 0, so each
//! glyph of a line lands on the same spot and the words come out in a
//! scrambled order. Typst writes only the range form. Before the text is
//! read, each range is spelled out as a list, which both forms mean the same.
//! Ranges are bounded, so a hostile file cannot make the list huge.

use lopdf::{Document as PdfDocument, Object, ObjectId};

/// Widths one font may spell out: a CID is two bytes, so no real font has more.
const WIDTHS_PER_FONT_MAX: i64 = 65_536;

/// Rewrites the `/W` array of every CID font of `pdf` into the list form.
/// A `/W` that is not well formed is left as it is.
pub fn spell_out_cid_widths(pdf: &mut PdfDocument) {
    let font_ids: Vec<ObjectId> =
        pdf.objects.iter().filter(|(_, object)| is_cid_font(object)).map(|(id, _)| *id).collect();
    for font_id in font_ids {
        let widths = match pdf.get_dictionary(font_id).ok().and_then(|font| font.get(b"W").ok()) {
            Some(Object::Reference(id)) => pdf.get_object(*id).ok().and_then(|object| object.as_array().ok()).cloned(),
            Some(Object::Array(widths)) => Some(widths.clone()),
            _ => None,
        };
        let Some(spelled_out) = widths.as_deref().and_then(in_list_form) else { continue };
        if let Ok(font) = pdf.get_dictionary_mut(font_id) {
            font.set("W", Object::Array(spelled_out));
        }
    }
}

fn is_cid_font(object: &Object) -> bool {
    let Object::Dictionary(dictionary) = object else { return false };
    dictionary
        .get(b"Subtype")
        .and_then(Object::as_name)
        .is_ok_and(|subtype| subtype == b"CIDFontType0" || subtype == b"CIDFontType2")
}

/// The same widths with every `c_first c_last w` written as `c_first [w …]`;
/// `None` when the array is not well formed or spells out too many.
fn in_list_form(entries: &[Object]) -> Option<Vec<Object>> {
    let mut converted = Vec::with_capacity(entries.len());
    let mut spelled_out: i64 = 0;
    let mut index = 0;
    while index < entries.len() {
        let first = entries[index].as_i64().ok()?;
        // The widths from `first` on, and how many entries they took.
        let (widths, taken) = match entries.get(index + 1)? {
            Object::Array(widths) => (widths.clone(), 2),
            last => {
                let last = last.as_i64().ok()?;
                let width = entries.get(index + 2)?;
                if !matches!(width, Object::Integer(_) | Object::Real(_)) || last < first {
                    return None;
                }
                // Counted before the list is made, so a huge range allocates nothing.
                let count = last - first + 1;
                if spelled_out + count > WIDTHS_PER_FONT_MAX {
                    return None;
                }
                (vec![width.clone(); usize::try_from(count).ok()?], 3)
            }
        };
        spelled_out += i64::try_from(widths.len()).ok()?;
        if spelled_out > WIDTHS_PER_FONT_MAX {
            return None;
        }
        converted.push(Object::Integer(first));
        converted.push(Object::Array(widths));
        index += taken;
    }
    Some(converted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::dictionary;

    fn integers(values: &[i64]) -> Vec<Object> {
        values.iter().map(|value| Object::Integer(*value)).collect()
    }

    #[test]
    fn a_range_is_spelled_out_as_a_list_of_the_same_width() {
        let converted = in_list_form(&integers(&[3, 5, 740])).expect("well formed");
        assert_eq!(converted, vec![Object::Integer(3), Object::Array(integers(&[740, 740, 740]))]);
    }

    #[test]
    fn lists_stay_as_they_are_and_mix_with_ranges() {
        let entries = vec![
            Object::Integer(0),
            Object::Array(integers(&[500, 716])),
            Object::Integer(2),
            Object::Integer(2),
            Object::Real(609.5),
        ];
        let converted = in_list_form(&entries).expect("well formed");
        assert_eq!(
            converted,
            vec![
                Object::Integer(0),
                Object::Array(integers(&[500, 716])),
                Object::Integer(2),
                Object::Array(vec![Object::Real(609.5)])
            ]
        );
    }

    #[test]
    fn a_malformed_or_huge_width_array_is_left_alone() {
        assert_eq!(in_list_form(&integers(&[5, 3, 100])), None, "a range that ends before it starts");
        assert_eq!(in_list_form(&integers(&[1, 2])), None, "a range without its width");
        assert_eq!(in_list_form(&integers(&[0, 10_000_000, 500])), None, "a range past any font's glyphs");
        assert_eq!(in_list_form(&[Object::Name(b"x".to_vec())]), None);
        let too_many_listed = vec![
            Object::Integer(0),
            Object::Array(integers(&[500; 40_000])),
            Object::Integer(0),
            Object::Array(integers(&[500; 40_000])),
        ];
        assert_eq!(in_list_form(&too_many_listed), None, "lists past any font's glyphs");
    }

    #[test]
    fn a_cid_font_in_the_document_gets_its_widths_spelled_out_and_other_fonts_do_not() {
        let mut pdf = PdfDocument::with_version("1.7");
        let cid_font = pdf.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "CIDFontType2", "W" => integers(&[1, 2, 600]),
        });
        let widths = pdf.add_object(Object::Array(integers(&[7, 7, 300])));
        let cid_font_with_referenced_widths = pdf.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "CIDFontType0", "W" => widths,
        });
        let simple_font = pdf.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "TrueType", "W" => integers(&[1, 2, 600]),
        });
        spell_out_cid_widths(&mut pdf);
        let widths_of = |id| pdf.get_dictionary(id).unwrap().get(b"W").unwrap().clone();
        assert_eq!(widths_of(cid_font), Object::Array(vec![Object::Integer(1), Object::Array(integers(&[600, 600]))]));
        assert_eq!(
            widths_of(cid_font_with_referenced_widths),
            Object::Array(vec![Object::Integer(7), Object::Array(integers(&[300]))])
        );
        assert_eq!(widths_of(simple_font), Object::Array(integers(&[1, 2, 600])));
    }
}
