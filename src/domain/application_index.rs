//! An ordered index over one set of applications — every application of a
//! job, or the applications currently in one stage of a job — so that a page
//! of that set in any supported order, optionally filtered by a minimum ATS
//! score, costs time proportional to the page rather than to the set.
//!
//! The index knows applications only by their *ordinal*: a dense `u32`
//! assigned in creation order within a job (0, 1, 2, ...; never reused), so
//! ordinal order is creation order. Alongside the ordinal it is told each
//! member's score (`None` until the application has been scored, otherwise
//! `0..=SCORE_MAX`) and its *name key* (the candidate name lower-cased, which
//! never changes). Callers map ordinals back to applications.
//!
//! # Ordering rules
//!
//! | [`SortOrder`]   | order                                   | ties               |
//! |-----------------|-----------------------------------------|--------------------|
//! | `AtsDesc`       | score 100 → 0, then unscored            | ordinal ascending  |
//! | `AtsAsc`        | score 0 → 100, then unscored            | ordinal ascending  |
//! | `CreatedDesc`   | ordinal descending                      | (ordinals unique)  |
//! | `CreatedAsc`    | ordinal ascending                       | (ordinals unique)  |
//! | `NameAsc`       | name key ascending, by byte order       | ordinal ascending  |
//!
//! Unscored members come last in both score orders: "not scored yet" is not a
//! low score. A `min_score` filter keeps members whose score is at least the
//! minimum and always drops unscored members; a minimum above [`SCORE_MAX`]
//! keeps nobody.
//!
//! # Shape, and why
//!
//! * **Score buckets.** Scores are small integers, so members are kept in 102
//!   buckets: one per score `0..=100` and one for unscored. Each bucket holds
//!   its ordinals ascending, which is exactly the tie rule of both score
//!   orders. Bucket lengths answer "how many score at least N" and let a page
//!   skip whole buckets to reach its offset without touching members.
//! * **Creation list.** All members' ordinals, ascending, for the created
//!   orders without a filter. With a filter, the qualifying buckets (each
//!   already in ordinal order) are merged through a binary heap.
//! * **Name set.** A `BTreeSet` of `(name key, ordinal)`, which is the name
//!   order with its tie rule built in.
//! * **Bucket per ordinal.** One byte per ordinal up to the largest inserted,
//!   recording which bucket holds it (or that it is not a member): O(1)
//!   membership checks for the programmer-error guards, and the score test
//!   for filtered name walks. Ordinals are dense per job, so this is at most
//!   one byte per application of the job.
//!
//! Buckets and the creation list are *blocked* sorted lists rather than plain
//! sorted `Vec`s: runs of at most 1024 ordinals, with a Fenwick tree over the
//! run lengths. A plain `Vec` pays a memmove of its whole tail on every
//! insert or remove, and one bucket can hold the entire set (every
//! application is unscored right after a bulk import), so scoring a million
//! of them in creation order — each one removed from the front of the
//! unscored bucket — would be quadratic. Blocks bound the memmove to one run;
//! the Fenwick tree finds the run holding the k-th ordinal in O(log n).
//! Appending an ordinal larger than every member (the common case: new
//! applications, and loading a set in creation order) touches only the last
//! run.
//!
//! # Complexity
//!
//! With `n` members, `B = 1024` ordinals per run:
//!
//! * `insert`, `remove`, `rescore`: O(log n + B), amortised over run splits
//!   and merges; appending the largest ordinal is O(log n) (the name set).
//!   Loading `n` members in creation order is O(n log n).
//! * `len`: O(1). `count_scored_at_least`: O(101), from bucket lengths.
//! * `page` / `iter`, where `k` is `offset + limit`:
//!   * `AtsDesc`, `AtsAsc`, with or without a filter: O(101 + log n + limit).
//!     Whole buckets are skipped by length, then the offset is found inside
//!     one bucket by position — never by stepping over members.
//!   * `CreatedDesc`, `CreatedAsc` without a filter: O(log n + limit), by
//!     position in the creation list.
//!   * `CreatedDesc`, `CreatedAsc` with a filter: a k-way merge of the
//!     qualifying buckets, O(101 + k · log 101). The total comes from bucket
//!     lengths.
//!   * `NameAsc` without a filter: O(log n + k).
//!   * `NameAsc` with a filter: a filtered walk of the name order, O(log n +
//!     the members walked past to find `k` qualifying ones) — up to O(n) when
//!     few members qualify. The total still comes from bucket lengths.
//!
//! # Programmer errors
//!
//! Inserting an ordinal that is already a member, removing or rescoring one
//! that is not, passing a score above [`SCORE_MAX`], or passing a `previous`
//! score or name key that disagrees with what the index holds are bugs in the
//! caller. They fail a `debug_assert!`; in release builds the call is ignored
//! so the index stays consistent.

use std::collections::{BTreeSet, BinaryHeap};

/// The highest ATS score; scores run `0..=SCORE_MAX`.
pub const SCORE_MAX: u8 = 100;

/// Bucket index of members that have no score yet; buckets `0..=SCORE_MAX`
/// hold the members with that score.
const UNSCORED_BUCKET: usize = SCORE_MAX as usize + 1;
const BUCKET_COUNT: usize = UNSCORED_BUCKET + 1;
/// Entry of `bucket_by_ordinal` for an ordinal that is not a member. Any
/// value above `UNSCORED_BUCKET` would do; this one cannot be confused.
const NOT_A_MEMBER: u8 = u8::MAX;
/// Ordinals per run of a blocked sorted list: large enough that runs are
/// few (1,000 for a million members), small enough that the memmove of an
/// insert or remove inside a run is a few kilobytes.
const DEFAULT_BLOCK_CAPACITY: usize = 1024;

/// A member given in bulk: its ordinal, score and name key.
pub type BulkMember = (u32, Option<u8>, Box<str>);

/// The orders a set of applications can be listed in. See the module
/// documentation for the full rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortOrder {
    /// Highest score first, unscored last; ties oldest first.
    AtsDesc,
    /// Lowest score first, unscored last; ties oldest first.
    AtsAsc,
    /// Newest first.
    CreatedDesc,
    /// Oldest first.
    CreatedAsc,
    /// Name key ascending by byte order; ties oldest first.
    NameAsc,
}

/// The ordered index of one set of applications (a job, or one stage of a
/// job). See the module documentation.
#[derive(Clone, Debug, Default)]
pub struct OrderedApplications {
    score_buckets: ScoreBuckets,
    by_creation: SortedOrdinals,
    by_name: BTreeSet<(Box<str>, u32)>,
    /// Indexed by ordinal: the bucket holding it, or `NOT_A_MEMBER`.
    bucket_by_ordinal: Vec<u8>,
}

