//! The TypeScript declarations of every command's arguments, result and error codes,
//! generated from the Rust types with ts-rs into `ui/src/lib/bindings.ts`.
//!
//! `make bindings` rewrites the file; `cargo test` fails while it is stale, or while a
//! command registered in `main.rs` or declared in `build.rs` is missing from [`COMMANDS`].
//! Each line of the table repeats a command's parameters (without Tauri's `State`,
//! `Window` and `Request`) and its result: the page's calls are checked against it.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::path::PathBuf;

use deckhand::goldfish::{
    EnemyDeck, FromHere, GameLog, OddsQuery, OddsTable, PlayState, SimReport,
};
use deckhand::print::{CardFace, PrintOptions, PrintPreview, PrintProgress};
use deckhand::tuning::{ImpactReport, TuneProgress, TuneReport};
use deckhand::{
    AddedGame, BackupInfo, BuildableDeck, Card, CardCheck, CardDetail, CardDraft, CardExport,
    CardFactsInput, CardForm, CardImportPreview, CardRowPage, CardUndoLabel, CardUndoReport,
    CardView, ChangeReport, CollectionChangeOutcome, CollectionImportReport, CollectionRow,
    Condition, DeckContent, DeckDiff, DeckImport, DeckListItem, DeckNeed, DeckVersionSummary,
    DeckView, EffectReading, Finish, GameFileProblem, GameRules, GameSummary, ImageInfo,
    ImportProgress, ImportReport, Legality, PackImportReport, PlayOdds, SearchPage, SearchRowPage,
    SetCompletion, UndoReport, UnreadableCard, WishOutcome, WishlistRow,
};
use ts_rs::{TypeVisitor, TS};

use crate::commands::about::About;
use crate::commands::goldfish::PlayChoices;
use crate::commands::print::SavedPdf;
use crate::commands::UiError;

/// Where the generated file lives, from this crate's folder.
const OUT: &str = "../ui/src/lib/bindings.ts";

/// A `tauri::ipc::Channel<T>` argument: the page passes a `Channel<T>` of `@tauri-apps/api`.
struct Channel<T>(PhantomData<T>);

/// A path the backend sends back: a string to the page.
type Path = PathBuf;

