//! The Zoids Scramble pilot's decisions in a turn (docs/pilots.md#zoids-scramble): which
//! Zoid to set, the Command to play, where a Pilot and Energy go, and the battle. Each is a
//! choice point (`Log::pick`) with every option the rules allow and the pilot's pick.

use super::*;

impl Zoids {
    /// Step 1: set the best Zoid in hand, then draw its Scouting value.
    pub(super) fn set_zoid<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let in_hand = |c: &u16| state.hand[*c as usize] > 0;
        let mut candidates = self.zoid_order.iter().copied().filter(in_hand);
        let best = candidates.next();
        let runner_up = candidates.next();
        let pick = log.pick(
            ChoiceKind::Set,
            best,
            || {
                let mut options: Vec<Option<u16>> = self
                    .zoid_order
                    .iter()
                    .copied()
                    .filter(in_hand)
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option {
                Some(zoid) => format!("Set {} in Standby", self.name(zoid)),
                None => "Set no Zoid".to_owned(),
            },
            || self.set_reason(best, runner_up),
            || self.zones(state),
            rng,
        );
        let Some(zoid) = pick else {
            if L::ENABLED && best.is_none() {
                if let Some(&kept) = self
                    .energy_combiners
                    .iter()
                    .find(|&&c| state.hand[c as usize] > 0)
                {
                    log.decide(Action::Hold, || {
                        format!("Keep {} in hand: the pilot never sets a Unison or CAS Zoid; it will be Energy", self.name(kept))
                    });
                }
            }
            return;
        };
        self.take_from_hand(state, zoid);
        if state.arena_len == state.arena.len() {
            state.arena.push(Slot::default());
        }
        let slot = &mut state.arena[state.arena_len];
        slot.zoid = zoid;
        slot.pilot = NO_PILOT;
        slot.energy.clear();
        slot.exhausted = false;
        state.arena_len += 1;
        let slot = state.arena_len - 1;
        self.fire(zoid, Trigger::Set, Some(slot), state, rng, log);
    }

    /// Why the pilot sets `best` (before `runner_up`), or nothing.
    pub(super) fn set_reason(&self, best: Option<u16>, runner_up: Option<u16>) -> String {
        let Some(zoid) = best else {
            return "no Zoid in hand the pilot sets".to_owned();
        };
        let f = self.f(zoid);
        match runner_up.map(|r| self.f(r)) {
            None => "the only Zoid in hand the pilot sets".to_owned(),
            Some(r) if r.attack_energy > f.attack_energy => {
                format!("the lowest attack energy in hand ({})", f.attack_energy)
            }
            Some(r) if r.unmanned != f.unmanned => format!(
                "attack energy {} like {}, and Unmanned: it needs no Pilot",
                f.attack_energy,
                self.name(runner_up.unwrap_or(zoid))
            ),
            Some(r) if r.scouting != f.scouting => format!(
                "attack energy {} like {}, and Scouting {} draws more",
                f.attack_energy,
                self.name(runner_up.unwrap_or(zoid)),
                f.scouting
            ),
            Some(_) => format!(
                "attack energy {}; first by name among equals",
                f.attack_energy
            ),
        }
    }

