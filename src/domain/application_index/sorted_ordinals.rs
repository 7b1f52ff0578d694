//! A set of ordinals in ascending order, in sorted runs with a Fenwick
//! tree of their lengths: O(log n + B) insert and remove, O(log n) access
//! by position. Each score bucket and the creation list is one.

use super::DEFAULT_BLOCK_CAPACITY;

/// A set of ordinals kept in ascending order, with O(log n + B) insert and
/// remove and O(log n) access by position: sorted runs ("blocks") of at most
/// `BLOCK_CAPACITY` ordinals, in order, plus a Fenwick tree of block lengths.
///
/// Invariants: every block is non-empty and strictly ascending, the last
/// ordinal of each block is below the first of the next, no block exceeds
/// `BLOCK_CAPACITY`, `len` is the sum of block lengths, and `block_lengths`
/// holds exactly the block lengths.
#[derive(Clone, Debug)]
pub(super) struct SortedOrdinals<const BLOCK_CAPACITY: usize = DEFAULT_BLOCK_CAPACITY, T = u32> {
    pub(super) blocks: Vec<Vec<T>>,
    pub(super) block_lengths: BlockLengthTree,
    pub(super) len: usize,
}

impl<const BLOCK_CAPACITY: usize, T: Copy + Ord> SortedOrdinals<BLOCK_CAPACITY, T> {
    /// Blocks that shrink below this try to merge with a neighbour, so the
    /// block count stays O(n / BLOCK_CAPACITY) however members come and go.
    const MERGE_BELOW: usize = BLOCK_CAPACITY / 4;

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn largest(&self) -> Option<T> {
        self.blocks.last().and_then(|block| block.last()).copied()
    }

    /// The first block whose largest ordinal is at least `ordinal`: the only
    /// block that can hold it. `blocks.len()` when every ordinal is smaller.
    pub(super) fn block_for(&self, ordinal: T) -> usize {
        self.blocks.partition_point(|block| block.last().is_some_and(|&largest| largest < ordinal))
    }

    /// Inserts `ordinal`; returns false (changing nothing) if present.
    pub(super) fn insert(&mut self, ordinal: T) -> bool {
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
    pub(super) fn append(&mut self, ordinal: T) {
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
    pub(super) fn remove(&mut self, ordinal: T) -> bool {
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
    pub(super) fn merge_with_neighbour(&mut self, block_index: usize) -> bool {
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

    pub(super) fn rebuild_block_lengths(&mut self) {
        self.block_lengths = BlockLengthTree::from_lengths(self.blocks.iter().map(Vec::len));
    }

    /// The ordinals ascending, starting at ascending position `position`
    /// (empty when `position >= len`).
    pub(super) fn ascending_from(&self, position: usize) -> impl Iterator<Item = T> + '_ {
        let (first, later): (&[T], &[Vec<T>]) = if position >= self.len {
            (&[], &[])
        } else {
            let (block_index, offset) = self.block_lengths.locate(position);
            (&self.blocks[block_index][offset..], &self.blocks[block_index + 1..])
        };
        first.iter().chain(later.iter().flatten()).copied()
    }

    /// The ordinals descending, skipping the `position_from_largest` largest
    /// (empty when that is `>= len`).
    pub(super) fn descending_from(&self, position_from_largest: usize) -> impl Iterator<Item = T> + '_ {
        let (first, earlier): (&[T], &[Vec<T>]) = if position_from_largest >= self.len {
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

impl<const BLOCK_CAPACITY: usize, T> Default for SortedOrdinals<BLOCK_CAPACITY, T> {
    fn default() -> Self {
        Self { blocks: Vec::new(), block_lengths: BlockLengthTree::default(), len: 0 }
    }
}

impl<const BLOCK_CAPACITY: usize, T: Copy + Ord> SortedOrdinals<BLOCK_CAPACITY, T> {
    /// How many members are at most `value` (`inclusive`) or below it: the
    /// ascending position of the first member after (or at) `value`.
    /// O(log n + log B).
    pub(super) fn rank(&self, value: T, inclusive: bool) -> usize {
        let block_index = self.blocks.partition_point(|block| {
            block.last().is_some_and(|&largest| if inclusive { largest <= value } else { largest < value })
        });
        let Some(block) = self.blocks.get(block_index) else { return self.len };
        let within = block.partition_point(|&member| if inclusive { member <= value } else { member < value });
        self.block_lengths.prefix(block_index) + within
    }

    /// Whether `value` is a member. O(log n).
    pub(super) fn contains(&self, value: T) -> bool {
        self.rank(value, true) > self.rank(value, false)
    }

    /// The members above `value`, ascending.
    pub(super) fn ascending_after(&self, value: T) -> impl Iterator<Item = T> + '_ {
        self.ascending_from(self.rank(value, true))
    }

    /// The members below `value`, descending.
    pub(super) fn descending_before(&self, value: T) -> impl Iterator<Item = T> + '_ {
        self.descending_from(self.len - self.rank(value, false))
    }
}

/// A Fenwick (binary indexed) tree over block lengths: O(log b) length
/// updates and "which block holds position p", for b blocks. Node `i`
/// (1-based) stores the total length of blocks `i - lowest_bit(i) + 1 ..= i`.
#[derive(Clone, Debug, Default)]
pub(super) struct BlockLengthTree {
    pub(super) nodes: Vec<usize>,
}

pub(super) fn lowest_set_bit(value: usize) -> usize {
    value & value.wrapping_neg()
}

impl BlockLengthTree {
    /// Builds the tree in O(b) by pushing each node's sum into its parent.
    pub(super) fn from_lengths(lengths: impl Iterator<Item = usize>) -> Self {
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
    pub(super) fn push(&mut self, length: usize) {
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

    /// The total length of the blocks before `block_index`. O(log b).
    pub(super) fn prefix(&self, block_index: usize) -> usize {
        let mut node = block_index.min(self.nodes.len());
        let mut sum = 0;
        while node > 0 {
            sum += self.nodes[node - 1];
            node -= lowest_set_bit(node);
        }
        sum
    }

    pub(super) fn pop(&mut self) {
        self.nodes.pop();
    }

    pub(super) fn increment(&mut self, block_index: usize) {
        let mut node = block_index + 1;
        while node <= self.nodes.len() {
            self.nodes[node - 1] += 1;
            node += lowest_set_bit(node);
        }
    }

    pub(super) fn decrement(&mut self, block_index: usize) {
        let mut node = block_index + 1;
        while node <= self.nodes.len() {
            self.nodes[node - 1] -= 1;
            node += lowest_set_bit(node);
        }
    }

    /// The block holding ascending position `position`, and the position
    /// within that block. `position` must be below the total length.
    pub(super) fn locate(&self, position: usize) -> (usize, usize) {
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
