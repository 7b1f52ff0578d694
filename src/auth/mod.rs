//! Authentication material and checks: API key generation, hashing, masking
//! and comparison (`api_key`), JWT verification and signing (`jwt`), the
//! in-memory lookup of presented keys (`key_registry`) and the rate limit
//! for requests without a valid key and the public apply (`keyed_limit`),
//! both read through the injected clock (`rate_clock`).
//!
//! Everything that touches secrets lives here, in one place without HTTP
//! types, so that how keys are generated, stored and compared, and which
//! tokens are accepted, can be reviewed and tested on its own. The HTTP layer
//! extracts credentials from requests and calls into this module.

pub mod api_key;
pub mod jwt;
pub mod key_registry;
pub mod keyed_limit;
pub mod rate_clock;
