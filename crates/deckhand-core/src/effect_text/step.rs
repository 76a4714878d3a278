//! The steps: each verb's words, the Heroes of the Grid steps and a stat change's target.

use super::parser::{Parsed, Parser};
use super::phrases::DURATIONS;
use crate::effect::{Filter, Step, Target, MAX_CHOICE_NESTING};

impl Parser<'_> {
    pub(super) fn steps(&mut self) -> Parsed<Vec<Step>> {
        let mut steps = vec![self.step()?];
        while self.eat(", ") {
            steps.push(self.step()?);
        }
        Ok(steps)
    }

    pub(super) fn step(&mut self) -> Parsed<Step> {
        if self.eat("draw ") {
            return Ok(Step::Draw {
                count: self.amount()?,
            });
        }
        if self.eat("discard ") {
            let count = self.amount()?;
            let filter = self.space_then_filter()?;
            return Ok(Step::Discard { count, filter });
        }
        let search = self.looking_at("search ");
        if self.eat("move ") || self.eat("search ") {
            let count = self.amount()?;
            let filter = self.space_then_filter()?;
            self.expect(" from ")?;
            let from = self.zone()?;
            self.expect(" to ")?;
            let to = self.zone()?;
            return Ok(Step::Move {
                count,
                from,
                to,
                filter,
                search,
            });
        }
        if self.eat("deal ") {
            let amount = self.amount()?;
            self.expect(" damage")?;
            if self.eat(" to an adjacent card") {
                return Ok(Step::DamageAdjacent { amount });
            }
            return Ok(Step::Damage { amount });
        }
        if let Some(step) = self.hotg_step()? {
            return Ok(step);
        }
        if self.eat("prevent ") {
            let amount = self.amount()?;
            self.expect(" damage")?;
            return Ok(Step::Prevent { amount });
        }
        if self.eat("heal ") {
            return Ok(Step::Heal {
                amount: self.amount()?,
            });
        }
        if self.eat("gain ") {
            let amount = self.amount()?;
            self.expect(" ")?;
            let resource = self.resource()?;
            return Ok(Step::Gain { amount, resource });
        }
        if self.eat("spend ") {
            let amount = self.amount()?;
            self.expect(" ")?;
            let resource = self.resource()?;
            return Ok(Step::Spend { amount, resource });
        }
        if self.eat("reroll ") {
            return Ok(Step::Reroll {
                dice: self.amount()?,
            });
        }
        if self.eat("split hits among ") {
            let among = self.amount()?;
            let row = self.eat(" in one row");
            return Ok(Step::Split { among, row });
        }
        if self.eat("roll ") {
            return Ok(Step::Roll {
                dice: self.amount()?,
            });
        }
        if self.eat("ready ") {
            let count = self.amount()?;
            let filter = self.space_then_filter()?;
            return Ok(Step::Ready { count, filter });
        }
        if self.looking_at("copy")
            && !self
                .chars
                .get(self.pos + 4)
                .is_some_and(|c| c.is_alphanumeric())
        {
            self.pos += 4;
            let filter = self.space_then_filter()?;
            return Ok(Step::Copy { filter });
        }
        let choice_at = self.pos;
        if self.eat("choose (") {
            // Bounded before recursing: deep nesting would overflow the stack here, and
            // what is stored must read back from its JSON (`MAX_CHOICE_NESTING`).
            if self.choice_depth >= MAX_CHOICE_NESTING {
                return Err(self.error_at(
                    choice_at,
                    &format!("choices nest at most {MAX_CHOICE_NESTING} deep"),
                ));
            }
            self.choice_depth += 1;
            let mut options = vec![self.steps()?];
            self.expect(")")?;
            while self.eat(" or (") {
                options.push(self.steps()?);
                self.expect(")")?;
            }
            self.choice_depth -= 1;
            return Ok(Step::Choose { options });
        }
        if self.eat("fill hand to ") {
            return Ok(Step::FillHand {
                size: self.amount()?,
            });
        }
        let target = if self.eat("this") {
            Some(Target::This)
        } else if self.eat("others") {
            Some(Target::Others {
                filter: self.space_then_filter()?,
            })
        } else if self.eat("each") {
            Some(Target::Each {
                filter: self.space_then_filter()?,
            })
        } else if self.eat("one") {
            Some(Target::One {
                filter: self.space_then_filter()?,
            })
        } else {
            None
        };
        let Some(target) = target else {
            return Err(self.error(
                "expected a step (draw, discard, move, search, deal, prevent, heal, gain, spend, \
                 roll, choose, reroll, split hits among, fill hand to, ready, copy, \
                 reorder top, ignore guard, unguard, cap hits at, ignore first, \
                 roll dice at an adjacent card, swap two adjacent unresolved cards, \
                 or this/others/each/one and a stat change)",
            ));
        };
        self.expect(" ")?;
        let by = self.signed_amount()?;
        self.expect(" ")?;
        let stat = self.stat()?;
        self.expect(" ")?;
        let duration = DURATIONS
            .iter()
            .find(|(_, phrase)| self.looking_at(phrase))
            .map(|(duration, phrase)| (*duration, phrase.len()));
        let Some((duration, len)) = duration else {
            return Err(self.error(
                "expected a duration (until end of battle, until end of turn, permanently, \
                 while in play, until next attack)",
            ));
        };
        self.pos += len;
        Ok(Step::Modify {
            stat,
            by,
            target,
            duration,
        })
    }

    /// The steps of Guard, hit rules and reordering; `None` when none starts here.
    pub(super) fn hotg_step(&mut self) -> Parsed<Option<Step>> {
        if self.eat("reorder top ") {
            let count = self.amount()?;
            self.expect(" of ")?;
            let zone = self.zone()?;
            let bottom = self.eat(" to bottom");
            return Ok(Some(Step::Reorder {
                count,
                zone,
                bottom,
            }));
        }
        if self.eat("roll dice at an adjacent card") {
            return Ok(Some(Step::RollAdjacent));
        }
        if self.eat("swap two adjacent unresolved cards") {
            return Ok(Some(Step::SwapAdjacent));
        }
        if self.eat("ignore guard") {
            return Ok(Some(Step::IgnoreGuard));
        }
        if self.eat("unguard ") {
            let target = self.target()?;
            return Ok(Some(Step::Unguard { target }));
        }
        if self.eat("cap hits at ") {
            let max = self.amount()?;
            self.expect(" on ")?;
            let target = self.target()?;
            return Ok(Some(Step::CapHits { max, target }));
        }
        if self.eat("ignore first ") {
            let first = self.amount()?;
            self.expect(" hits on ")?;
            let target = self.target()?;
            return Ok(Some(Step::IgnoreHits { first, target }));
        }
        Ok(None)
    }

    /// `this`, `others [f]`, `each [f]` or `one [f]`.
    pub(super) fn target(&mut self) -> Parsed<Target> {
        if self.eat("this") {
            return Ok(Target::This);
        }
        let make: fn(Option<Filter>) -> Target = if self.eat("others") {
            |filter| Target::Others { filter }
        } else if self.eat("each") {
            |filter| Target::Each { filter }
        } else if self.eat("one") {
            |filter| Target::One { filter }
        } else {
            return Err(self.error("expected this, others, each or one"));
        };
        Ok(make(self.space_then_filter()?))
    }
}