    /// Runs `card`'s effects for `trigger`; `slot` is the Arena slot of its Zoid.
    #[inline]
    pub(super) fn fire<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if self.fx.has(card, trigger) {
            let mut board = ZoidsBoard {
                p: self,
                state,
                rng,
                log,
                slot,
            };
            self.fx.fire(card, trigger, &mut board);
        }
    }

    /// Fires `trigger` for every Zoid and Pilot in the Arena, in the order set.
    pub(super) fn fire_arena<L: Log>(
        &self,
        trigger: Trigger,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if !self.fx.any(trigger) {
            return;
        }
        for i in 0..state.arena_len {
            let (zoid, pilot) = (state.arena[i].zoid, state.arena[i].pilot);
            self.fire(zoid, trigger, Some(i), state, rng, log);
            if pilot != NO_PILOT {
                self.fire(pilot, trigger, Some(i), state, rng, log);
            }
        }
    }

    /// Step 2½ (`--effects all`): play the first operation Command in hand whose effects
    /// all play.
    pub(super) fn play_command<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let in_hand = |c: &u16| state.hand[*c as usize] > 0;
        let best = self.playable_commands.iter().copied().find(in_hand);
        let pick = log.pick(
            ChoiceKind::Play,
            best,
            || {
                let mut options: Vec<Option<u16>> = self
                    .playable_commands
                    .iter()
                    .copied()
                    .filter(in_hand)
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option {
                Some(card) => format!("Play {}", self.name(card)),
                None => "Play no Command".to_owned(),
            },
            || "the first operation Command in hand whose effects the pilot plays".to_owned(),
            || self.zones(state),
            rng,
        );
        let Some(card) = pick else {
            return;
        };
        self.take_from_hand(state, card);
        self.fire(card, Trigger::Played, None, state, rng, log);
        state.scrapyard.push(card);
    }

    /// The Zoid step 3 would give Energy to: crewed first, smallest shortfall, set earliest.
    pub(super) fn energy_target(&self, state: &State) -> Option<(bool, usize, usize)> {
        let mut best: Option<(bool, usize, usize)> = None;
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            let goal = self.energy_goal(slot.zoid);
            if slot.energy.len() >= goal {
                continue;
            }
            let key = (!self.crewed(slot), goal - slot.energy.len(), i);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best
    }

    /// The card step 3 sets as Energy first among those in hand (and in `set`), with why.
    pub(super) fn energy_pick(
        &self,
        state: &State,
        set: Option<&CardSet>,
    ) -> Option<(u16, &'static str)> {
        let in_hand =
            |c: &&u16| state.hand[**c as usize] > 0 && set.is_none_or(|s| s.contains(**c));
        let named_in_arena =
            |c: &&u16| state.pilot_name_in_arena[self.deck.name_id[**c as usize] as usize];
        if let Some(&c) = self.energy_commands.iter().find(in_hand) {
            Some((c, "a Command, which the pilot never plays"))
        } else if let Some(&c) = self.energy_combiners.iter().find(in_hand) {
            Some((c, "a Unison or CAS Zoid, which the pilot never sets"))
        } else if let Some(&c) = self
            .pilots_by_name
            .iter()
            .filter(in_hand)
            .find(named_in_arena)
        {
            Some((c, "a Pilot whose name is already in the Arena"))
        } else if let Some(&c) = self.pilots_by_name.iter().find(in_hand) {
            Some((c, "a Pilot, kept back only after Commands and combiners"))
        } else {
            self.energy_zoids
                .iter()
                .find(in_hand)
                .map(|&c| (c, "the Zoid with the highest attack energy left in hand"))
        }
    }

    /// Step 2: crew the first uncrewed Zoid (lowest attack energy, then set earliest) that
    /// a Pilot in hand can pilot, with the first such Pilot by name.
    pub(super) fn set_pilot<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let mut waiting = std::mem::take(&mut state.scratch);
        waiting.clear();
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            if slot.pilot == NO_PILOT && !self.f(slot.zoid).unmanned {
                waiting.push(i as u16);
            }
        }
        waiting.sort_unstable_by_key(|&i| (self.f(state.arena[i as usize].zoid).attack_energy, i));
        let best = waiting.iter().find_map(|&i| {
            let pilot = self
                .pilots_by_name
                .iter()
                .copied()
                .find(|&p| self.fits(state, p, i as usize))?;
            Some((i as usize, pilot))
        });
        let pick = log.pick(
            ChoiceKind::Attach,
            best,
            || {
                let mut options: Vec<Option<(usize, u16)>> = Vec::new();
                for &i in &waiting {
                    options.extend(
                        self.pilots_by_name
                            .iter()
                            .filter(|&&p| self.fits(state, p, i as usize))
                            .map(|&p| Some((i as usize, p))),
                    );
                }
                options.push(None);
                options
            },
            |option| match option {
                Some((i, pilot)) => format!(
                    "Set Pilot {} on {}",
                    self.name(pilot),
                    self.name(state.arena[i].zoid)
                ),
                None => "Set no Pilot".to_owned(),
            },
            || self.pilot_reason(state, &waiting, best),
            || self.zones(state),
            rng,
        );
        let waiting_any = !waiting.is_empty();
        state.scratch = waiting;
        let Some((i, pilot)) = pick else {
            if L::ENABLED && best.is_none() {
                if let Some(&p) = self
                    .pilots_by_name
                    .iter()
                    .find(|&&p| state.hand[p as usize] > 0)
                {
                    log.decide(Action::Hold, || {
                        if waiting_any {
                            format!("Keep {}: no Zoid waiting for a Pilot is of a type a Pilot in hand can pilot (or one of that name is already in the Arena)", self.name(p))
                        } else {
                            format!("Keep {}: no Zoid in the Arena is waiting for a Pilot", self.name(p))
                        }
                    });
                }
            }
            return;
        };
        self.take_from_hand(state, pilot);
        state.arena[i].pilot = pilot;
        state.pilot_name_in_arena[self.deck.name_id[pilot as usize] as usize] = true;
        self.fire(pilot, Trigger::Set, Some(i), state, rng, log);
    }

    /// Whether Pilot `pilot`, in hand, may crew the Zoid in Arena slot `i` (its type, and
    /// no Pilot of its name already in the Arena).
    pub(super) fn fits(&self, state: &State, pilot: u16, i: usize) -> bool {
        let n = self.deck.len();
        state.hand[pilot as usize] > 0
            && self.can_pilot[pilot as usize * n + state.arena[i].zoid as usize]
            && !state.pilot_name_in_arena[self.deck.name_id[pilot as usize] as usize]
    }

    /// Why the pilot crews as it does (`waiting`: the uncrewed Zoids in its order).
    pub(super) fn pilot_reason(
        &self,
        state: &State,
        waiting: &[u16],
        best: Option<(usize, u16)>,
    ) -> String {
        let Some((i, _)) = best else {
            return if waiting.is_empty() {
                "no Zoid in the Arena is waiting for a Pilot".to_owned()
            } else {
                "no Pilot in hand can pilot a Zoid waiting for one (or one of that name is already in the Arena)".to_owned()
            };
        };
        let others = self
            .pilots_by_name
            .iter()
            .filter(|&&p| self.fits(state, p, i))
            .count()
            - 1;
        let zoid_why = match (waiting.len(), waiting.first() == Some(&(i as u16))) {
            (1, _) => "the only Zoid waiting for a Pilot",
            (_, true) => "the Zoid waiting for a Pilot with the lowest attack energy",
            (_, false) => "the first Zoid waiting for a Pilot that a Pilot in hand can pilot",
        };
        if others > 0 {
            format!(
                "{zoid_why}; first by name of {} Pilots that fit",
                others + 1
            )
        } else {
            zoid_why.to_owned()
        }
    }

    /// Step 3: one card from hand as Energy on the Zoid that needs it most.
    pub(super) fn set_energy<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        if state.hand_len == 0 || state.arena_len == 0 {
            return;
        }
        let target = self.energy_target(state);
        let best = target.and_then(|(_, _, i)| Some((self.energy_pick(state, None)?.0, i)));
        let pick = log.pick(
            ChoiceKind::Attach,
            best,
            || {
                let mut options: Vec<Option<(u16, usize)>> = Vec::new();
                for card in (0..self.deck.len() as u16).filter(|&c| state.hand[c as usize] > 0) {
                    options.extend((0..state.arena_len).map(|i| Some((card, i))));
                }
                options.push(None);
                options
            },
            |option| match option {
                Some((card, i)) => format!(
                    "Set {} as Energy on {}",
                    self.name(card),
                    self.name(state.arena[i].zoid)
                ),
                None => "Set no Energy".to_owned(),
            },
            || self.energy_reason(state, target),
            || self.zones(state),
            rng,
        );
        let Some((card, i)) = pick else {
            return;
        };
        self.take_from_hand(state, card);
        state.arena[i].energy.push(card);
    }

    /// Why the pilot sets its Energy card where it does (`target` from
    /// [`Zoids::energy_target`]).
    pub(super) fn energy_reason(
        &self,
        state: &State,
        target: Option<(bool, usize, usize)>,
    ) -> String {
        let Some((uncrewed, shortfall, i)) = target else {
            return "every Zoid in the Arena has the Energy it attacks with".to_owned();
        };
        let Some((card, why)) = self.energy_pick(state, None) else {
            return "no card in hand".to_owned();
        };
        let zoid = state.arena[i].zoid;
        let crew = if uncrewed { "" } else { "is crewed and " };
        let ho = if self.f(zoid).high_output {
            " (High Output wants one spare)"
        } else {
            ""
        };
        format!(
            "{} {crew}needs {shortfall} more Energy{ho}; {} is {why}",
            self.name(zoid),
            self.name(card)
        )
    }

    /// Step 5: every ready, crewed Zoid with enough Energy attacks, in the order set.
    pub(super) fn battle<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
    ) -> Option<Outcome> {
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            let f = self.f(slot.zoid);
            let ready = !slot.exhausted;
            let crewed = self.crewed(slot);
            let fueled = slot.energy.len() >= usize::from(f.attack_energy);
            if !(ready && crewed && fueled) {
                if L::ENABLED && ready {
                    let zoid = slot.zoid;
                    let missing = usize::from(f.attack_energy)
                        - slot.energy.len().min(usize::from(f.attack_energy));
                    log.decide(Action::Hold, || match crewed {
                        false => format!("{} cannot attack: it has no Pilot", self.name(zoid)),
                        true => format!(
                            "{} cannot attack: it needs {missing} more Energy",
                            self.name(zoid)
                        ),
                    });
                }
                continue;
            }
            let slot = &mut state.arena[i];
            slot.exhausted = true;
            state.opponent_base -= 1;
            if state.first_attack == 0 {
                state.first_attack = turn;
            }
            let (zoid, pilot, left) = (slot.zoid, slot.pilot, state.opponent_base);
            state.attack_note.clear();
            self.fire(zoid, Trigger::Attacks, Some(i), state, rng, log);
            if pilot != NO_PILOT {
                self.fire(pilot, Trigger::Attacks, Some(i), state, rng, log);
            } else {
                // Only an Unmanned Zoid attacks with no Pilot: its keyword, which the
                // procedure plays itself, did something (the report's `fired_per_game`).
                state.fired.tick(zoid, Trigger::Attacks);
            }
            let note = &state.attack_note;
            log.decide(Action::Attack, || {
                format!(
                    "{} attacks the base: one base Energy breaks ({left} left){note}",
                    self.name(zoid)
                )
            });
            if state.opponent_base == 0 {
                log.decide(Action::End, || {
                    "The opponent's base has no Energy left: you win".to_owned()
                });
                return Some(Outcome::Win);
            }
        }
        None
    }
}
