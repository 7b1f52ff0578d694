//! A resume pasted under a message: a cover letter (`Dear Ms. Albright, …
//! Thank you for your time, Curtis Jennings`), a recruiter's note
//! forwarding it (`---------- Forwarded message ---------`, `From: …`), or
//! a reply quoting the candidate's mail (`On Tue, … Luis Arellano <…>
//! wrote:`). The message's signature is a name over contact details, as a
//! resume's header is, and it comes first: read as the header, it makes the
//! sender the candidate and their address the candidate's.
//!
//! So where the text opens as a message does, the message is found and
//! set apart: everything up to the last place where one of its parts ends
//! (a signature under a sign-off, a quoted mail's `wrote:` line, a line of
//! dashes after a blank line, a block of mail headers). The resume is what
//! follows. A text that does not open as a message is read whole.

use super::lines::Line;
use super::text::is_listed;

/// Lines a signature has at most under its sign-off (name, title, company,
/// phone, email).
const SIGNATURE_LINES_MAX: usize = 5;
/// A greeting is a short line (`Hi Tanya,`, `Dear Hiring Manager,`).
const GREETING_BYTES_MAX: usize = 60;
/// A sign-off is a short line too (`Thank you for your time,`).
const SIGN_OFF_BYTES_MAX: usize = 40;
/// Dashes, underscores or equals signs that part a message from what follows.
const SEPARATOR_CHARACTERS_MIN: usize = 3;

/// Words that open a greeting.
const GREETING_WORDS: &[&str] = &["hi", "hello", "hey", "dear", "greetings", "good"];
/// Names of mail headers (`From:`, `Subject:`).
const MAIL_HEADERS: &[&str] = &["from", "to", "cc", "date", "sent", "subject", "re", "fw", "fwd"];
/// Words that open a sign-off.
const SIGN_OFF_WORDS: &[&str] =
    &["thanks", "thank", "best", "regards", "kind", "warm", "warmest", "sincerely", "cheers", "respectfully", "many"];

