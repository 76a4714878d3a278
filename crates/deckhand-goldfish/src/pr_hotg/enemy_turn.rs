//! The enemy turn: the next enemy card of the combat sequence resolves (its damage, drain
//! and effects, between its two Reaction windows: `reaction.rs`), and the damage the Rangers
//! take is absorbed by revealing cards for defense; and the enemy cards' Passives, recounted
//! while they stand.

use deckhand_core::Trigger;

use super::ability::Ability;
use super::board::At;
use super::*;
use crate::choice::ChoiceKind;

impl PrHotg {
    /// Damage to the Rangers, absorbed by revealing cards for defense.
    pub(super) fn suffer<L: Log>(
        &self,
        state: &mut State,
        damage: u32,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let mut left = damage;
        while left > 0 {
            let Some(card) = state.deck.draw(rng) else {
                break;
            };
            let mut shields = i32::from(self.f(card).shields);
            let mut prevent = 0;
            let mut to_deck = false;
            if self.effects_on {
                state.incoming = left;
                state.reveal = board::Reveal::default();
                self.fire(card, Trigger::Revealed, At::Reveal, state, rng, log);
                let bonus = state.reveal.shields;
                if let Some((n, Ability::Shields(k))) = self.unused(Ability::Shields(0), state) {
                    let now = shields + bonus;
                    let saves = now <= left as i32 && now + k > left as i32;
                    let name = self.name(card);
                    self.offer_ability(
                        n,
                        saves,
                        || {
                            format!(
                                "{k:+} {k_shields} on {name}",
                                k_shields =
                                    deckhand_core::plural::noun(i64::from(k), "shield", "shields")
                            )
                        },
                        || match (saves, now > left as i32) {
                            (true, _) => format!(
                                "{k:+} {k_shields} keep {name}, which {left} damage would take",
                                k_shields =
                                    deckhand_core::plural::noun(i64::from(k), "shield", "shields")
                            ),
                            (false, true) => format!("{name} is kept without it"),
                            (false, false) => {
                                format!(
                                    "{k:+} {k_shields} would not keep {name} from {left} damage",
                                    k_shields = deckhand_core::plural::noun(
                                        i64::from(k),
                                        "shield",
                                        "shields"
                                    )
                                )
                            }
                        },
                        At::Reveal,
                        state,
                        rng,
                        log,
                    );
                }
                shields += state.reveal.shields;
                prevent = state.reveal.prevent;
                to_deck = state.reveal.to_deck;
            }
            let shields = shields.max(0) as u32;
            if shields > left {
                state.deck.put_bottom(card);
                log.decide(Action::Damage, || {
                    format!("Reveal {} ({shields} shields) against {left} damage: it goes to the bottom of the deck", self.name(card))
                });
                left = 0;
            } else if to_deck {
                state.deck.shuffle_in(card);
                log.decide(Action::Damage, || {
                    format!(
                        "Reveal {} ({shields} shields) against {left} damage: shuffled into the deck",
                        self.name(card)
                    )
                });
                left -= shields;
            } else {
                state.discard.push(card);
                state.lost[usize::from(self.f(card).ranger)] += 1;
                log.decide(Action::Damage, || {
                    format!(
                        "Reveal {} ({shields} shields) against {left} damage: discarded",
                        self.name(card)
                    )
                });
                left -= shields;
            }
            if prevent > 0 && left > 0 {
                let stopped = prevent.min(left);
                left -= stopped;
                log.decide(Action::Damage, || {
                    format!("{stopped} damage past it is prevented")
                });
            }
        }
        if state.deck.len() == 0 {
            state.defeated = true;
            log.decide(Action::End, || {
                "The combat deck is empty: the Rangers are defeated".to_owned()
            });
        }
    }

    pub(super) fn drain<L: Log>(&self, state: &mut State, amount: u32, rng: &mut Rng, log: &mut L) {
        let from_pool = amount.min(state.pool);
        state.pool -= from_pool;
        let from_stored = (amount - from_pool).min(state.stored);
        state.stored -= from_stored;
        let mut left = amount - from_pool - from_stored;
        log.decide(Action::Opponent, || {
            format!("Drain {amount}: {from_pool} from the pool, {from_stored_stored_tokens}, {left_cards} from hand", from_stored_stored_tokens = deckhand_core::plural::count(from_stored as i64, "stored token", "stored tokens"), left_cards = deckhand_core::plural::count(left as i64, "card", "cards"))
        });
        // One card at a time: which card of the hand goes next.
        while left > 0 {
            let Some(card) = self.discard_one(state, None, || "for the drain".to_owned(), rng, log)
            else {
                break;
            };
            state.hand[card as usize] -= 1;
            state.hand_len -= 1;
            state.discard.push(card);
            left -= 1;
        }
    }

