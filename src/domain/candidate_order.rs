//! A name search's candidates put in the order the job's index would give
//! them, without the index: the search finds candidates by the words of
//! their names, so it orders them itself, by score with a counting sort and,
//! between equal scores, by months of experience and age, as the index does.
//! `query`'s name-search tests hold the result to the index's order.

use std::cmp::Reverse;

use super::application_index::{SortOrder, SCORE_MAX};
use super::query::PageRequest;

/// The rank of a candidate not scored yet: after every score's.
const UNSCORED_RANK: usize = SCORE_MAX as usize + 1;

/// Where each rank's run begins when items of these `ranks` are laid out in
/// rank order (a counting sort's prefix sums); `[rank + 1]` is where it ends.
fn rank_starts(ranks: impl Iterator<Item = usize>) -> [usize; UNSCORED_RANK + 2] {
    let mut starts = [0; UNSCORED_RANK + 2];
    for rank in ranks {
        starts[rank + 1] += 1;
    }
    for position in 1..starts.len() {
        starts[position] += starts[position - 1];
    }
    starts
}

/// One page of `candidates` (ascending ordinals) in `sort` order, keeping
/// those `keep` gives a score for (`Some(None)`: a member not scored yet),
/// and how many it keeps in all. Nothing but the page is collected: the
/// creation orders walk the candidates from the right end; the score orders
/// count the kept candidates per score, which places every score's first
/// one, then order only the scores the page reaches into by `months_of`
/// (more first) and ordinal. O(candidates + s log s), where s is the kept
/// candidates sharing a score with the page's.
pub(super) fn page_of_candidates(
    candidates: &[u32],
    keep: impl Fn(u32) -> Option<Option<u8>>,
    months_of: impl Fn(u32) -> u32,
    sort: SortOrder,
    page: PageRequest,
) -> (Vec<u32>, usize) {
    let in_page = |index: usize| index >= page.offset && index - page.offset < page.limit;
    let mut ordinals = Vec::with_capacity(page.limit.min(candidates.len()));
    let mut total = 0;
    let rank: fn(u8) -> usize = match sort {
        SortOrder::CreatedAsc | SortOrder::CreatedDesc => {
            let mut take = |ordinal: u32| {
                if keep(ordinal).is_some() {
                    if in_page(total) {
                        ordinals.push(ordinal);
                    }
                    total += 1;
                }
            };
            if sort == SortOrder::CreatedAsc {
                candidates.iter().copied().for_each(&mut take);
            } else {
                candidates.iter().rev().copied().for_each(&mut take);
            }
            return (ordinals, total);
        }
        SortOrder::AtsDesc => |score| usize::from(SCORE_MAX - score),
        SortOrder::AtsAsc => usize::from,
        SortOrder::NameAsc | SortOrder::UpdatedAsc => {
            unreachable!("name and change orders need more than scores; the caller sorts by them")
        }
    };
    let rank_of = |score: Option<u8>| score.map_or(UNSCORED_RANK, rank);
    let first_index_of_rank = rank_starts(candidates.iter().filter_map(|&ordinal| keep(ordinal)).map(rank_of));
    total = first_index_of_rank[UNSCORED_RANK + 1];
    let page_end = page.offset.saturating_add(page.limit);
    let reaches_page =
        |rank: usize| first_index_of_rank[rank] < page_end && first_index_of_rank[rank + 1] > page.offset;
    // Every kept candidate of the ranks the page reaches into, in rank
    // order, each rank's more experienced first (unscored: by ordinal).
    let mut reached: Vec<(usize, Reverse<u32>, u32)> = Vec::new();
    for &ordinal in candidates {
        if let Some(score) = keep(ordinal) {
            let rank = rank_of(score);
            if reaches_page(rank) {
                let months = if score.is_some() { months_of(ordinal) } else { 0 };
                reached.push((rank, Reverse(months), ordinal));
            }
        }
    }
    reached.sort_unstable();
    let first_reached_index = reached.first().map_or(0, |&(rank, _, _)| first_index_of_rank[rank]);
    ordinals.extend(
        reached
            .into_iter()
            .enumerate()
            .filter(|&(position, _)| in_page(first_reached_index + position))
            .map(|(_, (_, _, ordinal))| ordinal),
    );
    (ordinals, total)
}

/// `found` (ascending by ordinal) ordered by `rank` of each score (0 first,
/// at most `SCORE_MAX`), unscored last, ordinals ascending within a rank:
/// a counting sort over the 102 possible places.
pub(super) fn distributed_by_score(found: &[(u32, Option<u8>)], rank: impl Fn(u8) -> usize) -> Vec<(u32, Option<u8>)> {
    let rank_of = |score: Option<u8>| score.map_or(UNSCORED_RANK, &rank);
    let mut starts = rank_starts(found.iter().map(|&(_, score)| rank_of(score)));
    let mut ordered = vec![(0, None); found.len()];
    for &(ordinal, score) in found {
        let place = &mut starts[rank_of(score)];
        ordered[*place] = (ordinal, score);
        *place += 1;
    }
    ordered
}
