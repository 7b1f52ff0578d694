//! Tags on applications and the job-level tag catalogue. Colours are
//! `#rrggbb` only (the short `#rgb` form is rejected, so every stored colour
//! has one spelling); they are stored lower-cased.

use serde::{Deserialize, Serialize};

use super::error::{defect, Checked};
use super::limits::TAG_NAME_LENGTH_MAX;
use super::text::required_line;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub name: String,
    pub color: String,
}

impl Tag {
    pub fn same_name(&self, other_name: &str) -> bool {
        names_match(&self.name, other_name)
    }
}

/// Tag names match case-insensitively, by Unicode full case folding:
/// `ß` matches `SS`, `Straße` matches `STRASSE`, `ﬁ` matches `FI`
/// (lower-casing alone would miss each of these).
pub fn names_match(left: &str, right: &str) -> bool {
    unicase::UniCase::unicode(left) == unicase::UniCase::unicode(right)
}

pub fn tag_name(name: &str) -> Checked<String> {
    required_line(name, TAG_NAME_LENGTH_MAX)
}

pub fn hex_color(color: &str) -> Checked<String> {
    let digits = color.strip_prefix('#').unwrap_or("");
    if digits.len() != 6 || !digits.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return defect(format!("{color:?} is not a hex colour of the form #rrggbb"));
    }
    Ok(color.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_six_digit_hex_stored_lower_case() {
        assert_eq!(hex_color("#A1B2C3").unwrap(), "#a1b2c3");
        assert!(hex_color("#abc").is_err());
        assert!(hex_color("a1b2c3").is_err());
        assert!(hex_color("#a1b2cg").is_err());
        assert!(hex_color("#a1b2c3d4").is_err());
    }

    #[test]
    fn names_match_ignoring_case() {
        assert!(names_match("Senior", "sENIOR"));
        assert!(names_match("Ärger", "ärger"));
        assert!(!names_match("Senior", "Seniors"));
    }

    #[test]
    fn names_match_by_full_case_folding() {
        assert!(names_match("ß", "SS"));
        assert!(names_match("Straße", "STRASSE"));
        assert!(names_match("straße", "strasse"));
        assert!(names_match("ΣΊΣΥΦΟΣ", "σίσυφος"));
        assert!(!names_match("Straße", "Strase"));
    }
}
