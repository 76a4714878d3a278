//! A card's printed effects as data: one vocabulary shared by every game
//! (docs/pilots.md#card-effects).
//!
//! An [`Effect`] is a [`Trigger`], an optional [`Requirement`], an optional cost and the
//! [`Step`]s that happen. Which triggers, zones and resources exist is the game's
//! (`[effects]` in its definition, [`EffectsDef`]); an effect naming one the game lacks is
//! refused when the card is read. Filters are Deckhand's own query language
//! (`t:zoid power<=3`), kept as written here and checked where the query parser lives.
//!
//! Each effect has one written form a player reads and types (`when set: may draw 1`,
//! `activate (2 energy): deal 2 damage`); `effect_text/` reads and writes it, and the
//! card-set JSON holds the typed form below. Both round-trip.
//!
//! What a card's effects cover is its [`GoldfishNote`]: nothing said means the effects
//! state all of its text (or it has none beyond keywords); otherwise the note says what is
//! left and why ([`CoverageState`]).

use std::fmt;

use serde::{Deserialize, Serialize};

/// One printed effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    pub trigger: Trigger,
    /// "if …": the effect happens only when this holds as it would resolve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirement: Option<Requirement>,
    /// "you may": the pilot decides (free ones always, costly ones when better:
    /// docs/pilots.md#how-the-pilot-uses-an-effect).
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// What using it costs (an activated ability's cost, "discard 1 card to …"); paid
    /// first, in order, and the effect does nothing when it cannot be paid in full.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost: Vec<Step>,
    pub steps: Vec<Step>,
    /// For a trigger on another card's event (`plays_card`, `attaches_card`,
    /// `destroys_card`, `buys_card`): the cards it reacts to; `None` reacts to every card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<Filter>,
    /// "if your HP …": the effect happens only when this holds as it would resolve (after
    /// `requirement`, when both are given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<HpCheck>,
}

/// An HP comparison: the effect owner's HP against a number or the opponent's HP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HpCheck {
    /// Your HP is at most this (`hp <= 15`).
    AtMost(i64),
    /// Your HP is below the opponent's (`hp < opponent`).
    BelowOpponent,
}

/// When an effect happens. A game lists the ones it has in `[effects] triggers`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// When the card is played from the hand (an action, an event, a support card).
    Played,
    /// When the card is set into play (Zoids Scramble).
    Set,
    /// When the card is summoned (PR Action).
    Summoned,
    /// When the card attacks.
    Attacks,
    /// When the card blocks.
    Blocks,
    /// While the card battles ("when battling"), before the battle is settled.
    Battles,
    /// When the card wins a battle.
    WinsBattle,
    /// When the card loses a battle.
    LosesBattle,
    /// When the card is revealed (a Heroes of the Grid defense, a face-down card).
    Revealed,
    /// When the card is destroyed or defeated.
    Destroyed,
    /// At the start of its owner's turn, while in play.
    TurnStart,
    /// At the end of its owner's turn, while in play.
    TurnEnd,
    /// An ability its owner activates, paying `cost`.
    Activated,
    /// While the card is in play (a bonus that lasts as long as the card).
    Static,
    /// Right after an opposing card's attack (its effect) has resolved: a Heroes of the
    /// Grid Reaction that answers the enemy card that just acted.
    AfterAttack,
    /// While the card is in play, when you play another card (matching the effect's `card`
    /// filter) from the hand.
    PlaysCard,
    /// While the card is in play, when you attach a card (matching `card`).
    AttachesCard,
    /// While the card is in play, when you destroy a card (matching `card`).
    DestroysCard,
    /// While the card is in play, when you buy a card (matching `card`).
    BuysCard,
}

impl Trigger {
    pub const ALL: [Trigger; 19] = [
        Trigger::Played,
        Trigger::Set,
        Trigger::Summoned,
        Trigger::Attacks,
        Trigger::Blocks,
        Trigger::Battles,
        Trigger::WinsBattle,
        Trigger::LosesBattle,
        Trigger::Revealed,
        Trigger::Destroyed,
        Trigger::TurnStart,
        Trigger::TurnEnd,
        Trigger::Activated,
        Trigger::Static,
        Trigger::AfterAttack,
        Trigger::PlaysCard,
        Trigger::AttachesCard,
        Trigger::DestroysCard,
        Trigger::BuysCard,
    ];