/// The byte at which the resume starts after a message that opens `lines`
/// (the lines before the first heading), or `None` when they do not open
/// as a message, or when nothing would be left after it.
pub(crate) fn resume_start_after_a_message(lines: &[Line<'_>]) -> Option<usize> {
    let first = lines.iter().find(|line| !line.text.trim().is_empty())?;
    if !opens_a_message(first.text.trim()) {
        return None;
    }
    let mut resume_start = None;
    let mut index = 0;
    while index < lines.len() {
        let text = lines[index].text.trim();
        let after_blank = index == 0 || lines[index - 1].text.trim().is_empty();
        let part_ends_after = if is_sign_off(text) {
            Some(end_of_signature(lines, index + 1))
        } else if is_quote_attribution(text) || is_mail_header(text) || (after_blank && is_separator(text)) {
            Some(index + 1)
        } else {
            None
        };
        if let Some(next) = part_ends_after {
            resume_start = lines.get(next).map(|line| line.start_byte);
            index = next;
        } else {
            index += 1;
        }
    }
    let start = resume_start?;
    lines.iter().any(|line| line.start_byte >= start && !line.text.trim().is_empty()).then_some(start)
}

/// The index of the first line after a signature that starts at `from`:
/// its lines run to a blank line, a line of dashes, or `SIGNATURE_LINES_MAX`.
fn end_of_signature(lines: &[Line<'_>], from: usize) -> usize {
    let mut index = from;
    while index < lines.len() && index - from < SIGNATURE_LINES_MAX {
        let text = lines[index].text.trim();
        if text.is_empty() || is_separator(text) || is_quote_attribution(text) {
            break;
        }
        index += 1;
    }
    index
}

fn opens_a_message(line: &str) -> bool {
    let lower = line.to_lowercase();
    is_mail_header(line)
        || lower.contains("forwarded message")
        || lower.contains("original message")
        || is_quote_attribution(line)
        || (line.len() <= GREETING_BYTES_MAX && first_word(line).is_some_and(|word| is_listed(word, GREETING_WORDS)))
}

/// `Subject: Application – Transportation Manager`.
fn is_mail_header(line: &str) -> bool {
    line.split_once(':').is_some_and(|(name, _)| !name.contains(' ') && is_listed(name, MAIL_HEADERS))
}

/// `On Tue, Oct 13, 2026 at 6:52 AM Luis Arellano <luis@example.net> wrote:`.
fn is_quote_attribution(line: &str) -> bool {
    line.ends_with("wrote:") && first_word(line).is_some_and(|word| word.eq_ignore_ascii_case("on"))
}

/// `Thanks,`, `Best regards,`, `Thank you for your time,`.
fn is_sign_off(line: &str) -> bool {
    line.len() <= SIGN_OFF_BYTES_MAX
        && (line.ends_with(',') || line.ends_with('!') || !line.contains(' '))
        && first_word(line).is_some_and(|word| is_listed(word, SIGN_OFF_WORDS))
}

/// `-----`, `___`, `=====`, and nothing else on the line.
fn is_separator(line: &str) -> bool {
    line.chars().count() >= SEPARATOR_CHARACTERS_MIN
        && line.chars().all(|character| matches!(character, '-' | '_' | '=' | '–' | '—'))
}

fn first_word(line: &str) -> Option<&str> {
    line.split(|character: char| !character.is_alphabetic()).find(|word| !word.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::lines::split_lines;

    fn resume_after_message(text: &str) -> Option<&str> {
        resume_start_after_a_message(&split_lines(text)).map(|start| text[start..].trim_start())
    }

    #[test]
    fn a_cover_letter_signed_over_contact_details_is_set_apart_from_the_resume() {
        let text = "Subject: Application – Transportation Manager\n\nDear Ms. Albright,\n\n\
            I am applying for the opening. My resume is below.\n\nThank you for your time,\n\
            Curtis Jennings\n402-555-0175 | curtis@example.com\n\n------------------\n\n\
            CURTIS L. JENNINGS\nOmaha, NE 68114 · 402-555-0175\n";
        assert_eq!(resume_after_message(text).map(|rest| rest.lines().next()), Some(Some("CURTIS L. JENNINGS")));
    }

    #[test]
    fn a_forwarded_resume_starts_after_the_recruiters_signature() {
        let text = "---------- Forwarded message ---------\nFrom: Dana Pruitt <dana@talent.example.com>\n\
            Subject: Candidate for DC Manager\n\nHi all,\n\nPassing along Raymond's resume.\n\nThanks,\n\
            Dana Pruitt\nSenior Recruiter, Example Talent Partners\n(312) 555-0104\n\n\
            RAYMOND A. OKAFOR\nNaperville, IL 60540\n";
        assert_eq!(resume_after_message(text).map(|rest| rest.lines().next()), Some(Some("RAYMOND A. OKAFOR")));
    }

    #[test]
    fn a_quoted_reply_starts_the_resume_after_its_attribution() {
        let text = "Hi Tanya,\n\nPassing along Luis's resume.\n\nThanks,\nBrent Kowalczyk\n(303) 555-0109\n\n\
            On Tue, Oct 13, 2026 at 6:52 AM Luis Arellano <luis@example.net> wrote:\nBrent,\n\n\
            Here is my resume.\n\nLuis\n\nLUIS M. ARELLANO\nAurora, CO 80012\n";
        assert_eq!(resume_after_message(text).map(|rest| rest.lines().next()), Some(Some("Brent,")));
    }

    #[test]
    fn a_message_with_nothing_after_it_is_read_whole() {
        let text = "Hi Tanya,\n\nResume attached as a PDF.\n\nThanks,\nBrent Kowalczyk\n(303) 555-0109\n";
        assert_eq!(resume_start_after_a_message(&split_lines(text)), None);
    }

    #[test]
    fn a_resume_that_does_not_open_as_a_message_is_read_whole() {
        let text = "JANE DOE\n--------\njane@example.com | 555-0100\n\nThanks to my team, we shipped.\n";
        assert_eq!(resume_start_after_a_message(&split_lines(text)), None);
        // A name underlined under a greeting-less header is not a part's end.
        let note = "Hello! I am Jane.\nJANE DOE\n--------\njane@example.com\n";
        assert_eq!(resume_start_after_a_message(&split_lines(note)), None);
    }
}