    /// Which card of the hand (matching `set`) to discard `why` ("for the drain"): the
    /// pilot's is the least useful (non-Attacks first, then the fewest expected hits).
    /// None with no such card in hand.
    pub(super) fn discard_one<L: Log>(
        &self,
        state: &State,
        set: Option<&CardSet>,
        why: impl Fn() -> String,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<u16> {
        let fits = |&c: &u16| state.hand[c as usize] > 0 && set.is_none_or(|s| s.contains(c));
        let pilot = self.discard_order.iter().copied().find(fits)?;
        let options = || {
            self.discard_order
                .iter()
                .copied()
                .filter(fits)
                .collect::<Vec<_>>()
        };
        let card = log.pick(
            ChoiceKind::Discard,
            pilot,
            options,
            |c| format!("Discard {} from hand {}", self.name(c), why()),
            || "the least useful card".to_owned(),
            || Procedure::zones(self, state),
            rng,
        );
        // With one card to choose from no choice is asked: say what happened.
        if L::ENABLED && options().len() == 1 {
            log.decide(Action::Damage, || {
                format!(
                    "Discard {} from hand {}: the least useful card",
                    self.name(card),
                    why()
                )
            });
        }
        Some(card)
    }

    /// An enemy turn: the next card resolves.
    pub(super) fn enemy_turn<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let i = state.next;
        state.next += 1;
        let slot = *self.slot(state, i);
        let name = &self.enemy_names[slot.enemy as usize];
        if slot.defeated {
            log.decide(Action::Opponent, || {
                format!("{name} is defeated: it resolves with no effect")
            });
            return;
        }
        let e = self.e(&slot);
        let damage = (i32::from(e.damage) + i32::from(slot.bonus_damage)).max(0) as u32;
        if self.effects_on {
            state.incoming = damage + u32::from(self.enemy_extra[slot.enemy as usize]);
            state.prevented = 0;
            self.react(Trigger::Blocks, i, state, rng, log);
        }
        self.resolve_enemy(i, damage, state, rng, log);
    }

    /// The enemy card in slot `i` resolves, dealing `damage` (as it stood before its
    /// `when blocks` window), then its `after attack` window: the rest of its enemy turn.
    pub(super) fn resolve_enemy<L: Log>(
        &self,
        i: usize,
        damage: u32,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let slot = *self.slot(state, i);
        let name = &self.enemy_names[slot.enemy as usize];
        if slot.defeated {
            log.decide(Action::Opponent, || {
                format!("{name} is defeated before it resolves: no effect")
            });
            return;
        }
        let e = self.e(&slot);
        let card = self.enemy_card(slot.enemy);
        self.slot_mut(state, i).resolved = true;
        let acts = self.fx.has(card, Trigger::Attacks);
        if damage == 0 && e.drain == 0 && !acts {
            // A Passive's whole effect is its `while in play` (simulated): nothing to resolve.
            let passive = self.fx.has(card, Trigger::Static);
            log.decide(Action::Opponent, || match passive {
                true => format!(
                    "{name} resolves: its Passive acts while it stands, nothing happens now"
                ),
                false => format!("{name} resolves: its effect is not simulated"),
            });
            return;
        }
        state.dealt = 0;
        if damage > 0 {
            let prevented = damage.min(state.prevented);
            state.prevented -= prevented;
            let dealt = damage - prevented;
            log.decide(Action::Opponent, || match prevented {
                0 => format!("{name} deals {damage} damage"),
                p => format!("{name} deals {damage} damage, {p} prevented"),
            });
            state.dealt += dealt;
            self.suffer(state, dealt, rng, log);
        }
        if e.drain > 0 && !state.defeated {
            self.drain(state, u32::from(e.drain), rng, log);
        }
        if acts && !state.defeated {
            if damage == 0 && e.drain == 0 {
                log.decide(Action::Opponent, || format!("{name} resolves"));
            }
            self.fire(card, Trigger::Attacks, At::Enemy(i), state, rng, log);
        }
        if self.effects_on && !state.defeated {
            state.incoming = state.dealt;
            state.prevented = 0;
            self.react(Trigger::AfterAttack, i, state, rng, log);
        }
    }

    /// Recomputes the enemy cards' Passives (and the Rangers' abilities) from the cards
    /// still standing; a card whose bonus health is gone may fall.
    pub(super) fn refresh_statics(&self, state: &mut State) {
        if !self.fx.any(Trigger::Static) {
            return;
        }
        for i in 0..self.sequence_len(state) {
            let slot = self.slot_mut(state, i);
            slot.bonus_health = 0;
            slot.bonus_damage = 0;
            slot.cap = 0;
            slot.ignore = 0;
        }
        state.dice_mod.fill(0);
        state.cost_mod.fill(0);
        let mut rng = Rng::from_seed(0);
        let mut log = crate::log::NoLog;
        for &c in &self.static_rangers {
            self.fire(
                c,
                Trigger::Static,
                At::Static(None),
                state,
                &mut rng,
                &mut log,
            );
        }
        for i in 0..self.sequence_len(state) {
            let slot = *self.slot(state, i);
            if !slot.defeated {
                let card = self.enemy_card(slot.enemy);
                self.fire(
                    card,
                    Trigger::Static,
                    At::Static(Some(i)),
                    state,
                    &mut rng,
                    &mut log,
                );
            }
        }
        for i in 0..self.sequence_len(state) {
            let slot = *self.slot(state, i);
            if !slot.defeated && self.health_left(&slot) == 0 {
                self.slot_mut(state, i).defeated = true;
            }
        }
    }
}