impl OrderedApplications {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds the index of `members` given in ascending ordinal order, as
    /// inserting them one by one would, for less: the name order is sorted
    /// once and built in bulk instead of one tree insertion per member (the
    /// largest share of rebuilding a workspace from a snapshot). Members out
    /// of order, repeated, or with a score above [`SCORE_MAX`] are programmer
    /// errors: they fail a `debug_assert!` and are left out in release builds.
    pub fn from_ascending(members: impl IntoIterator<Item = BulkMember>) -> Self {
        let mut index = Self::new();
        let mut names = Vec::new();
        for (ordinal, score, name_key) in members {
            let ascending = index.by_creation.largest().is_none_or(|largest| largest < ordinal);
            if !precondition(score_is_valid(score), "score above SCORE_MAX")
                || !precondition(ascending, "bulk members out of ordinal order")
            {
                continue;
            }
            let inserted = index.insert_in_score_and_creation_orders(ordinal, score);
            debug_assert!(inserted, "an ascending ordinal was already present");
            names.push((name_key, ordinal));
        }
        names.sort_unstable();
        // Sorted input makes this a linear bulk build.
        index.by_name = names.into_iter().collect();
        index
    }

    /// Adds a member. The ordinal must not be a member already and the score
    /// must be at most [`SCORE_MAX`].
    pub fn insert(&mut self, ordinal: u32, score: Option<u8>, name_key: &str) {
        if !precondition(score_is_valid(score), "score above SCORE_MAX")
            || !precondition(!self.contains(ordinal), "ordinal is already a member")
        {
            return;
        }
        let inserted_in_orders = self.insert_in_score_and_creation_orders(ordinal, score);
        let inserted_by_name = self.by_name.insert((name_key.into(), ordinal));
        debug_assert!(inserted_in_orders && inserted_by_name, "a non-member ordinal was found in one of the orders");
    }

    /// Records a new member's bucket and adds it to its score bucket and the
    /// creation list; whether both took it (neither held it already).
    fn insert_in_score_and_creation_orders(&mut self, ordinal: u32, score: Option<u8>) -> bool {
        let bucket = bucket_for(score);
        self.set_bucket_of(ordinal, bucket);
        let inserted_in_bucket = self.score_buckets.bucket_mut(bucket).insert(ordinal);
        let inserted_by_creation = self.by_creation.insert(ordinal);
        inserted_in_bucket && inserted_by_creation
    }

    /// Removes a member, given the score and name key it currently has here.
    pub fn remove(&mut self, ordinal: u32, score: Option<u8>, name_key: &str) {
        let Some(bucket) = self.bucket_of(ordinal) else {
            precondition(false, "removing an ordinal that is not a member");
            return;
        };
        if !precondition(
            score_is_valid(score) && bucket == bucket_for(score),
            "removing with a score other than the member's current score",
        ) {
            return;
        }
        // The name key is checked by the removal itself, before anything
        // else changes, so a wrong key leaves the index untouched.
        let name_entry = (Box::<str>::from(name_key), ordinal);
        if !precondition(self.by_name.remove(&name_entry), "removing with a name key other than the member's") {
            return;
        }
        let removed_from_bucket = self.score_buckets.bucket_mut(bucket).remove(ordinal);
        let removed_by_creation = self.by_creation.remove(ordinal);
        debug_assert!(
            removed_from_bucket && removed_by_creation,
            "a member ordinal was missing from one of the orders"
        );
        self.bucket_by_ordinal[ordinal as usize] = NOT_A_MEMBER;
    }

    /// Moves a member from its `previous` score to its `next` score.
    pub fn rescore(&mut self, ordinal: u32, previous: Option<u8>, next: Option<u8>) {
        let Some(current_bucket) = self.bucket_of(ordinal) else {
            precondition(false, "rescoring an ordinal that is not a member");
            return;
        };
        if !precondition(
            score_is_valid(previous) && current_bucket == bucket_for(previous),
            "rescoring from a score other than the member's current score",
        ) || !precondition(score_is_valid(next), "score above SCORE_MAX")
        {
            return;
        }
        let next_bucket = bucket_for(next);
        if next_bucket == current_bucket {
            return;
        }
        let removed = self.score_buckets.bucket_mut(current_bucket).remove(ordinal);
        let inserted = self.score_buckets.bucket_mut(next_bucket).insert(ordinal);
        debug_assert!(removed && inserted, "score buckets disagree with bucket_by_ordinal");
        self.set_bucket_of(ordinal, next_bucket);
    }

    /// Number of members. O(1).
    pub fn len(&self) -> usize {
        self.by_creation.len()
    }

    /// Whether there are no members. O(1).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of members with a score >= min_score (unscored never count). O(101).
    pub fn count_scored_at_least(&self, min_score: u8) -> usize {
        qualifying_score_buckets(min_score).map(|bucket| self.score_buckets.bucket(bucket).len()).sum()
    }

    /// One page: ordinals in `sort` order, keeping only members with score >= min_score when given
    /// (unscored members are excluded whenever min_score is Some), skipping `offset`, at most `limit`.
    /// Returns (page, total) where total counts every member that passes the filter.
    pub fn page(&self, sort: SortOrder, min_score: Option<u8>, offset: usize, limit: usize) -> (Vec<u32>, usize) {
        let total = match min_score {
            None => self.len(),
            Some(minimum) => self.count_scored_at_least(minimum),
        };
        let page_len = limit.min(total.saturating_sub(offset));
        if page_len == 0 {
            return (Vec::new(), total);
        }
        let mut page = Vec::with_capacity(page_len);
        page.extend(self.iter_from(sort, min_score, offset).take(page_len));
        debug_assert_eq!(page.len(), page_len, "the orders disagree with the bucket lengths");
        (page, total)
    }

