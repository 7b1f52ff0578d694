//! Extraction with a time bound that holds whatever a file does to the
//! extractor. A thread cannot be stopped from outside, so a PDF crate that
//! loops would hold a pool thread for ever; a child process can be killed.
//! PDFs (third-party parsing) are therefore extracted by `shortlist
//! extract-worker` in a child process: the file on its standard input, the
//! encoded result on its standard output, killed at the deadline and capped
//! in address space. Text and DOCX are read in process: our own code, linear
//! in input bounded by the limits, with panics caught.

use std::io::{Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::document::Document;
use super::failure::ExtractionFailure;
use super::format::{detect_format, DocumentFormat};
use super::{extract_in_process, ExtractionLimits};
use crate::store::codec;

/// The worker's address space: enough for any file within the limits, and a
/// bound on what a hostile one can make it allocate.
pub const WORKER_ADDRESS_SPACE_BYTES_MAX: u64 = 4 << 30;
/// The worker's answer is bounded too: a document is far smaller than this.
const WORKER_OUTPUT_BYTES_MAX: u64 = 256 << 20;

/// The program that runs `extract-worker`: the service's own binary.
#[derive(Clone, Debug)]
pub struct ExtractorProgram(pub PathBuf);

/// What one extraction ended with, for the worker's answer.
type Outcome = Result<Document, ExtractionFailure>;

/// Extracts `bytes` within `limits`, isolating the formats whose parsers are
/// not ours (PDF) in a child process.
pub fn extract_bounded(bytes: &[u8], limits: &ExtractionLimits, program: &ExtractorProgram) -> Outcome {
    if bytes.len() > limits.file_bytes_max {
        return extract_in_process(bytes, limits);
    }
    match detect_format(bytes)? {
        DocumentFormat::Pdf => extract_in_child(bytes, limits, program),
        DocumentFormat::Docx | DocumentFormat::Text => guarded(|| extract_in_process(bytes, limits)),
    }
}

fn guarded(extract: impl FnOnce() -> Outcome) -> Outcome {
    catch_unwind(AssertUnwindSafe(extract))
        .unwrap_or_else(|_| Err(ExtractionFailure::FileCorrupt("the file could not be read".into())))
}

fn worker_failed(message: impl Into<String>) -> ExtractionFailure {
    ExtractionFailure::FileCorrupt(message.into())
}

fn extract_in_child(bytes: &[u8], limits: &ExtractionLimits, program: &ExtractorProgram) -> Outcome {
    let mut command = Command::new(&program.0);
    command
        .arg("extract-worker")
        .args(["--file-bytes-max", &limits.file_bytes_max.to_string()])
        .args(["--decompressed-bytes-max", &limits.decompressed_bytes_max.to_string()])
        .args(["--pages-max", &limits.pages_max.to_string()])
        .env("SHORTLIST_LOG", "error")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    limit_address_space(&mut command);
    let mut child =
        command.spawn().map_err(|error| worker_failed(format!("the extractor could not be started: {error}")))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let input = bytes.to_vec();
    // Writing and reading on threads of their own: a worker that stops
    // reading, or never answers, cannot block this thread past the deadline.
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut answer = Vec::new();
        let read = (&mut stdout).take(WORKER_OUTPUT_BYTES_MAX).read_to_end(&mut answer);
        let _ = sender.send(read.map(|_| answer));
    });
    let answer = receiver.recv_timeout(Duration::from_millis(limits.timeout_milliseconds));
    let outcome = match answer {
        Ok(Ok(answer)) if !answer.is_empty() => codec::decode::<Outcome>(&answer)
            .unwrap_or_else(|error| Err(worker_failed(format!("the extractor's answer was unreadable: {error}")))),
        Ok(_) => Err(worker_failed("the extractor stopped without an answer (the file crashed it)")),
        Err(_) => {
            let _ = child.kill();
            Err(ExtractionFailure::ExtractionTimeout(format!(
                "extraction took longer than {} ms and was stopped",
                limits.timeout_milliseconds
            )))
        }
    };
    let _ = child.wait();
    outcome
}

#[cfg(target_os = "linux")]
fn limit_address_space(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec only async-signal-safe calls are allowed;
    // setrlimit is one, and the closure allocates nothing.
    unsafe {
        command.pre_exec(|| {
            let limit =
                libc::rlimit { rlim_cur: WORKER_ADDRESS_SPACE_BYTES_MAX, rlim_max: WORKER_ADDRESS_SPACE_BYTES_MAX };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn limit_address_space(_command: &mut Command) {}

/// The worker's side: the file on standard input, the encoded outcome on
/// standard output. Exits non-zero only when it cannot answer at all.
pub fn run_worker(limits: &ExtractionLimits) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    std::io::stdin().take(limits.file_bytes_max as u64 + 1).read_to_end(&mut bytes)?;
    let outcome = guarded(|| extract_in_process(&bytes, limits));
    let encoded = codec::encode(&outcome).map_err(std::io::Error::other)?;
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(&encoded)?;
    stdout.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOT_REALLY_A_PDF: &[u8] = b"%PDF-1.7\nnot a real document";

    #[test]
    fn a_worker_that_cannot_start_is_a_reason_not_a_panic() {
        let program = ExtractorProgram(PathBuf::from("/nonexistent/shortlist"));
        let failure = extract_bounded(NOT_REALLY_A_PDF, &ExtractionLimits::default(), &program).unwrap_err();
        assert_eq!(failure.code(), "file_corrupt");
        assert!(failure.to_string().contains("could not be started"), "{failure}");
    }

    #[test]
    fn a_worker_that_ends_without_an_answer_is_a_reason() {
        // `true` reads nothing, writes nothing and exits: what a crashed worker looks like.
        let program = ExtractorProgram(PathBuf::from("true"));
        let failure = extract_bounded(NOT_REALLY_A_PDF, &ExtractionLimits::default(), &program).unwrap_err();
        assert_eq!(failure.code(), "file_corrupt");
        assert!(failure.to_string().contains("without an answer"), "{failure}");
    }

    #[test]
    fn a_worker_that_never_answers_is_stopped_at_the_time_bound() {
        // A worker that hangs: it ignores its arguments and input and sleeps past the bound.
        use std::os::unix::fs::PermissionsExt;
        let scratch = tempfile::Builder::new().prefix("shortlist-hanging-worker-").tempdir().unwrap();
        let script = scratch.path().join("worker");
        std::fs::write(&script, "#!/bin/sh\nexec sleep 30\n").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let program = ExtractorProgram(script.clone());
        let limits = ExtractionLimits { timeout_milliseconds: 200, ..ExtractionLimits::default() };
        let started = std::time::Instant::now();
        let failure = extract_bounded(NOT_REALLY_A_PDF, &limits, &program).unwrap_err();
        assert_eq!(failure.code(), "extraction_timeout");
        assert!(started.elapsed() < Duration::from_secs(5), "killed, not waited for: {:?}", started.elapsed());
    }

    #[test]
    fn text_and_docx_never_start_a_worker() {
        let program = ExtractorProgram(PathBuf::from("/nonexistent/shortlist"));
        let document = extract_bounded(b"Ana Rust\nana@example.com", &ExtractionLimits::default(), &program).unwrap();
        assert_eq!(document.lines[0].text, "Ana Rust");
    }
}
