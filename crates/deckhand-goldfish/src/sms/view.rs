//! The step-through's zones of a Showdown game as a person sees them: the tracker, the
//! hand, the Table with what is attached, the deck and the Discard Pile.

use super::{Kind, Sms, State, NONE};
use crate::log::{Attached, Owner, Zone, ZoneCard};

impl Sms {
    /// The zones of `state` ([`crate::procedure::Procedure::zones`]).
    pub(super) fn view(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| self.deck.name_rank[c as usize]);
        let table = state
            .table
            .iter()
            .map(|slot| {
                let mut attached = Vec::new();
                for (role, card) in [
                    ("equipment", slot.equipment),
                    ("equipment", slot.equipment2),
                    ("vehicle", slot.vehicle),
                    ("vehicle", slot.ship),
                ] {
                    if card != NONE {
                        attached.push(Attached {
                            role: role.into(),
                            name: self.name(card).into(),
                            color: None,
                        });
                    }
                }
                let power = self.slot_power(slot);
                ZoneCard {
                    attached,
                    ..self
                        .card(slot.card)
                        .status(match slot.upgrades {
                            0 => format!("power {power}"),
                            n => format!(
                                "power {power} ({n_upgrades})",
                                n_upgrades =
                                    deckhand_core::plural::count(n as i64, "upgrade", "upgrades")
                            ),
                        })
                        .stat("power", power)
                        .stat("upgrades", slot.upgrades)
                }
            })
            .collect();
        let names = |cards: &[u16]| cards.iter().map(|&c| self.card(c)).collect();
        let figure = |name: &str, value: u32| {
            ZoneCard::plain(name)
                .status(value.to_string())
                .stat("value", value)
        };
        let mut tracker = vec![
            figure("Power on the Table", self.table_power(state)),
            figure("Main cards deployed", state.deployed),
            figure("Actions a turn", self.actions),
        ];
        if self.plays_effects() {
            tracker.push(figure("Leader Actions", state.leader_actions));
            tracker.push(figure("Drama", state.drama));
        }
        let mut zones = vec![
            Zone::visible("tracker", "Showdown", Owner::You, tracker),
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::visible("table", "Table", Owner::You, table),
            Zone::hidden("deck", "Deck", Owner::You, state.library.len()),
        ];
        if self.plays_effects() {
            zones.push(Zone::visible(
                "discard",
                "Discard Pile",
                Owner::You,
                names(&state.discard),
            ));
        }
        zones
    }

    /// A card with its printed power and its kind as a tag (`character`, `ally`…; a Leader
    /// is tagged `leader` and `character`).
    fn card(&self, c: u16) -> ZoneCard {
        let f = self.f(c);
        let kind = match f.kind {
            Kind::Character => "character",
            Kind::Leader => "leader",
            Kind::Super => "super",
            Kind::Ally => "ally",
            Kind::Mook => "mook",
            Kind::Equipment => "equipment",
            Kind::Vehicle => "vehicle",
            Kind::Other => "other",
        };
        ZoneCard::plain(self.name(c))
            .stat("printed_power", f.power)
            .tag(kind, true)
            .tag("character", f.kind == Kind::Leader)
            .tag("main", self.mains.contains(&c))
    }
}
