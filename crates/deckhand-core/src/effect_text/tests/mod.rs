//! The written form's tests by family: the written examples and mistakes (`examples`),
//! `parse(print(e)) == e` over generated effects (`generated`), triggers on another card's
//! event and hp checks (`card_triggers`) and the nesting limit of choices (`choices`).

use super::*;
use crate::effect::{
    Amount, Duration, Effect, HpCheck, PerCount, Requirement, Step, Target, Trigger,
};
use crate::effect::{Filter, MAX_CHOICE_NESTING};
use crate::Games;

mod card_triggers;
mod choices;
mod examples;
mod generated;

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Zoid"
stats = ["power", "cost"]
[stats.power]
label = "Power"
kind = "number"
[stats.cost]
label = "Cost"
kind = "number"
[[sections]]
id = "main"
name = "Main"
[effects]
triggers = ["played", "set", "attacks", "static", "activated", "loses_battle"]
zones = ["deck", "hand", "discard", "arena", "energy"]
resources = ["energy"]
"#;

fn words() -> EffectWords {
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    EffectWords::for_game(games.get("tiny").unwrap())
}

fn fixed(n: i64) -> Amount {
    Amount::Fixed(n)
}

fn effect(trigger: Trigger, steps: Vec<Step>) -> Effect {
    Effect {
        trigger,
        requirement: None,
        optional: false,
        cost: Vec::new(),
        steps,
        card: None,
        hp: None,
    }
}
