//! An ordered index over one set of applications — every application of a
//! job, or the applications currently in one stage of a job — so that a page
//! of that set in any supported order, optionally filtered by a minimum ATS
//! score, costs time proportional to the page rather than to the set.
//!
//! The index knows applications only by their *ordinal*: a dense `u32`
//! assigned in creation order within a job (0, 1, 2, ...; never reused), so
//! ordinal order is creation order. Alongside the ordinal it is told each
//! member's [`Standing`] (`None` until the application has been scored,
//! otherwise its score `0..=SCORE_MAX` and the months of experience the
//! scoring counted) and its *name key* (the candidate name lower-cased, which
//! never changes). Callers map ordinals back to applications.
//!
//! # Ordering rules
//!
//! | [`SortOrder`]   | order                                   | ties               |
//! |-----------------|-----------------------------------------|--------------------|
//! | `AtsDesc`       | score 100 → 0, then unscored            | months descending, |
//! |                 |                                         | ordinal ascending  |
//! | `AtsAsc`        | score 0 → 100, then unscored            | months descending, |
//! |                 |                                         | ordinal ascending  |
//! | `CreatedDesc`   | ordinal descending                      | (ordinals unique)  |
//! | `CreatedAsc`    | ordinal ascending                       | (ordinals unique)  |
//! | `NameAsc`       | name key ascending, by byte order       | ordinal ascending  |
//! | `UpdatedAsc`    | change sequence ascending               | ordinal ascending  |
//!
//! Unscored members come last in both score orders: "not scored yet" is not a
//! low score. Between equal scores the candidate with more months of
//! experience comes first in both directions, as a recruiter reads a tie
//! whichever end of the list they start from; the score is a 0-100 integer
//! and cannot tell 138 months from 161 once both are past a job's minimum. A `min_score` filter keeps members whose score is at least the
//! minimum and always drops unscored members; a minimum above [`SCORE_MAX`]
//! keeps nobody.
//!
//! # Shape, and why
//!
//! * **Score buckets.** Scores are small integers, so members are kept in 102
//!   buckets: one per score `0..=100` and one for unscored, each twice: by
//!   ordinal ascending (the creation orders merge these under a score filter)
//!   and *ranked*, by `(u32::MAX - months, ordinal)` ascending, which is the
//!   tie rule of both score orders. Bucket lengths answer "how many score at
//!   least N" and let a page skip whole buckets to reach its offset without
//!   touching members.
//! * **Creation list.** All members' ordinals, ascending, for the created
//!   orders without a filter. With a filter, the qualifying buckets (each
//!   already in ordinal order) are merged through a binary heap.
//! * **Name set.** A `BTreeSet` of `(name key, ordinal)`, which is the name
//!   order with its tie rule built in.
//! * **Change list.** All members' `(change sequence, ordinal)`, ascending:
//!   the change order, and "how many changed after sequence N" by rank. A
//!   change moves a member to the end, which is the cheap append.
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

mod buckets;
mod merge;
mod score_order;
mod sorted_ordinals;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;

use buckets::*;
use merge::*;
use sorted_ordinals::*;

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

/// A member given in bulk: its ordinal, standing, name key and change sequence.
pub type BulkMember = (u32, Option<Standing>, Box<str>, u64);

/// What the score orders rank a scored member by: its score, then, between
/// equal scores, the months of experience its scoring counted (more first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Standing {
    pub score: u8,
    pub experience_months: u32,
}

impl Standing {
    pub fn new(score: u8, experience_months: u32) -> Self {
        Self { score, experience_months }
    }
}

/// A member's place in the change order: its change sequence, then its
/// ordinal (sequences are unique per workspace once assigned; the ordinal
/// keeps the order total for applications migrated from before them).
type ChangeKey = (u64, u32);

/// The orders a set of applications can be listed in. See the module
/// documentation for the full rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortOrder {
    /// Highest score first, unscored last; ties most experienced, then oldest, first.
    AtsDesc,
    /// Lowest score first, unscored last; ties most experienced, then oldest, first.
    AtsAsc,
    /// Newest first.
    CreatedDesc,
    /// Oldest first.
    CreatedAsc,
    /// Name key ascending by byte order; ties oldest first.
    NameAsc,
    /// Least recently changed first: change sequence ascending.
    UpdatedAsc,
}

