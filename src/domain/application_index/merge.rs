//! A k-way merge of ordinal sequences already in creation order: how a
//! creation-ordered walk visits every score bucket at once.

use std::collections::BinaryHeap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CreationDirection {
    OldestFirst,
    NewestFirst,
}

/// A k-way merge of ordinal sequences that are each already in
/// `direction` order, yielding their union in that order. Sequences are
/// disjoint (a member sits in one bucket), so there are no ties to break.
pub(super) struct MergedByCreation<Source> {
    pub(super) sources: Vec<Source>,
    /// The next ordinal of every unexhausted source, as `(heap key, source
    /// index)`; the greatest key is the next ordinal to yield.
    pub(super) heads: BinaryHeap<(u32, usize)>,
    pub(super) direction: CreationDirection,
}

impl<Source: Iterator<Item = u32>> MergedByCreation<Source> {
    pub(super) fn new(sources: impl Iterator<Item = Source>, direction: CreationDirection) -> Self {
        let sources: Vec<Source> = sources.collect();
        let mut merged = Self { heads: BinaryHeap::with_capacity(sources.len()), sources, direction };
        for source_index in 0..merged.sources.len() {
            merged.advance(source_index);
        }
        merged
    }

    pub(super) fn advance(&mut self, source_index: usize) {
        if let Some(ordinal) = self.sources[source_index].next() {
            self.heads.push((self.heap_key(ordinal), source_index));
        }
    }

    /// `BinaryHeap` pops its greatest entry, so oldest-first keys are the
    /// ordinals mirrored (`u32::MAX - ordinal`). The mapping is its own
    /// inverse, which turns keys back into ordinals.
    pub(super) fn heap_key(&self, ordinal_or_key: u32) -> u32 {
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
