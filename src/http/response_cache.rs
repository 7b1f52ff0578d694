//! Bodies of recent reads, kept by workspace, path and version, so that a
//! read asked again before anything it shows has changed is answered with
//! the bytes already written instead of writing them again.
//!
//! Why it is safe: a read's `EntityTag` is a version, a hash of the route,
//! the query and the counters its body is a function of (see
//! `conditional`). The same workspace, path and version is the same body;
//! that is the promise a `304 Not Modified` already rests on. So a body kept
//! under them is the body a new rendering would give, and any write that
//! changes what a read shows moves a counter and with it the version: the
//! old body is never found again. Debug builds render every hit anew and
//! assert the two are the same bytes, so the API tests check the promise on
//! every read they repeat.
//!
//! Why it is shaped so: a fixed number of slots, each holding one body, the
//! slot chosen by the version's bits. A new body replaces whatever held its
//! slot, so there is no eviction bookkeeping, and the memory is bounded by
//! `SLOTS` × `BODY_BYTES_MAX` whatever the number of workspaces. A slot's
//! lock is held only to clone or swap a reference-counted buffer. Only 200
//! JSON bodies are kept, and none larger than `BODY_BYTES_MAX` (a walk at
//! `limit=100` reads each page once, and keeping its pages would only push
//! out bodies that are read again).

use actix_web::web::Bytes;
use parking_lot::Mutex;

use crate::domain::ids::WorkspaceId;

/// How many bodies are kept at most.
pub const SLOTS: usize = 1024;

/// The largest body kept: larger ones are written anew on every read.
pub const BODY_BYTES_MAX: usize = 32 * 1024;

/// Recent read bodies; see the module comment.
pub struct ResponseCache {
    slots: Box<[Mutex<Option<Kept>>]>,
}

struct Kept {
    workspace: WorkspaceId,
    path: Box<str>,
    version: u64,
    body: Bytes,
}

impl Default for ResponseCache {
    fn default() -> Self {
        Self { slots: (0..SLOTS).map(|_| Mutex::new(None)).collect() }
    }
}

impl ResponseCache {
    /// The body kept for this read, if its slot still holds it.
    pub fn get(&self, workspace: &WorkspaceId, path: &str, version: u64) -> Option<Bytes> {
        let slot = self.slots[slot_of(version, path)].lock();
        slot.as_ref()
            .filter(|kept| kept.version == version && *kept.path == *path && kept.workspace == *workspace)
            .map(|kept| kept.body.clone())
    }

    /// Keeps `body` as this read's, in place of what its slot held; a body
    /// over `BODY_BYTES_MAX` is not kept.
    pub fn put(&self, workspace: &WorkspaceId, path: &str, version: u64, body: Bytes) {
        if body.len() > BODY_BYTES_MAX {
            return;
        }
        let kept = Kept { workspace: workspace.clone(), path: path.into(), version, body };
        // The old body is dropped after the lock is let go.
        let _replaced = self.slots[slot_of(version, path)].lock().replace(kept);
    }
}

/// The slot of a read: the version's bits mixed with the path's length, so
/// that two paths of one version (two jobs' pages with equal counters) are
/// likely to sit apart.
fn slot_of(version: u64, path: &str) -> usize {
    let mixed = (version ^ (version >> 29)).wrapping_add(path.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> 32) as usize % SLOTS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace(id: &str) -> WorkspaceId {
        WorkspaceId::parse(id).expect("a valid workspace ID")
    }

    #[test]
    fn a_body_is_found_only_under_its_workspace_path_and_version() {
        let cache = ResponseCache::default();
        let body = Bytes::from_static(b"{\"status\":\"success\"}");
        cache.put(&workspace("acme"), "/api/v1/jobs", 7, body.clone());
        assert_eq!(cache.get(&workspace("acme"), "/api/v1/jobs", 7), Some(body));
        assert_eq!(cache.get(&workspace("acme"), "/api/v1/jobs", 8), None, "another version");
        assert_eq!(cache.get(&workspace("other"), "/api/v1/jobs", 7), None, "another workspace");
        assert_eq!(cache.get(&workspace("acme"), "/api/v1/jobs/job_1", 7), None, "another path");
    }

    #[test]
    fn a_body_over_the_limit_is_not_kept() {
        let cache = ResponseCache::default();
        cache.put(&workspace("acme"), "/p", 1, Bytes::from(vec![b' '; BODY_BYTES_MAX + 1]));
        assert_eq!(cache.get(&workspace("acme"), "/p", 1), None);
        cache.put(&workspace("acme"), "/p", 1, Bytes::from(vec![b' '; BODY_BYTES_MAX]));
        assert!(cache.get(&workspace("acme"), "/p", 1).is_some());
    }

    #[test]
    fn a_new_body_replaces_the_one_in_its_slot_and_memory_stays_bounded() {
        let cache = ResponseCache::default();
        for version in 0..(4 * SLOTS as u64) {
            cache.put(&workspace("acme"), "/p", version, Bytes::from_static(b"{}"));
        }
        let kept = cache.slots.iter().filter(|slot| slot.lock().is_some()).count();
        assert!(kept <= SLOTS);
        assert!(cache.get(&workspace("acme"), "/p", 4 * SLOTS as u64 - 1).is_some(), "the newest is kept");
    }
}
