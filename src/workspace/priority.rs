//! Background threads (the parsing and scoring pool, snapshot writers) run
//! below the HTTP workers. Parsing a burst of uploads can fill every core for
//! minutes, and serialising a large workspace for a snapshot takes seconds
//! of one core; at an equal priority the scheduler shares the cores evenly
//! and reads wait behind that work, at a lower one reads go first and the
//! background work takes the rest. Measured by
//! `loadtests/read_while_scoring.sh` (the pool) and `loadtests/run.sh` (p99
//! of the read scenarios a periodic snapshot lands in).

/// How much lower than the HTTP workers background threads run (a nice
/// value, 0 to 19).
const BACKGROUND_THREAD_NICENESS: libc::c_int = 10;

/// Lowers the calling thread: on Linux a thread's nice value is its own, so
/// this lowers that thread and not the process. A failure only means the
/// work competes with reads as an equal, so it is logged and not fatal.
pub fn lower_this_threads_priority() {
    // SAFETY: setpriority reads no memory of ours; `who` 0 is the calling thread.
    let result = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, BACKGROUND_THREAD_NICENESS) };
    if result != 0 {
        tracing::warn!(error = %std::io::Error::last_os_error(), "could not lower the priority of a background thread");
    }
}
