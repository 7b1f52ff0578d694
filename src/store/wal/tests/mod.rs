//! Behaviour tests of the log as a whole: what appenders, recovery and
//! operators can rely on. Each file covers one promise; the framing's
//! property tests live next to the framing in `frame.rs`.

mod faults;
mod fsync_modes;
mod group_commit;
mod recovery;
mod segments;
