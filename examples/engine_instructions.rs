//! Parses and scores the engine bench's resume (about 6 KB, the demo
//! corpus's) against the bench's ten criteria (`benches/support/engine_input.rs`), a number of
//! times (the first argument; 20 by default), and prints the
//! time per parse and score. Made to be counted by callgrind, which counts
//! instructions the same run after run where this machine's wall clock
//! moves by a third: only the loop in `measured` is counted.
//!
//! ```text
//! cargo build --release --example engine_instructions
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='engine_instructions::measured' \
//!   target/release/examples/engine_instructions 20
//! ```
//!
//! Run without valgrind (`target/release/examples/engine_instructions 3000`),
//! two builds alternately compare wall clocks in one sitting. With
//! `labelled` after the number, each round parses the next of the labelled
//! sets' text resumes instead (the bench's `…_labelled_resumes_in_turn`).

use shortlist::engine::{parse_resume, parse_resume_for_scoring, score_parsed};

#[path = "../benches/support/engine_input.rs"]
mod engine_input;
use engine_input::{criteria, labelled_resumes, text_resume, PRESENT};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Rounds when none is given: enough for callgrind, quick under it.
const ROUNDS_DEFAULT: usize = 20;

fn main() {
    let rounds = std::env::args().nth(1).and_then(|rounds| rounds.parse().ok()).unwrap_or(ROUNDS_DEFAULT);
    let texts = match std::env::args().nth(2).as_deref() {
        Some("labelled") => labelled_resumes(),
        _ => vec![text_resume()],
    };
    let criteria = criteria();
    // The taxonomy, the regexes and the heading table are built on first
    // use; that is not what is measured.
    parse_resume(&texts[0], PRESENT).expect("the bench's resume parses");
    let started = std::time::Instant::now();
    let criteria_scored = measured(rounds, &texts, &criteria);
    let microseconds = started.elapsed().as_secs_f64() * 1e6 / rounds as f64;
    println!("{rounds} parses and scores, {microseconds:.1} µs each ({criteria_scored} criteria scored)");
}

/// The loop callgrind counts (`--toggle-collect`), kept out of line so it has a name.
#[inline(never)]
fn measured(rounds: usize, texts: &[String], criteria: &shortlist::domain::ats::Criteria) -> usize {
    let mut criteria_scored = 0;
    for round in 0..rounds {
        let text = &texts[round % texts.len()];
        let parsed = parse_resume_for_scoring(std::hint::black_box(text), PRESENT).expect("the bench's resume parses");
        let breakdown = score_parsed(text, &parsed, criteria);
        criteria_scored += std::hint::black_box(&breakdown).criteria.len();
    }
    criteria_scored
}
