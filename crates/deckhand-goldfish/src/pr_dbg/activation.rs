//! The pilot's Abilities with every effect on (GAMES.md: "Activate attached Attack cards
//! whose `ability_cost` the Energy covers, most damage first, each once per turn"): which
//! one goes next, ranked by the damage the stated Ability deals now.

use super::*;

impl PrDbg {
    /// The card whose Ability the pilot activates next: the most damage its stated Ability
    /// deals now (GAMES.md; a card without a `damage` stat, such as a Ranger-side
    /// character's, counts what its effects deal), ties in slot order (slots, the flipped
    /// Character, the Zord Bay). `(position, card)`.
    fn next_activation<L: Log>(&self, board: &mut PrBoard<'_, L>) -> Option<(usize, u16)> {
        let own = board.state.attached.len();
        let mut best: Option<(i64, usize, u16)> = None;
        let character = if board.state.flipped > 0 {
            self.character
        } else {
            NONE
        };
        let positions = own + 1 + board.state.zord_bay.len();
        let mut consider = |i: usize, board: &mut PrBoard<'_, L>| {
            let s = &*board.state;
            let (card, used) = match i {
                _ if i < own => (s.attached[i], s.used[i]),
                _ if i == own => (character, s.used[i]),
                _ => (s.zord_bay[i - own - 1], s.zord_used[i - own - 1]),
            };
            if card == NONE || used || !self.fx.has(card, Trigger::Activated) {
                return;
            }
            if u32::from(self.f(card).ability_cost.unwrap_or(0)) > s.energy {
                return;
            }
            board.card = card;
            let damage = self.ability_damage(card, board);
            if best.is_none_or(|(d, _, _)| damage > d) {
                best = Some((damage, i, card));
            }
        };
        if positions <= 64 {
            // In position order, as the walk below: ties keep the first.
            let mut rest = self.ability_positions(board.state);
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                consider(i, board);
            }
        } else {
            (0..positions).for_each(|i| consider(i, board));
        }
        best.map(|(_, i, card)| (i, card))
    }

    /// Which Ability positions (bit i: slot i, then the Character, then the Zord Bay) hold
    /// a card with an activated effect. Slots only fill, the Zord Bay only grows and the
    /// Character flips once, so their sizes, the flip and `attaches` say when to read again.
    fn ability_positions(&self, state: &mut State) -> u64 {
        let key = u64::from(state.flipped != 0)
            | (state.zord_bay.len() as u64) << 1
            | u64::from(state.attaches) << 32;
        if key != state.ability_key {
            state.ability_key = key;
            let character = if state.flipped > 0 {
                self.character
            } else {
                NONE
            };
            let cards = state
                .attached
                .iter()
                .chain([&character])
                .chain(&state.zord_bay);
            state.ability_positions = cards
                .take(64)
                .enumerate()
                .filter(|&(_, &c)| c != NONE && self.fx.has(c, Trigger::Activated))
                .fold(0, |m, (i, _)| m | 1 << i);
        }
        state.ability_positions
    }

    /// The damage `card`'s Ability would deal if activated now: the damage steps of its
    /// activated effects whose requirement holds and whose Energy cost the tracker covers,
    /// one after the other (Nadia's second is her Zord's), a choice by the option the pilot
    /// takes.
    fn ability_damage<L: Log>(&self, card: u16, board: &mut PrBoard<'_, L>) -> i64 {
        let mut energy = i64::from(board.state.energy);
        let mut damage = 0;
        for effect in self.fx.of(card) {
            if effect.trigger != Trigger::Activated || !self.fx.holds(effect, board) {
                continue;
            }
            let mut cost = 0;
            for op in effect.cost() {
                if let Op::Spend(amount, ENERGY) = op {
                    cost += self.fx.amount_on(amount, board);
                }
            }
            if cost > energy {
                continue;
            }
            energy -= cost;
            damage += self.steps_damage(effect.steps(), board);
        }
        damage
    }

    fn steps_damage<L: Log>(&self, steps: &[Op], board: &mut PrBoard<'_, L>) -> i64 {
        let mut damage = 0;
        for op in steps {
            match op {
                Op::Damage(amount) => damage += self.fx.amount_on(amount, board).max(0),
                Op::Choose(options) if !options.is_empty() => {
                    let pick = board.choose(options).min(options.len() - 1);
                    damage += self.steps_damage(&options[pick], board);
                }
                _ => {}
            }
        }
        damage
    }

    /// Activates Abilities until none is left that the Energy covers. `Some` when the
    /// goldfish falls.
    pub(super) fn activate_all<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<Outcome> {
        let own = state.attached.len();
        loop {
            let mut board = PrBoard {
                p: self,
                state: &mut *state,
                rng: &mut *rng,
                log: &mut *log,
                card: NONE,
            };
            let (i, card) = self.next_activation(&mut board)?;
            if i <= own {
                state.used[i] = true;
            } else {
                state.zord_used[i - own - 1] = true;
            }
            let energy = state.energy;
            log.decide(Action::Attack, || {
                format!(
                    "Activate {} (Energy {energy}): the unused Ability with the most damage",
                    self.name(card)
                )
            });
            self.fire_card(card, Trigger::Activated, state, rng, log);
            if let Some(end) = self.won(state, log) {
                return Some(end);
            }
            self.play_all_fx(state, rng, log);
            if let Some(end) = self.won(state, log) {
                return Some(end);
            }
        }
    }
}
