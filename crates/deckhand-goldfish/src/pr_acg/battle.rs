//! The summon and battle steps as the card table plays them (docs/pilots.md#pr-action-a-turn):
//! the summons entering the battle area with their `when summoned` effects, then the battle
//! step's effects, its damage dealt twice and the settlement. The real turn and every
//! played-out plan run these same steps.

use super::*;

impl PrAcg {
    /// The paid plan from its summon to settlement, as the card table plays it: S's `when
    /// summoned`, Z on top and its `when summoned`, then the battle step. Returns the end of
    /// the game if it came, and the cards removed from the opponent's deck.
    #[cfg(test)]
    pub(super) fn summon_and_battle<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        plan: Plan,
        log: &mut L,
    ) -> (Option<Outcome>, u32) {
        if let Some(end) = self.summoned(state, rng, plan.summon, log) {
            return (Some(end), state.removed);
        }
        if plan.extra != NONE {
            if let Some(end) = self.extra_summoned(state, rng, plan.extra, log) {
                return (Some(end), state.removed);
            }
        }
        self.battle(state, rng, log)
    }

    /// The paid summon `summon` enters the battle area and its `when summoned` effects
    /// resolve (the Summon step). `Some` when an effect ended the game.
    #[inline]
    pub(super) fn summoned<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        summon: u16,
        log: &mut L,
    ) -> Option<Outcome> {
        state.removed = 0;
        state.battle = [summon, NONE];
        state.damage_bonus = [0; 2];
        match self.mill_draw[summon as usize] {
            // Unlogged, resolved without the interpreter (`mill.rs`).
            Some(mill) if !L::ENABLED => self.mill_draw_summoned(state, rng, summon, mill),
            _ => self.fire(summon, Trigger::Summoned, Some(0), state, rng, log),
        }
        state.ended
    }

    /// The paid Zord `extra` goes on top and its `when summoned` effects resolve (the Extra
    /// summon step). `Some` when an effect ended the game.
    #[inline]
    pub(super) fn extra_summoned<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        extra: u16,
        log: &mut L,
    ) -> Option<Outcome> {
        state.battle[1] = extra;
        self.fire(extra, Trigger::Summoned, Some(1), state, rng, log);
        state.ended
    }

    /// The battle step: `when battling` effects, the damage (twice the top card's, with its
    /// changes), the battle area discarded. Returns the end of the game if it came, and the
    /// cards removed from the opponent's deck this turn (effects' too).
    pub(super) fn battle<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> (Option<Outcome>, u32) {
        if let Some(end) = self.battle_effects(state, rng, log) {
            return (Some(end), state.removed);
        }
        let [summon, extra] = state.battle;
        let top = usize::from(extra != NONE);
        let printed = u32::from(self.f(state.battle[top]).damage);
        let bonus = state.damage_bonus[top];
        let dealt = (i64::from(printed) + bonus).max(0) as u32;
        let removed = (2 * dealt).min(state.opponent_deck);
        state.opponent_deck -= removed;
        state.discard.push(summon);
        if extra != NONE {
            state.discard.push(extra);
        }
        state.battle = [NONE; 2];
        let left = state.opponent_deck;
        log.decide(Action::Attack, || {
            let damage = match bonus {
                0 => format!("{printed}"),
                b => format!("{dealt}: {printed} printed, {b:+} until settlement"),
            };
            format!(
                "Battle: the opponent has no card in its battle area, so the damage ({damage}) is dealt twice: {removed_cards} off its deck ({left} left); settlement discards the battle area", removed_cards = deckhand_core::plural::count(removed as i64, "card", "cards"))
        });
        let removed = removed + state.removed;
        if state.opponent_deck == 0 {
            log.decide(Action::End, || {
                "The opponent's deck is empty: you win".to_owned()
            });
            return (Some(Outcome::Win), removed);
        }
        (None, removed)
    }

    /// Runs `card`'s effects for `trigger`; `slot` is its place in the battle area.
    #[inline]
    pub(super) fn fire<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if self.fx.has(card, trigger) && state.ended.is_none() {
            let mut board = AcgBoard {
                p: self,
                state,
                rng,
                log,
                card,
                slot,
            };
            self.fx.fire(card, trigger, &mut board);
        }
    }

    /// The battle step's effects before damage: `when battling` of S then Z, then the
    /// training area's `while in play`. `Some` when an effect ended the game.
    #[inline]
    pub(super) fn battle_effects<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<Outcome> {
        if self.fx.any(Trigger::Battles) {
            for slot in 0..2 {
                let card = state.battle[slot];
                if card != NONE {
                    self.fire(card, Trigger::Battles, Some(slot), state, rng, log);
                }
            }
        }
        if self.fx.any(Trigger::Static) {
            let mut i = 0;
            while i < state.training.len() {
                let card = state.training[i];
                self.fire(card, Trigger::Static, None, state, rng, log);
                i += 1;
            }
        }
        state.ended
    }
}
