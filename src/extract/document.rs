//! The one line model every format produces, so that the parser does not
//! care where a line came from: its text, and hints about how it looked
//! (page, position, size, bold, heading style) where the format knows them.

use serde::{Deserialize, Serialize};

use super::format::DocumentFormat;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Line {
    pub text: String,
    /// 1-based page, where the format has pages (PDF); 0 otherwise.
    pub page: u32,
    /// Distance from the top of the page and from its left edge, in points (PDF).
    pub top: f32,
    pub left: f32,
    /// Font size in points, where known (PDF); 0 otherwise.
    pub font_size: f32,
    /// Every character of the line is bold (DOCX).
    pub bold: bool,
    /// A heading by paragraph style (DOCX `Heading 1`, `Title`): its level, 0 for a title.
    pub heading_level: Option<u8>,
    /// Where in the document the line sits.
    pub region: Region,
}

/// Page headers and footers often hold the only contact details.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Region {
    #[default]
    Body,
    Header,
    Footer,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub format: DocumentFormat,
    pub lines: Vec<Line>,
    /// Link targets that are not in the text: PDF link annotations, DOCX
    /// hyperlink relationships (a LinkedIn URL often lives only there).
    pub links: Vec<String>,
    /// Pages read (PDF), or 0.
    pub pages: u32,
}

impl Document {
    pub fn new(format: DocumentFormat) -> Self {
        Self { format, lines: Vec::new(), links: Vec::new(), pages: 0 }
    }

    /// Adds a line of plain text with no layout hints.
    pub fn push_text(&mut self, text: impl Into<String>) {
        self.lines.push(Line { text: text.into(), ..Line::default() });
    }

    /// Adds a link target once.
    pub fn add_link(&mut self, target: &str) {
        let target = target.trim();
        if !target.is_empty() && !self.links.iter().any(|known| known == target) {
            self.links.push(target.to_owned());
        }
    }

    /// The text the engine reads: header lines first (contact details), then
    /// the body, then footers, one line each.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for region in [Region::Header, Region::Body, Region::Footer] {
            for line in self.lines.iter().filter(|line| line.region == region) {
                text.push_str(&line.text);
                text.push('\n');
            }
        }
        text
    }
}
