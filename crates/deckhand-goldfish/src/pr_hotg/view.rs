//! The Heroes of the Grid step-through's view, the zones as a player sees them: the
//! energy, the Rangers' hand (each card with its Ranger), combat deck and discard pile, and
//! the combat sequence's two rows with each card's health.

use super::*;

impl PrHotg {
    /// The zones as a player sees them, for the step-through.
    pub(super) fn view(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| (self.f(c).ranger, self.deck.name_rank[c as usize]));
        let names = |cards: &[u16]| cards.iter().map(|&c| self.combat_card(c)).collect();
        let row = |offset: usize, slots: &[Slot]| -> Vec<ZoneCard> {
            slots
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let e = self.e(s);
                    let at = offset + i;
                    let left = self.health_left(s);
                    // With the bonus of other cards' Passives while they stand.
                    let health = (i32::from(e.health) + i32::from(s.bonus_health)).max(1) as u32;
                    let resolved = at < state.next;
                    let guarded = !s.defeated && self.guarded(state, at);
                    let mut status = if s.defeated {
                        "defeated".to_owned()
                    } else {
                        format!("{left}/{health} health")
                    };
                    if resolved {
                        status += ", resolved";
                    }
                    if guarded {
                        status += ", guarded";
                    }
                    let mut card = ZoneCard::plain(&self.enemy_names[s.enemy as usize])
                        .status(status)
                        .stat("health", health)
                        .stat("health_left", if s.defeated { 0 } else { left })
                        .tag("defeated", s.defeated)
                        .tag("resolved", resolved)
                        .tag("next", at == state.next && !state.defeated)
                        .tag("guarded", guarded)
                        .tag("guard", e.guard)
                        .tag("fast", e.fast);
                    if e.damage > 0 {
                        card = card.stat("damage", e.damage);
                    }
                    if e.drain > 0 {
                        card = card.stat("drain", e.drain);
                    }
                    card
                })
                .collect()
        };
        let energy = vec![
            ZoneCard::counter("Shared pool", state.pool),
            ZoneCard::counter("Stored tokens", state.stored),
            ZoneCard::counter("Hits dealt", state.hits),
            ZoneCard::counter("Energy spent", state.energy_spent),
        ];
        vec![
            Zone::visible("energy", "Energy", Owner::You, energy),
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::hidden("deck", "Combat deck", Owner::You, state.deck.len()),
            Zone::visible("discard", "Discard pile", Owner::You, names(&state.discard)),
            Zone::visible(
                "top_row",
                "Monster / Boss row",
                Owner::Opponent,
                row(0, &state.top[..state.top_len]),
            ),
            Zone::visible(
                "bottom_row",
                "Foot soldier row",
                Owner::Opponent,
                row(state.top_len, &state.bottom[..state.bottom_len]),
            ),
        ]
    }

    /// A combat card with its Ranger and the figures the pilot reads.
    fn combat_card(&self, c: u16) -> ZoneCard {
        let f = self.f(c);
        let ranger = usize::from(f.ranger);
        let mut card = ZoneCard::plain(self.name(c))
            .stat("dice", f.dice)
            .stat("hits", f.hits)
            .stat("shields", f.shields)
            .tag("attack", f.attack);
        if f.cost != u8::MAX {
            card = card.stat("energy_cost", f.cost);
        }
        card.color = self.ranger_colours.get(ranger).cloned();
        if let Some(name) = self.rangers.get(ranger) {
            card.attached.push(Attached {
                role: "ranger".into(),
                name: name.clone(),
                color: card.color.clone(),
            });
        }
        card
    }
}
