//! PDFs from producers the labelled set's generator does not use (typst
//! and LibreOffice, rendered from the second labelled set by
//! `tests/fixtures/_tools/render_formats.py`) read as
//! their text does: words in order, and lines the producer wrapped at the
//! edge of a column joined again.

use std::path::PathBuf;

use shortlist::extract::{extract_in_process, ExtractionLimits};

fn text_of(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resumes-second-set/formats").join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    extract_in_process(&bytes, &ExtractionLimits::default()).expect("extracts").text()
}

#[test]
fn a_typst_pdf_whose_fonts_give_widths_as_ranges_reads_in_word_order() {
    let text = text_of("b01-high-school-teacher-typst.pdf");
    assert!(text.starts_with("RENATA OYELARAN\n"), "{text}");
    assert!(text.contains("\nAugust 2019 – Present\n"), "{text}");
}

#[test]
fn a_job_header_wrapped_in_a_narrow_column_is_one_line_again() {
    let text = text_of("b02-pharmacist-typst.pdf");
    assert!(
        text.contains(
            "\nClinical Pharmacist, Ambulatory Care, Haw River Health Partners — Durham, NC | Jul 2017 – Feb 2019\n"
        ),
        "{text}"
    );
}

#[test]
fn a_job_header_libreoffice_wrapped_is_one_line_again_with_its_tab_kept() {
    let text = text_of("b02-pharmacist-libreoffice.pdf");
    // The dates stand after a tab: a column gap, as a text resume writes one.
    assert!(text.contains("Haw River Health Partners — Durham, NC   Jul 2017 – Feb 2019\n"), "{text}");
    assert!(text.contains("Greenville, NC   Jul 2016 – Jun 2017\n"), "{text}");
}

#[test]
fn a_page_header_libreoffice_prints_on_every_page_is_read_once() {
    let text = text_of("b01-high-school-teacher-libreoffice.pdf");
    assert_eq!(text.matches("RENATA OYELARAN").count(), 1, "{text}");
    assert!(text.contains("\nMATH TUTOR (PART-TIME)\nQuillan Learning Center"), "{text}");
}

#[test]
fn a_short_second_column_is_read_after_the_first_not_beside_it() {
    let text = text_of("b04-paralegal-typst.pdf");
    assert!(!text.contains(" | "), "no line joins the two columns: {text}");
    assert!(text.contains("\nLegal Assistant at Marrow County Public Defender's Office (2016–2018)\n"), "{text}");
}

#[test]
fn text_pasted_through_the_wrong_encoding_is_mended_in_every_format() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resumes-twenty-first-set/formats/u07-hotel-revenue-manager-docx.docx");
    let bytes = std::fs::read(&path).expect("the rendered DOCX");
    let text = extract_in_process(&bytes, &ExtractionLimits::default()).expect("extracts").text();
    assert!(text.contains("Mar 2021 – Present"), "{text}");
    assert!(!text.contains("â€"), "{text}");
}
