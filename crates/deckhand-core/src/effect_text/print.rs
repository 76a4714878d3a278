//! Printing: the canonical written form of effects, their steps and amounts.

use std::fmt::{self, Write as _};

use super::phrases::{CARD_TRIGGER_PHRASES, DURATIONS, TRIGGER_PHRASES};
use super::EFFECT_SEPARATOR;
use crate::effect::{Amount, Effect, Filter, HpCheck, PerCount, Step, Target, Trigger};

/// The written form of `effects`, joined by [`EFFECT_SEPARATOR`]; empty for none.
pub fn print_effects(effects: &[Effect]) -> String {
    let mut out = String::new();
    for (i, effect) in effects.iter().enumerate() {
        if i > 0 {
            out.push_str(EFFECT_SEPARATOR);
        }
        let _ = write!(out, "{effect}");
    }
    out
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.trigger {
            Trigger::Activated => {
                f.write_str("activate (")?;
                write_steps(f, &self.cost)?;
                f.write_str(")")?;
            }
            trigger => f.write_str(trigger_phrase(trigger))?,
        }
        write_filter_after_space(f, self.card.as_ref())?;
        if let Some(requirement) = &self.requirement {
            f.write_str(" if ")?;
            if requirement.negated && requirement.at_least != 1 {
                write!(f, "fewer than {} ", requirement.at_least)?;
            } else if requirement.negated {
                f.write_str("no ")?;
            } else if requirement.at_least != 1 {
                write!(f, "{}+ ", requirement.at_least)?;
            }
            if requirement.distinct {
                f.write_str("distinct ")?;
            }
            write_filter_then_space(f, requirement.filter.as_ref())?;
            write!(f, "in {}", requirement.zone)?;
        }
        if let Some(hp) = &self.hp {
            f.write_str(if self.requirement.is_some() {
                " and "
            } else {
                " if "
            })?;
            write_hp(f, hp)?;
        }
        f.write_str(": ")?;
        if self.optional {
            f.write_str("may ")?;
        }
        write_steps(f, &self.steps)
    }
}

fn trigger_phrase(trigger: Trigger) -> &'static str {
    TRIGGER_PHRASES
        .iter()
        .chain(&CARD_TRIGGER_PHRASES)
        .find(|(t, _)| *t == trigger)
        .map_or("activate", |(_, phrase)| phrase)
}

fn write_steps(f: &mut fmt::Formatter<'_>, steps: &[Step]) -> fmt::Result {
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{step}")?;
    }
    Ok(())
}

fn write_filter_then_space(f: &mut fmt::Formatter<'_>, filter: Option<&Filter>) -> fmt::Result {
    match filter {
        Some(filter) => write!(f, "[{}] ", filter.0),
        None => Ok(()),
    }
}

fn write_filter_after_space(f: &mut fmt::Formatter<'_>, filter: Option<&Filter>) -> fmt::Result {
    match filter {
        Some(filter) => write!(f, " [{}]", filter.0),
        None => Ok(()),
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Fixed(n) => write!(f, "{n}"),
            Amount::Per(per) => {
                write!(f, "{} per ", per.each)?;
                if per.distinct {
                    f.write_str("distinct ")?;
                }
                write_filter_then_space(f, per.filter.as_ref())?;
                write!(f, "in {}", per.zone)?;
                if let Some(max) = per.max {
                    write!(f, " max {max}")?;
                }
                Ok(())
            }
        }
    }
}

