//! Cards a player makes and changes one at a time: add, edit, duplicate, delete, and the
//! undo of the last of these or of the last card import. Each is validated by the core's
//! `CardDraft` (the import's validator, every problem named by its field), written in one
//! transaction, and followed by the search index. The bundled sample cards stay
//! read-only: a player duplicates one into a card of their own.

use std::collections::BTreeMap;

use deckhand_core::{
    clip, slug, Card, CardDraft, CardTypeDef, FieldProblem, Game, KeywordDef, StatDef,
};
use deckhand_store::{CardColumn, SaveCard};
use serde::Serialize;

use crate::{CardUndoLabel, CardUndoReport, Deckhand, Error, Result};

/// Changes to a card as the command line gives them: each `Some` replaces the field
/// (empty text clears it); `stats` are `KEY=VALUE` by id or label, an empty value
/// removing the stat.
#[derive(Debug, Clone, Default)]
pub struct CardChanges {
    pub name: Option<String>,
    pub card_type: Option<String>,
    pub set: Option<String>,
    pub number: Option<String>,
    pub side: Option<String>,
    pub color: Option<String>,
    pub subtypes: Option<Vec<String>>,
    pub keywords: Option<Vec<String>>,
    pub stats: Vec<(String, String)>,
    pub text: Option<String>,
}

/// What the card form's check found: the card as it would be stored, or every problem.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct CardCheck {
    pub card: Option<Card>,
    pub problems: Vec<FieldProblem>,
}

/// What the card form is generated from: the game's types (each with its stats), its
/// stats with their kinds, ranges and value lists, its keywords with their values, and
/// the colours and sets its cards already use (offered, not imposed).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct CardForm {
    pub game: String,
    pub card_types: Vec<CardTypeDef>,
    pub stats: BTreeMap<String, StatDef>,
    pub keywords: Vec<KeywordDef>,
    /// Keywords outside the list are accepted.
    pub open_keywords: bool,
    /// Whether cards have a side (hero or villain): the game's decks do, or its cards.
    pub sided: bool,
    pub colors: Vec<String>,
    pub sets: Vec<String>,
    /// The ids of the bundled sample cards are read-only: the form offers Duplicate.
    pub read_only: Vec<String>,
}

