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
//! Why it is shaped so: a fixed number of slots in sets of four, the set
//! chosen by the version's bits. A set keeps its four most recently used
//! bodies: a new body pushes out the one its set used least recently, so
//! there is no eviction bookkeeping beyond an order of four, and the memory
//! is bounded by the slots × `BODY_BYTES_MAX` whatever the number of
//! workspaces. A set's lock is held only to clone or swap a
//! reference-counted buffer.
//!
//! Pages kept by their content sit on a shelf of their own
//! (`Shelf::ByContent`, see `EntityTag::answer_kept_listing`), apart from
//! bodies kept by a read's version. Under writes every page read after each
//! write is kept under the job's new version too, a body seldom read again
//! before the next write moves it; sharing sets, those puts pushed out pages
//! kept by content at random. Four ways rather than two because the pages a
//! client reads again are a few hundred at most, and with two ways three of
//! them falling in one set (likely, with a hundred pages in 512 sets) push
//! each other out on every read. Both showed in callgrind counts of the mix
//! (2,000 requests on one job of 5,000 applications, of which 20 read a page
//! a write had changed): runs of the same requests wrote 62, 95 and 176
//! pages anew with one shelf and two ways.
//!
//! Only 200 JSON bodies are kept, and none larger than `BODY_BYTES_MAX` (a
//! walk at `limit=100` reads each page once, and keeping its pages would only
//! push out bodies that are read again).

use actix_web::web::Bytes;
use parking_lot::Mutex;

use crate::domain::ids::WorkspaceId;

/// How many bodies are kept at most by a read's version.
pub const SLOTS: usize = 1024;

/// How many listing pages are kept at most by their content.
pub const CONTENT_SLOTS: usize = 1024;

/// Which versions a body is kept under: what the read's `EntityTag` says,
/// or what a listing page shows (see `EntityTag::answer_kept_listing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    ByVersion,
    ByContent,
}

/// Bodies per set: the slots a version may be kept in.
const WAYS: usize = 4;

/// The largest body kept: larger ones are written anew on every read.
pub const BODY_BYTES_MAX: usize = 32 * 1024;

/// Recent read bodies; see the module comment.
pub struct ResponseCache {
    /// Each set's bodies, the most recently used first, by version.
    sets: Box<[Mutex<[Option<Kept>; WAYS]>]>,
    /// The same, for pages kept by their content.
    content_sets: Box<[Mutex<[Option<Kept>; WAYS]>]>,
}

struct Kept {
    workspace: WorkspaceId,
    path: Box<str>,
    version: u64,
    body: Bytes,
}

impl Kept {
    fn is(&self, workspace: &WorkspaceId, path: &str, version: u64) -> bool {
        self.version == version && *self.path == *path && self.workspace == *workspace
    }
}

impl Default for ResponseCache {
    fn default() -> Self {
        let sets = |slots: usize| (0..slots / WAYS).map(|_| Mutex::new([const { None }; WAYS])).collect();
        Self { sets: sets(SLOTS), content_sets: sets(CONTENT_SLOTS) }
    }
}

impl ResponseCache {
    /// The body kept for this read, if its set still holds it; it becomes
    /// its set's most recently used.
    pub fn get(&self, shelf: Shelf, workspace: &WorkspaceId, path: &str, version: u64) -> Option<Bytes> {
        let mut set = self.set(shelf, version, path).lock();
        let way = set.iter().position(|kept| kept.as_ref().is_some_and(|kept| kept.is(workspace, path, version)))?;
        set[..=way].rotate_right(1);
        set[0].as_ref().map(|kept| kept.body.clone())
    }

    /// Keeps `body` as this read's, as its set's most recently used, in
    /// place of the same read's older copy or else of the least recently
    /// used; a body over `BODY_BYTES_MAX` is not kept.
    pub fn put(&self, shelf: Shelf, workspace: &WorkspaceId, path: &str, version: u64, body: Bytes) {
        if body.len() > BODY_BYTES_MAX {
            return;
        }
        let kept = Kept { workspace: workspace.clone(), path: path.into(), version, body };
        let mut set = self.set(shelf, version, path).lock();
        let way = set
            .iter()
            .position(|old| old.as_ref().is_some_and(|old| old.is(workspace, path, version)))
            .unwrap_or(WAYS - 1);
        set[..=way].rotate_right(1);
        // The old body is dropped after the lock is let go.
        let _replaced = set[0].replace(kept);
        drop(set);
    }
}

impl ResponseCache {
    fn set(&self, shelf: Shelf, version: u64, path: &str) -> &Mutex<[Option<Kept>; WAYS]> {
        let sets = match shelf {
            Shelf::ByVersion => &self.sets,
            Shelf::ByContent => &self.content_sets,
        };
        &sets[set_of(version, path, sets.len())]
    }
}

