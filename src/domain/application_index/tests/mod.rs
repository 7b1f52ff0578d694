//! Specifications of the index, against a model that sorts everything.

mod properties;

use super::*;
use proptest::prelude::*;
use std::collections::BTreeMap;

const EVERY_SORT_ORDER: [SortOrder; 6] = SortOrder::ALL;

/// The naive model: every member in a map, sorted on demand by the
/// documented rules.
#[derive(Clone, Debug, Default)]
struct Model {
    members: BTreeMap<u32, (Option<Standing>, String)>,
}

/// A score with no months counted, as most hand-written cases want.
fn scored(score: u8) -> Option<Standing> {
    Some(Standing::new(score, 0))
}

impl Model {
    fn ordered(&self, sort: SortOrder, min_score: Option<u8>) -> Vec<u32> {
        let mut members: Vec<(u32, Option<Standing>, &str)> = self
            .members
            .iter()
            .map(|(&ordinal, (standing, name_key))| (ordinal, *standing, name_key.as_str()))
            .filter(|(_, standing, _)| match min_score {
                None => true,
                Some(minimum) => standing.is_some_and(|standing| standing.score >= minimum),
            })
            .collect();
        let months = |standing: Option<Standing>| std::cmp::Reverse(standing.map_or(0, |s| s.experience_months));
        let score = |standing: Option<Standing>| standing.map(|standing| standing.score);
        match sort {
            SortOrder::AtsDesc => members.sort_by_key(|&(ordinal, standing, _)| {
                (standing.is_none(), std::cmp::Reverse(score(standing)), months(standing), ordinal)
            }),
            SortOrder::AtsAsc => members.sort_by_key(|&(ordinal, standing, _)| {
                (standing.is_none(), score(standing), months(standing), ordinal)
            }),
            SortOrder::CreatedDesc => members.sort_by_key(|&(ordinal, _, _)| std::cmp::Reverse(ordinal)),
            SortOrder::CreatedAsc => members.sort_by_key(|&(ordinal, _, _)| ordinal),
            SortOrder::NameAsc => members.sort_by_key(|&(ordinal, _, name_key)| (name_key.to_owned(), ordinal)),
            // These tests give every member its ordinal as its change sequence.
            SortOrder::UpdatedAsc => members.sort_by_key(|&(ordinal, _, _)| ordinal),
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
        let ranked = index.ranked_buckets.bucket(bucket);
        assert_sorted_ordinals_consistent(ranked);
        let mut ranked_ordinals: Vec<u32> = ranked.ascending_from(0).map(|(_, ordinal)| ordinal).collect();
        ranked_ordinals.sort_unstable();
        assert_eq!(ranked_ordinals, ordinals.ascending_from(0).collect::<Vec<_>>(), "ranked bucket {bucket}");
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

fn assert_sorted_ordinals_consistent<const CAPACITY: usize, T: Copy + Ord>(list: &SortedOrdinals<CAPACITY, T>) {
    let flattened: Vec<T> = list.blocks.iter().flatten().copied().collect();
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
        index.insert(ordinal, score.map(|score| Standing::new(score, 0)), name_key, u64::from(ordinal));
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
fn equal_scores_list_more_months_of_experience_first_in_both_directions_then_oldest_first() {
    let at = |score, months| Some(Standing::new(score, months));
    let mut index = OrderedApplications::new();
    for (ordinal, standing) in [(0, at(80, 24)), (1, at(80, 161)), (2, at(90, 0)), (3, at(80, 138)), (4, at(80, 24))] {
        index.insert(ordinal, standing, "same", u64::from(ordinal));
    }
    index.insert(5, None, "same", 5);
    assert_eq!(everything(&index, SortOrder::AtsDesc, None), [2, 1, 3, 0, 4, 5]);
    assert_eq!(everything(&index, SortOrder::AtsAsc, None), [1, 3, 0, 4, 2, 5]);
    assert_eq!(index.page(SortOrder::AtsDesc, Some(80), 2, 2), (vec![3, 0], 5));

    // A walk resumes inside the tie, after the member it stopped at.
    let after_138 = Position::Score { standing: at(80, 138), ordinal: 3 };
    assert_eq!(index.iter_after(SortOrder::AtsDesc, None, &after_138).collect::<Vec<_>>(), [0, 4, 5]);

    // A rescore that keeps the score but changes the months moves the member within its tie.
    index.rescore(4, at(80, 24), at(80, 200));
    assert_consistent(&index);
    assert_eq!(everything(&index, SortOrder::AtsDesc, None), [2, 4, 1, 3, 0, 5]);
    assert_eq!(everything(&index, SortOrder::CreatedAsc, Some(80)), [0, 1, 2, 3, 4]);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "months other than")]
fn removing_with_the_wrong_months_fails_a_debug_assertion() {
    let mut index = OrderedApplications::new();
    index.insert(0, Some(Standing::new(80, 12)), "a", 0);
    index.remove(0, Some(Standing::new(80, 13)), "a", 0);
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
    index.insert(0, scored(10), "a", 0);
    index.insert(1, None, "b", 1);
    assert_eq!((index.len(), index.is_empty()), (2, false));
    index.remove(0, scored(10), "a", 0);
    index.remove(1, None, "b", 1);
    assert_eq!((index.len(), index.is_empty()), (0, true));
    assert_consistent(&index);
}

#[test]
fn a_stage_move_removes_from_one_set_and_inserts_the_old_ordinal_into_another() {
    let mut screening = index_of(&[(0, Some(70), "ann"), (1, Some(90), "ben"), (2, None, "cy")]);
    let mut interview = index_of(&[(3, Some(60), "dee"), (4, Some(90), "eve")]);
    screening.remove(1, scored(90), "ben", 1);
    interview.insert(1, scored(90), "ben", 1);
    assert_consistent(&screening);
    assert_consistent(&interview);
    assert_eq!(everything(&screening, SortOrder::CreatedAsc, None), [0, 2]);
    assert_eq!(everything(&screening, SortOrder::AtsDesc, None), [0, 2]);
    assert_eq!(everything(&interview, SortOrder::CreatedAsc, None), [1, 3, 4]);
    assert_eq!(everything(&interview, SortOrder::AtsDesc, None), [1, 4, 3]);
    assert_eq!(everything(&interview, SortOrder::NameAsc, None), [1, 3, 4]);
    // And back again: the ordinal is accepted where it was removed.
    interview.remove(1, scored(90), "ben", 1);
    screening.insert(1, scored(90), "ben", 1);
    assert_eq!(everything(&screening, SortOrder::AtsDesc, None), [1, 0, 2]);
    assert_eq!(interview.len(), 2);
}

#[test]
fn rescore_moves_a_member_between_score_buckets() {
    let mut index = sample_index();
    index.rescore(4, scored(100), scored(10));
    assert_consistent(&index);
    assert_eq!(everything(&index, SortOrder::AtsDesc, None), [1, 3, 0, 4, 6, 2, 5]);
    assert_eq!(index.count_scored_at_least(80), 2);
}

#[test]
fn rescore_from_unscored_makes_a_member_pass_the_filter() {
    let mut index = sample_index();
    index.rescore(2, None, scored(80));
    assert_consistent(&index);
    assert_eq!(everything(&index, SortOrder::AtsDesc, None), [4, 1, 2, 3, 0, 6, 5]);
    assert_eq!(everything(&index, SortOrder::CreatedAsc, Some(80)), [1, 2, 3, 4]);
    assert_eq!(everything(&index, SortOrder::NameAsc, Some(80)), [1, 4, 3, 2]);
}

#[test]
fn rescore_to_unscored_moves_a_member_last_and_out_of_the_filter() {
    let mut index = sample_index();
    index.rescore(4, scored(100), None);
    assert_consistent(&index);
    assert_eq!(everything(&index, SortOrder::AtsAsc, None), [6, 0, 1, 3, 2, 4, 5]);
    assert_eq!(everything(&index, SortOrder::CreatedDesc, Some(0)), [6, 3, 1, 0]);
    assert_eq!(index.count_scored_at_least(0), 4);
}

#[test]
fn rescore_to_the_same_score_changes_nothing() {
    let mut index = sample_index();
    index.rescore(3, scored(80), scored(80));
    index.rescore(5, None, None);
    assert_consistent(&index);
    assert_eq!(everything(&index, SortOrder::AtsDesc, None), [4, 1, 3, 0, 6, 2, 5]);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "already a member")]
fn inserting_an_existing_ordinal_fails_a_debug_assertion() {
    sample_index().insert(3, scored(1), "x", 3);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "not a member")]
fn removing_an_absent_ordinal_fails_a_debug_assertion() {
    sample_index().remove(99, None, "x", 99);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "name key other than")]
