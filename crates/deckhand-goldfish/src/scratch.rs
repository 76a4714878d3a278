//! Copies of a game for the pilots' look-aheads, reused instead of allocated.
//!
//! The corrected pilots weigh a choice by playing the rest of the turn on a copy of the
//! game (docs/pilots.md#plan-value), several times a turn. A fresh `clone` allocates every
//! `Vec` of the state and frees it again, which had become a quarter of a game's time
//! (callgrind: malloc, free and realloc). Each worker thread keeps a few copies instead,
//! and [`with_copy`] overwrites one in place ([`Scratch::copy_from`] reuses its buffers),
//! so playing a game allocates nothing again once the copies have grown. A look-ahead
//! inside a look-ahead takes a second copy; the pool holds as many as the deepest nesting.
//! The copies hold no state between looks (each starts as an exact copy of its source), so
//! the result never depends on which copy a look gets or on the thread.

use std::cell::RefCell;
use std::thread::LocalKey;

/// A game state the look-aheads copy: `copy_from` makes `self` equal to `source`, reusing
/// `self`'s buffers (`Clone::clone_from` field by field; the derived `clone_from` clones
/// afresh).
pub(crate) trait Scratch: Clone {
    fn copy_from(&mut self, source: &Self);
}

/// Overwrites `to` with `from`, reusing its buffer: a list of the same length (a per-card
/// count, a deck) is one copy, an empty one none, one or two items (a few cards' bits)
/// moves without a call (`Vec::clone_from` truncates, copies and extends, a few calls each
/// time).
#[inline(always)]
pub(crate) fn copy_list<T: Copy>(to: &mut Vec<T>, from: &[T]) {
    if to.len() == from.len() {
        match (to.as_mut_slice(), from) {
            (_, []) => {}
            ([a], [x]) => *a = *x,
            ([a, b], [x, y]) => (*a, *b) = (*x, *y),
            (to, from) => to.copy_from_slice(from),
        }
        return;
    }
    to.clear();
    to.extend_from_slice(from);
}

/// A worker's spare copies of one game's state, boxed: a copy taken, kept as a look's end
/// or given back moves a pointer, not the state's few hundred bytes.
pub(crate) type Pool<T> = RefCell<Vec<Box<T>>>;

/// Runs `f` on a copy of `source`: a spare copy from `pool` overwritten with `source`, or a
/// new clone when none is spare. The copy goes back to the pool afterwards.
#[inline]
pub(crate) fn with_copy<T: Scratch + 'static, R>(
    pool: &'static LocalKey<Pool<T>>,
    source: &T,
    f: impl FnOnce(&mut T) -> R,
) -> R {
    let mut copy = take(pool, source);
    let result = f(&mut copy);
    give_back(pool, copy);
    result
}

/// A copy of `source` to keep for a while: a spare one overwritten, or a new clone. A
/// look whose copy becomes the game swaps it with the game's state and gives that back
/// instead: the copies are interchangeable.
#[inline]
pub(crate) fn take<T: Scratch + 'static>(pool: &'static LocalKey<Pool<T>>, source: &T) -> Box<T> {
    match pool.with(|p| p.borrow_mut().pop()) {
        Some(mut spare) => {
            spare.copy_from(source);
            spare
        }
        None => Box::new(source.clone()),
    }
}

/// Returns a copy from [`take`] to `pool`.
#[inline]
pub(crate) fn give_back<T: 'static>(pool: &'static LocalKey<Pool<T>>, copy: Box<T>) {
    pool.with(|p| p.borrow_mut().push(copy));
}

/// Implements [`Scratch`] for a game's state by overwriting each field in place
/// (`clone_from`). The fields are listed once: the source is destructured without `..`, so
/// a field added to the state fails to compile until it is listed here. Fields after
/// `not copied` are left as they were: a look never reads them (the fired counts of a game
/// whose looks never become the game).
macro_rules! scratch_fields {
    ($state:ident { $($field:ident),* $(,)? } $(not copied { $($skip:ident),* $(,)? })?) => {
        impl $crate::scratch::Scratch for $state {
            fn copy_from(&mut self, source: &$state) {
                let $state { $($field,)* $($($skip: _,)*)? } = source;
                $(self.$field.clone_from($field);)*
            }
        }
    };
}
pub(crate) use scratch_fields;
