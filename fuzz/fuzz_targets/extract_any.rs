//! Format detection and every extractor behind it, as the service calls
//! them, on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shortlist::extract::{extract_in_process, ExtractionLimits};

fuzz_target!(|data: &[u8]| {
    quiet_caught_panics();
    let limits = ExtractionLimits { decompressed_bytes_max: 8 * 1024 * 1024, ..ExtractionLimits::default() };
    if let Ok(document) = extract_in_process(data, &limits) {
        let _ = document.text();
    }
});

/// pdf-extract panics on purpose on odd files, and the extractor catches
/// those panics (the service also isolates it in a child process).
/// libfuzzer-sys's panic hook would abort on a panic even when it is caught;
/// a panic that escapes the extractor still aborts, at the fuzz target's own
/// boundary.
fn quiet_caught_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::panic::set_hook(Box::new(|_| {})));
}
