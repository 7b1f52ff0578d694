//! DOCX: a zip of XML parts, read with `zip` and `quick-xml` by our own
//! walker, because what a resume needs is specific and the crates that read
//! Word documents each drop part of it:
//! - the body in document order, tables row by row (cells joined by ` | `);
//! - headers and footers, where contact details often are the only copy;
//! - text boxes once: Word writes each twice, a `mc:Choice` for itself and a
//!   `mc:Fallback` for older readers, and only the first is read;
//! - hyperlink targets from the relationships part (a "LinkedIn" link text
//!   whose URL lives only there), and `HYPERLINK` fields;
//! - paragraph styles (`Heading 1`, `Title`) and all-bold paragraphs, as
//!   hints for headings.
//!
//! Every part is read through a byte budget, so a zip bomb stops at the
//! decompressed-size bound instead of filling memory.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::document::{Document, Line, Region};
use super::failure::ExtractionFailure;
use super::format::DocumentFormat;
use super::ExtractionLimits;

const DOCUMENT_PART: &str = "word/document.xml";
const DOCUMENT_RELATIONSHIPS_PART: &str = "word/_rels/document.xml.rels";
/// Parts a DOCX may hold; more is not a resume.
const PARTS_MAX: usize = 10_000;

pub fn extract(bytes: &[u8], limits: &ExtractionLimits) -> Result<Document, ExtractionFailure> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|error| ExtractionFailure::FileCorrupt(format!("the file is not a readable zip archive: {error}")))?;
    if archive.len() > PARTS_MAX {
        return Err(ExtractionFailure::FileTooLarge(format!("the archive has {} parts", archive.len())));
    }
    if archive.index_for_name(DOCUMENT_PART).is_none() {
        return Err(ExtractionFailure::UnsupportedFormat(
            "the file is a zip archive but not a Word document (no word/document.xml); send PDF, DOCX or plain text"
                .into(),
        ));
    }
    let mut budget = Budget { remaining_bytes: limits.decompressed_bytes_max };
    let relationships = match archive.index_for_name(DOCUMENT_RELATIONSHIPS_PART) {
        Some(_) => parse_relationships(&read_part(&mut archive, DOCUMENT_RELATIONSHIPS_PART, &mut budget)?)?,
        None => HashMap::new(),
    };
    let mut headers_and_footers: Vec<String> =
        archive.file_names().flatten().filter(|name| is_header_or_footer(name)).map(|name| name.into_owned()).collect();
    headers_and_footers.sort();
    let mut document = Document::new(DocumentFormat::Docx);
    for name in &headers_and_footers {
        let region = if name.starts_with("word/header") { Region::Header } else { Region::Footer };
        let xml = read_part(&mut archive, name, &mut budget)?;
        walk(&xml, region, &relationships, &mut document)?;
    }
    let body = read_part(&mut archive, DOCUMENT_PART, &mut budget)?;
    walk(&body, Region::Body, &relationships, &mut document)?;
    Ok(document)
}

fn is_header_or_footer(name: &str) -> bool {
    let Some(file) = name.strip_prefix("word/") else { return false };
    (file.starts_with("header") || file.starts_with("footer")) && file.ends_with(".xml") && !file.contains('/')
}

struct Budget {
    remaining_bytes: usize,
}

fn read_part(
    archive: &mut zip::ZipArchive<Cursor<&[u8]>>,
    name: &str,
    budget: &mut Budget,
) -> Result<String, ExtractionFailure> {
    let part = archive.by_name(name).map_err(|error| match error {
        zip::result::ZipError::UnsupportedArchive(message) if message.contains("ncrypt") => {
            ExtractionFailure::FileEncrypted("the document is password-protected; send it without a password".into())
        }
        error => ExtractionFailure::FileCorrupt(format!("{name} cannot be read: {error}")),
    })?;
    if part.encrypted() {
        return Err(ExtractionFailure::FileEncrypted("the document is password-protected".into()));
    }
    let too_large =
        || ExtractionFailure::FileTooLarge("the document decompresses to more than the decompressed-size bound".into());
    if part.size() > budget.remaining_bytes as u64 {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    // The declared size may lie: the budget is enforced on what is read.
    part.take(budget.remaining_bytes as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| ExtractionFailure::FileCorrupt(format!("{name} cannot be decompressed: {error}")))?;
    if bytes.len() > budget.remaining_bytes {
        return Err(too_large());
    }
    budget.remaining_bytes -= bytes.len();
    xml_text(name, bytes)
}

fn xml_text(name: &str, bytes: Vec<u8>) -> Result<String, ExtractionFailure> {
    if let Some((encoding, bom_length)) = encoding_rs::Encoding::for_bom(&bytes) {
        let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom_length..]);
        if !had_errors {
            return Ok(text.into_owned());
        }
    }
    String::from_utf8(bytes).map_err(|_| ExtractionFailure::FileCorrupt(format!("{name} is not UTF-8 XML")))
}

