//! The options and reasons each PR Action choice point shows (docs/pilots.md#pr-action-card-game):
//! who can pay a cost, which cards the Summon and Extra summon steps offer, and why the
//! pilot picked what it picked. Built only when someone looks (a log or a person choosing).

use super::pilot::{Plan, Value};
use super::*;

impl PrAcg {
    /// Every card that can pay one more point of a cost: each card in hand, then each card
    /// in the training area (`true`), in the pay order.
    pub(super) fn pay_options(&self, state: &State) -> Vec<(bool, u16)> {
        let hand = self
            .pay_order
            .iter()
            .filter(|&&c| state.hand[c as usize] > 0)
            .map(|&c| (false, c));
        let training = self
            .pay_order
            .iter()
            .filter(|c| state.training.contains(c))
            .map(|&c| (true, c));
        hand.chain(training).collect()
    }

    /// Cards that can pay a cost besides the card being played: the rest of the hand and
    /// the training area.
    pub(super) fn payable(&self, state: &State) -> u32 {
        (state.hand_len + state.training.len() as u32).saturating_sub(1)
    }

    /// The Summon step's options: each Ranger, Villain or Support in hand whose cost the
    /// rest of the hand and the training area can pay (by damage, then cost, then name), or
    /// none.
    pub(super) fn summon_options(&self, state: &State) -> Vec<Option<u16>> {
        self.payable_in_hand(&self.summons_by_damage, state)
    }

    /// The Extra summon step's options: each Zord or Megazord in hand whose cost can be
    /// paid, or none.
    pub(super) fn extra_options(&self, state: &State) -> Vec<Option<u16>> {
        self.payable_in_hand(&self.extras_by_damage, state)
    }

    /// The cards of `ranked` in hand whose cost can be paid, in `ranked`'s order, then none.
    fn payable_in_hand(&self, ranked: &[u16], state: &State) -> Vec<Option<u16>> {
        let payable = self.payable(state);
        ranked
            .iter()
            .filter(|&&c| state.hand[c as usize] > 0 && u32::from(self.f(c).cost) <= payable)
            .map(|&c| Some(c))
            .chain([None])
            .collect()
    }

    /// A card with its cost and damage, for a label.
    pub(super) fn card_label(&self, card: u16) -> String {
        let f = self.f(card);
        format!("{} (cost {}, damage {})", self.name(card), f.cost, f.damage)
    }

    /// Why the pilot summons as `plan` says, from a hand of `hand_len`.
    pub(super) fn summon_reason(
        &self,
        plan: Option<Plan>,
        value: Option<(Value, u16)>,
        hand_len: u32,
    ) -> String {
        let Some(plan) = plan else {
            return format!(
                "no Ranger, Villain or Support card costs less than the other {} in hand can pay",
                deckhand_core::plural::count(
                    i64::from(hand_len.saturating_sub(1)),
                    "card",
                    "cards"
                )
            );
        };
        if let Some(((_, removed, left), zord)) = value {
            let zord = if zord == NONE {
                String::new()
            } else {
                format!(" (with {} on top)", self.name(zord))
            };
            return format!(
                "played out with its effects{zord}, the best turn a hand of {hand_len} can pay for: {removed_cards} off the opponent's deck, {left} left in hand", removed_cards = deckhand_core::plural::count(removed as i64, "card", "cards"));
        }
        let mut text = format!(
            "the most damage a hand of {hand_len} can pay for ({})",
            self.plan_damage(plan)
        );
        if plan.extra != NONE {
            text += &format!(
                " is {} on top of it in the extra summon step",
                self.card_label(plan.extra)
            );
        }
        text += &format!(", at the lowest total cost ({})", self.plan_cost(plan));
        text
    }

    /// Why the pilot puts `extra` (or nothing) on `summon`, which deals `base`.
    pub(super) fn extra_reason(
        &self,
        state: &State,
        summon: u16,
        base: i64,
        extra: Option<u16>,
        value: Option<Value>,
    ) -> String {
        let hand = state.hand_len;
        if let Some((_, removed, left)) = value {
            let what = if extra.is_some() {
                "the best rest of the turn"
            } else {
                "no Zord or Megazord the hand can pay for makes the turn better"
            };
            return format!(
                "played out with its effects, {what}: {removed_cards} off the opponent's deck, {left} left in hand", removed_cards = deckhand_core::plural::count(removed as i64, "card", "cards"));
        }
        match extra {
            Some(z) => format!(
                "it deals {}, more than {} alone ({base}), and the other {} in hand pay its cost",
                self.f(z).damage,
                self.name(summon),
                deckhand_core::plural::count(i64::from(hand.saturating_sub(1)), "card", "cards")
            ),
            None => format!(
                "no Zord or Megazord in hand deals more than {} alone ({base}) at a cost the other {} in hand can pay",
                self.name(summon),
                deckhand_core::plural::count(i64::from(hand.saturating_sub(1)), "card", "cards")
            ),
        }
    }
}
