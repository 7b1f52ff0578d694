//! The rules for the values a job is made of: a form's fields, the ATS
//! criteria, counts of fit scores. Pure checks that need no workspace; each
//! gives a `Defect` that the request reader names with the field it read,
//! so the wire's names stay out of the domain.

use crate::domain::ats::{Criteria, Weighting};
use crate::domain::error::{defect, Checked};
use crate::domain::job::{FormField, FormFieldKind};
use crate::domain::limits::*;

/// A form field as asked for, its texts already checked: the key may be
/// left out (it is then made from the label) and options go with `select`.
#[derive(Clone, Debug)]
pub struct FormFieldDraft {
    pub key: Option<String>,
    pub label: String,
    pub kind: FormFieldKind,
    pub required: bool,
    pub options: Vec<String>,
}

/// Turns drafts into a form: keys made and checked, unique, options only on selects.
pub fn form_fields(drafts: Vec<FormFieldDraft>) -> Checked<Vec<FormField>> {
    if drafts.len() > FORM_FIELDS_MAX {
        return defect(format!("has at most {FORM_FIELDS_MAX} fields"));
    }
    let mut fields: Vec<FormField> = Vec::with_capacity(drafts.len());
    for draft in drafts {
        let key = draft.key.unwrap_or_else(|| slug(&draft.label));
        if key.is_empty() || !key.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-') {
            return defect(format!("has a key {key:?}; a key is letters, digits, `_` or `-`"));
        }
        if fields.iter().any(|field| field.key == key) {
            return defect(format!("uses the key {key:?} twice"));
        }
        let options = match (draft.kind, draft.options.len()) {
            (FormFieldKind::Select, 0) => return defect(format!("has a select field {key:?} without options")),
            (FormFieldKind::Select, count) if count > FORM_FIELD_OPTIONS_MAX => {
                return defect(format!("has a select field {key:?} with more than {FORM_FIELD_OPTIONS_MAX} options"))
            }
            (FormFieldKind::Select, _) | (_, 0) => draft.options,
            (kind, _) => {
                return defect(format!(
                    "gives options to the {} field {key:?}; only select fields take them",
                    kind.as_str()
                ))
            }
        };
        fields.push(FormField { key, label: draft.label, kind: draft.kind, required: draft.required, options });
    }
    Ok(fields)
}

fn slug(label: &str) -> String {
    let mut slug = String::new();
    for character in label.chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character.to_ascii_lowercase());
        } else if !slug.ends_with('_') && !slug.is_empty() {
            slug.push('_');
        }
    }
    slug.trim_end_matches('_').chars().take(FORM_FIELD_KEY_LENGTH_MAX).collect()
}

/// Criteria from checked keywords and weights: at least one weight above 0,
/// keywords kept once each, ignoring case.
pub fn criteria(
    must_haves: Vec<String>,
    nice_to_haves: Vec<String>,
    weighting: Weighting,
    min_years_experience: Option<u32>,
) -> Checked<Criteria> {
    if weighting.must_haves + weighting.nice_to_haves + weighting.experience == 0 {
        return defect("must give at least one component a weight above 0");
    }
    Ok(Criteria {
        must_haves: distinct_keywords(must_haves),
        nice_to_haves: distinct_keywords(nice_to_haves),
        weighting,
        min_years_experience,
    })
}

fn distinct_keywords(keywords: Vec<String>) -> Vec<String> {
    let mut distinct: Vec<String> = Vec::with_capacity(keywords.len());
    for keyword in keywords {
        if !distinct.iter().any(|existing| existing.eq_ignore_ascii_case(&keyword)) {
            distinct.push(keyword);
        }
    }
    distinct
}

/// A list that may hold at most `count_max` entries.
pub fn at_most<T>(entries: Vec<T>, count_max: usize) -> Checked<Vec<T>> {
    if entries.len() > count_max {
        return defect(format!("has at most {count_max} entries"));
    }
    Ok(entries)
}

/// A whole number from `low` to `high`, read from a client's wider integer.
pub fn whole_number(value: i64, low: u32, high: u32) -> Checked<u32> {
    match u32::try_from(value) {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => defect(format!("must be a whole number from {low} to {high}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(label: &str, kind: FormFieldKind, options: &[&str]) -> FormFieldDraft {
        FormFieldDraft {
            key: None,
            label: label.to_owned(),
            kind,
            required: false,
            options: options.iter().map(|option| (*option).to_owned()).collect(),
        }
    }

    #[test]
    fn form_field_keys_default_to_a_slug_of_the_label() {
        assert_eq!(slug("Portfolio URL (optional)"), "portfolio_url_optional");
        assert_eq!(slug("  Why us?  "), "why_us");
    }

    #[test]
    fn a_form_refuses_repeated_keys_and_options_outside_selects() {
        let repeated = vec![draft("Why us?", FormFieldKind::Text, &[]), draft("Why us", FormFieldKind::Text, &[])];
        assert!(form_fields(repeated).is_err());
        assert!(form_fields(vec![draft("Level", FormFieldKind::Select, &[])]).is_err());
        assert!(form_fields(vec![draft("Level", FormFieldKind::Text, &["a"])]).is_err());
        assert!(form_fields(vec![draft("???", FormFieldKind::Text, &[])]).is_err(), "no key can be made");
        let form = form_fields(vec![draft("Level", FormFieldKind::Select, &["junior", "senior"])]).unwrap();
        assert_eq!(form[0].key, "level");
    }

    #[test]
    fn criteria_keep_each_keyword_once_and_need_some_weight() {
        let keywords = vec!["Rust".to_owned(), "rust".to_owned(), "Go".to_owned()];
        let zero = Weighting { must_haves: 0, nice_to_haves: 0, experience: 0 };
        assert!(criteria(keywords.clone(), Vec::new(), zero, None).is_err());
        let criteria = criteria(keywords, Vec::new(), Weighting::default(), Some(3)).unwrap();
        assert_eq!(criteria.must_haves, ["Rust", "Go"]);
    }

    #[test]
    fn whole_numbers_stay_in_their_range() {
        assert_eq!(whole_number(0, 0, 5), Ok(0));
        assert!(whole_number(-1, 0, 5).is_err());
        assert!(whole_number(6, 0, 5).is_err());
        assert!(whole_number(i64::MAX, 0, u32::MAX).is_err());
        assert!(whole_number(0, 1, 5).is_err());
    }
}
