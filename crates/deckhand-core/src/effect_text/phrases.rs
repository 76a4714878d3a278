//! The fixed phrases of triggers and durations, shared by the printer and the parser.

use crate::effect::{Duration, Trigger};

/// The phrase of each trigger but `activated` (`activate (cost)`).
pub(super) const TRIGGER_PHRASES: [(Trigger, &str); 14] = [
    (Trigger::Played, "when played"),
    (Trigger::Set, "when set"),
    (Trigger::Summoned, "when summoned"),
    (Trigger::Attacks, "when attacks"),
    (Trigger::Blocks, "when blocks"),
    (Trigger::Battles, "when battling"),
    (Trigger::WinsBattle, "when wins battle"),
    (Trigger::LosesBattle, "when loses battle"),
    (Trigger::Revealed, "when revealed"),
    (Trigger::Destroyed, "when destroyed"),
    (Trigger::TurnStart, "at turn start"),
    (Trigger::TurnEnd, "at turn end"),
    (Trigger::Static, "while in play"),
    (Trigger::AfterAttack, "after attack"),
];

pub(super) const DURATIONS: [(Duration, &str); 5] = [
    (Duration::Battle, "until end of battle"),
    (Duration::Turn, "until end of turn"),
    (Duration::Permanent, "permanently"),
    (Duration::WhileInPlay, "while in play"),
    (Duration::NextAttack, "until next attack"),
];

// Triggers on another card's event (PR Deck-Building).

/// The phrase of each trigger on another card's event; an optional filter follows.
pub(super) const CARD_TRIGGER_PHRASES: [(Trigger, &str); 4] = [
    (Trigger::PlaysCard, "when you play"),
    (Trigger::AttachesCard, "when you attach"),
    (Trigger::DestroysCard, "when you destroy"),
    (Trigger::BuysCard, "when you buy"),
];
