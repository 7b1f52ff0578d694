//! SplitMix64: the corpus's own random numbers, so no dependency upgrade can change the data.

pub(super) const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser: a bijection on `u64` with good avalanche.
pub(super) fn mix64(mut value: u64) -> u64 {
    value = (value ^ (value >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ (value >> 31)
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a Weyl counter run through
/// [`mix64`]. Tiny, fast and statistically adequate for synthetic text, and
/// defined here so the sequence can never change under us.
pub(super) struct SplitMix64 {
    pub(super) state: u64,
}

impl SplitMix64 {
    /// A generator of its own for every `(seed, index, stream)`. Every step is
    /// a bijection in `index`, so for a fixed seed and stream distinct indices
    /// always start from distinct states.
    pub(super) fn for_stream(seed: u64, index: u64, stream: u64) -> Self {
        let stream_key = mix64(stream.wrapping_mul(GOLDEN_GAMMA) ^ 0x5851_F42D_4C95_7F2D);
        Self { state: mix64(seed ^ mix64(index ^ stream_key)) }
    }

    pub(super) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// Uniform in `0..bound` by multiply-shift; the bias is far below anything
    /// visible in synthetic data, and there is no rejection loop.
    pub(super) fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// Uniform in `low..=high`.
    pub(super) fn range(&mut self, low: u32, high: u32) -> u32 {
        low + self.below(u64::from(high - low) + 1) as u32
    }

    pub(super) fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < u64::from(percent)
    }

    pub(super) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    pub(super) fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let other = self.below(last as u64 + 1) as usize;
            items.swap(last, other);
        }
    }
}
