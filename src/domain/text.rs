//! Checks on client-supplied text shared by every command: trimmed,
//! non-empty, bounded in characters, free of control characters.

use super::error::{invalid, DomainResult};

/// Trims and checks a required single-line field.
pub fn required_line(field: &str, value: &str, length_max: usize) -> DomainResult<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return invalid(format!("`{field}` must not be empty"));
    }
    bounded_line(field, trimmed, length_max)
}

/// Checks an optional single-line field; blank becomes `None`.
pub fn optional_line(field: &str, value: Option<&str>, length_max: usize) -> DomainResult<Option<String>> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(trimmed) => bounded_line(field, trimmed, length_max).map(Some),
    }
}

fn bounded_line(field: &str, trimmed: &str, length_max: usize) -> DomainResult<String> {
    let length = trimmed.chars().count();
    if length > length_max {
        return invalid(format!("`{field}` is {length} characters; the limit is {length_max}"));
    }
    if trimmed.chars().any(char::is_control) {
        return invalid(format!("`{field}` must be a single line without control characters"));
    }
    Ok(trimmed.to_owned())
}

/// Checks multi-line text: newlines and tabs are allowed, other control characters are not.
pub fn bounded_text(field: &str, value: &str, length_max: usize) -> DomainResult<String> {
    let length = value.chars().count();
    if length > length_max {
        return invalid(format!("`{field}` is {length} characters; the limit is {length_max}"));
    }
    if value.chars().any(|character| character.is_control() && !matches!(character, '\n' | '\r' | '\t')) {
        return invalid(format!("`{field}` contains control characters"));
    }
    Ok(value.to_owned())
}

/// A deliberately small check: one `@`, something on each side, a dot in the
/// domain. Real validation is the confirmation email, which is not ours to send.
pub fn email(field: &str, value: &str) -> DomainResult<String> {
    let email = required_line(field, value, super::limits::EMAIL_LENGTH_MAX)?;
    let shaped = match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains('@')
        }
        None => false,
    };
    if !shaped || email.contains(char::is_whitespace) {
        return invalid(format!("`{field}` is not an email address"));
    }
    Ok(email)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_line_trims_and_rejects_blank() {
        assert_eq!(required_line("name", "  Ana  ", 10).unwrap(), "Ana");
        assert!(required_line("name", "   ", 10).is_err());
    }

    #[test]
    fn length_counts_characters_not_bytes() {
        assert!(required_line("name", "ééééé", 5).is_ok());
        assert!(required_line("name", "éééééé", 5).is_err());
    }

    #[test]
    fn emails_need_a_local_part_and_a_dotted_domain() {
        assert!(email("email", "ana@example.com").is_ok());
        assert!(email("email", "ana@localhost").is_err());
        assert!(email("email", "@example.com").is_err());
        assert!(email("email", "ana example@example.com").is_err());
    }
}