    /// The id used in game definitions and JSON (`wins_battle`).
    pub fn id(self) -> &'static str {
        match self {
            Trigger::Played => "played",
            Trigger::Set => "set",
            Trigger::Summoned => "summoned",
            Trigger::Attacks => "attacks",
            Trigger::Blocks => "blocks",
            Trigger::Battles => "battles",
            Trigger::WinsBattle => "wins_battle",
            Trigger::LosesBattle => "loses_battle",
            Trigger::Revealed => "revealed",
            Trigger::Destroyed => "destroyed",
            Trigger::TurnStart => "turn_start",
            Trigger::TurnEnd => "turn_end",
            Trigger::Activated => "activated",
            Trigger::Static => "static",
            Trigger::AfterAttack => "after_attack",
            Trigger::PlaysCard => "plays_card",
            Trigger::AttachesCard => "attaches_card",
            Trigger::DestroysCard => "destroys_card",
            Trigger::BuysCard => "buys_card",
        }
    }

    pub fn from_id(id: &str) -> Option<Trigger> {
        Trigger::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// "if [filter] in zone" (at least `at_least` such cards) — or, negated, fewer ("if no …"
/// for fewer than 1, "if fewer than N …"). A game may declare a zone that counts what is
/// not cards (pr-hotg's `damage`: the damage about to be dealt, so "if fewer than 3 in
/// damage" is "when the damage is 2 or less").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    /// Cards counted: a query (`kw:evil`); `None` counts every card in the zone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<Filter>,
    /// A zone the game declares (`training`, `arena`).
    pub zone: String,
    /// The fewest matching cards for the requirement to hold (1 = "if there is one").
    #[serde(default = "one")]
    pub at_least: u32,
    /// True for "if there is no …" / fewer than `at_least`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub negated: bool,
    /// Count distinct card names rather than cards ("if fewer than 2 distinct [t:starter]
    /// in played": the Starters played so far have at most one name).
    #[serde(default, skip_serializing_if = "is_false")]
    pub distinct: bool,
}

/// How deep `choose` options may nest (a choice inside a choice's option…). Printed cards
/// nest one; one limit for the written form, the JSON and keywords' templates, low enough
/// that every stored effect reads back from its JSON (serde_json stops at 128 levels and a
/// choice costs four) and that the recursive parser, checker and printer stay shallow.
pub const MAX_CHOICE_NESTING: usize = 8;

