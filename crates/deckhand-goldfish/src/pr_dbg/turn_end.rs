//! The end of a PR Deck-Building turn (docs/pilots.md#pr-deck-building-a-turn): buying and
//! Battling, the turn's end effects, the adversaries' damage, the end of the game,
//! discarding and drawing.

use super::*;

impl PrDbg {
    /// Buying and Battling, the turn's end effects, adversary damage, the end of the game,
    /// discarding and drawing (the turn after the activations:
    /// docs/pilots.md#pr-deck-building-a-turn).
    pub(super) fn end_turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        figures: &mut Figures,
    ) -> Option<Outcome> {
        let t = turn as usize;
        let bought = match state.ahead.take() {
            // A look played this much of the turn as the game would: it becomes the game
            // (`moments::Ahead`).
            Some(ahead) => self.adopt(state, rng, ahead),
            None => {
                let bought = self.buy_and_battle(state, rng, log);
                if self.all {
                    self.fire_in_play(Trigger::TurnEnd, state, rng, log);
                }
                bought
            }
        };
        figures.bought[t] += u64::from(bought);
        if state.goldfish_hp <= 0 {
            log.decide(Action::End, || "The goldfish has 0 HP: you win".to_owned());
            return Some(Outcome::Win);
        }
        let adversaries = self.adversary_damage(state);
        state.hp -= adversaries;
        figures.damage_taken[t] += adversaries as u64;
        if adversaries > 0 {
            let hp = state.hp.max(0);
            log.decide(Action::Damage, || {
                format!("Take {adversaries} damage, 1 per adversary in The Grid (you have {hp} HP)")
            });
        }
        if state.hp <= 0 {
            log.decide(Action::End, || "You have 0 HP: you lose".to_owned());
            return Some(Outcome::Loss);
        }
        if state.main_deck_out {
            let (you, it) = (state.hp, state.goldfish_hp);
            let outcome = match you.cmp(&it) {
                std::cmp::Ordering::Greater => Outcome::Win,
                std::cmp::Ordering::Equal if state.energy > 0 => Outcome::Win,
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Less => Outcome::DeckOut,
            };
            log.decide(Action::End, || {
                format!(
                    "The game ends with the main deck empty: you have {you} HP, the goldfish {it}"
                )
            });
            return Some(outcome);
        }
        state.discard.append(&mut state.played);
        state.played_cards = [0; PLAYED_WORDS];
        state.played_fx = 0;
        if L::ENABLED && !state.hand.is_empty() {
            log.decide(Action::Hold, || "Discard the rest of the hand".to_owned());
        }
        state.hand.drain_into(&mut state.discard);
        self.draw_hand(state, rng, log);
        if turn == MAX_TURNS {
            log.decide(Action::End, || {
                format!("Nobody has fallen by turn {MAX_TURNS}: the goldfish stops here, a draw")
            });
            return Some(Outcome::Draw);
        }
        None
    }
}
