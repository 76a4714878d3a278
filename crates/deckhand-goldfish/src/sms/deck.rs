//! A Showdown deck prepared for the goldfish (`Sms::new`): each card's features, the side,
//! the library and the starting Table, the compiled effects and their coverage, the order the
//! pilot puts Main cards down and discards, what the deck tells of its effects before any
//! game (`pace.rs`, `exact.rs`, `tail.rs`, `quick.rs`, `cycle.rs`), and the opening state
//! every game is copied from (docs/pilots.md#saturday-morning-showdown).

use super::*;

impl Sms {
    pub(crate) fn new(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<Sms, GoldfishError> {
        let cards = DeckCards::from_deck(deck, &["characters", "main"])?;
        let mut features: Vec<Features> = cards
            .cards
            .iter()
            .map(|card| {
                let is = |s: &str| card.subtypes.iter().any(|t| fold_name(t) == s);
                let kind = match type_key(card).as_str() {
                    "hero" | "villain" => Kind::Character,
                    "leader" => Kind::Leader,
                    "super" => Kind::Super,
                    "ally" => Kind::Ally,
                    "mook" => Kind::Mook,
                    "attachment" if is("equipment") => Kind::Equipment,
                    "attachment" if is("vehicle") => Kind::Vehicle,
                    _ => Kind::Other,
                };
                Features {
                    kind,
                    power: small_stat(card, "power"),
                    ship: is("ship"),
                    event: type_key(card) == "event",
                    caps: Caps::of(kind),
                }
            })
            .collect();
        let index = |id: &str| cards.cards.iter().position(|c| c.id == id).unwrap_or(0) as u16;
        let mut library_order = Vec::new();
        let mut table_start = Vec::new();
        for entry in deck
            .entries
            .iter()
            .filter(|e| e.section == "characters" || e.section == "main")
        {
            let card = index(&entry.card.id);
            let copies = entry.count as usize;
            match features[card as usize].kind {
                Kind::Character | Kind::Leader => {
                    table_start.extend(std::iter::repeat_n(card, copies))
                }
                _ => library_order.extend(std::iter::repeat_n(card, copies)),
            }
        }
        let villain_character = table_start
            .iter()
            .any(|&c| type_key(&cards.cards[c as usize]) == "villain");
        let side = setup.side.or(deck.side).unwrap_or(if villain_character {
            Side::Villain
        } else {
            Side::Hero
        });
        let mut mains: Vec<u16> = (0..cards.len() as u16)
            .filter(|&c| match features[c as usize].kind {
                Kind::Ally | Kind::Super | Kind::Equipment | Kind::Vehicle => true,
                Kind::Mook => side == Side::Villain,
                _ => false,
            })
            .collect();
        mains.sort_by_key(|&c| {
            (
                u8::MAX - features[c as usize].power,
                cards.name_rank[c as usize],
            )
        });
        // Keywords in Showdown are requirements and identity (rulebook, "Keywords and
        // Classes"), never effects: the pilot does not check them, so they are left out of
        // what the coverage counts (docs/pilots.md#showdown-not-modelled).
        let plain: Vec<Card> = cards
            .cards
            .iter()
            .map(|c| Card {
                keywords: Vec::new(),
                ..c.clone()
            })
            .collect();
        let plays = match setup.effects {
            EffectsMode::All => &PLAYS,
            EffectsMode::Keywords => &PLAYS_KEYWORDS,
        };
        // Filters match the cards as they are (`kw:"doom lab"`); the coverage counts them
        // without their keywords.
        let (fx, _) = effects::build(game, &cards.cards, setup.effects, plays);
        let (_, coverage) = effects::build(game, &plain, setup.effects, plays);
        for (c, f) in features.iter_mut().enumerate() {
            f.caps = moments::caps(&fx, c as u16, f.caps);
        }
        let not_simulated = coverage.left_out();
        let n = cards.len();
        let by_name = |keep: &dyn Fn(u16) -> bool| {
            let mut list: Vec<u16> = (0..n as u16).filter(|&c| keep(c)).collect();
            list.sort_by_key(|&c| cards.name_rank[c as usize]);
            list
        };
        let is_type = |c: u16, t: &str| type_key(&cards.cards[c as usize]) == t;
        let missions = by_name(&|c| is_type(c, "mission") && fx.has(c, Trigger::Played));
        let hand_abilities = by_name(&|c| {
            fx.has(c, Trigger::Activated)
                && !matches!(features[c as usize].kind, Kind::Character | Kind::Leader)
        });
        let mut take_rank = vec![u16::MAX; n];
        for (rank, &c) in mains.iter().enumerate() {
            take_rank[c as usize] = rank as u16;
        }
        for (rank, name_rank) in take_rank.iter_mut().zip(&cards.name_rank) {
            if *rank == u16::MAX {
                *rank = mains.len() as u16 + name_rank;
            }
        }
        let dead: Vec<bool> = (0..n as u16)
            .map(|c| {
                !mains.contains(&c)
                    && !missions.contains(&c)
                    && !hand_abilities.contains(&c)
                    && !matches!(features[c as usize].kind, Kind::Character | Kind::Leader)
            })
            .collect();
        let mut discard_order = by_name(&|c| dead[c as usize]);
        discard_order.extend(by_name(&|c| {
            !dead[c as usize] && !mains.contains(&c) && !table_start.contains(&c)
        }));
        discard_order.extend(mains.iter().rev());
        let one_filters = moments::one_filters(&fx, n);
        let ability_class = pace::ability_classes(&fx, n);
        let pace = pace::Pace::new(&fx, &ability_class);
        let exact = exact::exact_gains(&fx, n, &one_filters);
        let tail = tail::Tail::new(&fx, n);
        let static_blind = moments::statics_blind(&fx, n);
        let quick = quick::quick_employs(&fx, n);
        let discard_filter = quick.iter().find_map(|q| match q {
            Some(quick::Quick::FromDiscard(f)) => Some(*f),
            _ => None,
        });
        let discard_hit = (0..n as u16)
            .map(|c| discard_filter.is_some_and(|f| f.is_none_or(|f| fx.set(f).contains(c))))
            .collect();
        let quick_static = quick::quick_statics(&fx, n);
        let lapsing = moments::lapsing(&fx, n);
        let cycle = cycle::cycles(&fx, n);
        let lone_weighed = (0..n as u16)
            .map(|c| {
                fx.of(c)
                    .iter()
                    .all(|e| e.trigger != Trigger::Activated || e.weighed())
            })
            .collect();
        let holders = cards
            .cards
            .iter()
            .zip(&features)
            .map(|(card, f)| {
                let (phrase, types) = holder_rule(card).filter(|_| f.kind.is_attachment())?;
                Some(
                    cards
                        .cards
                        .iter()
                        .map(|h| holds(&phrase, types, h))
                        .collect(),
                )
            })
            .collect();
        let first_attachment = mains
            .iter()
            .position(|&c| features[c as usize].kind.is_attachment())
            .unwrap_or(mains.len()) as u16;
        let mut sms = Sms {
            opening: None,
            actions: if side == Side::Villain { 4 } else { 3 },
            side,
            features,
            library_order,
            table_start,
            mains,
            mulligan: setup.game.mulligan,
            not_simulated,
            coverage,
            fx,
            missions,
            hand_abilities,
            first_attachment,
            take_rank,
            discard_order,
            dead: (0..n as u16).filter(|&c| dead[c as usize]).collect(),
            ability_class,
            pace,
            exact,
            tail,
            static_blind,
            quick,
            discard_filter,
            discard_hit,
            quick_static,
            lapsing,
            cycle,
            lone_weighed,
            one_filters,
            holders,
            deck: cards,
        };
        let mut opening = sms.new_state();
        sms.start_afresh(&mut opening);
        sms.opening = Some(Box::new(opening));
        Ok(sms)
    }
}