/// How many `choose` deep `steps` nest (0 without a choice). Recursive: only called on
/// effects that a bounded reader built (the written form's parser or serde_json's 128).
pub fn choice_nesting(steps: &[Step]) -> usize {
    steps
        .iter()
        .map(|step| match step {
            Step::Choose { options } => {
                1 + options.iter().map(|o| choice_nesting(o)).max().unwrap_or(0)
            }
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// A query in Deckhand's query language, as written (`t:zoid power<=3`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(transparent)]
pub struct Filter(pub String);

/// A number, fixed or counted: `2`, or `1 per [kw:evil] in training`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(untagged)]
pub enum Amount {
    Fixed(i64),
    Per(PerCount),
}

/// `each` times the number of `filter` cards in `zone`, capped at `max` when given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct PerCount {
    pub each: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<Filter>,
    pub zone: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// `each` per distinct card name among them rather than per card ("1 per distinct
    /// [t:starter] in played").
    #[serde(default, skip_serializing_if = "is_false")]
    pub distinct: bool,
}

/// Which cards a stat change applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    /// The card whose effect this is.
    This,
    /// Its owner's other cards in play that match (`sub:wolf`).
    Others {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Every card of its owner in play that matches, itself included.
    Each {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// ONE card of its owner in play that matches (itself included), chosen by the game's
    /// pilot rule ("Upgrade a Pilot"); the `one` targets of one effect are different cards
    /// ("Upgrade two different Heroes" is two of them).
    One {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
}

/// How long a stat change lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the end of the current battle.
    Battle,
    /// Until the end of the current turn.
    Turn,
    /// For the rest of the game.
    Permanent,
    /// As long as the effect's card stays in play (a `static` effect's bonus).
    WhileInPlay,
    /// Until the next attack its owner plays has resolved ("the next attack you play this
    /// battle deals 1 additional hit"): that attack only.
    NextAttack,
}

/// One thing an effect does. Zones and resources are names the game declares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// Move `count` cards matching `filter` from one zone to another. From the deck: from
    /// the top, unless `search` (the pilot chooses among all of them, then shuffles).
    Move {
        count: Amount,
        from: String,
        to: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
        #[serde(default, skip_serializing_if = "is_false")]
        search: bool,
    },
    /// Draw `count` cards (deck top → hand).
    Draw { count: Amount },
    /// Discard `count` cards from the hand (the pilot picks the least useful).
    Discard {
        count: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Deal damage to the opponent (or the game's target: an enemy card, the goldfish).
    Damage { amount: Amount },
    /// Prevent damage that would be dealt to you.
    Prevent { amount: Amount },
    /// Restore lost health / hit points.
    Heal { amount: Amount },
    /// Gain some of a resource the game declares (`energy`, `shards`, `drama`).
    Gain { amount: Amount, resource: String },
    /// Spend some of a resource (as a cost: the effect fails when there is too little).
    Spend { amount: Amount, resource: String },
    /// Change a stat of `target` by `by` for `duration`.
    Modify {
        stat: String,
        by: Amount,
        target: Target,
        duration: Duration,
    },
    /// Roll `dice` more dice (Heroes of the Grid attacks).
    Roll { dice: Amount },
    /// One of several step lists; the pilot takes the option its ranking prefers.
    Choose { options: Vec<Vec<Step>> },
    /// Reroll up to `dice` of the dice just rolled that did not show a hit (Heroes of the
    /// Grid); the pilot rerolls the blank ones.
    Reroll { dice: Amount },
    /// The hits of this attack may be split among up to `among` enemy cards (`row`: all in
    /// one row of the combat sequence); the pilot assigns them (its own ranking).
    Split {
        among: Amount,
        #[serde(default, skip_serializing_if = "is_false")]
        row: bool,
    },
    /// Draw until the hand holds `size` cards ("fill your hand up to your hand size"); none
    /// when it already does.
    FillHand { size: Amount },
    /// Ready `count` exhausted cards you control that match: each may be activated again
    /// this turn, paying its cost again.
    Ready {
        count: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Use the activated ability of another card you control that matches, paying nothing
    /// (the pilot picks the one it ranks first; a copy never copies a copy).
    Copy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Look at the top `count` cards of `zone` and put them back in the order the pilot
    /// prefers (the card it would play soonest on top); `bottom`: the ones it would not
    /// play go to the bottom instead ("may put it on the bottom").
    Reorder {
        count: Amount,
        zone: String,
        #[serde(default, skip_serializing_if = "is_false")]
        bottom: bool,
    },
    /// This attack may target a guarded card (Heroes of the Grid's Guard).
    IgnoreGuard,
    /// The matching cards stop guarding their neighbours until the end of the battle (the
    /// pilot picks a `one` target by its own rule).
    Unguard { target: Target },
    /// No single attack deals more than `max` hits to a matching card (a static rule).
    CapHits { max: Amount, target: Target },
    /// The first `first` hits each attack deals to a matching card are ignored.
    IgnoreHits { first: Amount, target: Target },
    /// Deal damage to a card adjacent to the game's target (the pilot picks which).
    DamageAdjacent { amount: Amount },
    /// This attack's dice may be rolled against a card adjacent to its target instead
    /// (Heroes of the Grid; the pilot decides by its own rule).
    RollAdjacent,
    /// Swap two adjacent cards of one row of the combat sequence that have not resolved yet
    /// (Heroes of the Grid; the pilot picks the pair by its own rule).
    SwapAdjacent,
}

/// What kind of thing a [`Step`] does, without its amounts and names: what a game's goldfish
/// procedure says it plays. Its [`name`](StepKind::name) is the step's `do` in the data
/// form, so a new [`Step`] variant is one arm in [`Step::kind`] and one here, and the
/// compiler points at both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepKind {
    Move,
    Draw,
    Discard,
    Damage,
    Prevent,
    Heal,
    Gain,
    Spend,
    Modify,
    Roll,
    Choose,
    Reroll,
    Split,
    FillHand,
    Ready,
    Copy,
    Reorder,
    IgnoreGuard,
    Unguard,
    CapHits,
    IgnoreHits,
    DamageAdjacent,
    RollAdjacent,
    SwapAdjacent,
}

impl StepKind {
    /// Every kind, in [`Step`]'s order.
    pub const ALL: [StepKind; 24] = [
        StepKind::Move,
        StepKind::Draw,
        StepKind::Discard,
        StepKind::Damage,
        StepKind::Prevent,
        StepKind::Heal,
        StepKind::Gain,
        StepKind::Spend,
        StepKind::Modify,
        StepKind::Roll,
        StepKind::Choose,
        StepKind::Reroll,
        StepKind::Split,
        StepKind::FillHand,
        StepKind::Ready,
        StepKind::Copy,
        StepKind::Reorder,
        StepKind::IgnoreGuard,
        StepKind::Unguard,
        StepKind::CapHits,
        StepKind::IgnoreHits,
        StepKind::DamageAdjacent,
        StepKind::RollAdjacent,
        StepKind::SwapAdjacent,
    ];

    /// The step's `do` in the data form (`fill_hand`).
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Move => "move",
            StepKind::Draw => "draw",
            StepKind::Discard => "discard",
            StepKind::Damage => "damage",
            StepKind::Prevent => "prevent",
            StepKind::Heal => "heal",
            StepKind::Gain => "gain",
            StepKind::Spend => "spend",
            StepKind::Modify => "modify",
            StepKind::Roll => "roll",
            StepKind::Choose => "choose",
            StepKind::Reroll => "reroll",
            StepKind::Split => "split",
            StepKind::FillHand => "fill_hand",
            StepKind::Ready => "ready",
            StepKind::Copy => "copy",
            StepKind::Reorder => "reorder",
            StepKind::IgnoreGuard => "ignore_guard",
            StepKind::Unguard => "unguard",
            StepKind::CapHits => "cap_hits",
            StepKind::IgnoreHits => "ignore_hits",
            StepKind::DamageAdjacent => "damage_adjacent",
            StepKind::RollAdjacent => "roll_adjacent",
            StepKind::SwapAdjacent => "swap_adjacent",
        }
    }
}

impl fmt::Display for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Step {
    /// What kind of thing it does.
    pub fn kind(&self) -> StepKind {
        match self {
            Step::Move { .. } => StepKind::Move,
            Step::Draw { .. } => StepKind::Draw,
            Step::Discard { .. } => StepKind::Discard,
            Step::Damage { .. } => StepKind::Damage,
            Step::Prevent { .. } => StepKind::Prevent,
            Step::Heal { .. } => StepKind::Heal,
            Step::Gain { .. } => StepKind::Gain,
            Step::Spend { .. } => StepKind::Spend,
            Step::Modify { .. } => StepKind::Modify,
            Step::Roll { .. } => StepKind::Roll,
            Step::Choose { .. } => StepKind::Choose,
            Step::Reroll { .. } => StepKind::Reroll,
            Step::Split { .. } => StepKind::Split,
            Step::FillHand { .. } => StepKind::FillHand,
            Step::Ready { .. } => StepKind::Ready,
            Step::Copy { .. } => StepKind::Copy,
            Step::Reorder { .. } => StepKind::Reorder,
            Step::IgnoreGuard => StepKind::IgnoreGuard,
            Step::Unguard { .. } => StepKind::Unguard,
            Step::CapHits { .. } => StepKind::CapHits,
            Step::IgnoreHits { .. } => StepKind::IgnoreHits,
            Step::DamageAdjacent { .. } => StepKind::DamageAdjacent,
            Step::RollAdjacent => StepKind::RollAdjacent,
            Step::SwapAdjacent => StepKind::SwapAdjacent,
        }
    }
}

impl Trigger {
    /// True for a trigger on another card's event, which may name the cards (`card`).
    pub fn on_another_card(self) -> bool {
        matches!(
            self,
            Trigger::PlaysCard | Trigger::AttachesCard | Trigger::DestroysCard | Trigger::BuysCard
        )
    }
}

/// What a card's stated effects leave out, when they do not state all of its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct GoldfishNote {
    pub state: CoverageState,
    /// Why: what part is left (partial, not simulated) or why it cannot matter (no effect).
    pub reason: String,
}

/// The four states of docs/pilots.md#the-four-coverage-states. A card with no note is
/// `Simulated` when its text says no more than its effects and keywords, `NotSimulated`
/// otherwise.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum CoverageState {
    /// Everything in its text that can change a goldfish game is stated as effects.
    Simulated,
    /// Some of it is; the note names the rest.
    Partial,
    /// Its text only matters against an acting opponent or gives information.
    NoEffect,
    /// Nothing of its text is stated yet.
    NotSimulated,
}