    /// Every member in `sort` order passing the min_score filter, lazily, for callers that add
    /// predicates the index cannot answer (name substring, status).
    pub fn iter(&self, sort: SortOrder, min_score: Option<u8>) -> impl Iterator<Item = u32> + '_ {
        self.iter_from(sort, min_score, 0)
    }

    /// The members of `sort` order passing the filter, starting `offset`
    /// members in, reaching the offset as cheaply as each order allows.
    fn iter_from(&self, sort: SortOrder, min_score: Option<u8>, offset: usize) -> Box<dyn Iterator<Item = u32> + '_> {
        match (sort, min_score) {
            (SortOrder::AtsDesc, _) => self.score_order_from(ScoreDirection::HighestFirst, min_score, offset),
            (SortOrder::AtsAsc, _) => self.score_order_from(ScoreDirection::LowestFirst, min_score, offset),
            (SortOrder::CreatedAsc, None) => Box::new(self.by_creation.ascending_from(offset)),
            (SortOrder::CreatedDesc, None) => Box::new(self.by_creation.descending_from(offset)),
            (SortOrder::CreatedAsc, Some(minimum)) => {
                let sources = self.qualifying_buckets(minimum).map(|bucket| bucket.ascending_from(0));
                Box::new(MergedByCreation::new(sources, CreationDirection::OldestFirst).skip(offset))
            }
            (SortOrder::CreatedDesc, Some(minimum)) => {
                let sources = self.qualifying_buckets(minimum).map(|bucket| bucket.descending_from(0));
                Box::new(MergedByCreation::new(sources, CreationDirection::NewestFirst).skip(offset))
            }
            (SortOrder::NameAsc, None) => Box::new(self.by_name.iter().map(|(_, ordinal)| *ordinal).skip(offset)),
            (SortOrder::NameAsc, Some(minimum)) => Box::new(
                self.by_name
                    .iter()
                    .map(|(_, ordinal)| *ordinal)
                    .filter(move |&ordinal| self.is_scored_at_least(ordinal, minimum))
                    .skip(offset),
            ),
        }
    }

    /// The score orders: buckets in score order (unscored last, unless
    /// filtered out), each bucket's ordinals ascending. Whole buckets before
    /// the offset are skipped by their lengths; the rest of the offset is a
    /// position inside the first bucket that is not skipped.
    fn score_order_from(
        &self,
        direction: ScoreDirection,
        min_score: Option<u8>,
        offset: usize,
    ) -> Box<dyn Iterator<Item = u32> + '_> {
        let buckets_in_order = buckets_in_score_order(direction, min_score);
        let mut offset_in_first_bucket = offset;
        let mut first_bucket_position = buckets_in_order.len();
        for (position, &bucket) in buckets_in_order.iter().enumerate() {
            let bucket_len = self.score_buckets.bucket(bucket).len();
            if offset_in_first_bucket < bucket_len {
                first_bucket_position = position;
                break;
            }
            offset_in_first_bucket -= bucket_len;
        }
        Box::new(buckets_in_order.into_iter().skip(first_bucket_position).enumerate().flat_map(
            move |(position, bucket)| {
                let start = if position == 0 { offset_in_first_bucket } else { 0 };
                self.score_buckets.bucket(bucket).ascending_from(start)
            },
        ))
    }

    /// The non-empty buckets of scores `minimum..=SCORE_MAX`.
    fn qualifying_buckets(&self, minimum: u8) -> impl Iterator<Item = &SortedOrdinals> + '_ {
        qualifying_score_buckets(minimum)
            .map(|bucket| self.score_buckets.bucket(bucket))
            .filter(|bucket| !bucket.is_empty())
    }

    fn contains(&self, ordinal: u32) -> bool {
        self.bucket_of(ordinal).is_some()
    }

    /// `None` when `ordinal` is not a member; else its score (`None`: unscored).
    pub fn score_of_member(&self, ordinal: u32) -> Option<Option<u8>> {
        self.bucket_of(ordinal).map(|bucket| (bucket != UNSCORED_BUCKET).then_some(bucket as u8))
    }

    fn bucket_of(&self, ordinal: u32) -> Option<usize> {
        match self.bucket_by_ordinal.get(ordinal as usize) {
            None | Some(&NOT_A_MEMBER) => None,
            Some(&bucket) => Some(usize::from(bucket)),
        }
    }

    fn is_scored_at_least(&self, ordinal: u32, minimum: u8) -> bool {
        self.bucket_of(ordinal).is_some_and(|bucket| bucket != UNSCORED_BUCKET && bucket >= usize::from(minimum))
    }

    fn set_bucket_of(&mut self, ordinal: u32, bucket: usize) {
        debug_assert!(bucket < BUCKET_COUNT);
        let index = ordinal as usize;
        if index >= self.bucket_by_ordinal.len() {
            // `resize` grows the allocation geometrically, so a load in
            // creation order stays amortised O(1) per member.
            self.bucket_by_ordinal.resize(index + 1, NOT_A_MEMBER);
        }
        self.bucket_by_ordinal[index] = bucket as u8;
    }
}

/// Checks a caller precondition: fails loudly in debug builds, and in
/// release builds reports whether the call may go ahead.
#[track_caller]
fn precondition(holds: bool, violation: &str) -> bool {
    debug_assert!(holds, "OrderedApplications: {violation}");
    holds
}

fn score_is_valid(score: Option<u8>) -> bool {
    score.is_none_or(|score| score <= SCORE_MAX)
}

fn bucket_for(score: Option<u8>) -> usize {
    score.map_or(UNSCORED_BUCKET, usize::from)
}