/// `+2`, `-1`, `+1 per [kw:ally] in arena`: the sign, then the amount without it.
fn write_signed(f: &mut fmt::Formatter<'_>, amount: &Amount) -> fmt::Result {
    let negative = match amount {
        Amount::Fixed(n) => *n < 0,
        Amount::Per(per) => per.each < 0,
    };
    f.write_str(if negative { "-" } else { "+" })?;
    match amount {
        Amount::Fixed(n) => write!(f, "{}", n.unsigned_abs()),
        Amount::Per(per) => write!(
            f,
            "{}",
            Amount::Per(PerCount {
                each: per.each.saturating_abs(),
                ..per.clone()
            })
        ),
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Draw { count } => write!(f, "draw {count}"),
            Step::Discard { count, filter } => {
                write!(f, "discard {count}")?;
                write_filter_after_space(f, filter.as_ref())
            }
            Step::Move {
                count,
                from,
                to,
                filter,
                search,
            } => {
                write!(f, "{} {count}", if *search { "search" } else { "move" })?;
                write_filter_after_space(f, filter.as_ref())?;
                write!(f, " from {from} to {to}")
            }
            Step::Damage { amount } => write!(f, "deal {amount} damage"),
            Step::Prevent { amount } => write!(f, "prevent {amount} damage"),
            Step::Heal { amount } => write!(f, "heal {amount}"),
            Step::Gain { amount, resource } => write!(f, "gain {amount} {resource}"),
            Step::Spend { amount, resource } => write!(f, "spend {amount} {resource}"),
            Step::Modify {
                stat,
                by,
                target,
                duration,
            } => {
                match target {
                    Target::This => f.write_str("this")?,
                    Target::Others { filter } => {
                        f.write_str("others")?;
                        write_filter_after_space(f, filter.as_ref())?;
                    }
                    Target::Each { filter } => {
                        f.write_str("each")?;
                        write_filter_after_space(f, filter.as_ref())?;
                    }
                    Target::One { filter } => {
                        f.write_str("one")?;
                        write_filter_after_space(f, filter.as_ref())?;
                    }
                }
                f.write_str(" ")?;
                write_signed(f, by)?;
                let duration = DURATIONS
                    .iter()
                    .find(|(d, _)| d == duration)
                    .map_or("", |(_, phrase)| phrase);
                write!(f, " {stat} {duration}")
            }
            Step::Roll { dice } => write!(f, "roll {dice}"),
            Step::Ready { count, filter } => {
                write!(f, "ready {count}")?;
                write_filter_after_space(f, filter.as_ref())
            }
            Step::Copy { filter } => {
                f.write_str("copy")?;
                write_filter_after_space(f, filter.as_ref())
            }
            Step::Choose { options } => {
                f.write_str("choose ")?;
                for (i, option) in options.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" or ")?;
                    }
                    f.write_str("(")?;
                    write_steps(f, option)?;
                    f.write_str(")")?;
                }
                Ok(())
            }
            Step::Reroll { dice } => write!(f, "reroll {dice}"),
            Step::Split { among, row } => {
                write!(f, "split hits among {among}")?;
                if *row {
                    f.write_str(" in one row")?;
                }
                Ok(())
            }
            Step::FillHand { size } => write!(f, "fill hand to {size}"),
            Step::Reorder {
                count,
                zone,
                bottom,
            } => {
                write!(f, "reorder top {count} of {zone}")?;
                if *bottom {
                    f.write_str(" to bottom")?;
                }
                Ok(())
            }
            Step::IgnoreGuard => f.write_str("ignore guard"),
            Step::Unguard { target } => {
                f.write_str("unguard ")?;
                write_target(f, target)
            }
            Step::CapHits { max, target } => {
                write!(f, "cap hits at {max} on ")?;
                write_target(f, target)
            }
            Step::IgnoreHits { first, target } => {
                write!(f, "ignore first {first} hits on ")?;
                write_target(f, target)
            }
            Step::DamageAdjacent { amount } => {
                write!(f, "deal {amount} damage to an adjacent card")
            }
            Step::RollAdjacent => f.write_str("roll dice at an adjacent card"),
            Step::SwapAdjacent => f.write_str("swap two adjacent unresolved cards"),
        }
    }
}

// Guard, adjacency, hit rules and reordering (Heroes of the Grid, issue 19).
/// `this`, `others [f]`, `each [f]`, `one [f]`: as a stat change names its cards.
fn write_target(f: &mut fmt::Formatter<'_>, target: &Target) -> fmt::Result {
    let (word, filter) = match target {
        Target::This => return f.write_str("this"),
        Target::Others { filter } => ("others", filter),
        Target::Each { filter } => ("each", filter),
        Target::One { filter } => ("one", filter),
    };
    f.write_str(word)?;
    write_filter_after_space(f, filter.as_ref())
}

fn write_hp(f: &mut fmt::Formatter<'_>, hp: &HpCheck) -> fmt::Result {
    match hp {
        HpCheck::AtMost(n) => write!(f, "hp <= {n}"),
        HpCheck::BelowOpponent => f.write_str("hp < opponent"),
    }
}