impl SortOrder {
    pub const ALL: [SortOrder; 6] = [
        SortOrder::AtsDesc,
        SortOrder::AtsAsc,
        SortOrder::CreatedDesc,
        SortOrder::CreatedAsc,
        SortOrder::NameAsc,
        SortOrder::UpdatedAsc,
    ];

    /// Whether a member's place in this order can move while it stays a
    /// member: score and change orders can, creation and name orders cannot.
    pub fn key_can_move(self) -> bool {
        matches!(self, SortOrder::AtsDesc | SortOrder::AtsAsc | SortOrder::UpdatedAsc)
    }

    /// Whether a walk's pin in this order moves with every change to the
    /// list (change order), rather than only with the few that move a place
    /// (a rescore, in score order) or never.
    pub fn pin_moves_with_every_change(self) -> bool {
        self == SortOrder::UpdatedAsc
    }
}

/// Where a walk through one order stands: the key of the last member it
/// returned. The next page is what comes strictly after it, so a member
/// whose key does not move is never returned twice nor passed over, however
/// the set changes around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    Score { standing: Option<Standing>, ordinal: u32 },
    Created { ordinal: u32 },
    Name { name_key: Box<str>, ordinal: u32 },
    Change { sequence: u64, ordinal: u32 },
}

/// The ordered index of one set of applications (a job, or one stage of a
/// job). See the module documentation.
#[derive(Clone, Debug, Default)]
pub struct OrderedApplications {
    score_buckets: ScoreBuckets,
    ranked_buckets: ScoreBuckets<RankKey>,
    by_creation: SortedOrdinals,
    by_name: BTreeSet<(Box<str>, u32)>,
    by_change: SortedOrdinals<DEFAULT_BLOCK_CAPACITY, ChangeKey>,
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
        let mut changes = Vec::new();
        let mut ranked = Vec::new();
        for (ordinal, standing, name_key, change) in members {
            let ascending = index.by_creation.largest().is_none_or(|largest| largest < ordinal);
            if !precondition(score_is_valid(score_of(standing)), "score above SCORE_MAX")
                || !precondition(ascending, "bulk members out of ordinal order")
            {
                continue;
            }
            let bucket = bucket_for(score_of(standing));
            index.set_bucket_of(ordinal, bucket);
            index.score_buckets.bucket_mut(bucket).append(ordinal);
            index.by_creation.append(ordinal);
            ranked.push((bucket, rank_key(standing, ordinal)));
            names.push((name_key, ordinal));
            changes.push((change, ordinal));
        }
        names.sort_unstable();
        changes.sort_unstable();
        ranked.sort_unstable();
        for change in changes {
            index.by_change.append(change);
        }
        // Sorted, so every key is appended to the end of its bucket.
        for (bucket, key) in ranked {
            index.ranked_buckets.bucket_mut(bucket).append(key);
        }
        // Sorted input makes this a linear bulk build.
        index.by_name = names.into_iter().collect();
        index
    }

    /// Adds a member. The ordinal must not be a member already and the score
    /// must be at most [`SCORE_MAX`].
    pub fn insert(&mut self, ordinal: u32, standing: Option<Standing>, name_key: &str, change: u64) {
        if !precondition(score_is_valid(score_of(standing)), "score above SCORE_MAX")
            || !precondition(!self.contains(ordinal), "ordinal is already a member")
        {
            return;
        }
        let inserted_in_orders = self.insert_in_score_and_creation_orders(ordinal, standing);
        let inserted_by_name = self.by_name.insert((name_key.into(), ordinal));
        let inserted_by_change = self.by_change.insert((change, ordinal));
        debug_assert!(
            inserted_in_orders && inserted_by_name && inserted_by_change,
            "a non-member ordinal was found in one of the orders"
        );
    }

    /// Records a new member's bucket and adds it to its score bucket and the
    /// creation list; whether both took it (neither held it already).
    fn insert_in_score_and_creation_orders(&mut self, ordinal: u32, standing: Option<Standing>) -> bool {
        let bucket = bucket_for(score_of(standing));
        self.set_bucket_of(ordinal, bucket);
        let inserted_in_bucket = self.score_buckets.bucket_mut(bucket).insert(ordinal);
        let inserted_ranked = self.ranked_buckets.bucket_mut(bucket).insert(rank_key(standing, ordinal));
        let inserted_by_creation = self.by_creation.insert(ordinal);
        inserted_in_bucket && inserted_ranked && inserted_by_creation
    }

    /// Removes a member, given the standing, name key and change sequence it
    /// currently has here.
    pub fn remove(&mut self, ordinal: u32, standing: Option<Standing>, name_key: &str, change: u64) {
        let Some(bucket) = self.bucket_of(ordinal) else {
            precondition(false, "removing an ordinal that is not a member");
            return;
        };
        let score = score_of(standing);
        if !precondition(
            score_is_valid(score) && bucket == bucket_for(score),
            "removing with a score other than the member's current score",
        ) || !precondition(
            self.ranked_buckets.bucket(bucket).contains(rank_key(standing, ordinal)),
            "removing with months other than the member's",
        ) {
            return;
        }
        // The name key is checked by the removal itself, before anything
        // else changes, so a wrong key leaves the index untouched.
        let name_entry = (Box::<str>::from(name_key), ordinal);
        if !precondition(self.by_name.contains(&name_entry), "removing with a name key other than the member's")
            || !precondition(
                self.by_change.remove((change, ordinal)),
                "removing with a change sequence other than the member's",
            )
        {
            return;
        }
        self.by_name.remove(&name_entry);
        let removed_from_bucket = self.score_buckets.bucket_mut(bucket).remove(ordinal);
        let removed_ranked = self.ranked_buckets.bucket_mut(bucket).remove(rank_key(standing, ordinal));
        let removed_by_creation = self.by_creation.remove(ordinal);
        debug_assert!(
            removed_from_bucket && removed_ranked && removed_by_creation,
            "a member ordinal was missing from one of the orders"
        );
        self.bucket_by_ordinal[ordinal as usize] = NOT_A_MEMBER;
    }

    /// Moves a member from its `previous` standing to its `next` standing.
    pub fn rescore(&mut self, ordinal: u32, previous: Option<Standing>, next: Option<Standing>) {
        let Some(current_bucket) = self.bucket_of(ordinal) else {
            precondition(false, "rescoring an ordinal that is not a member");
            return;
        };
        if !precondition(
            score_is_valid(score_of(previous)) && current_bucket == bucket_for(score_of(previous)),
            "rescoring from a score other than the member's current score",
        ) || !precondition(score_is_valid(score_of(next)), "score above SCORE_MAX")
        {
            return;
        }
        if previous == next {
            return;
        }
        if !precondition(
            self.ranked_buckets.bucket_mut(current_bucket).remove(rank_key(previous, ordinal)),
            "rescoring from months other than the member's",
        ) {
            return;
        }
        let next_bucket = bucket_for(score_of(next));
        let inserted_ranked = self.ranked_buckets.bucket_mut(next_bucket).insert(rank_key(next, ordinal));
        debug_assert!(inserted_ranked, "a ranked key was present twice");
        if next_bucket == current_bucket {
            return;
        }
        let removed = self.score_buckets.bucket_mut(current_bucket).remove(ordinal);
        let inserted = self.score_buckets.bucket_mut(next_bucket).insert(ordinal);
        debug_assert!(removed && inserted, "score buckets disagree with bucket_by_ordinal");
        self.set_bucket_of(ordinal, next_bucket);
    }

    /// Moves a member from its `previous` change sequence to its `next`.
    pub fn rechange(&mut self, ordinal: u32, previous: u64, next: u64) {
        if previous == next {
            return;
        }
        if !precondition(
            self.by_change.remove((previous, ordinal)),
            "rechanging from a sequence other than the member's",
        ) {
            return;
        }
        self.by_change.insert((next, ordinal));
    }

    /// Number of members changed after `sequence`. O(log n).
    pub fn count_changed_after(&self, sequence: u64) -> usize {
        self.by_change.len() - self.by_change.rank((sequence, u32::MAX), true)
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
        match sort {
            SortOrder::AtsDesc => self.score_page(ScoreDirection::HighestFirst, min_score, offset, page_len, &mut page),
            SortOrder::AtsAsc => self.score_page(ScoreDirection::LowestFirst, min_score, offset, page_len, &mut page),
            _ => page.extend(self.iter_from(sort, min_score, offset).take(page_len)),
        }
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
            (SortOrder::UpdatedAsc, None) => {
                Box::new(self.by_change.ascending_from(offset).map(|(_, ordinal)| ordinal))
            }
            (SortOrder::UpdatedAsc, Some(minimum)) => Box::new(
                self.by_change
                    .ascending_from(0)
                    .map(|(_, ordinal)| ordinal)
                    .filter(move |&ordinal| self.is_scored_at_least(ordinal, minimum))
                    .skip(offset),
            ),
        }
    }

    /// The members of `sort` order passing the filter that come strictly
    /// after `position`, reached in O(log n) (plus, in score orders, the
    /// 102 buckets). A position of another order's kind yields nothing: the
    /// caller checks that a cursor belongs to its order.
    pub fn iter_after(
        &self,
        sort: SortOrder,
        min_score: Option<u8>,
        position: &Position,
    ) -> Box<dyn Iterator<Item = u32> + '_> {
        let keeps = move |ordinal: u32| min_score.is_none_or(|minimum| self.is_scored_at_least(ordinal, minimum));
        match (sort, position) {
            (SortOrder::AtsDesc | SortOrder::AtsAsc, &Position::Score { standing, ordinal }) => {
                let standing = standing.filter(|standing| standing.score <= SCORE_MAX);
                let score = score_of(standing);
                let direction =
                    if sort == SortOrder::AtsDesc { ScoreDirection::HighestFirst } else { ScoreDirection::LowestFirst };
                let every_bucket = buckets_in_score_order(direction, None);
                let qualifying = buckets_in_score_order(direction, min_score);
                let start = bucket_for(score);
                let later = every_bucket
                    .into_iter()
                    .skip_while(move |&bucket| bucket != start)
                    .skip(1)
                    .filter(move |bucket| qualifying.contains(bucket));
                let rest_of_start = self
                    .ranked_buckets
                    .bucket(start)
                    .ascending_after(rank_key(standing, ordinal))
                    .map(|(_, ordinal)| ordinal)
                    .filter(move |_| min_score.is_none_or(|minimum| score.is_some_and(|score| score >= minimum)));
                Box::new(rest_of_start.chain(later.flat_map(move |bucket| self.ranked_in(bucket, 0))))
            }
            (SortOrder::CreatedAsc, &Position::Created { ordinal }) => match min_score {
                None => Box::new(self.by_creation.ascending_after(ordinal)),
                Some(minimum) => {
                    let sources = self.qualifying_buckets(minimum).map(move |bucket| bucket.ascending_after(ordinal));
                    Box::new(MergedByCreation::new(sources, CreationDirection::OldestFirst))
                }
            },
            (SortOrder::CreatedDesc, &Position::Created { ordinal }) => match min_score {
                None => Box::new(self.by_creation.descending_before(ordinal)),
                Some(minimum) => {
                    let sources = self.qualifying_buckets(minimum).map(move |bucket| bucket.descending_before(ordinal));
                    Box::new(MergedByCreation::new(sources, CreationDirection::NewestFirst))
                }
            },
            (SortOrder::NameAsc, Position::Name { name_key, ordinal }) => {
                let after = (std::ops::Bound::Excluded((name_key.clone(), *ordinal)), std::ops::Bound::Unbounded);
                Box::new(self.by_name.range(after).map(|(_, ordinal)| *ordinal).filter(move |&ordinal| keeps(ordinal)))
            }
            (SortOrder::UpdatedAsc, &Position::Change { sequence, ordinal }) => Box::new(
                self.by_change
                    .ascending_after((sequence, ordinal))
                    .map(|(_, ordinal)| ordinal)
                    .filter(move |&o| keeps(o)),
            ),
            _ => {
                precondition(false, "a position of another order");
                Box::new(std::iter::empty())
            }
        }
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
