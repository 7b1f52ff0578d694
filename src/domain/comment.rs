//! Comments on applications. The API writes them with source
//! `assistant_plugin`, attributed to the workspace owner.

use serde::{Deserialize, Serialize};

use super::ids::{CommentId, UserId};
use super::time::Timestamp;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommentSource {
    AssistantPlugin,
}

impl CommentSource {
    pub fn as_str(self) -> &'static str {
        match self {
            CommentSource::AssistantPlugin => "assistant_plugin",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comment {
    pub id: CommentId,
    pub text: String,
    pub source: CommentSource,
    pub author: UserId,
    pub created_at: Timestamp,
}

impl Comment {
    /// Newlines become paragraphs: each non-blank line is one paragraph, with
    /// trailing white space trimmed and runs of blank lines collapsed.
    pub fn paragraphs(&self) -> Vec<&str> {
        self.text.lines().map(str::trim_end).filter(|line| !line.trim().is_empty()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(text: &str) -> Comment {
        Comment {
            id: CommentId::parse("cmt_1").unwrap(),
            text: text.to_owned(),
            source: CommentSource::AssistantPlugin,
            author: UserId::parse("owner").unwrap(),
            created_at: Timestamp::from_unix_milliseconds(0),
        }
    }

    #[test]
    fn each_line_is_a_paragraph_and_blank_lines_collapse() {
        let comment = comment("Strong Rust.\r\n\n\nAsk about Kafka.  \nCall Friday");
        assert_eq!(comment.paragraphs(), vec!["Strong Rust.", "Ask about Kafka.", "Call Friday"]);
    }
}
