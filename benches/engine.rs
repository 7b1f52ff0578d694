//! Resume intelligence, each stage on its own, on one core: extracting a
//! two-page PDF and a DOCX (`extract`), parsing a text resume of about 6 KB
//! (`engine::parse_resume`), scoring it against ten criteria
//! (`engine::score_resume`), and both as the pipeline runs them, the score
//! reusing the parse's split into sections (`parse_and_score`), and the
//! same over every labelled text resume in turn. The files are from the
//! labelled set in `tests/fixtures/resumes`; the text resume is the demo
//! corpus's.
//!
//! `cargo bench --bench engine`
//!
//! The bench allocates through mimalloc, as the service does (`src/main.rs`):
//! a parse makes a few thousand small allocations, and the system allocator
//! would measure glibc rather than the engine.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use shortlist::engine::{parse_resume, parse_resume_for_scoring, score_parsed, score_resume};
use shortlist::extract::{extract_in_process, ExtractionLimits};

#[path = "support/engine_input.rs"]
mod engine_input;
use engine_input::{criteria, labelled_resumes, text_resume, PRESENT};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resumes").join(name)).expect("fixture")
}

fn extraction(criterion: &mut Criterion) {
    let limits = ExtractionLimits::default();
    let mut group = criterion.benchmark_group("extract");
    for (name, file) in
        [("pdf_two_pages", "r26-software-architect-pdf.pdf"), ("docx", "r01-backend-engineer-docx.docx")]
    {
        let bytes = fixture(file);
        group.throughput(Throughput::Elements(1));
        group.bench_function(name, |bencher| bencher.iter(|| extract_in_process(&bytes, &limits).expect("extracts")));
    }
    group.finish();
}

fn parsing_and_scoring(criterion: &mut Criterion) {
    let text = text_resume();
    let criteria = criteria();
    let resume = parse_resume(&text, PRESENT).expect("parses");
    let mut group = criterion.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("parse_{}_bytes", text.len()), |bencher| {
        bencher.iter(|| parse_resume(&text, PRESENT).expect("parses"))
    });
    group.bench_function("score_10_criteria", |bencher| bencher.iter(|| score_resume(&text, &resume, &criteria)));
    // As the pipeline does: the sections the parse found are the score's.
    group.bench_function("parse_and_score", |bencher| {
        bencher.iter(|| {
            let parsed = parse_resume_for_scoring(&text, PRESENT).expect("parses");
            score_parsed(&text, &parsed, &criteria)
        })
    });
    // Every labelled text resume in turn: what a day's uploads look like
    // to the caches, unlike one resume over and over.
    let resumes = labelled_resumes();
    let mut next = 0;
    group.bench_function(format!("parse_and_score_{}_labelled_resumes_in_turn", resumes.len()), |bencher| {
        bencher.iter(|| {
            let text = &resumes[next % resumes.len()];
            next += 1;
            let parsed = parse_resume_for_scoring(text, PRESENT).expect("parses");
            score_parsed(text, &parsed, &criteria)
        })
    });
    group.finish();
}

criterion_group!(benches, extraction, parsing_and_scoring);
criterion_main!(benches);
