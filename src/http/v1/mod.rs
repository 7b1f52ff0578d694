//! `/api/v1`: the public, API-key surface. Eleven routes: seven reads and the
//! four writes (stage, tags, ATS rerun, comment).

pub mod applications;
pub mod jobs;
pub mod writes;
