//! The DOCX walker on arbitrary bytes (zip archives and not): it must
//! return a document or a reason and stay within its decompression bound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shortlist::extract::{docx, ExtractionLimits};

fuzz_target!(|data: &[u8]| {
    let limits = ExtractionLimits { decompressed_bytes_max: 8 * 1024 * 1024, ..ExtractionLimits::default() };
    let _ = docx::extract(data, &limits);
});