impl CoverageState {
    pub fn id(self) -> &'static str {
        match self {
            CoverageState::Simulated => "simulated",
            CoverageState::Partial => "partial",
            CoverageState::NoEffect => "no_effect",
            CoverageState::NotSimulated => "not_simulated",
        }
    }
}

/// The `[effects]` table of a game definition: the moments, zones and resources its cards'
/// effects may name.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct EffectsDef {
    /// Trigger ids ([`Trigger::id`]) this game's cards may use.
    #[serde(default)]
    pub triggers: Vec<String>,
    /// Zone names (`deck`, `hand`, `discard`, `arena`…).
    #[serde(default)]
    pub zones: Vec<String>,
    /// Resource names (`energy`, `shards`…).
    #[serde(default)]
    pub resources: Vec<String>,
    /// The game's words for its moments, zones, resources… (`[effects.words]`), which the
    /// effect reader reads card texts with.
    #[serde(default, skip_serializing_if = "crate::TextWords::is_empty")]
    #[ts(skip)]
    pub words: crate::TextWords,
}

fn is_false(value: &bool) -> bool {
    !*value
}

fn one() -> u32 {
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One step of every kind, as the data form writes them.
    fn one_step_of_each_kind() -> Vec<Step> {
        let n = || Amount::Fixed(1);
        let this = || Target::This;
        vec![
            Step::Move {
                count: n(),
                from: "deck".into(),
                to: "hand".into(),
                filter: None,
                search: false,
            },
            Step::Draw { count: n() },
            Step::Discard {
                count: n(),
                filter: None,
            },
            Step::Damage { amount: n() },
            Step::Prevent { amount: n() },
            Step::Heal { amount: n() },
            Step::Gain {
                amount: n(),
                resource: "energy".into(),
            },
            Step::Spend {
                amount: n(),
                resource: "energy".into(),
            },
            Step::Modify {
                stat: "power".into(),
                by: n(),
                target: this(),
                duration: Duration::Turn,
            },
            Step::Roll { dice: n() },
            Step::Choose { options: vec![] },
            Step::Reroll { dice: n() },
            Step::Split {
                among: n(),
                row: false,
            },
            Step::FillHand { size: n() },
            Step::Ready {
                count: n(),
                filter: None,
            },
            Step::Copy { filter: None },
            Step::Reorder {
                count: n(),
                zone: "deck".into(),
                bottom: false,
            },
            Step::IgnoreGuard,
            Step::Unguard { target: this() },
            Step::CapHits {
                max: n(),
                target: this(),
            },
            Step::IgnoreHits {
                first: n(),
                target: this(),
            },
            Step::DamageAdjacent { amount: n() },
            Step::RollAdjacent,
            Step::SwapAdjacent,
        ]
    }

    #[test]
    fn a_step_kinds_name_is_the_steps_do_in_the_data_form() {
        let steps = one_step_of_each_kind();
        let kinds: Vec<StepKind> = steps.iter().map(Step::kind).collect();
        assert_eq!(kinds, StepKind::ALL, "one step of each kind, in order");
        for step in &steps {
            let written = serde_json::to_value(step).unwrap();
            assert_eq!(written["do"], step.kind().name(), "{step:?}");
        }
    }
}
