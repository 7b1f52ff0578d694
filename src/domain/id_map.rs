//! The hash map of the in-memory state: keyed by IDs, looked up on every
//! read (a page of 20 applications costs dozens of lookups, the job list
//! several per job), so its hash function is a real share of a read.
//! std's SipHash guards a map against keys an attacker chooses to collide;
//! these maps hold only IDs the server generated at random (a lookup by a
//! client's ID may miss, but cannot add a key), so foldhash, several times
//! faster on short keys and seeded per map, is safe here.

/// A `HashMap` with foldhash, for maps whose keys the server generates.
pub type IdMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// An empty map with room for `capacity` entries.
pub fn id_map_with_capacity<K, V>(capacity: usize) -> IdMap<K, V> {
    IdMap::with_capacity_and_hasher(capacity, foldhash::fast::RandomState::default())
}
