//! Which format a file is, from its bytes alone. A client's file name and
//! content type are hints at best and lies at worst (a PDF renamed `.docx`).

use serde::{Deserialize, Serialize};

use super::failure::ExtractionFailure;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DocumentFormat {
    Pdf,
    Docx,
    Text,
}

impl DocumentFormat {
    pub fn media_type(self) -> &'static str {
        match self {
            DocumentFormat::Pdf => "application/pdf",
            DocumentFormat::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            DocumentFormat::Text => "text/plain",
        }
    }
}

/// How far into the file the PDF signature may start (Acrobat's own rule is 1,024 bytes).
const PDF_SIGNATURE_WITHIN_BYTES: usize = 1024;
const ZIP_SIGNATURE: &[u8] = b"PK\x03\x04";
const EMPTY_ZIP_SIGNATURE: &[u8] = b"PK\x05\x06";
/// OLE compound files: legacy `.doc`, and password-protected OOXML, which Word wraps in one.
const OLE_SIGNATURE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

pub fn detect_format(bytes: &[u8]) -> Result<DocumentFormat, ExtractionFailure> {
    if bytes.is_empty() {
        return Err(ExtractionFailure::NoTextFound("the file is empty".into()));
    }
    let head = &bytes[..bytes.len().min(PDF_SIGNATURE_WITHIN_BYTES)];
    if memchr::memmem::find(head, b"%PDF-").is_some() {
        return Ok(DocumentFormat::Pdf);
    }
    if bytes.starts_with(ZIP_SIGNATURE) || bytes.starts_with(EMPTY_ZIP_SIGNATURE) {
        // Which zip it is (a DOCX, or something else) is the DOCX reader's to say.
        return Ok(DocumentFormat::Docx);
    }
    if bytes.starts_with(OLE_SIGNATURE) {
        return Err(if is_encrypted_ooxml(bytes) {
            ExtractionFailure::FileEncrypted("the document is password-protected; send it without a password".into())
        } else {
            ExtractionFailure::UnsupportedFormat(
                "this is a legacy Word (.doc) or other OLE file; send PDF, DOCX or plain text".into(),
            )
        });
    }
    if let Some(kind) = known_binary(bytes) {
        return Err(ExtractionFailure::UnsupportedFormat(format!(
            "this is {kind}, not a resume document; send PDF, DOCX or plain text"
        )));
    }
    Ok(DocumentFormat::Text)
}

/// Word stores an encrypted DOCX as an OLE file with an `EncryptedPackage`
/// stream; its directory names are UTF-16.
fn is_encrypted_ooxml(bytes: &[u8]) -> bool {
    let name: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
    memchr::memmem::find(bytes, &name).is_some()
}

fn known_binary(bytes: &[u8]) -> Option<&'static str> {
    const SIGNATURES: [(&[u8], &str); 9] = [
        (b"\x89PNG\r\n\x1a\n", "a PNG image"),
        (b"\xFF\xD8\xFF", "a JPEG image"),
        (b"GIF87a", "a GIF image"),
        (b"GIF89a", "a GIF image"),
        (b"II*\x00", "a TIFF image"),
        (b"MM\x00*", "a TIFF image"),
        (b"{\\rtf", "an RTF document"),
        (b"\x1f\x8b", "a gzip archive"),
        (b"7z\xBC\xAF\x27\x1C", "a 7-Zip archive"),
    ];
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Some("a WebP image");
    }
    SIGNATURES.iter().find(|(signature, _)| bytes.starts_with(signature)).map(|(_, kind)| *kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_known_by_their_bytes_not_their_names() {
        assert_eq!(detect_format(b"%PDF-1.7\n..."), Ok(DocumentFormat::Pdf));
        assert_eq!(detect_format(b"\xef\xbb\xbf%PDF-1.4"), Ok(DocumentFormat::Pdf), "junk before the signature");
        assert_eq!(detect_format(b"PK\x03\x04rest"), Ok(DocumentFormat::Docx));
        assert_eq!(detect_format(b"Ana Rust\nana@example.com"), Ok(DocumentFormat::Text));
    }

    #[test]
    fn images_legacy_and_empty_files_are_refused_with_their_reason() {
        assert_eq!(detect_format(b"\x89PNG\r\n\x1a\n....").unwrap_err().code(), "unsupported_format");
        assert_eq!(detect_format(b"\xFF\xD8\xFF\xE0").unwrap_err().code(), "unsupported_format");
        assert_eq!(detect_format(b"").unwrap_err().code(), "no_text_found");
        let mut legacy = OLE_SIGNATURE.to_vec();
        legacy.extend_from_slice(&[0; 64]);
        assert_eq!(detect_format(&legacy).unwrap_err().code(), "unsupported_format");
        let mut encrypted = legacy.clone();
        encrypted.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(detect_format(&encrypted).unwrap_err().code(), "file_encrypted");
    }
}
