//! The random numbers: xoshiro256++ seeded through SplitMix64, written out here (both are
//! public-domain reference algorithms by Blackman and Vigna) so that a seed gives the same
//! games forever, whatever happens to crate versions.
//!
//! Every game draws from its own stream, derived from the run's seed and the game's index
//! ([`Rng::for_game`]). A game's result therefore depends only on (deck, seed, index, seat):
//! the number of threads cannot change it, two decks compared on the same seed see the same
//! random numbers, and the step-through replays game 0 of a Monte Carlo run exactly.

/// xoshiro256++: 256 bits of state, period 2^256 − 1, about 1 ns a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// One step of SplitMix64: advances `state` and returns a well-mixed output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator for a board that only reads (whether an effect would act): nothing is
    /// drawn from it, so it costs no seeding.
    pub(crate) const fn unused() -> Rng {
        Rng { s: [1, 2, 3, 4] }
    }

    /// A generator whose state is four SplitMix64 outputs from `seed` (the seeding its
    /// authors recommend).
    pub fn from_seed(seed: u64) -> Rng {
        let mut sm = seed;
        let mut s = [0u64; 4];
        for word in &mut s {
            *word = splitmix64(&mut sm);
        }
        if s == [0; 4] {
            // The one state xoshiro cannot leave; SplitMix64 never yields it in practice.
            s[0] = 1;
        }
        Rng { s }
    }

    /// The generator of one game: stream `stream` of the run seeded with `seed`. Game `i`
    /// uses stream `2i` going first and `2i + 1` going second.
    pub fn for_game(seed: u64, stream: u64) -> Rng {
        let mut mixed = stream;
        let stream_key = splitmix64(&mut mixed);
        Rng::from_seed(seed ^ stream_key)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (`n > 0`), without bias: Lemire's multiply-and-reject.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = u64::from(n);
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_matches_the_reference_implementation() {
        // xoshiro256++ from state {1, 2, 3, 4}: the first outputs of the reference C code.
        let mut rng = Rng { s: [1, 2, 3, 4] };
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, vec![41943041, 58720359, 3588806011781223]);
        // SplitMix64 from 1234567: the reference's first output.
        let mut state = 1234567;
        assert_eq!(splitmix64(&mut state), 6457827717110365317);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::from_seed(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn streams_of_one_seed_differ_and_repeat() {
        let a = Rng::for_game(42, 0).next_u64();
        let b = Rng::for_game(42, 1).next_u64();
        assert_ne!(a, b);
        assert_eq!(a, Rng::for_game(42, 0).next_u64());
    }
}