fn removing_with_the_wrong_name_key_fails_a_debug_assertion() {
    sample_index().remove(3, scored(80), "not-dana", 3);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "score other than")]
fn rescoring_from_the_wrong_previous_score_fails_a_debug_assertion() {
    sample_index().rescore(3, scored(79), scored(1));
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "not a member")]
fn rescoring_an_absent_ordinal_fails_a_debug_assertion() {
    sample_index().rescore(7, None, scored(1));
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "above SCORE_MAX")]
fn inserting_a_score_above_score_max_fails_a_debug_assertion() {
    OrderedApplications::new().insert(0, scored(101), "x", 0);
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
        &|index| index.insert(3, scored(1), "x", 3),
        &|index| index.insert(9, scored(101), "x", 9),
        &|index| index.remove(99, None, "x", 99),
        &|index| index.remove(3, scored(80), "not-dana", 3),
        &|index| index.remove(3, scored(79), "dana", 3),
        &|index| index.rescore(3, scored(79), scored(1)),
        &|index| index.rescore(3, scored(80), scored(101)),
        &|index| index.rescore(7, None, scored(1)),
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
        let standing = (ordinal % 7 != 0).then(|| Standing::new((ordinal % 3) as u8 * 40, ordinal % 4 * 12));
        let name_key = format!("name-{}", ordinal % 97);
        index.insert(ordinal, standing, &name_key, u64::from(ordinal));
        model.members.insert(ordinal, (standing, name_key));
    }
    for ordinal in (0..MEMBER_COUNT).filter(|ordinal| ordinal % 5 != 0) {
        let (score, name_key) = model.members.remove(&ordinal).unwrap();
        index.remove(ordinal, score, &name_key, u64::from(ordinal));
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