/// External link targets by relationship ID.
fn parse_relationships(xml: &str) -> Result<HashMap<String, String>, ExtractionFailure> {
    let mut reader = Reader::from_str(xml);
    let mut targets = HashMap::new();
    loop {
        match reader.read_event().map_err(xml_error)? {
            Event::Start(element) | Event::Empty(element) if element.local_name().as_ref() == "Relationship" => {
                let (id, target, mode) =
                    (attribute(&element, "Id"), attribute(&element, "Target"), attribute(&element, "TargetMode"));
                if let (Some(id), Some(target), Some("External")) = (id, target, mode.as_deref()) {
                    targets.insert(id, target);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(targets)
}

fn xml_error(error: quick_xml::Error) -> ExtractionFailure {
    ExtractionFailure::FileCorrupt(format!("the document's XML is malformed: {error}"))
}

fn attribute(element: &BytesStart<'_>, local_name: &str) -> Option<String> {
    element.attributes().flatten().find(|attribute| attribute.key.local_name().as_ref() == local_name).and_then(
        |attribute| attribute.normalized_value(quick_xml::XmlVersion::Implicit1_0).ok().map(|value| value.into_owned()),
    )
}

/// Where finished text goes: a line of its own, or the table cell it is in.
enum Container {
    Paragraph(Paragraph),
    Cell(String),
    Row(Vec<String>),
}

#[derive(Default)]
struct Paragraph {
    text: String,
    /// Held a text box's paragraphs, which became lines of their own.
    had_nested: bool,
    /// Every run with text so far was bold.
    all_bold: bool,
    has_text: bool,
    heading_level: Option<u8>,
    /// An item of a bulleted or numbered list, whose marker Word draws from
    /// the numbering part and never writes into the text.
    list_item: bool,
}

#[derive(Default)]
struct Walker {
    containers: Vec<Container>,
    /// Inside `mc:Fallback`: Word's duplicate of content already read.
    fallback_depth: usize,
    run_bold: bool,
    in_run_properties: bool,
    /// Inside `w:instrText` or `w:delText`: field codes and deleted text are not content.
    skipped_text_depth: usize,
}

fn walk(
    xml: &str,
    region: Region,
    relationships: &HashMap<String, String>,
    document: &mut Document,
) -> Result<(), ExtractionFailure> {
    let mut reader = Reader::from_str(xml);
    let mut walker = Walker::default();
    loop {
        let event = reader.read_event().map_err(xml_error)?;
        if walker.fallback_depth > 0 {
            match &event {
                Event::Start(element) if element.local_name().as_ref() == "Fallback" => walker.fallback_depth += 1,
                Event::End(element) if element.local_name().as_ref() == "Fallback" => walker.fallback_depth -= 1,
                Event::Eof => break,
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(element) => walker.start(&element, relationships, document),
            Event::Empty(element) => {
                walker.start(&element, relationships, document);
                walker.end(element.local_name().as_ref(), region, document);
            }
            Event::End(element) => walker.end(element.local_name().as_ref(), region, document),
            Event::Text(text) if walker.skipped_text_depth == 0 => walker.text(&text.xml10_content()),
            Event::Text(text) => collect_field_links(&text.xml10_content(), document),
            Event::GeneralRef(reference) if walker.skipped_text_depth == 0 => {
                let resolved = match reference.resolve_char_ref() {
                    Ok(Some(character)) => Some(character.to_string()),
                    _ => named_entity(&reference).map(str::to_owned),
                };
                if let Some(resolved) = resolved {
                    walker.text(&resolved);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    // A part cut short still gives what it had.
    while !walker.containers.is_empty() {
        walker.close_top(region, document);
    }
    Ok(())
}

/// Word's list styles (`ListBullet`, `ListNumber2`, `ListParagraph`): their
/// paragraphs are list items even when the numbering comes from the style.
fn is_list_style(style: &str) -> bool {
    style.starts_with("List") && !style.starts_with("ListTable")
}

fn named_entity(name: &str) -> Option<&'static str> {
    match name {
        "amp" => Some("&"),
        "lt" => Some("<"),
        "gt" => Some(">"),
        "quot" => Some("\""),
        "apos" => Some("'"),
        _ => None,
    }
}

/// `HYPERLINK "https://…"` in a field code.
fn collect_field_links(code: &str, document: &mut Document) {
    if let Some(rest) = code.trim().strip_prefix("HYPERLINK") {
        if let Some(target) = rest.split('"').nth(1) {
            document.add_link(target);
        }
    }
}

impl Walker {
    fn start(&mut self, element: &BytesStart<'_>, relationships: &HashMap<String, String>, document: &mut Document) {
        match element.local_name().as_ref() {
            "Fallback" => self.fallback_depth += 1,
            "p" => self.containers.push(Container::Paragraph(Paragraph { all_bold: true, ..Paragraph::default() })),
            "tr" => self.containers.push(Container::Row(Vec::new())),
            "tc" => self.containers.push(Container::Cell(String::new())),
            "r" => self.run_bold = false,
            "rPr" => self.in_run_properties = true,
            "b" if self.in_run_properties => {
                let value = attribute(element, "val");
                self.run_bold = !matches!(value.as_deref(), Some("0" | "false" | "off"));
            }
            "pStyle" => {
                if let (Some(style), Some(Container::Paragraph(paragraph))) =
                    (attribute(element, "val"), self.containers.last_mut())
                {
                    paragraph.heading_level = heading_level(&style);
                    paragraph.list_item |= is_list_style(&style);
                }
            }
            "numPr" => {
                if let Some(Container::Paragraph(paragraph)) = self.containers.last_mut() {
                    paragraph.list_item = true;
                }
            }
            "tab" if !self.in_run_properties => self.text("\t"),
            "br" | "cr" => self.text(" "),
            "instrText" | "delText" => self.skipped_text_depth += 1,
            "hyperlink" => {
                if let Some(target) = attribute(element, "id").and_then(|id| relationships.get(&id)) {
                    document.add_link(target);
                }
            }
            "fldSimple" => {
                if let Some(code) = attribute(element, "instr") {
                    collect_field_links(&code, document);
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, local_name: &str, region: Region, document: &mut Document) {
        match local_name {
            "p" | "tr" | "tc" => self.close_top(region, document),
            "rPr" => self.in_run_properties = false,
            "instrText" | "delText" => self.skipped_text_depth = self.skipped_text_depth.saturating_sub(1),
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        let run_bold = self.run_bold;
        if let Some(Container::Paragraph(paragraph)) = self.containers.last_mut() {
            paragraph.text.push_str(text);
            if !text.trim().is_empty() {
                paragraph.has_text = true;
                paragraph.all_bold &= run_bold;
            }
        }
    }

    /// Closes the innermost paragraph, cell or row and hands its text to
    /// whatever holds it: a cell collects its paragraphs, a row its cells,
    /// and anything else becomes a line of the document.
    fn close_top(&mut self, region: Region, document: &mut Document) {
        let Some(container) = self.containers.pop() else { return };
        let mut nested_only = false;
        let (text, bold, heading_level) = match container {
            Container::Paragraph(paragraph) => {
                let bold = paragraph.has_text && paragraph.all_bold;
                nested_only = paragraph.had_nested;
                // The marker the list drew, so that a highlight reads as one
                // (`• Chair the department since 2022` is no dated header).
                let marked = paragraph.list_item && paragraph.has_text && paragraph.heading_level.is_none();
                let text = if marked { format!("• {}", paragraph.text.trim_start()) } else { paragraph.text };
                (text, bold, paragraph.heading_level)
            }
            Container::Cell(text) => {
                if let Some(Container::Row(cells)) = self.containers.last_mut() {
                    cells.push(text);
                }
                return;
            }
            Container::Row(cells) => {
                let cells: Vec<&str> = cells.iter().map(|cell| cell.trim()).filter(|cell| !cell.is_empty()).collect();
                (cells.join(" | "), false, None)
            }
        };
        match self.containers.last_mut() {
            Some(Container::Cell(cell)) => {
                if !text.trim().is_empty() {
                    // Paragraphs of a cell stay apart: `Acme Corp · Leeds, UK`.
                    if !cell.is_empty() {
                        cell.push_str(" · ");
                    }
                    cell.push_str(text.trim());
                }
            }
            Some(Container::Paragraph(outer)) => {
                // A text box's paragraph inside another: a line of its own.
                outer.had_nested = true;
                if !text.trim().is_empty() {
                    document.lines.push(Line { text, bold, heading_level, region, ..Line::default() });
                }
            }
            _ => {
                if !text.trim().is_empty() || !nested_only {
                    document.lines.push(Line { text, bold, heading_level, region, ..Line::default() });
                }
            }
        }
    }
}

/// `Heading1` → 1, `Title` → 0; other styles are not headings.
fn heading_level(style: &str) -> Option<u8> {
    let lower = style.to_ascii_lowercase();
    if lower == "title" {
        return Some(0);
    }
    let level = lower.strip_prefix("heading")?.trim();
    level.parse::<u8>().ok().filter(|level| (1..=9).contains(level))
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml""#;

    fn docx(parts: &[(&str, &str)]) -> Vec<u8> {
        let mut bytes = Vec::new();
        {
            let mut writer = zip::ZipWriter::new(Cursor::new(&mut bytes));
            for (name, content) in parts {
                writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
                writer.write_all(content.as_bytes()).unwrap();
            }
            writer.finish().unwrap();
        }
        bytes
    }

    fn body(inner: &str) -> String {
        format!(r#"<?xml version="1.0" encoding="UTF-8"?><w:document {W}><w:body>{inner}</w:body></w:document>"#)
    }

    fn paragraph(text: &str) -> String {
        format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
    }

    fn texts(document: &Document) -> Vec<&str> {
        document.lines.iter().map(|line| line.text.as_str()).collect()
    }

    #[test]
    fn the_body_is_read_in_order_with_tables_row_by_row() {
        let table = format!(
            "<w:tbl><w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr><w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr></w:tbl>",
            paragraph("Senior Engineer"),
            paragraph("Acme Corp"),
            paragraph("Jan 2018 – Present"),
            paragraph("Engineer"),
            paragraph("Globex")
        );
        let xml =
            body(&format!("{}{}{table}{}", paragraph("Ana Rust"), paragraph("EXPERIENCE"), paragraph("EDUCATION")));
        let document = extract(&docx(&[(DOCUMENT_PART, &xml)]), &ExtractionLimits::default()).unwrap();
        assert_eq!(
            texts(&document),
            [
                "Ana Rust",
                "EXPERIENCE",
                "Senior Engineer | Acme Corp | Jan 2018 – Present",
                "Engineer | Globex",
                "EDUCATION"
            ]
        );
    }

    #[test]
    fn headers_and_footers_are_read_and_text_boxes_only_once() {
        let text_box = format!(
            "<w:p><w:r><mc:AlternateContent><mc:Choice Requires=\"wps\"><w:drawing><wps:txbx><w:txbxContent>{}</w:txbxContent></wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox><w:txbxContent>{}</w:txbxContent></v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>",
            paragraph("Skills: Rust, Go"),
            paragraph("Skills: Rust, Go")
        );
        let header = format!(r#"<w:hdr {W}>{}</w:hdr>"#, paragraph("ana@example.com | +44 20 7946 0958"));
        let footer = format!(r#"<w:ftr {W}>{}</w:ftr>"#, paragraph("Page 1"));
        let xml = body(&format!("{}{text_box}", paragraph("Ana Rust")));
        let bytes = docx(&[(DOCUMENT_PART, &xml), ("word/header1.xml", &header), ("word/footer1.xml", &footer)]);
        let document = extract(&bytes, &ExtractionLimits::default()).unwrap();
        assert_eq!(document.text(), "ana@example.com | +44 20 7946 0958\nAna Rust\nSkills: Rust, Go\nPage 1\n");
        assert_eq!(document.lines.iter().filter(|line| line.text.contains("Skills")).count(), 1);
    }

    #[test]
    fn hyperlink_targets_come_from_the_relationships_part() {
        let rels = r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.linkedin.com/in/anarust" TargetMode="External"/></Relationships>"#;
        let xml = body(r#"<w:p><w:hyperlink r:id="rId9"><w:r><w:t>LinkedIn</w:t></w:r></w:hyperlink></w:p>"#);
        let document =
            extract(&docx(&[(DOCUMENT_PART, &xml), (DOCUMENT_RELATIONSHIPS_PART, rels)]), &ExtractionLimits::default())
                .unwrap();
        assert_eq!(document.links, ["https://www.linkedin.com/in/anarust"]);
        assert_eq!(texts(&document), ["LinkedIn"]);
    }

    #[test]
    fn a_list_items_marker_which_word_draws_is_written_before_its_text() {
        let xml = body(concat!(
            r#"<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Chair the department since 2022</w:t></w:r></w:p>"#,
            r#"<w:p><w:pPr><w:pStyle w:val="ListBullet"/></w:pPr><w:r><w:t>Teach five sections</w:t></w:r></w:p>"#,
            r#"<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t>Experience</w:t></w:r></w:p>"#,
            r#"<w:p><w:r><w:t>Science Teacher</w:t></w:r></w:p>"#,
        ));
        let document = extract(&docx(&[(DOCUMENT_PART, &xml)]), &ExtractionLimits::default()).unwrap();
        assert_eq!(
            texts(&document),
            ["• Chair the department since 2022", "• Teach five sections", "Experience", "Science Teacher"]
        );
    }

    #[test]
    fn styles_and_bold_are_kept_as_heading_hints() {
        let xml = body(concat!(
            r#"<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Experience</w:t></w:r></w:p>"#,
            r#"<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Skills</w:t></w:r></w:p>"#,
            r#"<w:p><w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>plain</w:t></w:r></w:p>"#,
        ));
        let document = extract(&docx(&[(DOCUMENT_PART, &xml)]), &ExtractionLimits::default()).unwrap();
        assert_eq!(document.lines[0].heading_level, Some(1));
        assert!(document.lines[1].bold);
        assert!(!document.lines[2].bold);
    }

    #[test]
    fn tabs_entities_and_field_codes() {
        let xml = body(concat!(
            r#"<w:p><w:r><w:t>R&amp;D</w:t><w:tab/><w:t>2019</w:t></w:r></w:p>"#,
            r#"<w:p><w:r><w:instrText> HYPERLINK "https://github.com/anarust" </w:instrText></w:r><w:r><w:t>GitHub</w:t></w:r></w:p>"#,
        ));
        let document = extract(&docx(&[(DOCUMENT_PART, &xml)]), &ExtractionLimits::default()).unwrap();
        assert_eq!(texts(&document), ["R&D\t2019", "GitHub"]);
        assert_eq!(document.links, ["https://github.com/anarust"]);
    }

    #[test]
    fn a_zip_that_is_not_a_word_document_and_a_broken_zip_have_their_reasons() {
        let other = docx(&[("hello.txt", "hi")]);
        assert_eq!(extract(&other, &ExtractionLimits::default()).unwrap_err().code(), "unsupported_format");
        assert_eq!(extract(b"PK\x03\x04garbage", &ExtractionLimits::default()).unwrap_err().code(), "file_corrupt");
    }

    #[test]
    fn a_zip_bomb_stops_at_the_decompressed_size_bound() {
        let huge = body(&paragraph(&"A".repeat(200_000)));
        let limits = ExtractionLimits { decompressed_bytes_max: 100_000, ..ExtractionLimits::default() };
        assert_eq!(extract(&docx(&[(DOCUMENT_PART, &huge)]), &limits).unwrap_err().code(), "file_too_large");
    }
}
