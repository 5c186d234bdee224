//! Portable, seeded dice: every random choice in bounce comes from here.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded die roller; the same seed gives the same rolls on every machine.
#[derive(Debug, Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
}

impl Dice {
    pub fn from_seed(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// One die with `sides` faces, 1..=sides.
    pub fn d(&mut self, sides: u32) -> u32 {
        self.rng.random_range(1..=sides)
    }

    /// 1d10 read 1..10, as the firing rules read it.
    pub fn d10(&mut self) -> u32 {
        self.d(10)
    }

    /// 1d10 read 0..9, as the casualty table reads it.
    pub fn d10_zero(&mut self) -> u32 {
        self.d(10) - 1
    }

    /// 2d6 summed.
    pub fn two_d6(&mut self) -> u32 {
        self.d(6) + self.d(6)
    }

    /// A fresh 64-bit number, for deriving seeds.
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

/// The seed of run `i` of an odds calculation started from `seed`: a SplitMix64
/// step, so each run can be replayed alone.
pub fn derive_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::from_seed(42);
        let mut b = Dice::from_seed(42);
        let ra: Vec<u32> = (0..50).map(|_| a.d10()).collect();
        let rb: Vec<u32> = (0..50).map(|_| b.d10()).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|r| (1..=10).contains(r)));
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(7, 0), derive_seed(7, 1));
        assert_eq!(derive_seed(7, 3), derive_seed(7, 3));
    }
}
