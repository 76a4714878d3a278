//! The index of the triggers on another card's event (`plays_card`, `destroys_card`…):
//! per card in play, which of its effects react to which other card, built once per deck.

use deckhand_core::Trigger;

use super::{Board, CardSet, Programs};

/// The triggers on another card's event, each a slot of an [`Events`] row.
pub(crate) const EVENT_TRIGGERS: [Trigger; 4] = [
    Trigger::PlaysCard,
    Trigger::AttachesCard,
    Trigger::DestroysCard,
    Trigger::BuysCard,
];

/// The slot of a trigger on another card's event (`None` for any other trigger).
#[inline]
pub(crate) fn event_slot(trigger: Trigger) -> Option<usize> {
    match trigger {
        Trigger::PlaysCard => Some(0),
        Trigger::AttachesCard => Some(1),
        Trigger::DestroysCard => Some(2),
        Trigger::BuysCard => Some(3),
        _ => None,
    }
}

/// Per (card, trigger on another card's event, the other card): the card's effects that
/// react, in the order stated. Built once per deck, so that an event asks each card in play
/// one look-up instead of walking its effects and matching their filters.
#[derive(Debug, Clone, Default)]
pub(super) struct Events {
    cards: usize,
    /// Per card, 1 + its row, or 0 when it reacts to no event.
    row: Vec<u32>,
    /// Per (row, trigger slot, other card): a range of `effects`.
    spans: Vec<(u32, u32)>,
    /// Indices into [`Programs::effects`].
    effects: Vec<u32>,
    /// Per (row, trigger slot): the other cards some effect reacts to.
    admits: Vec<CardSet>,
}

impl Programs {
    /// Runs `card`'s effects for a trigger on another card's event (`plays_card`…) whose
    /// filter matches `other`, the card the event happened to. Returns how many happened.
    pub fn fire_event<B: Board>(
        &self,
        card: u16,
        trigger: Trigger,
        other: u16,
        board: &mut B,
    ) -> u32 {
        let mut done = 0;
        for &effect in self.reactions(card, trigger, other) {
            done += u32::from(self.resolve(&self.effects[effect as usize], board));
        }
        done
    }

    /// Whether `card` has an effect for `trigger` (on another card's event) whose filter
    /// admits `other`: a card in play that does not react can be skipped.
    #[inline]
    pub fn reacts(&self, card: u16, trigger: Trigger, other: u16) -> bool {
        !self.reactions(card, trigger, other).is_empty()
    }

    /// The other cards whose `trigger` event some effect of `card` reacts to (`None`: none).
    pub fn admits(&self, card: u16, trigger: Trigger) -> Option<&CardSet> {
        let row = self.events.row.get(card as usize).copied().unwrap_or(0);
        let slot = event_slot(trigger)?;
        (row > 0).then(|| &self.events.admits[(row as usize - 1) * EVENT_TRIGGERS.len() + slot])
    }

    /// Whether `card` has an effect on another card's event at all.
    #[inline]
    pub fn reacts_to_events(&self, card: u16) -> bool {
        self.events
            .row
            .get(card as usize)
            .is_some_and(|&row| row > 0)
    }

    /// The effects of `card` that react to `trigger` on `other`'s event, as indices into
    /// the compiled effects ([`Programs::effect`]), in the order stated.
    #[inline]
    pub fn reactions(&self, card: u16, trigger: Trigger, other: u16) -> &[u32] {
        let events = &self.events;
        let row = events.row.get(card as usize).copied().unwrap_or(0);
        let (Some(slot), true) = (event_slot(trigger), row > 0) else {
            return &[];
        };
        let at = ((row as usize - 1) * EVENT_TRIGGERS.len() + slot) * events.cards;
        let (a, b) = events
            .spans
            .get(at + other as usize)
            .copied()
            .filter(|_| (other as usize) < events.cards)
            .unwrap_or((0, 0));
        &events.effects[a as usize..b as usize]
    }

    /// Builds [`Events`] once every card's effects are compiled.
    pub(crate) fn index_events(&mut self) {
        let cards = self.ranges.len();
        let mut events = Events {
            cards,
            row: vec![0; cards],
            ..Events::default()
        };
        for (owner, &(a, b)) in self.ranges.iter().enumerate() {
            let own = a as usize..b as usize;
            if !self.effects[own.clone()]
                .iter()
                .any(|e| e.trigger.on_another_card())
            {
                continue;
            }
            events.row[owner] = (events.spans.len() / (EVENT_TRIGGERS.len() * cards)) as u32 + 1;
            for trigger in EVENT_TRIGGERS {
                let mut admits = CardSet::new(cards);
                for other in 0..cards as u16 {
                    let start = events.effects.len() as u32;
                    for i in own.clone() {
                        let effect = &self.effects[i];
                        if effect.trigger == trigger
                            && effect
                                .card
                                .is_none_or(|f| self.sets[f as usize].contains(other))
                        {
                            events.effects.push(i as u32);
                        }
                    }
                    if events.effects.len() as u32 > start {
                        admits.insert(other as usize);
                    }
                    events.spans.push((start, events.effects.len() as u32));
                }
                events.admits.push(admits);
            }
        }
        self.events = events;
    }
}
