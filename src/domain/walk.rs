//! Walking a listing page by page: where a page starts (an offset, or just
//! after the last item of the page before), where the next one would start,
//! and the pin that keeps a walk through a moving order honest.
//!
//! A walk by position returns what comes strictly after the last item it
//! returned, so an item whose place in the order cannot move (creation and
//! name orders) is returned once and never passed over, whatever is added
//! around it. In the orders where an item's place moves (score, change), an
//! item moved after the walk began could come round again; so those walks
//! are *pinned* at the change sequence they began at, and leave out what
//! moved since: in change order whatever changed, in score order whatever
//! was scored again. Those items are in what the next incremental sync
//! (`updatedAfter`) returns.

use std::cmp::{Ordering, Reverse};

pub use super::application_index::{Position, SortOrder, Standing, SCORE_MAX};

/// Where a page starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageStart {
    /// After skipping this many items.
    Offset(usize),
    /// Just after an item, in a walk pinned at a change sequence when its
    /// order is one where items move.
    After(WalkFrom),
}

/// Where a walk stands: the last item returned, and its pin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkFrom {
    pub position: Position,
    /// Items whose place moved after this sequence are left out of the walk.
    pub pinned_at: Option<u64>,
}

/// One page of a listing by offset or position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListRequest {
    pub start: PageStart,
    pub limit: usize,
}

impl ListRequest {
    pub fn offset(offset: usize, limit: usize) -> Self {
        Self { start: PageStart::Offset(offset), limit }
    }

    pub fn pinned_at(&self) -> Option<u64> {
        match &self.start {
            PageStart::Offset(_) => None,
            PageStart::After(walk) => walk.pinned_at,
        }
    }
}

/// A page, how many items the query matches in all, and where the next
/// page starts (`None` on the last page).
#[derive(Clone, Debug)]
pub struct ListPage<T> {
    pub items: Vec<T>,
    pub total: usize,
    pub next: Option<WalkFrom>,
}

/// How `left` and `right` compare in `sort` order. Positions of another
/// order's kind compare by ordinal alone, which no caller relies on.
pub fn compare(sort: SortOrder, left: &Position, right: &Position) -> Ordering {
    match (left, right) {
        (
            Position::Score { standing: left_standing, ordinal: left_ordinal },
            Position::Score { standing: right_standing, ordinal: right_ordinal },
        ) => {
            // Score in the sort's direction, unscored last; then more months
            // first in both directions; then oldest first.
            let rank = |standing: &Option<Standing>| match (sort, standing) {
                (_, None) => (u16::from(SCORE_MAX) + 1, Reverse(0)),
                (SortOrder::AtsDesc, Some(standing)) => {
                    (u16::from(SCORE_MAX - standing.score.min(SCORE_MAX)), Reverse(standing.experience_months))
                }
                (_, Some(standing)) => (u16::from(standing.score), Reverse(standing.experience_months)),
            };
            (rank(left_standing), left_ordinal).cmp(&(rank(right_standing), right_ordinal))
        }
        (Position::Created { ordinal: left }, Position::Created { ordinal: right }) => match sort {
            SortOrder::CreatedDesc => right.cmp(left),
            _ => left.cmp(right),
        },
        (
            Position::Name { name_key: left_name, ordinal: left_ordinal },
            Position::Name { name_key: right_name, ordinal: right_ordinal },
        ) => (left_name, left_ordinal).cmp(&(right_name, right_ordinal)),
        (
            Position::Change { sequence: left_sequence, ordinal: left_ordinal },
            Position::Change { sequence: right_sequence, ordinal: right_ordinal },
        ) => (left_sequence, left_ordinal).cmp(&(right_sequence, right_ordinal)),
        _ => ordinal_of(left).cmp(&ordinal_of(right)),
    }
}

/// The ordinal a position names.
pub fn ordinal_of(position: &Position) -> u32 {
    match position {
        Position::Score { ordinal, .. }
        | Position::Created { ordinal }
        | Position::Name { ordinal, .. }
        | Position::Change { ordinal, .. } => *ordinal,
    }
}

/// Whether `position` is of the kind `sort` orders by.
pub fn fits(sort: SortOrder, position: &Position) -> bool {
    matches!(
        (sort, position),
        (SortOrder::AtsDesc | SortOrder::AtsAsc, Position::Score { .. })
            | (SortOrder::CreatedDesc | SortOrder::CreatedAsc, Position::Created { .. })
            | (SortOrder::NameAsc, Position::Name { .. })
            | (SortOrder::UpdatedAsc, Position::Change { .. })
    )
}

/// The position of an item in `sort` order, from what each order keys on.
pub fn position_in(sort: SortOrder, ordinal: u32, standing: Option<Standing>, name_key: &str, change: u64) -> Position {
    match sort {
        SortOrder::AtsDesc | SortOrder::AtsAsc => Position::Score { standing, ordinal },
        SortOrder::CreatedDesc | SortOrder::CreatedAsc => Position::Created { ordinal },
        SortOrder::NameAsc => Position::Name { name_key: name_key.into(), ordinal },
        SortOrder::UpdatedAsc => Position::Change { sequence: change, ordinal },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_positions_compare_as_the_index_orders_them_with_more_months_first_in_ties_and_unscored_last_both_ways() {
        let at = |standing: Option<(u8, u32)>, ordinal| Position::Score {
            standing: standing.map(|(score, months)| Standing::new(score, months)),
            ordinal,
        };
        let descending = [
            at(Some((100, 0)), 4),
            at(Some((90, 30)), 5),
            at(Some((90, 0)), 1),
            at(Some((90, 0)), 2),
            at(Some((0, 9)), 0),
            at(None, 3),
        ];
        let ascending = [
            at(Some((0, 9)), 0),
            at(Some((90, 30)), 5),
            at(Some((90, 0)), 1),
            at(Some((90, 0)), 2),
            at(Some((100, 0)), 4),
            at(None, 3),
        ];
        for (sort, order) in [(SortOrder::AtsDesc, descending), (SortOrder::AtsAsc, ascending)] {
            for pair in order.windows(2) {
                assert_eq!(compare(sort, &pair[0], &pair[1]), Ordering::Less, "{sort:?} {pair:?}");
            }
        }
        let created = |ordinal| Position::Created { ordinal };
        assert_eq!(compare(SortOrder::CreatedDesc, &created(5), &created(3)), Ordering::Less);
        assert_eq!(compare(SortOrder::CreatedAsc, &created(5), &created(3)), Ordering::Greater);
    }
}