/// The set of a read among `sets`: the version's bits mixed with the path's
/// length, so that two paths of one version (two jobs' pages with equal
/// counters) are likely to sit apart.
fn set_of(version: u64, path: &str, sets: usize) -> usize {
    let mixed = (version ^ (version >> 29)).wrapping_add(path.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> 32) as usize % sets
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
        cache.put(Shelf::ByVersion, &workspace("acme"), "/api/v1/jobs", 7, body.clone());
        assert_eq!(cache.get(Shelf::ByVersion, &workspace("acme"), "/api/v1/jobs", 7), Some(body));
        assert_eq!(cache.get(Shelf::ByVersion, &workspace("acme"), "/api/v1/jobs", 8), None, "another version");
        assert_eq!(cache.get(Shelf::ByVersion, &workspace("other"), "/api/v1/jobs", 7), None, "another workspace");
        assert_eq!(cache.get(Shelf::ByVersion, &workspace("acme"), "/api/v1/jobs/job_1", 7), None, "another path");
        assert_eq!(cache.get(Shelf::ByContent, &workspace("acme"), "/api/v1/jobs", 7), None, "another shelf");
    }

    #[test]
    fn a_body_over_the_limit_is_not_kept() {
        let cache = ResponseCache::default();
        cache.put(Shelf::ByVersion, &workspace("acme"), "/p", 1, Bytes::from(vec![b' '; BODY_BYTES_MAX + 1]));
        assert_eq!(cache.get(Shelf::ByVersion, &workspace("acme"), "/p", 1), None);
        cache.put(Shelf::ByVersion, &workspace("acme"), "/p", 1, Bytes::from(vec![b' '; BODY_BYTES_MAX]));
        assert!(cache.get(Shelf::ByVersion, &workspace("acme"), "/p", 1).is_some());
    }

    #[test]
    fn a_new_body_replaces_the_one_in_its_slot_and_memory_stays_bounded() {
        let cache = ResponseCache::default();
        for version in 0..(4 * SLOTS as u64) {
            cache.put(Shelf::ByVersion, &workspace("acme"), "/p", version, Bytes::from_static(b"{}"));
        }
        for version in 0..(4 * CONTENT_SLOTS as u64) {
            cache.put(Shelf::ByContent, &workspace("acme"), "/p", version, Bytes::from_static(b"{}"));
        }
        let kept = |sets: &[Mutex<[Option<Kept>; WAYS]>]| -> usize {
            sets.iter().map(|set| set.lock().iter().flatten().count()).sum()
        };
        assert!(kept(&cache.sets) <= SLOTS);
        assert!(kept(&cache.content_sets) <= CONTENT_SLOTS);
        assert!(
            cache.get(Shelf::ByVersion, &workspace("acme"), "/p", 4 * SLOTS as u64 - 1).is_some(),
            "the newest is kept"
        );
    }

    /// The first `count` versions that share a set, found by trying.
    fn versions_in_one_set(path: &str, count: usize) -> Vec<u64> {
        let sets = SLOTS / WAYS;
        let set = set_of(0, path, sets);
        (0..).filter(|&version| set_of(version, path, sets) == set).take(count).collect()
    }

    #[test]
    fn a_set_keeps_its_most_recently_used_bodies() {
        let cache = ResponseCache::default();
        let acme = workspace("acme");
        let versions = versions_in_one_set("/p", WAYS + 1);
        let body = |version: u64| Bytes::from(version.to_string());
        for &version in &versions[..WAYS] {
            cache.put(Shelf::ByVersion, &acme, "/p", version, body(version));
        }
        for &version in &versions[..WAYS] {
            assert_eq!(cache.get(Shelf::ByVersion, &acme, "/p", version), Some(body(version)), "all are kept");
        }
        // Read in order, so the first is now the least recently used; read it again.
        assert!(cache.get(Shelf::ByVersion, &acme, "/p", versions[0]).is_some());
        cache.put(Shelf::ByVersion, &acme, "/p", versions[WAYS], body(versions[WAYS]));
        assert_eq!(cache.get(Shelf::ByVersion, &acme, "/p", versions[1]), None, "the least recently used went");
        assert!(cache.get(Shelf::ByVersion, &acme, "/p", versions[0]).is_some(), "the one read since stays");
        assert!(cache.get(Shelf::ByVersion, &acme, "/p", versions[WAYS]).is_some());
        cache.put(Shelf::ByVersion, &acme, "/p", versions[WAYS], Bytes::from_static(b"again"));
        assert!(
            cache.get(Shelf::ByVersion, &acme, "/p", versions[2]).is_some(),
            "a put of a kept read replaces its copy"
        );
    }

    #[test]
    fn bodies_kept_by_version_never_push_out_pages_kept_by_content() {
        let cache = ResponseCache::default();
        let acme = workspace("acme");
        cache.put(Shelf::ByContent, &acme, "/p", 1, Bytes::from_static(b"page"));
        for version in 0..(4 * SLOTS as u64) {
            cache.put(Shelf::ByVersion, &acme, "/p", version, Bytes::from_static(b"{}"));
        }
        assert_eq!(cache.get(Shelf::ByContent, &acme, "/p", 1), Some(Bytes::from_static(b"page")));
    }
}
