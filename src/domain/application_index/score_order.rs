//! The score orders of the index: a page straight from the ranked buckets
//! (the most read page of all), and the lazy walk the other callers use.
//! Both skip whole buckets before an offset by their lengths.

use super::buckets::{buckets_in_score_order, qualifying_score_buckets, ScoreDirection};
use super::{OrderedApplications, UNSCORED_BUCKET};

impl OrderedApplications {
    /// A page of a score order, the most read page of all, straight from the
    /// ranked buckets: whole buckets before the offset skipped by length,
    /// then runs copied out of the buckets the page spans, with no boxed
    /// iterator and no list of buckets built. The same members as
    /// `score_order_from`, which the model tests hold both to.
    pub(super) fn score_page(
        &self,
        direction: ScoreDirection,
        min_score: Option<u8>,
        offset: usize,
        page_len: usize,
        page: &mut Vec<u32>,
    ) {
        let scores = qualifying_score_buckets(min_score.unwrap_or(0));
        let scored: &mut dyn Iterator<Item = usize> = match direction {
            ScoreDirection::HighestFirst => &mut scores.rev(),
            ScoreDirection::LowestFirst => &mut scores.into_iter(),
        };
        let unscored = min_score.is_none().then_some(UNSCORED_BUCKET);
        let mut skip = offset;
        for bucket in scored.chain(unscored) {
            let bucket_len = self.ranked_buckets.bucket(bucket).len();
            if skip >= bucket_len {
                skip -= bucket_len;
                continue;
            }
            page.extend(self.ranked_in(bucket, skip).take(page_len - page.len()));
            skip = 0;
            if page.len() == page_len {
                return;
            }
        }
    }

    /// The score orders: buckets in score order (unscored last, unless
    /// filtered out), each bucket in rank order. Whole buckets before
    /// the offset are skipped by their lengths; the rest of the offset is a
    /// position inside the first bucket that is not skipped.
    pub(super) fn score_order_from(
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
                self.ranked_in(bucket, start)
            },
        ))
    }

    /// The ordinals of one score bucket in rank order, from `position` on.
    pub(super) fn ranked_in(&self, bucket: usize, position: usize) -> impl Iterator<Item = u32> + '_ {
        self.ranked_buckets.bucket(bucket).ascending_from(position).map(|(_, ordinal)| ordinal)
    }
}