/// Bucket indexes of the scores `minimum..=SCORE_MAX`; empty when the
/// minimum is above `SCORE_MAX`.
fn qualifying_score_buckets(minimum: u8) -> std::ops::RangeInclusive<usize> {
    usize::from(minimum)..=usize::from(SCORE_MAX)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScoreDirection {
    HighestFirst,
    LowestFirst,
}

/// Bucket indexes in the order a score sort visits them: the qualifying
/// scores in `direction`, then the unscored bucket when nothing filters it
/// out.
fn buckets_in_score_order(direction: ScoreDirection, min_score: Option<u8>) -> Vec<usize> {
    let scores = qualifying_score_buckets(min_score.unwrap_or(0));
    let mut buckets: Vec<usize> = match direction {
        ScoreDirection::HighestFirst => scores.rev().collect(),
        ScoreDirection::LowestFirst => scores.collect(),
    };
    if min_score.is_none() {
        buckets.push(UNSCORED_BUCKET);
    }
    buckets
}

/// One sorted ordinal list per score, plus one for unscored members.
#[derive(Clone, Debug)]
struct ScoreBuckets(Box<[SortedOrdinals; BUCKET_COUNT]>);

impl Default for ScoreBuckets {
    fn default() -> Self {
        Self(Box::new(std::array::from_fn(|_| SortedOrdinals::default())))
    }
}

impl ScoreBuckets {
    fn bucket(&self, bucket: usize) -> &SortedOrdinals {
        &self.0[bucket]
    }

    fn bucket_mut(&mut self, bucket: usize) -> &mut SortedOrdinals {
        &mut self.0[bucket]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CreationDirection {
    OldestFirst,
    NewestFirst,
}

/// A k-way merge of ordinal sequences that are each already in
/// `direction` order, yielding their union in that order. Sequences are
/// disjoint (a member sits in one bucket), so there are no ties to break.
struct MergedByCreation<Source> {
    sources: Vec<Source>,
    /// The next ordinal of every unexhausted source, as `(heap key, source
    /// index)`; the greatest key is the next ordinal to yield.
    heads: BinaryHeap<(u32, usize)>,
    direction: CreationDirection,
}

impl<Source: Iterator<Item = u32>> MergedByCreation<Source> {
    fn new(sources: impl Iterator<Item = Source>, direction: CreationDirection) -> Self {
        let sources: Vec<Source> = sources.collect();
        let mut merged = Self { heads: BinaryHeap::with_capacity(sources.len()), sources, direction };
        for source_index in 0..merged.sources.len() {
            merged.advance(source_index);
        }
        merged
    }

    fn advance(&mut self, source_index: usize) {
        if let Some(ordinal) = self.sources[source_index].next() {
            self.heads.push((self.heap_key(ordinal), source_index));
        }
    }

    /// `BinaryHeap` pops its greatest entry, so oldest-first keys are the
    /// ordinals mirrored (`u32::MAX - ordinal`). The mapping is its own
    /// inverse, which turns keys back into ordinals.
    fn heap_key(&self, ordinal_or_key: u32) -> u32 {
        match self.direction {
            CreationDirection::NewestFirst => ordinal_or_key,
            CreationDirection::OldestFirst => u32::MAX - ordinal_or_key,
        }
    }
}

impl<Source: Iterator<Item = u32>> Iterator for MergedByCreation<Source> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let (key, source_index) = self.heads.pop()?;
        self.advance(source_index);
        Some(self.heap_key(key))
    }
}

/// A set of ordinals kept in ascending order, with O(log n + B) insert and
/// remove and O(log n) access by position: sorted runs ("blocks") of at most
/// `BLOCK_CAPACITY` ordinals, in order, plus a Fenwick tree of block lengths.
///
/// Invariants: every block is non-empty and strictly ascending, the last
/// ordinal of each block is below the first of the next, no block exceeds
/// `BLOCK_CAPACITY`, `len` is the sum of block lengths, and `block_lengths`
/// holds exactly the block lengths.
#[derive(Clone, Debug, Default)]
struct SortedOrdinals<const BLOCK_CAPACITY: usize = DEFAULT_BLOCK_CAPACITY> {
    blocks: Vec<Vec<u32>>,
    block_lengths: BlockLengthTree,
    len: usize,
}

impl<const BLOCK_CAPACITY: usize> SortedOrdinals<BLOCK_CAPACITY> {
    /// Blocks that shrink below this try to merge with a neighbour, so the
    /// block count stays O(n / BLOCK_CAPACITY) however members come and go.
    const MERGE_BELOW: usize = BLOCK_CAPACITY / 4;

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn largest(&self) -> Option<u32> {
        self.blocks.last().and_then(|block| block.last()).copied()
    }

    /// The first block whose largest ordinal is at least `ordinal`: the only
    /// block that can hold it. `blocks.len()` when every ordinal is smaller.
    fn block_for(&self, ordinal: u32) -> usize {
        self.blocks.partition_point(|block| block.last().is_some_and(|&largest| largest < ordinal))
    }

    /// Inserts `ordinal`; returns false (changing nothing) if present.
    fn insert(&mut self, ordinal: u32) -> bool {
        if self.largest().is_none_or(|largest| ordinal > largest) {
            self.append(ordinal);
            return true;
        }
        let block_index = self.block_for(ordinal);
        let block = &mut self.blocks[block_index];
        let Err(position) = block.binary_search(&ordinal) else {
            return false;
        };
        block.insert(position, ordinal);
        self.len += 1;
        if block.len() > BLOCK_CAPACITY {
            let upper_half = block.split_off(block.len() / 2);
            self.blocks.insert(block_index + 1, upper_half);
            self.rebuild_block_lengths();
        } else {
            self.block_lengths.increment(block_index);
        }
        true
    }

    /// The fast path for an ordinal above every member: fill the last block,
    /// then start a new one. Blocks filled this way are full, which keeps
    /// sets loaded in creation order at the fewest blocks.
    fn append(&mut self, ordinal: u32) {
        debug_assert!(self.largest().is_none_or(|largest| ordinal > largest));
        match self.blocks.last_mut() {
            Some(block) if block.len() < BLOCK_CAPACITY => {
                block.push(ordinal);
                self.block_lengths.increment(self.blocks.len() - 1);
            }
            _ => {
                self.blocks.push(vec![ordinal]);
                self.block_lengths.push(1);
            }
        }
        self.len += 1;
    }

    /// Removes `ordinal`; returns false (changing nothing) if absent.
    fn remove(&mut self, ordinal: u32) -> bool {
        let block_index = self.block_for(ordinal);
        let Some(block) = self.blocks.get_mut(block_index) else {
            return false;
        };
        let Ok(position) = block.binary_search(&ordinal) else {
            return false;
        };
        block.remove(position);
        self.len -= 1;
        let remaining = block.len();
        if remaining == 0 && block_index + 1 == self.blocks.len() {
            // Fenwick nodes only sum blocks at or before their own index,
            // so dropping the last block needs no rebuild.
            self.blocks.pop();
            self.block_lengths.pop();
        } else if remaining == 0 {
            self.blocks.remove(block_index);
            self.rebuild_block_lengths();
        } else if remaining < Self::MERGE_BELOW && self.merge_with_neighbour(block_index) {
            self.rebuild_block_lengths();
        } else {
            self.block_lengths.decrement(block_index);
        }
        true
    }

    /// Merges the block at `block_index` with the following block (or the
    /// preceding one, for the last block) when the two fit in one block.
    fn merge_with_neighbour(&mut self, block_index: usize) -> bool {
        let (left, right) = if block_index + 1 < self.blocks.len() {
            (block_index, block_index + 1)
        } else if block_index > 0 {
            (block_index - 1, block_index)
        } else {
            return false;
        };
        if self.blocks[left].len() + self.blocks[right].len() > BLOCK_CAPACITY {
            return false;
        }
        let right_block = self.blocks.remove(right);
        self.blocks[left].extend(right_block);
        true
    }

    fn rebuild_block_lengths(&mut self) {
        self.block_lengths = BlockLengthTree::from_lengths(self.blocks.iter().map(Vec::len));
    }

    /// The ordinals ascending, starting at ascending position `position`
    /// (empty when `position >= len`).
    fn ascending_from(&self, position: usize) -> impl Iterator<Item = u32> + '_ {
        let (first, later): (&[u32], &[Vec<u32>]) = if position >= self.len {
            (&[], &[])
        } else {
            let (block_index, offset) = self.block_lengths.locate(position);
            (&self.blocks[block_index][offset..], &self.blocks[block_index + 1..])
        };
        first.iter().chain(later.iter().flatten()).copied()
    }

    /// The ordinals descending, skipping the `position_from_largest` largest
    /// (empty when that is `>= len`).
    fn descending_from(&self, position_from_largest: usize) -> impl Iterator<Item = u32> + '_ {
        let (first, earlier): (&[u32], &[Vec<u32>]) = if position_from_largest >= self.len {
            (&[], &[])
        } else {
            let ascending_position = self.len - 1 - position_from_largest;
            let (block_index, offset) = self.block_lengths.locate(ascending_position);
            (&self.blocks[block_index][..=offset], &self.blocks[..block_index])
        };
        let earlier_descending = earlier.iter().rev().flat_map(|block| block.iter().rev());
        first.iter().rev().chain(earlier_descending).copied()
    }
}

/// A Fenwick (binary indexed) tree over block lengths: O(log b) length
/// updates and "which block holds position p", for b blocks. Node `i`
/// (1-based) stores the total length of blocks `i - lowest_bit(i) + 1 ..= i`.
#[derive(Clone, Debug, Default)]
struct BlockLengthTree {
    nodes: Vec<usize>,
}

fn lowest_set_bit(value: usize) -> usize {
    value & value.wrapping_neg()
}

impl BlockLengthTree {
    /// Builds the tree in O(b) by pushing each node's sum into its parent.
    fn from_lengths(lengths: impl Iterator<Item = usize>) -> Self {
        let mut nodes: Vec<usize> = lengths.collect();
        for node in 1..=nodes.len() {
            let parent = node + lowest_set_bit(node);
            if parent <= nodes.len() {
                nodes[parent - 1] += nodes[node - 1];
            }
        }
        Self { nodes }
    }

