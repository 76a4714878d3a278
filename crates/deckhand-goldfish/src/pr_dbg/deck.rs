//! A deck prepared for the PR Deck-Building goldfish ([`PrDbg::new`]): the Character and its
//! slots, the starter and main decks, the pilot's orders and the per-card tables the hot
//! loops read, and the compiled effects.

use super::*;

impl PrDbg {
    pub(crate) fn new(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<PrDbg, GoldfishError> {
        let policy = match setup.policy {
            Some("battle-first") => Policy::BattleFirst,
            _ => Policy::BuyFirst,
        };
        let cards = DeckCards::from_deck(deck, &["main", "starter", "character"])?;
        let is_character = |c: &Card| type_key(c) == "character";
        let index = |id: &str| cards.cards.iter().position(|c| c.id == id).unwrap_or(0) as u16;
        let mut grid_order = Vec::new();
        let mut starter_order = Vec::new();
        let mut character = NONE;
        let playing = ["main", "starter", "character"];
        for entry in deck
            .entries
            .iter()
            .filter(|e| playing.contains(&e.section.as_str()))
        {
            let card = index(&entry.card.id);
            let copies = entry.count as usize;
            match entry.section.as_str() {
                _ if is_character(&entry.card) && character == NONE => character = card,
                _ if is_character(&entry.card) => {}
                "main" => grid_order.extend(std::iter::repeat_n(card, copies)),
                "starter" => starter_order.extend(std::iter::repeat_n(card, copies)),
                _ => {}
            }
        }
        let side_of = |c: u16| cards.cards[c as usize].side;
        let side = setup
            .side
            .or(deck.side)
            .or((character != NONE).then(|| side_of(character)).flatten())
            .or(starter_order.first().and_then(|&c| side_of(c)))
            .unwrap_or(Side::Hero);
        if starter_order.is_empty() {
            let list: Vec<String> = game
                .starter_deck(side)
                .iter()
                .flat_map(|c| &c.cards)
                .map(|(name, n)| format!("{n} {name}"))
                .collect();
            return Err(GoldfishError::MissingCards(format!(
                "a PR Deck-Building goldfish needs your starter deck ({}) in the deck's Starter section",
                list.join(", ")
            )));
        }
        let mut colours: Vec<String> = Vec::new();
        let mut colour_id = |name: &str| -> u8 {
            let key = fold_name(name);
            match colours.iter().position(|c| *c == key) {
                Some(i) => i as u8,
                None => {
                    colours.push(key);
                    (colours.len() - 1).min(usize::from(ANY_COLOUR) - 1) as u8
                }
            }
        };
        let mut types: Vec<String> = Vec::new();
        let features: Vec<Features> = cards
            .cards
            .iter()
            .map(|card| {
                let kind_name = type_key(card);
                let type_id = match types.iter().position(|t| *t == kind_name) {
                    Some(i) => i as u8,
                    None => {
                        types.push(kind_name.clone());
                        (types.len() - 1).min(255) as u8
                    }
                };
                let number = |stat: &str| {
                    card.stats
                        .get(stat)
                        .and_then(|v| v.as_number())
                        .map(|n| n.clamp(0, 255) as u8)
                };
                let kind = match kind_name.as_str() {
                    "hero" => Kind::Hero,
                    "villain" => Kind::Villain,
                    "equipment" | "maneuver" | "location" => Kind::Neutral,
                    _ => Kind::Other,
                };
                let colour = if kind_name == "signature item" {
                    ANY_COLOUR
                } else {
                    colour_id(card.color.as_deref().unwrap_or(""))
                };
                Features {
                    kind,
                    type_id,
                    shard_cost: number("shard_cost").unwrap_or(0),
                    shards: number("shards").unwrap_or(0),
                    energy: number("energy").unwrap_or(0),
                    ability_cost: number("ability_cost"),
                    battle_cost: number("battle_cost"),
                    colour,
                    damage: keyword(card, "Attack").and(number("damage")),
                    primed: false,
                }
            })
            .collect();
        let slots = if character == NONE {
            Vec::new()
        } else {
            list_stat(&cards.cards[character as usize], "slots")
                .iter()
                .map(|c| colour_id(c))
                .collect()
        };
        let colour_names = colours;
        let all = setup.effects == EffectsMode::All;
        let (programs, coverage) = fx::build(game, &cards.cards, setup.effects, &moments::PLAYS);
        let fodder = cards
            .cards
            .iter()
            .map(|c| matches!(type_key(c).as_str(), "stun" | "starter"))
            .collect();
        let mut not_simulated = not_simulated(&cards.cards, &KEYWORDS);
        // An Attack without damage is named even if its text were only reminders.
        for card in &cards.cards {
            if keyword(card, "Attack").is_some()
                && !card.stats.contains_key("damage")
                && !not_simulated.contains(&card.name)
            {
                not_simulated.push(card.name.clone());
            }
        }
        not_simulated.sort_by_key(|n| fold_name(n));
        if all {
            not_simulated = coverage.left_out();
        }
        let reacts = moments::reactions(&programs, cards.cards.len());
        let ability = PrDbg::ability_plans(&programs, cards.cards.len());
        let fixed_sets = PrDbg::fixed_sets(&ability);
        let primes = PrDbg::primers(&programs, cards.cards.len());
        let weighable = PrDbg::weighable(&programs, cards.cards.len());
        let heals_only = PrDbg::heals_only(&programs, cards.cards.len());
        let any_primer = primes.contains(&true);
        let commute = moments::Commute::of(&programs, &primes);
        let activation_cost = (0..cards.cards.len() as u16)
            .map(|c| match programs.has(c, Trigger::Activated) {
                true => u32::from(features[c as usize].ability_cost.unwrap_or(0)),
                false => u32::MAX,
            })
            .chain([u32::MAX])
            .collect::<Vec<u32>>();
        let ranked_cost = (0..activation_cost.len())
            .map(|c| match primes.get(c) {
                Some(true) => u32::MAX,
                _ => activation_cost[c],
            })
            .collect::<Vec<u32>>();
        let cheapest_primer = (0..cards.cards.len())
            .filter(|&c| primes[c])
            .map(|c| activation_cost[c])
            .min()
            .unwrap_or(u32::MAX);
        let one_card_per_name = cards
            .name_id
            .iter()
            .max()
            .is_none_or(|&last| usize::from(last) + 1 == cards.len());
        let tracks_played = one_card_per_name
            && cards.len() <= 64 * PLAYED_WORDS
            && programs.reads_distinct_in(moments::PLAYED);
        let mut p = PrDbg {
            tracks_played,
            reacts,
            ability,
            fixed_sets,
            primes,
            weighable,
            heals_only,
            any_primer,
            cheapest_primer,
            commute,
            activation_cost,
            ranked_cost,
            all,
            fx: programs,
            fodder,
            deck: cards,
            features,
            side,
            policy,
            grid_order,
            starter_order,
            character,
            slots,
            colour_names,
            buy_key: Vec::new(),
            battle_cost: Vec::new(),
            cheapest_buy: 0,
            cheapest_battle: 0,
            cheapest_activation: 0,
            adversary: Vec::new(),
            attach_rank: Vec::new(),
            not_simulated,
            coverage,
            primer_cost: Vec::new(),
            spare_cost: Vec::new(),
            keeps_primers: false,
            rewards: Vec::new(),
            rewarded: Vec::new(),
            act: Vec::new(),
        };
        p.keeps_primers = moments::keeps_primers(&p.fx, p.deck.len());
        if let Some(commute) = &p.commute {
            for (f, &primed) in p.features.iter_mut().zip(&commute.primed) {
                f.primed = primed;
            }
        }
        p.spare_cost = (0..p.deck.len())
            .map(|c| match &p.commute {
                Some(commute) => commute.full_cost[c].max(p.ranked_cost[c]),
                None => u32::MAX,
            })
            .collect();
        p.act = moments::ActCard::table(&p);
        (p.rewards, p.rewarded) = moments::rewards(&p.fx, p.deck.len(), p.tracks_played);
        let n = p.deck.len() as u16;
        p.buy_key = (0..n)
            .map(|c| {
                let f = p.f(c);
                let key = (u32::from(f.shard_cost) << 16)
                    | (u32::from(f.shards) << 8)
                    | u32::from(f.energy);
                if p.may_buy(c) {
                    key + (1 << 24)
                } else {
                    0
                }
            })
            .chain([0])
            .collect();
        p.adversary = (0..n)
            .map(|c| p.is_adversary(c))
            // An empty space of The Grid reads this last entry (`end_turn`).
            .chain([false])
            .collect();
        p.battle_cost = (0..n)
            .map(|c| match p.f(c).battle_cost {
                Some(cost) if p.is_adversary(c) => cost.min(u8::MAX - 1),
                _ => u8::MAX,
            })
            // An empty space of The Grid reads this last entry (`cheapest_battle`).
            .chain([u8::MAX])
            .collect();
        p.cheapest_buy = (0..n)
            .filter(|&c| p.may_buy(c))
            .map(|c| u32::from(p.f(c).shard_cost))
            .min()
            .unwrap_or(u32::MAX);
        p.cheapest_battle = p
            .battle_cost
            .iter()
            .copied()
            .min()
            .map_or(u32::MAX, u32::from);
        p.cheapest_activation = p.activation_cost.iter().copied().min().unwrap_or(u32::MAX);
        p.attach_rank = (0..n)
            .map(|c| {
                (u32::from(u8::MAX - p.f(c).damage.unwrap_or(0)) << 16)
                    | u32::from(p.deck.name_rank[c as usize])
            })
            .collect();
        p.primer_cost = p
            .activation_cost
            .iter()
            .enumerate()
            .map(|(c, &cost)| match p.primes.get(c) {
                Some(true) => cost,
                _ => u32::MAX,
            })
            .collect();
        Ok(p)
    }
}
