//! The effects of a card, assembled from its sentences: a sentence continues the effect
//! before it, replaces it ("instead"), adds to an optional one ("if you do") or starts its
//! own; each is checked against the game at the end.

use super::conditions::Condition;
use super::sentence::SentenceRead;
use super::words::Head;
use super::{EffectReading, ReadingState, UnreadSentence};
use crate::effect::{Effect, Step, Trigger};
use crate::Game;

/// One effect being assembled, with the sentences it came from.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    effect: Effect,
    sentences: Vec<String>,
    /// Read from a sentence with a condition of its own ("If …, …").
    conditional: bool,
}

/// The effects being assembled from a card's sentences.
pub(super) struct Reading {
    pub pending: Vec<Pending>,
    pub unread: Vec<UnreadSentence>,
    pub no_effect: Vec<UnreadSentence>,
}

impl Reading {
    /// Adds a sentence's effects: joined to the effect before when they continue it.
    pub fn add(&mut self, read: SentenceRead, text: &str) -> Result<(), String> {
        let SentenceRead {
            head,
            condition,
            instead,
            if_you_do,
            mandatory,
            optional,
            permissions,
            statics,
            ..
        } = read;
        let mut head = head;
        if let Some(condition) = &condition {
            apply_condition(&mut head, condition)?;
        }
        let new = |head: Head, steps: Vec<Step>, optional: bool| Pending {
            effect: {
                let mut effect = head.into_effect(steps);
                effect.optional |= optional;
                effect
            },
            sentences: vec![text.to_owned()],
            conditional: condition.is_some(),
        };
        if if_you_do {
            let Some(last) = self.pending.last_mut().filter(|p| p.effect.optional) else {
                return Err("'if you do' follows no optional effect".into());
            };
            last.effect.steps.extend(mandatory);
            last.effect.steps.extend(optional);
            last.sentences.push(text.to_owned());
            return Ok(());
        }
        if instead {
            let Some(condition) = &condition else {
                return Err("'instead' with no condition to replace the effect before".into());
            };
            let negated = condition
                .negated()
                .ok_or("'instead' on an HP condition, which the written form cannot negate")?;
            let Some(last) = self
                .pending
                .iter_mut()
                .rev()
                .find(|p| p.effect.trigger == head.trigger && p.effect.requirement.is_none())
            else {
                return Err("'instead' follows no effect of the same moment".into());
            };
            let mut replaced = Head::of(last.effect.trigger);
            apply_condition(&mut replaced, &negated)?;
            last.effect.requirement = replaced.requirement;
            last.sentences.push(text.to_owned());
        }
        let activated = head.trigger == Trigger::Activated;
        if !mandatory.is_empty() || (!optional.is_empty() && activated) {
            let continues = self.pending.last_mut().filter(|last| {
                !last.conditional
                    && condition.is_none()
                    && !instead
                    && !last.effect.optional
                    && same_head(&last.effect, &head)
            });
            match continues {
                Some(last) => {
                    if activated && !optional.is_empty() {
                        // "Gain 2 Shards. You may destroy a Starter card": with or without.
                        let without = [last.effect.steps.clone(), mandatory.clone()].concat();
                        let with = [without.clone(), optional.clone()].concat();
                        last.effect.steps = vec![Step::Choose {
                            options: vec![with, without],
                        }];
                    } else {
                        last.effect.steps.extend(mandatory);
                    }
                    last.sentences.push(text.to_owned());
                }
                None if activated && !optional.is_empty() && !mandatory.is_empty() => {
                    let with = [mandatory.clone(), optional.clone()].concat();
                    self.pending.push(new(
                        head.clone(),
                        vec![Step::Choose {
                            options: vec![with, mandatory],
                        }],
                        false,
                    ));
                }
                None if mandatory.is_empty() => {
                    self.pending.push(new(head.clone(), optional.clone(), true));
                }
                None => self.pending.push(new(head.clone(), mandatory, false)),
            }
            if activated {
                return self.add_rest(&head, permissions, statics, text);
            }
        }
        if !optional.is_empty() && !activated {
            self.pending.push(new(head.clone(), optional, true));
        }
        self.add_rest(&head, permissions, statics, text)
    }

    fn add_rest(
        &mut self,
        head: &Head,
        permissions: Vec<Step>,
        statics: Vec<Step>,
        text: &str,
    ) -> Result<(), String> {
        for step in permissions {
            let mut effect = head.clone().into_effect(vec![step]);
            effect.optional = false;
            self.pending.push(Pending {
                effect,
                sentences: vec![text.to_owned()],
                conditional: true,
            });
        }
        if !statics.is_empty() {
            let mut head = Head::of(Trigger::Static);
            head.requirement = None;
            self.pending.push(Pending {
                effect: head.into_effect(statics),
                sentences: vec![text.to_owned()],
                conditional: true,
            });
        }
        Ok(())
    }

    /// Whether the effect read last searches a zone (and so shuffles it).
    pub fn searched(&self) -> bool {
        self.pending.last().is_some_and(|p| {
            p.effect
                .steps
                .iter()
                .any(|s| matches!(s, Step::Move { search: true, .. }))
        })
    }

    /// Checks every effect against the game; one that fails is unread with its reason.
    pub fn finish(mut self, game: &Game) -> EffectReading {
        let mut effects = Vec::new();
        // One check for all; one by one only when something fails, to name its sentences.
        let all: Vec<Effect> = self.pending.iter().map(|p| p.effect.clone()).collect();
        if crate::effect_check::check_card_effects(game, &all, None).is_ok() {
            self.pending.clear();
            effects = all;
        }
        for pending in self.pending {
            match crate::effect_check::check_card_effects(
                game,
                std::slice::from_ref(&pending.effect),
                None,
            ) {
                Ok(()) => effects.push(pending.effect),
                Err((_, message)) => {
                    for text in pending.sentences {
                        self.unread.push(UnreadSentence {
                            text,
                            reason: format!(
                                "the effect it reads as does not fit {}: {message}",
                                game.name
                            ),
                        });
                    }
                }
            }
        }
        let state = match (effects.is_empty(), self.unread.is_empty()) {
            (_, true) => ReadingState::Read,
            (false, false) => ReadingState::Partial,
            (true, false) => ReadingState::NotRead,
        };
        EffectReading::new(effects, self.unread, self.no_effect, state)
    }
}

fn same_head(effect: &Effect, head: &Head) -> bool {
    effect.trigger == head.trigger
        && effect.cost == head.cost
        && effect.requirement == head.requirement
        && effect.hp == head.hp
        && effect.card == head.card
}

/// Puts a sentence's condition on its head: a requirement where it has none, an HP check
/// where it has none.
pub(super) fn apply_condition(head: &mut Head, condition: &Condition) -> Result<(), String> {
    match condition {
        Condition::Requirement(r) if head.requirement.is_none() => {
            head.requirement = Some(r.clone());
            Ok(())
        }
        Condition::Hp(hp) if head.hp.is_none() => {
            head.hp = Some(*hp);
            Ok(())
        }
        _ => Err("two conditions on one effect, which the written form cannot say".into()),
    }
}