/// One command: its name, its parameters (Rust names) and TypeScript types, its result.
struct Command {
    name: &'static str,
    args: Vec<(&'static str, String, bool)>,
    result: String,
    visit: fn(&mut Declarations),
}

/// A parameter's TypeScript type, and whether the page may leave it out (`Option`).
fn arg<T: TS + ?Sized>() -> (String, bool) {
    (T::name(), T::IS_OPTION)
}

macro_rules! commands {
    ($( $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        /// Every command the app registers, as the page calls it.
        fn commands() -> Vec<Command> {
            vec![$(Command {
                name: stringify!($name),
                args: vec![$({
                    let (ts, optional) = arg::<$ty>();
                    (stringify!($arg), ts, optional)
                }),*],
                result: <$ret as TS>::name(),
                visit: |v| {
                    $(v.visit::<$ty>();)*
                    v.visit::<$ret>();
                },
            }),*]
        }
    };
}

commands! {
    list_games() -> Vec<GameSummary>;
    game_problems() -> Vec<GameFileProblem>;
    add_game_file() -> Option<AddedGame>;
    remove_game(id: String) -> ();
    export_game_file(id: String) -> Option<String>;
    game_rules(id: String) -> GameRules;
    list_cards(game: String) -> Vec<Card>;
    list_card_rows(game: String, offset: usize, limit: usize) -> CardRowPage;
    card_sets(game: String) -> Vec<String>;
    get_card(id: String) -> CardDetail;
    card_form(game: String) -> CardForm;
    validate_card(game: String, original: Option<String>, draft: CardDraft) -> CardCheck;
    read_card_effects(game: String, text: String, card: CardFactsInput) -> EffectReading;
    save_card(game: String, original: Option<String>, draft: CardDraft) -> Card;
    duplicate_card(id: String, new_id: Option<String>) -> Card;
    delete_card(id: String) -> Card;
    unreadable_cards() -> Vec<UnreadableCard>;
    undo_cards() -> CardUndoReport;
    card_undo_label() -> Option<CardUndoLabel>;
    choose_card_file() -> Option<String>;
    preview_card_import(path: String, game: String, map: Vec<(String, String)>, ignore: Vec<String>) -> CardImportPreview;
    import_card_file(path: String, game: String, map: Vec<(String, String)>, ignore: Vec<String>, on_progress: Channel<ImportProgress>) -> ImportReport;
    search_cards(query: String, game: String, limit: usize) -> SearchPage;
    search_card_rows(query: String, game: String, offset: usize, limit: usize) -> SearchRowPage;
    list_decks(game: Option<String>, deleted: bool) -> Vec<DeckListItem>;
    get_deck(id: i64, version: Option<i64>) -> DeckView;
    save_deck(id: Option<i64>, draft: DeckContent) -> DeckView;
    check_deck_draft(draft: DeckContent) -> Legality;
    rename_deck(id: i64, name: String) -> DeckView;
    duplicate_deck(id: i64, name: String) -> DeckView;
    delete_deck(id: i64, deleted: bool) -> ();
    deck_versions(id: i64) -> Vec<DeckVersionSummary>;
    diff_deck(id: i64, from: i64, to: i64) -> DeckDiff;
    import_deck_file(game: Option<String>) -> Option<DeckImport<DeckView>>;
    export_deck_file(id: i64, suggested_name: String) -> Option<String>;
    goldfish_step(draft: DeckContent, seed: Option<u64>, going_first: bool, choices: Option<PlayChoices>, mulligan: Option<bool>) -> GameLog;
    goldfish_play(draft: DeckContent, seed: u64, going_first: bool, choices: Option<PlayChoices>, picks: Vec<u32>, pilot_rest: bool) -> PlayState;
    goldfish_new_seed() -> u64;
    goldfish_from_here(draft: DeckContent, seed: u64, going_first: bool, choices: Option<PlayChoices>, picks: Vec<u32>, continuations: u32, compare: bool) -> FromHere;
    goldfish_play_odds(draft: DeckContent, seed: u64, going_first: bool, choices: Option<PlayChoices>, picks: Vec<u32>, query: String, at_least: u32, by_turn: u32) -> PlayOdds;
    goldfish_simulate(draft: DeckContent, games: u64, seed: Option<u64>, choices: Option<PlayChoices>, on_progress: Channel<u64>) -> SimReport;
    cancel_goldfish() -> ();
    goldfish_odds(draft: DeckContent, queries: Vec<OddsQuery>, turns: u32) -> OddsTable;
    goldfish_enemy_decks(game: String) -> Vec<EnemyDeck>;
    goldfish_impact(draft: DeckContent, games: u64, seed: Option<u64>, choices: Option<PlayChoices>, on_progress: Channel<u64>) -> ImpactReport;
    goldfish_tune(draft: DeckContent, games: u64, rounds: u32, pool: String, owned: bool, seed: Option<u64>, choices: Option<PlayChoices>, on_progress: Channel<TuneProgress>) -> TuneReport;
    list_collection(game: Option<String>, query: Option<String>) -> Vec<CollectionRow>;
    owned_counts(game: Option<String>) -> std::collections::HashMap<String, u32>;
    change_collection(card: String, count: u32, mode: String, finish: Option<Finish>, condition: Option<Condition>, language: Option<String>, location: Option<String>) -> CollectionChangeOutcome;
    choose_collection_file() -> Option<String>;
    choose_backup_file() -> Option<String>;
    import_collection_file(path: String, game: Option<String>, skip_unknown: bool, dry_run: bool, on_progress: Channel<ImportProgress>) -> CollectionImportReport;
    export_collection_file(format: String, game: Option<String>) -> Option<String>;
    undo_collection() -> UndoReport;
    collection_undo_label() -> Option<String>;
    set_completion(game: Option<String>) -> Vec<SetCompletion>;
    wishlist(game: Option<String>) -> Vec<WishlistRow>;
    wish_card(card: String, count: u32) -> WishOutcome;
    wish_note(card: String, note: String) -> WishOutcome;
    export_wishlist_file(csv: bool, game: Option<String>) -> Option<String>;
    deck_need(id: Option<i64>, draft: DeckContent) -> DeckNeed;
    wish_missing(id: Option<i64>, draft: DeckContent) -> ChangeReport;
    buildable_decks(game: Option<String>) -> Vec<BuildableDeck>;
    backup_now() -> Path;
    list_backups() -> Vec<Path>;
    restore_backup(path: String) -> Option<BackupInfo>;
    confirm(message: String, title: String, ok_label: String) -> bool;
    print_layout(draft: DeckContent, sections: Vec<String>, missing: bool, options: PrintOptions) -> PrintPreview;
    card_faces(game: String, cards: Vec<String>) -> Vec<Option<CardFace>>;
    print_pdf(draft: DeckContent, sections: Vec<String>, missing: bool, options: PrintOptions, suggested_name: String, on_progress: Channel<PrintProgress>) -> Option<SavedPdf>;
    card_images(game: String) -> std::collections::HashMap<String, ImageInfo>;
    attach_card_image(card: String) -> Option<CardView>;
    // Its argument is the file's bytes as the request body (backend.ts sends them).
    drop_card_image() -> CardView;
    remove_card_image(card: String) -> CardView;
    export_card_set(game: String, set: Option<String>, format: String) -> Option<CardExport>;
    import_card_pack() -> Option<PackImportReport>;
    about() -> About;
    open_log_folder() -> ();
}

/// The declarations reached from the commands' types, by TypeScript name, and the Rust
/// path of the type each was declared from.
#[derive(Default)]
struct Declarations(BTreeMap<String, String>, BTreeMap<String, &'static str>);

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only derived types are declared; built-ins (string, Array…) have no output path.
        if T::output_path().is_none() {
            T::visit_generics(self);
            return;
        }
        let name = T::ident();
        let decl = format!("{}export {}", docs::<T>(), T::decl());
        if let Some(seen) = self.0.get(&name) {
            assert_eq!(
                seen, &decl,
                "two Rust types are both called {name} in TypeScript: give one #[ts(rename)]"
            );
            return;
        }
        self.1.insert(name.clone(), std::any::type_name::<T>());
        self.0.insert(name, decl);
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

fn docs<T: TS + ?Sized>() -> String {
    T::docs().unwrap_or_default()
}

impl<T: TS + 'static> TS for Channel<T> {
    type WithoutGenerics = Channel<ts_rs::Dummy>;
    type OptionInnerType = Self;
    fn name() -> String {
        format!("Channel<{}>", T::name())
    }
    fn inline() -> String {
        Self::name()
    }
    fn inline_flattened() -> String {
        panic!("a channel cannot be flattened")
    }
    fn decl() -> String {
        panic!("a channel is declared by @tauri-apps/api")
    }
    fn decl_concrete() -> String {
        panic!("a channel is declared by @tauri-apps/api")
    }
    fn visit_generics(v: &mut impl TypeVisitor) {
        v.visit::<T>();
    }
}

/// Tauri turns a command's snake_case parameters into the page's camelCase keys.
fn camel(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Every declaration the commands reach, from their arguments, results and errors.
fn declarations(commands: &[Command]) -> Declarations {
    let mut declarations = Declarations::default();
    for command in commands {
        (command.visit)(&mut declarations);
    }
    declarations.visit::<UiError>();
    declarations
}

/// The whole generated file.
pub fn generate() -> String {
    let commands = commands();
    let declarations = declarations(&commands);
    let mut out = String::from(
        "// Generated from the Rust types by `make bindings` (src-tauri/src/bindings.rs).\n\
         // Do not edit: `cargo test` fails while this file differs from what it generates.\n\
         /* eslint-disable */\n\
         import type { Channel } from '@tauri-apps/api/core';\n",
    );
    for decl in declarations.0.values() {
        out.push('\n');
        out.push_str(decl);
        out.push('\n');
    }
    out.push_str("\n/** Each command's arguments, as `invoke` takes them, and its result. */\n");
    out.push_str("export type Commands = {\n");
    for command in &commands {
        let args: Vec<String> = command
            .args
            .iter()
            .map(|(name, ts, optional)| {
                format!("{}{}: {ts}", camel(name), if *optional { "?" } else { "" })
            })
            .collect();
        let args = if args.is_empty() {
            "Record<string, never>".to_owned()
        } else {
            format!("{{ {} }}", args.join("; "))
        };
        out.push_str(&format!(
            "  {}: {{ args: {args}; result: {} }};\n",
            command.name, command.result
        ));
    }
    out.push_str("};\n");
    // serde_json writes 64-bit integers as JSON numbers, which the page reads as `number`
    // (ids, seeds and counts stay below 2^53: seeds are drawn as 53-bit numbers).
    out.replace("bigint", "number")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names between `start` and the next `end` that look like commands.
    fn names_in(text: &str, start: &str, end: &str, quoted: bool) -> Vec<String> {
        let from = text.find(start).expect("the list's start") + start.len();
        let list = &text[from..from + text[from..].find(end).expect("the list's end")];
        list.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|word| !word.is_empty())
            .map(|word| {
                if quoted {
                    word.trim_matches('"').to_owned()
                } else {
                    word.rsplit("::").next().unwrap().to_owned()
                }
            })
            .collect()
    }

    #[test]
    fn every_registered_command_has_bindings() {
        let mut ours: Vec<String> = commands().iter().map(|c| c.name.to_owned()).collect();
        ours.sort();
        let mut registered = names_in(
            include_str!("main.rs"),
            "tauri::generate_handler![",
            "]",
            false,
        );
        registered.sort();
        assert_eq!(ours, registered, "src/main.rs registers other commands");
        let mut declared = names_in(include_str!("../build.rs"), "&[&str] = &[", "]", true);
        declared.retain(|c| c != "e2e_panic");
        declared.sort();
        assert_eq!(ours, declared, "build.rs declares other commands");
    }

    /// The app speaks the facade's transport types: a store row that reaches a command
    /// (as an argument, a result or inside one) ties the page to the database's layout.
    #[test]
    fn no_command_takes_or_returns_a_store_type() {
        let store_types: Vec<String> = declarations(&commands())
            .1
            .into_iter()
            .filter(|(_, rust)| rust.starts_with("deckhand_store::"))
            .map(|(ts, rust)| format!("{ts} ({rust})"))
            .collect();
        assert!(
            store_types.is_empty(),
            "commands reach store types; give each a transport type in crates/deckhand: {}",
            store_types.join(", ")
        );
    }

    /// Fails while `ui/src/lib/bindings.ts` is not what the Rust types give; run
    /// `make bindings` (which sets `DECKHAND_WRITE_BINDINGS=1`) to rewrite it.
    #[test]
    fn the_typescript_bindings_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(OUT);
        let generated = generate();
        if std::env::var_os("DECKHAND_WRITE_BINDINGS").is_some() {
            std::fs::write(&path, &generated).unwrap();
            return;
        }
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            current == generated,
            "{} is stale: run `make bindings` and commit it",
            path.display()
        );
    }
}
