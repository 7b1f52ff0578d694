//! Property tests of the index: any sequence of operations leaves it equal
//! to the naive model, and building in bulk equals inserting one by one.

use super::*;

#[derive(Clone, Debug)]
enum Operation {
    Insert {
        ordinal: u32,
        score: Option<Standing>,
        name_key: String,
    },
    /// Removes the `pick % len`-th member in creation order, if any.
    Remove {
        pick: usize,
    },
    /// Rescores the `pick % len`-th member in creation order, if any.
    Rescore {
        pick: usize,
        next: Option<Standing>,
    },
}

/// Scores and months clustered on a few values so that ties are common.
fn score_strategy() -> impl Strategy<Value = Option<Standing>> {
    prop_oneof![
        1 => Just(None),
        2 => (
            prop_oneof![Just(0u8), Just(SCORE_MAX), 48u8..=52, 0u8..=SCORE_MAX],
            prop_oneof![Just(0u32), Just(12), Just(60), any::<u32>()],
        )
            .prop_map(|(score, months)| Some(Standing::new(score, months))),
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
                    index.insert(*ordinal, *score, name_key, u64::from(*ordinal));
                    model.members.insert(*ordinal, (*score, name_key.clone()));
                }
            }
            Operation::Remove { pick } => {
                if let Some(ordinal) = nth_member(&model, *pick) {
                    let (score, name_key) = model.members.remove(&ordinal).unwrap();
                    index.remove(ordinal, score, &name_key, u64::from(ordinal));
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
            members.iter().map(|(&ordinal, (score, name_key))| (ordinal, *score, name_key.clone().into_boxed_str(), u64::from(ordinal))),
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
                    index.insert(ordinal, *score, name_key, u64::from(ordinal));
                    entry.insert((*score, name_key.clone()));
                }
            } else if let Some(ordinal) = nth_member(&model, later.len()) {
                let (score, name_key) = model.members.remove(&ordinal).unwrap();
                index.remove(ordinal, score, &name_key, u64::from(ordinal));
            }
        }
        assert_consistent(&index);
        for sort in EVERY_SORT_ORDER {
            prop_assert_eq!(everything(&index, sort, Some(40)), model.ordered(sort, Some(40)));
        }
    }
}