    /// Adds a block after the last one. Its node covers itself and the
    /// blocks summed by the nodes reached walking down from the node before.
    fn push(&mut self, length: usize) {
        let node = self.nodes.len() + 1;
        let covered_from = node - lowest_set_bit(node);
        let mut sum = length;
        let mut child = node - 1;
        while child > covered_from {
            sum += self.nodes[child - 1];
            child -= lowest_set_bit(child);
        }
        self.nodes.push(sum);
    }

    fn pop(&mut self) {
        self.nodes.pop();
    }

    fn increment(&mut self, block_index: usize) {
        let mut node = block_index + 1;
        while node <= self.nodes.len() {
            self.nodes[node - 1] += 1;
            node += lowest_set_bit(node);
        }
    }

    fn decrement(&mut self, block_index: usize) {
        let mut node = block_index + 1;
        while node <= self.nodes.len() {
            self.nodes[node - 1] -= 1;
            node += lowest_set_bit(node);
        }
    }

    /// The block holding ascending position `position`, and the position
    /// within that block. `position` must be below the total length.
    fn locate(&self, position: usize) -> (usize, usize) {
        let node_count = self.nodes.len();
        debug_assert!(node_count > 0, "locating a position in an empty list");
        // Descend from the largest power of two: `blocks_before` ends as the
        // number of whole blocks that lie entirely before `position`.
        let mut blocks_before = 0;
        let mut remaining = position;
        let mut step = 1usize << (usize::BITS - 1 - node_count.leading_zeros());
        while step > 0 {
            let candidate = blocks_before + step;
            if candidate <= node_count && self.nodes[candidate - 1] <= remaining {
                blocks_before = candidate;
                remaining -= self.nodes[candidate - 1];
            }
            step >>= 1;
        }
        debug_assert!(blocks_before < node_count, "position beyond the end of the list");
        (blocks_before, remaining)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    const EVERY_SORT_ORDER: [SortOrder; 5] =
        [SortOrder::AtsDesc, SortOrder::AtsAsc, SortOrder::CreatedDesc, SortOrder::CreatedAsc, SortOrder::NameAsc];

    /// The naive model: every member in a map, sorted on demand by the
    /// documented rules.
    #[derive(Clone, Debug, Default)]
    struct Model {
        members: BTreeMap<u32, (Option<u8>, String)>,
    }

    impl Model {
        fn ordered(&self, sort: SortOrder, min_score: Option<u8>) -> Vec<u32> {
            let mut members: Vec<(u32, Option<u8>, &str)> = self
                .members
                .iter()
                .map(|(&ordinal, (score, name_key))| (ordinal, *score, name_key.as_str()))
                .filter(|(_, score, _)| match min_score {
                    None => true,
                    Some(minimum) => score.is_some_and(|score| score >= minimum),
                })
                .collect();
            match sort {
                SortOrder::AtsDesc => {
                    members.sort_by_key(|&(ordinal, score, _)| (score.is_none(), std::cmp::Reverse(score), ordinal))
                }
                SortOrder::AtsAsc => members.sort_by_key(|&(ordinal, score, _)| (score.is_none(), score, ordinal)),
                SortOrder::CreatedDesc => members.sort_by_key(|&(ordinal, _, _)| std::cmp::Reverse(ordinal)),
                SortOrder::CreatedAsc => members.sort_by_key(|&(ordinal, _, _)| ordinal),
                SortOrder::NameAsc => members.sort_by_key(|&(ordinal, _, name_key)| (name_key.to_owned(), ordinal)),
            }
            members.into_iter().map(|(ordinal, _, _)| ordinal).collect()
        }

        fn page(&self, sort: SortOrder, min_score: Option<u8>, offset: usize, limit: usize) -> (Vec<u32>, usize) {
            let ordered = self.ordered(sort, min_score);
            let total = ordered.len();
            (ordered.into_iter().skip(offset).take(limit).collect(), total)
        }
    }

    /// Checks every cross-structure invariant of the index. O(n); tests only.
    fn assert_consistent(index: &OrderedApplications) {
        let mut members_from_buckets = BTreeMap::new();
        for bucket in 0..BUCKET_COUNT {
            let ordinals = index.score_buckets.bucket(bucket);
            assert_sorted_ordinals_consistent(ordinals);
            for ordinal in ordinals.ascending_from(0) {
                assert_eq!(members_from_buckets.insert(ordinal, bucket), None);
            }
        }
        for (ordinal, &bucket) in index.bucket_by_ordinal.iter().enumerate() {
            let ordinal = ordinal as u32;
            let expected = members_from_buckets.get(&ordinal).map(|&bucket| bucket as u8);
            assert_eq!(Some(bucket).filter(|&bucket| bucket != NOT_A_MEMBER), expected);
        }
        assert_sorted_ordinals_consistent(&index.by_creation);
        let by_creation: Vec<u32> = index.by_creation.ascending_from(0).collect();
        let from_buckets: Vec<u32> = members_from_buckets.keys().copied().collect();
        assert_eq!(by_creation, from_buckets);
        let mut from_names: Vec<u32> = index.by_name.iter().map(|(_, ordinal)| *ordinal).collect();
        from_names.sort_unstable();
        assert_eq!(from_names, from_buckets);
        assert_eq!(index.len(), from_buckets.len());
    }

    fn assert_sorted_ordinals_consistent<const CAPACITY: usize>(list: &SortedOrdinals<CAPACITY>) {
        let flattened: Vec<u32> = list.blocks.iter().flatten().copied().collect();
        assert!(flattened.windows(2).all(|pair| pair[0] < pair[1]), "not strictly ascending");
        assert_eq!(flattened.len(), list.len);
        for block in &list.blocks {
            assert!(!block.is_empty() && block.len() <= CAPACITY, "block of {}", block.len());
        }
        let rebuilt = BlockLengthTree::from_lengths(list.blocks.iter().map(Vec::len));
        assert_eq!(list.block_lengths.nodes, rebuilt.nodes);
    }

    fn index_of(members: &[(u32, Option<u8>, &str)]) -> OrderedApplications {
        let mut index = OrderedApplications::new();
        for &(ordinal, score, name_key) in members {
            index.insert(ordinal, score, name_key);
        }
        index
    }

    fn everything(index: &OrderedApplications, sort: SortOrder, min_score: Option<u8>) -> Vec<u32> {
        let (page, total) = index.page(sort, min_score, 0, usize::MAX);
        assert_eq!(page.len(), total);
        assert_eq!(index.iter(sort, min_score).collect::<Vec<_>>(), page);
        page
    }

    /// Ties at 80 and at unscored, with ordinals inserted out of order.
    fn sample_index() -> OrderedApplications {
        index_of(&[
            (3, Some(80), "dana"),
            (0, Some(55), "carol"),
            (5, None, "bob"),
            (1, Some(80), "alice"),
            (4, Some(100), "bob"),
            (2, None, "erin"),
            (6, Some(0), "alice"),
        ])
    }

    #[test]
    fn ats_desc_lists_highest_score_first_then_unscored_with_ties_oldest_first() {
        assert_eq!(everything(&sample_index(), SortOrder::AtsDesc, None), [4, 1, 3, 0, 6, 2, 5]);
    }

    #[test]
    fn ats_asc_lists_lowest_score_first_then_unscored_with_ties_oldest_first() {
        assert_eq!(everything(&sample_index(), SortOrder::AtsAsc, None), [6, 0, 1, 3, 4, 2, 5]);
    }

    #[test]
    fn created_desc_lists_newest_first() {
        assert_eq!(everything(&sample_index(), SortOrder::CreatedDesc, None), [6, 5, 4, 3, 2, 1, 0]);
    }

    #[test]
    fn created_asc_lists_oldest_first() {
        assert_eq!(everything(&sample_index(), SortOrder::CreatedAsc, None), [0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn name_asc_lists_name_keys_in_byte_order_with_ties_oldest_first() {
        assert_eq!(everything(&sample_index(), SortOrder::NameAsc, None), [1, 6, 4, 5, 0, 3, 2]);
    }

    #[test]
    fn name_asc_compares_bytes_so_prefixes_come_first_and_non_ascii_comes_after_z() {
        let index = index_of(&[(0, None, "élise"), (1, None, "zoe"), (2, None, "an"), (3, None, "a")]);
        assert_eq!(everything(&index, SortOrder::NameAsc, None), [3, 2, 1, 0]);
    }

    #[test]
    fn min_score_keeps_scores_at_or_above_it_and_drops_unscored_in_every_order() {
        let index = sample_index();
        assert_eq!(everything(&index, SortOrder::AtsDesc, Some(55)), [4, 1, 3, 0]);
        assert_eq!(everything(&index, SortOrder::AtsAsc, Some(55)), [0, 1, 3, 4]);
        assert_eq!(everything(&index, SortOrder::CreatedDesc, Some(55)), [4, 3, 1, 0]);
        assert_eq!(everything(&index, SortOrder::CreatedAsc, Some(55)), [0, 1, 3, 4]);
        assert_eq!(everything(&index, SortOrder::NameAsc, Some(55)), [1, 4, 0, 3]);
    }

    #[test]
    fn min_score_of_zero_still_drops_unscored_members() {
        let index = sample_index();
        for sort in EVERY_SORT_ORDER {
            let mut listed = everything(&index, sort, Some(0));
            listed.sort_unstable();
            assert_eq!(listed, [0, 1, 3, 4, 6], "{sort:?}");
        }
    }

    #[test]
    fn min_score_above_score_max_matches_nobody() {
        let index = sample_index();
        for sort in EVERY_SORT_ORDER {
            assert_eq!(index.page(sort, Some(101), 0, 10), (vec![], 0), "{sort:?}");
            assert_eq!(index.iter(sort, Some(u8::MAX)).count(), 0, "{sort:?}");
        }
        assert_eq!(index.count_scored_at_least(101), 0);
    }

    #[test]
    fn count_scored_at_least_counts_scores_at_or_above_and_never_unscored() {
        let index = sample_index();
        assert_eq!(index.count_scored_at_least(0), 5);
        assert_eq!(index.count_scored_at_least(1), 4);
        assert_eq!(index.count_scored_at_least(80), 3);
        assert_eq!(index.count_scored_at_least(81), 1);
        assert_eq!(index.count_scored_at_least(SCORE_MAX), 1);
    }

    #[test]
    fn page_skips_offset_and_stops_at_limit_reporting_the_filtered_total() {
        let index = sample_index();
        assert_eq!(index.page(SortOrder::AtsDesc, None, 2, 3), (vec![3, 0, 6], 7));
        assert_eq!(index.page(SortOrder::AtsDesc, Some(55), 1, 2), (vec![1, 3], 4));
        assert_eq!(index.page(SortOrder::CreatedDesc, None, 5, 10), (vec![1, 0], 7));
        assert_eq!(index.page(SortOrder::CreatedAsc, Some(55), 1, 2), (vec![1, 3], 4));
        assert_eq!(index.page(SortOrder::NameAsc, Some(55), 3, 5), (vec![3], 4));
    }

    #[test]
    fn offset_inside_a_score_bucket_starts_mid_bucket() {
        let index = index_of(&[(0, Some(50), "a"), (1, Some(50), "b"), (2, Some(50), "c"), (3, Some(9), "d")]);
        assert_eq!(index.page(SortOrder::AtsDesc, None, 1, 2), (vec![1, 2], 4));
        assert_eq!(index.page(SortOrder::AtsAsc, None, 2, 5), (vec![1, 2], 4));
    }

    #[test]
    fn offset_at_or_beyond_the_end_gives_an_empty_page_with_the_full_total() {
        let index = sample_index();
        for sort in EVERY_SORT_ORDER {
            assert_eq!(index.page(sort, None, 7, 3), (vec![], 7), "{sort:?}");
            assert_eq!(index.page(sort, None, usize::MAX, usize::MAX), (vec![], 7), "{sort:?}");
            assert_eq!(index.page(sort, Some(55), 4, 3), (vec![], 4), "{sort:?}");
        }
    }

    #[test]
    fn limit_zero_gives_an_empty_page_with_the_full_total() {
        let index = sample_index();
        for sort in EVERY_SORT_ORDER {
            assert_eq!(index.page(sort, None, 0, 0), (vec![], 7), "{sort:?}");
            assert_eq!(index.page(sort, Some(80), 1, 0), (vec![], 3), "{sort:?}");
        }
    }

    #[test]
    fn an_empty_index_has_no_members_and_empty_pages() {
        let index = OrderedApplications::default();
        assert!(index.is_empty());
        assert_eq!(index.len(), 0);
        assert_eq!(index.count_scored_at_least(0), 0);
        for sort in EVERY_SORT_ORDER {
            assert_eq!(index.page(sort, None, 0, 10), (vec![], 0));
            assert_eq!(index.page(sort, Some(0), 0, 10), (vec![], 0));
            assert_eq!(index.iter(sort, None).count(), 0);
        }
    }

    #[test]
    fn len_and_is_empty_follow_inserts_and_removes() {
        let mut index = OrderedApplications::new();
        index.insert(0, Some(10), "a");
        index.insert(1, None, "b");
        assert_eq!((index.len(), index.is_empty()), (2, false));
        index.remove(0, Some(10), "a");
        index.remove(1, None, "b");
        assert_eq!((index.len(), index.is_empty()), (0, true));
        assert_consistent(&index);
    }

    #[test]
    fn a_stage_move_removes_from_one_set_and_inserts_the_old_ordinal_into_another() {
        let mut screening = index_of(&[(0, Some(70), "ann"), (1, Some(90), "ben"), (2, None, "cy")]);
        let mut interview = index_of(&[(3, Some(60), "dee"), (4, Some(90), "eve")]);
        screening.remove(1, Some(90), "ben");
        interview.insert(1, Some(90), "ben");
        assert_consistent(&screening);
        assert_consistent(&interview);
        assert_eq!(everything(&screening, SortOrder::CreatedAsc, None), [0, 2]);
        assert_eq!(everything(&screening, SortOrder::AtsDesc, None), [0, 2]);
        assert_eq!(everything(&interview, SortOrder::CreatedAsc, None), [1, 3, 4]);
        assert_eq!(everything(&interview, SortOrder::AtsDesc, None), [1, 4, 3]);
        assert_eq!(everything(&interview, SortOrder::NameAsc, None), [1, 3, 4]);
        // And back again: the ordinal is accepted where it was removed.
        interview.remove(1, Some(90), "ben");
        screening.insert(1, Some(90), "ben");
        assert_eq!(everything(&screening, SortOrder::AtsDesc, None), [1, 0, 2]);
        assert_eq!(interview.len(), 2);
    }

    #[test]
    fn rescore_moves_a_member_between_score_buckets() {
        let mut index = sample_index();
        index.rescore(4, Some(100), Some(10));
        assert_consistent(&index);
        assert_eq!(everything(&index, SortOrder::AtsDesc, None), [1, 3, 0, 4, 6, 2, 5]);
        assert_eq!(index.count_scored_at_least(80), 2);
    }

    #[test]
    fn rescore_from_unscored_makes_a_member_pass_the_filter() {
        let mut index = sample_index();
        index.rescore(2, None, Some(80));
        assert_consistent(&index);
        assert_eq!(everything(&index, SortOrder::AtsDesc, None), [4, 1, 2, 3, 0, 6, 5]);
        assert_eq!(everything(&index, SortOrder::CreatedAsc, Some(80)), [1, 2, 3, 4]);
        assert_eq!(everything(&index, SortOrder::NameAsc, Some(80)), [1, 4, 3, 2]);
    }

    #[test]
    fn rescore_to_unscored_moves_a_member_last_and_out_of_the_filter() {
        let mut index = sample_index();
        index.rescore(4, Some(100), None);
        assert_consistent(&index);
        assert_eq!(everything(&index, SortOrder::AtsAsc, None), [6, 0, 1, 3, 2, 4, 5]);
        assert_eq!(everything(&index, SortOrder::CreatedDesc, Some(0)), [6, 3, 1, 0]);
        assert_eq!(index.count_scored_at_least(0), 4);
    }

    #[test]
    fn rescore_to_the_same_score_changes_nothing() {
        let mut index = sample_index();
        index.rescore(3, Some(80), Some(80));
        index.rescore(5, None, None);
        assert_consistent(&index);
        assert_eq!(everything(&index, SortOrder::AtsDesc, None), [4, 1, 3, 0, 6, 2, 5]);
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "already a member")]
    fn inserting_an_existing_ordinal_fails_a_debug_assertion() {
        sample_index().insert(3, Some(1), "x");
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "not a member")]
    fn removing_an_absent_ordinal_fails_a_debug_assertion() {
        sample_index().remove(99, None, "x");
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "name key other than")]
    fn removing_with_the_wrong_name_key_fails_a_debug_assertion() {
        sample_index().remove(3, Some(80), "not-dana");
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "score other than")]
    fn rescoring_from_the_wrong_previous_score_fails_a_debug_assertion() {
        sample_index().rescore(3, Some(79), Some(1));
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "not a member")]
    fn rescoring_an_absent_ordinal_fails_a_debug_assertion() {
        sample_index().rescore(7, None, Some(1));
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "above SCORE_MAX")]
    fn inserting_a_score_above_score_max_fails_a_debug_assertion() {
        OrderedApplications::new().insert(0, Some(101), "x");
    }

    /// In release builds the same programmer errors are ignored, leaving
    /// the index exactly as it was.
    /// A debug build panics at a programmer error (the tests above); a
    /// release build ignores it. Either way the check comes before any
    /// change, so the index is left exactly as it was: this runs in both.
    #[test]
    fn a_programmer_error_leaves_the_index_unchanged_whether_it_panics_or_is_ignored() {
        let mut index = sample_index();
        let before: Vec<Vec<u32>> = EVERY_SORT_ORDER.iter().map(|&sort| everything(&index, sort, None)).collect();
        let errors: [&dyn Fn(&mut OrderedApplications); 8] = [
            &|index| index.insert(3, Some(1), "x"),
            &|index| index.insert(9, Some(101), "x"),
            &|index| index.remove(99, None, "x"),
            &|index| index.remove(3, Some(80), "not-dana"),
            &|index| index.remove(3, Some(79), "dana"),
            &|index| index.rescore(3, Some(79), Some(1)),
            &|index| index.rescore(3, Some(80), Some(101)),
            &|index| index.rescore(7, None, Some(1)),
        ];
        for error in errors {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| error(&mut index)));
            assert_eq!(outcome.is_err(), cfg!(debug_assertions), "panics exactly when debug assertions are on");
        }
        assert_consistent(&index);
        let after: Vec<Vec<u32>> = EVERY_SORT_ORDER.iter().map(|&sort| everything(&index, sort, None)).collect();
        assert_eq!(before, after);
    }

    /// Enough members to split score buckets and the creation list into many
    /// blocks, inserted out of order, then thinned so blocks merge.
    #[test]
    fn sets_spanning_many_blocks_match_the_model_after_splits_and_merges() {
        const MEMBER_COUNT: u32 = 6_000;
        let mut index = OrderedApplications::new();
        let mut model = Model::default();
        // Multiplying by a unit mod MEMBER_COUNT visits every ordinal once,
        // far from creation order.
        let scattered = (0..MEMBER_COUNT).map(|step| (step * 2_741 + 11) % MEMBER_COUNT);
        for ordinal in scattered {
            let score = (ordinal % 7 != 0).then_some((ordinal % 3) as u8 * 40);
            let name_key = format!("name-{}", ordinal % 97);
            index.insert(ordinal, score, &name_key);
            model.members.insert(ordinal, (score, name_key));
        }
        for ordinal in (0..MEMBER_COUNT).filter(|ordinal| ordinal % 5 != 0) {
            let (score, name_key) = model.members.remove(&ordinal).unwrap();
            index.remove(ordinal, score, &name_key);
        }
        assert_consistent(&index);
        for sort in EVERY_SORT_ORDER {
            for min_score in [None, Some(0), Some(40), Some(80)] {
                for (offset, limit) in [(0, 25), (333, 50), (1_150, 100), (1_199, 5)] {
                    assert_eq!(
                        index.page(sort, min_score, offset, limit),
                        model.page(sort, min_score, offset, limit),
                        "{sort:?} {min_score:?} {offset} {limit}"
                    );
                }
                assert_eq!(everything(&index, sort, min_score), model.ordered(sort, min_score));
            }
        }
    }

    #[derive(Clone, Debug)]
    enum Operation {
        Insert {
            ordinal: u32,
            score: Option<u8>,
            name_key: String,
        },
        /// Removes the `pick % len`-th member in creation order, if any.
        Remove {
            pick: usize,
        },
        /// Rescores the `pick % len`-th member in creation order, if any.
        Rescore {
            pick: usize,
            next: Option<u8>,
        },
    }

    /// Scores clustered on a few values so that ties are common.
    fn score_strategy() -> impl Strategy<Value = Option<u8>> {
        prop_oneof![
            1 => Just(None),
            2 => prop_oneof![Just(0u8), Just(SCORE_MAX), 48u8..=52, 0u8..=SCORE_MAX].prop_map(Some),
        ]
    }

    fn operation_strategy() -> impl Strategy<Value = Operation> {
        prop_oneof![
            3 => (0u32..80, score_strategy(), "[a-c]{0,2}")
                .prop_map(|(ordinal, score, name_key)| Operation::Insert { ordinal, score, name_key }),
            1 => any::<usize>().prop_map(|pick| Operation::Remove { pick }),
            2 => (any::<usize>(), score_strategy()).prop_map(|(pick, next)| Operation::Rescore { pick, next }),
        ]
    }

    fn min_score_strategy() -> impl Strategy<Value = Option<u8>> {
        prop_oneof![Just(None), (0u8..=SCORE_MAX + 2).prop_map(Some)]
    }

    fn nth_member(model: &Model, pick: usize) -> Option<u32> {
        if model.members.is_empty() {
            return None;
        }
        model.members.keys().nth(pick % model.members.len()).copied()
    }

    /// Applies each operation to both, skipping those that would be
    /// programmer errors (the model decides, since it is obviously right).
    fn apply(operations: &[Operation]) -> (OrderedApplications, Model) {
        let mut index = OrderedApplications::new();
        let mut model = Model::default();
        for operation in operations {
            match operation {
                Operation::Insert { ordinal, score, name_key } => {
                    if !model.members.contains_key(ordinal) {
                        index.insert(*ordinal, *score, name_key);
                        model.members.insert(*ordinal, (*score, name_key.clone()));
                    }
                }
                Operation::Remove { pick } => {
                    if let Some(ordinal) = nth_member(&model, *pick) {
                        let (score, name_key) = model.members.remove(&ordinal).unwrap();
                        index.remove(ordinal, score, &name_key);
                    }
                }
                Operation::Rescore { pick, next } => {
                    if let Some(ordinal) = nth_member(&model, *pick) {
                        let entry = model.members.get_mut(&ordinal).unwrap();
                        index.rescore(ordinal, entry.0, *next);
                        entry.0 = *next;
                    }
                }
            }
        }
        (index, model)
    }

    proptest! {
        #[test]
        fn pages_and_iterators_match_the_naive_model_after_any_operations(
            operations in prop::collection::vec(operation_strategy(), 0..160),
            min_score in min_score_strategy(),
            pages in prop::collection::vec((0usize..90, 0usize..40), 1..6),
        ) {
            let (index, model) = apply(&operations);
            assert_consistent(&index);
            prop_assert_eq!(index.len(), model.members.len());
            for sort in EVERY_SORT_ORDER {
                for min_score in [None, min_score] {
                    let expected = model.ordered(sort, min_score);
                    prop_assert_eq!(index.iter(sort, min_score).collect::<Vec<_>>(), expected.clone());
                    for &(offset, limit) in &pages {
                        prop_assert_eq!(
                            index.page(sort, min_score, offset, limit),
                            model.page(sort, min_score, offset, limit),
                            "{:?} {:?} offset {} limit {}", sort, min_score, offset, limit
                        );
                    }
                }
            }
            for minimum in [0, 50, SCORE_MAX, SCORE_MAX + 1] {
                prop_assert_eq!(index.count_scored_at_least(minimum), model.ordered(SortOrder::CreatedAsc, Some(minimum)).len());
            }
        }

        /// Tiny blocks make every split, merge and block removal path run
        /// on small inputs.
        #[test]
        fn sorted_ordinals_match_a_btree_set_with_tiny_blocks(
            operations in prop::collection::vec((any::<bool>(), 0u32..120), 0..400),
        ) {
            let mut list = SortedOrdinals::<4>::default();
            let mut model = BTreeSet::new();
            for (is_insert, ordinal) in operations {
                if is_insert {
                    prop_assert_eq!(list.insert(ordinal), model.insert(ordinal));
                } else {
                    prop_assert_eq!(list.remove(ordinal), model.remove(&ordinal));
                }
                assert_sorted_ordinals_consistent(&list);
            }
            let ascending: Vec<u32> = model.iter().copied().collect();
            for position in 0..=ascending.len() + 1 {
                let expected: Vec<u32> = ascending.iter().copied().skip(position).collect();
                prop_assert_eq!(list.ascending_from(position).collect::<Vec<_>>(), expected);
                let expected: Vec<u32> = ascending.iter().rev().copied().skip(position).collect();
                prop_assert_eq!(list.descending_from(position).collect::<Vec<_>>(), expected);
            }
        }

        #[test]
        fn block_length_tree_push_and_pop_agree_with_building_from_lengths(
            lengths in prop::collection::vec(1usize..50, 0..70),
            pops in 0usize..10,
        ) {
            let mut pushed = BlockLengthTree::default();
            for &length in &lengths {
                pushed.push(length);
            }
            let kept = lengths.len().saturating_sub(pops);
            for _ in kept..lengths.len() {
                pushed.pop();
            }
            let built = BlockLengthTree::from_lengths(lengths[..kept].iter().copied());
            prop_assert_eq!(&pushed.nodes, &built.nodes);
            let mut position = 0;
            for (block_index, &length) in lengths[..kept].iter().enumerate() {
                for offset in 0..length {
                    prop_assert_eq!(built.locate(position), (block_index, offset));
                    position += 1;
                }
            }
        }
    }

    proptest! {
        #[test]
        fn an_index_built_in_bulk_is_the_index_of_inserting_one_by_one(
            members in prop::collection::btree_map(0u32..3_000, (score_strategy(), "[a-d]{0,3}"), 0..400),
            later in prop::collection::vec(operation_strategy(), 0..40),
        ) {
            let bulk = OrderedApplications::from_ascending(
                members.iter().map(|(&ordinal, (score, name_key))| (ordinal, *score, name_key.clone().into_boxed_str())),
            );
            assert_consistent(&bulk);
            let model = Model { members: members.clone() };
            for sort in EVERY_SORT_ORDER {
                for min_score in [None, Some(0), Some(50), Some(SCORE_MAX)] {
                    prop_assert_eq!(everything(&bulk, sort, min_score), model.ordered(sort, min_score));
                }
            }
            // It stays a working index: later changes keep it consistent.
            let mut index = bulk;
            let mut model = model;
            for operation in &later {
                if let Operation::Insert { ordinal, score, name_key } = operation {
                    let ordinal = ordinal + 3_000;
                    if let std::collections::btree_map::Entry::Vacant(entry) = model.members.entry(ordinal) {
                        index.insert(ordinal, *score, name_key);
                        entry.insert((*score, name_key.clone()));
                    }
                } else if let Some(ordinal) = nth_member(&model, later.len()) {
                    let (score, name_key) = model.members.remove(&ordinal).unwrap();
                    index.remove(ordinal, score, &name_key);
                }
            }
            assert_consistent(&index);
            for sort in EVERY_SORT_ORDER {
                prop_assert_eq!(everything(&index, sort, Some(40)), model.ordered(sort, Some(40)));
            }
        }
    }
}
