#[path = "build/licences.rs"]
mod licences;

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
    "list_collection",
    "owned_counts",
    "change_collection",
    "choose_collection_file",
    "choose_backup_file",
    "import_collection_file",
    "export_collection_file",
    "undo_collection",
    "collection_undo_label",
    "set_completion",
    "wishlist",
    "wish_card",
    "export_wishlist_file",
    "deck_need",
    "wish_missing",
    "buildable_decks",
    "backup_now",
    "list_backups",
    "restore_backup",
    "goldfish_enemy_decks",
    "print_layout",
    "print_pdf",
    "confirm",
    "about",
    "open_log_folder",
    "e2e_panic",
];

fn main() {
    licences::write();
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("tauri-build failed");
}
