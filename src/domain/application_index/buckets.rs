//! The score buckets of an ordered index and the rules that place members
//! in them: which bucket a score falls in, the order a score sort visits the
//! buckets in, and the rank key that orders ties inside a ranked bucket.
//! Kept apart from the index so that its walks read as walks.

use super::sorted_ordinals::SortedOrdinals;
use super::{Standing, BUCKET_COUNT, DEFAULT_BLOCK_CAPACITY, SCORE_MAX, UNSCORED_BUCKET};

/// A member's place inside its ranked score bucket: more months first, then
/// older first. Unscored members all rank as zero months.
pub(super) type RankKey = (u32, u32);

pub(super) fn rank_key(standing: Option<Standing>, ordinal: u32) -> RankKey {
    (u32::MAX - standing.map_or(0, |standing| standing.experience_months), ordinal)
}

pub(super) fn score_of(standing: Option<Standing>) -> Option<u8> {
    standing.map(|standing| standing.score)
}

pub(super) fn score_is_valid(score: Option<u8>) -> bool {
    score.is_none_or(|score| score <= SCORE_MAX)
}

pub(super) fn bucket_for(score: Option<u8>) -> usize {
    score.map_or(UNSCORED_BUCKET, usize::from)
}

/// Bucket indexes of the scores `minimum..=SCORE_MAX`; empty when the
/// minimum is above `SCORE_MAX`.
pub(super) fn qualifying_score_buckets(minimum: u8) -> std::ops::RangeInclusive<usize> {
    usize::from(minimum)..=usize::from(SCORE_MAX)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ScoreDirection {
    HighestFirst,
    LowestFirst,
}

/// Bucket indexes in the order a score sort visits them: the qualifying
/// scores in `direction`, then the unscored bucket when nothing filters it
/// out.
pub(super) fn buckets_in_score_order(direction: ScoreDirection, min_score: Option<u8>) -> Vec<usize> {
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

/// One sorted list per score, plus one for unscored members: of ordinals,
/// or of rank keys.
#[derive(Clone, Debug)]
pub(super) struct ScoreBuckets<T = u32>(Box<[SortedOrdinals<DEFAULT_BLOCK_CAPACITY, T>; BUCKET_COUNT]>);

impl<T> Default for ScoreBuckets<T> {
    fn default() -> Self {
        Self(Box::new(std::array::from_fn(|_| SortedOrdinals::default())))
    }
}

impl<T> ScoreBuckets<T> {
    pub(super) fn bucket(&self, bucket: usize) -> &SortedOrdinals<DEFAULT_BLOCK_CAPACITY, T> {
        &self.0[bucket]
    }

    pub(super) fn bucket_mut(&mut self, bucket: usize) -> &mut SortedOrdinals<DEFAULT_BLOCK_CAPACITY, T> {
        &mut self.0[bucket]
    }
}