impl CardChanges {
    fn apply(self, game: &Game, draft: &mut CardDraft) -> Result<(), Vec<FieldProblem>> {
        let text = |value: String| Some(value).filter(|v| !v.trim().is_empty());
        if let Some(name) = self.name {
            draft.name = name;
        }
        if let Some(card_type) = self.card_type {
            draft.card_type = card_type;
        }
        if let Some(set) = self.set {
            draft.set = text(set);
        }
        if let Some(number) = self.number {
            draft.number = text(number);
        }
        if let Some(side) = self.side {
            draft.side = text(side);
        }
        if let Some(color) = self.color {
            draft.color = text(color);
        }
        if let Some(subtypes) = self.subtypes {
            draft.subtypes = subtypes;
        }
        if let Some(keywords) = self.keywords {
            // `--keyword ""` clears the list.
            draft.keywords = keywords
                .into_iter()
                .filter(|k| !k.trim().is_empty())
                .collect();
        }
        if let Some(value) = self.text {
            draft.text = text(value);
        }
        let mut problems = Vec::new();
        for (key, value) in &self.stats {
            if let Err(problem) = draft.set_stat_text(game, key, value) {
                problems.push(problem);
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }
}

impl Deckhand {
    /// Checks a card the form is editing (`original`: the id it edits, `None` for a new
    /// card) without writing: the import's messages, each with its field, and for a new
    /// card an id that is taken.
    pub fn check_card_draft(
        &self,
        game: &str,
        original: Option<&str>,
        draft: &CardDraft,
    ) -> Result<CardCheck> {
        let game = self.games.get(game)?;
        match self.validated(game, original, draft) {
            Ok(card) => Ok(CardCheck {
                card: Some(card),
                problems: Vec::new(),
            }),
            Err(Error::CardInvalid { problems, .. }) => Ok(CardCheck {
                card: None,
                problems,
            }),
            Err(Error::CardIdTaken { id, name, game }) => Ok(CardCheck {
                card: None,
                problems: vec![FieldProblem {
                    field: "id".into(),
                    message: format!(
                        "id '{id}' already belongs to '{name}' of {game} (give the card another id)"
                    ),
                }],
            }),
            Err(other) => Err(other),
        }
    }

    /// The card form of `game`.
    pub fn card_form(&self, game: &str) -> Result<CardForm> {
        let def = self.games.get(game)?;
        let mut read_only: Vec<String> = (self.sample_cards.get(&self.games)?.iter())
            .filter(|(_, sample)| sample.game == def.id)
            .map(|(id, _)| id.clone())
            .collect();
        read_only.sort();
        Ok(CardForm {
            game: def.id.clone(),
            card_types: def.card_types.clone(),
            stats: def.stats.clone(),
            keywords: def.keywords.clone(),
            open_keywords: def.open_keywords,
            // Zoids Scramble decks have no side, yet its cards do.
            sided: def.deck.default_side != deckhand_core::DefaultSide::None
                || !self
                    .store
                    .card_values(&def.id, CardColumn::Side)?
                    .is_empty(),
            colors: self.store.card_values(&def.id, CardColumn::Color)?,
            sets: self.store.card_values(&def.id, CardColumn::Set)?,
            read_only,
        })
    }

    /// Adds a new card of `game` (`deckhand card add`).
    pub fn add_card(&mut self, game: &str, draft: &CardDraft) -> Result<Card> {
        let game = self.games.get(game)?.clone();
        let card = self.validated(&game, None, draft)?;
        let label = format!("add card '{}'", clip(&card.name));
        self.write_card(&card, SaveCard::New, &label)?;
        Ok(card)
    }

    /// Adds a new card of `game` from command-line fields (`deckhand card add`).
    pub fn add_card_with(
        &mut self,
        game: &str,
        id: Option<&str>,
        fields: CardChanges,
    ) -> Result<Card> {
        let game_def = self.games.get(game)?.clone();
        let mut draft = CardDraft {
            id: id.map(str::to_owned),
            ..CardDraft::default()
        };
        let name = fields.name.clone().unwrap_or_default();
        fields
            .apply(&game_def, &mut draft)
            .map_err(|problems| invalid(&name, problems))?;
        self.add_card(game, &draft)
    }

    /// Changes a player's card (`deckhand card edit`): the card by id or name, the
    /// changes applied to it, the result validated as a whole.
    pub fn edit_card(
        &mut self,
        reference: &str,
        game: Option<&str>,
        changes: CardChanges,
    ) -> Result<Card> {
        let stored = self.card(reference, game)?;
        let game = self.games.get(&stored.game)?.clone();
        let mut draft = CardDraft::from_card(&stored);
        changes
            .apply(&game, &mut draft)
            .map_err(|problems| invalid(&stored.name, problems))?;
        self.save_edit(&game, &stored, &draft)
    }

    /// Saves the card form: a new card (`original` `None`) or the card `original` with
    /// every field as the form has it (its id cannot change). A draft without written
    /// effects (`effects_text`) keeps the stored effects and goldfish note.
    pub fn save_card_draft(
        &mut self,
        game: &str,
        original: Option<&str>,
        draft: &CardDraft,
    ) -> Result<Card> {
        let Some(original) = original else {
            return self.add_card(game, draft);
        };
        let stored = self.card_by_exact_id(original)?;
        let game = self.games.get(&stored.game)?.clone();
        let mut draft = draft.clone();
        draft.id = Some(stored.id.clone());
        if draft.effects_text.is_none() {
            draft.effects = stored.effects.clone();
            draft.goldfish = stored.goldfish.clone();
        }
        self.save_edit(&game, &stored, &draft)
    }

    /// Copies a card (a bundled sample one too) into a card of the player's, with `new_id`
    /// or `<id>-copy` (then `-copy-2`, …).
    pub fn duplicate_card(
        &mut self,
        reference: &str,
        game: Option<&str>,
        new_id: Option<&str>,
    ) -> Result<Card> {
        let stored = self.card(reference, game)?;
        let game = self.games.get(&stored.game)?.clone();
        let id = match new_id {
            Some(id) => id.trim().to_owned(),
            None => self.free_copy_id(&stored.id)?,
        };
        let mut draft = CardDraft::from_card(&stored);
        draft.id = Some(id);
        let card = self.validated(&game, None, &draft)?;
        let label = format!("duplicate '{}'", clip(&stored.name));
        self.write_card(&card, SaveCard::New, &label)?;
        Ok(card)
    }

    /// Deletes a player's card, refused while a deck (any version) or the collection uses
    /// it. Returns the card as it was.
    pub fn delete_card(&mut self, reference: &str, game: Option<&str>) -> Result<Card> {
        let stored = match self.card(reference, game) {
            // A row that cannot be read can still go, by its id: it is the way out of a
            // damaged row (the undo journal keeps it as it was).
            Err(Error::Store(deckhand_store::StoreError::CorruptRow { id, .. }))
                if id == reference =>
            {
                self.store
                    .card_plain_columns(&id)?
                    .ok_or_else(|| Error::Store(deckhand_store::StoreError::NoSuchCard { id }))?
            }
            other => other?,
        };
        self.refuse_bundled(&stored)?;
        let base_stamp = self.store.data_stamp()?;
        let label = format!("delete card '{}'", clip(&stored.name));
        self.store.delete_card(&stored.id, &label)?;
        self.index_changes_and_removals(
            &base_stamp,
            &[],
            std::slice::from_ref(&stored.id),
            &mut |_| {},
        )?;
        Ok(stored)
    }

    /// Undoes the last card change or card import, once.
    pub fn undo_cards(&mut self) -> Result<CardUndoReport> {
        let base_stamp = self.store.data_stamp()?;
        let report = self.store.undo_cards()?.ok_or(Error::NothingToUndo)?;
        self.index_changes_and_removals(
            &base_stamp,
            &report.restored,
            &report.removed,
            &mut |_| {},
        )?;
        Ok(report.into())
    }

    /// What [`Deckhand::undo_cards`] would revert, if anything.
    pub fn card_undo_label(&self) -> Result<Option<CardUndoLabel>> {
        Ok(self.store.card_undo_label()?.map(Into::into))
    }

    fn save_edit(&mut self, game: &Game, stored: &Card, draft: &CardDraft) -> Result<Card> {
        self.refuse_bundled(stored)?;
        let card = self.validated(game, Some(&stored.id), draft)?;
        let label = format!("edit card '{}'", clip(&card.name));
        self.write_card(&card, SaveCard::Existing, &label)?;
        Ok(card)
    }

    /// The draft as a card of `game`; a new card's id must be free and not a bundled one.
    fn validated(&self, game: &Game, original: Option<&str>, draft: &CardDraft) -> Result<Card> {
        let card = draft
            .validate(game)
            .map_err(|problems| invalid(&draft.name, problems))?;
        if original.is_none() {
            if let Some(existing) = self.store.card_by_id(&card.id)? {
                return Err(Error::CardIdTaken {
                    id: card.id,
                    name: existing.name,
                    game: existing.game,
                });
            }
        }
        Ok(card)
    }

    fn write_card(&mut self, card: &Card, mode: SaveCard, label: &str) -> Result<()> {
        let base_stamp = self.store.data_stamp()?;
        if self.store.save_card(card, mode, label)? {
            self.index_changes(&base_stamp, std::slice::from_ref(&card.id), &mut |_| {})?;
        }
        Ok(())
    }

    fn refuse_bundled(&self, card: &Card) -> Result<()> {
        if self.sample_cards.get(&self.games)?.contains_key(&card.id) {
            return Err(Error::BundledCard {
                id: card.id.clone(),
                name: card.name.clone(),
            });
        }
        Ok(())
    }

    fn card_by_exact_id(&self, id: &str) -> Result<Card> {
        self.store
            .card_by_id(id)?
            .ok_or_else(|| Error::CardNotFound {
                query: id.to_owned(),
                game: None,
                suggestions: Vec::new(),
            })
    }

    fn free_copy_id(&self, id: &str) -> Result<String> {
        let base = slug(&format!("{id} copy"));
        let mut candidate = base.clone();
        let mut n = 2;
        while self.store.card_by_id(&candidate)?.is_some() {
            candidate = format!("{base}-{n}");
            n += 1;
        }
        Ok(candidate)
    }
}

fn invalid(name: &str, problems: Vec<FieldProblem>) -> Error {
    let name = name.trim();
    Error::CardInvalid {
        card: if name.is_empty() { "(no name)" } else { name }.to_owned(),
        problems,
    }
}

#[cfg(test)]
#[path = "card_edit_tests.rs"]
mod tests;
