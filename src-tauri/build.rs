// Declares Deckhand's own commands so tauri-build generates an `allow-<command>` permission
// for each; the capability file then grants exactly those and nothing else.
const COMMANDS: &[&str] = &[
    "list_games",
    "list_cards",
    "get_card",
    "search_cards",
    "list_decks",
    "get_deck",
    "save_deck",
    "check_deck_draft",
    "rename_deck",
    "duplicate_deck",
    "delete_deck",
    "deck_versions",
    "diff_deck",
    "import_deck_file",
    "export_deck_file",
    "goldfish_step",
    "goldfish_simulate",
    "cancel_goldfish",
    "goldfish_odds",
    "print_layout",
    "print_pdf",
];

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("tauri-build failed");
}
