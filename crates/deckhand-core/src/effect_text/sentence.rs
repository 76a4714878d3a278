//! The sentence around the steps: the trigger, its requirement and hp check, `may`.

use super::parser::{Parsed, Parser};
use super::phrases::{CARD_TRIGGER_PHRASES, TRIGGER_PHRASES};
use crate::effect::{Effect, HpCheck, Requirement, Step, Trigger};

impl Parser<'_> {
    pub(super) fn effect(&mut self) -> Parsed<Effect> {
        let (trigger, cost) = self.trigger()?;
        let card = if trigger.on_another_card() {
            self.space_then_filter()?
        } else {
            None
        };
        let (mut requirement, mut hp) = (None, None);
        if self.eat(" if ") {
            if self.looking_at("hp ") {
                hp = Some(self.hp()?);
            } else {
                requirement = Some(self.requirement()?);
                if self.eat(" and ") {
                    hp = Some(self.hp()?);
                }
            }
        }
        if !self.eat(": ") {
            return Err(self.error(if requirement.is_none() && hp.is_none() {
                "expected \": \" (or \" if \" and a requirement) after the trigger"
            } else {
                "expected \": \" after the requirement"
            }));
        }
        let optional = self.eat("may ");
        let steps = self.steps()?;
        Ok(Effect {
            trigger,
            requirement,
            optional,
            cost,
            steps,
            card,
            hp,
        })
    }

    pub(super) fn trigger(&mut self) -> Parsed<(Trigger, Vec<Step>)> {
        if self.eat("activate (") {
            let cost = if self.looking_at(")") {
                Vec::new()
            } else {
                self.steps()?
            };
            self.expect(")")?;
            return Ok((Trigger::Activated, cost));
        }
        for (trigger, phrase) in TRIGGER_PHRASES.into_iter().chain(CARD_TRIGGER_PHRASES) {
            if self.looking_at(phrase)
                && !self
                    .chars
                    .get(self.pos + phrase.len())
                    .is_some_and(|c| c.is_alphanumeric())
            {
                self.pos += phrase.len();
                return Ok((trigger, Vec::new()));
            }
        }
        Err(self.error(
            "expected a trigger (when played, when set, when summoned, when attacks, when blocks, \
             when battling, when wins battle, when loses battle, when revealed, when destroyed, \
             at turn start, at turn end, while in play, after attack, activate (cost), \
             when you play, when you attach, when you destroy, when you buy)",
        ))
    }

    pub(super) fn requirement(&mut self) -> Parsed<Requirement> {
        let mut at_least = 1;
        let mut negated = false;
        if self.eat("no ") {
            negated = true;
        } else if self.eat("fewer than ") {
            let start = self.pos;
            let n = self.integer()?;
            at_least =
                u32::try_from(n).map_err(|_| self.error_at(start, "expected a count from 0 up"))?;
            negated = true;
            self.expect(" ")?;
        } else if self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
            let start = self.pos;
            let n = self.integer()?;
            at_least =
                u32::try_from(n).map_err(|_| self.error_at(start, "expected a count from 0 up"))?;
            self.expect("+ ")?;
        }
        let distinct = self.eat("distinct ");
        let filter = self.filter_then_space()?;
        self.expect("in ")?;
        let zone = self.zone()?;
        Ok(Requirement {
            filter,
            zone,
            at_least,
            negated,
            distinct,
        })
    }

    /// `hp <= N` or `hp < opponent`.
    pub(super) fn hp(&mut self) -> Parsed<HpCheck> {
        self.expect("hp ")?;
        if self.eat("<= ") {
            return Ok(HpCheck::AtMost(self.integer()?));
        }
        if self.eat("< opponent") {
            return Ok(HpCheck::BelowOpponent);
        }
        Err(self.error("expected \"<= \" and a number, or \"< opponent\""))
    }
}
