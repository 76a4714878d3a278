// Deckhand's desktop shell: opens the database, registers the commands, starts the window.
// All logic lives in the `deckhand` library; see ARCHITECTURE.md.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[cfg(test)]
mod bindings;
mod commands;
mod state;
mod webview;

fn main() {
    // Before anything else: it may set an environment variable, sound only while this is the
    // one thread.
    let renderer = webview::choose_renderer();
    // The database opens next: it starts the log file (logs/ beside the database).
    let db = state::Db::open_default();
    tracing::info!(?renderer, "webview renderer");
    let handler: fn(tauri::ipc::Invoke<tauri::Wry>) -> bool = tauri::generate_handler![
        commands::games::list_games,
        commands::games::game_problems,
        commands::games::add_game_file,
        commands::games::remove_game,
        commands::games::export_game_file,
        commands::games::game_rules,
        commands::cards::list_cards,
        commands::cards::list_card_rows,
        commands::cards::card_sets,
        commands::cards::get_card,
        commands::cards::card_form,
        commands::cards::validate_card,
        commands::cards::read_card_effects,
        commands::cards::save_card,
        commands::cards::duplicate_card,
        commands::cards::delete_card,
        commands::cards::unreadable_cards,
        commands::cards::undo_cards,
        commands::cards::card_undo_label,
        commands::cards::choose_card_file,
        commands::cards::preview_card_import,
        commands::cards::import_card_file,
        commands::search::search_cards,
        commands::search::search_card_rows,
        commands::decks::list_decks,
        commands::decks::get_deck,
        commands::decks::save_deck,
        commands::decks::check_deck_draft,
        commands::decks::rename_deck,
        commands::decks::duplicate_deck,
        commands::decks::delete_deck,
        commands::decks::deck_versions,
        commands::decks::diff_deck,
        commands::decks::import_deck_file,
        commands::decks::export_deck_file,
        commands::goldfish::goldfish_step,
        commands::goldfish::goldfish_play,
        commands::goldfish::goldfish_new_seed,
        commands::goldfish::goldfish_from_here,
        commands::goldfish::goldfish_play_odds,
        commands::goldfish::goldfish_simulate,
        commands::goldfish::cancel_goldfish,
        commands::goldfish::goldfish_odds,
        commands::goldfish::goldfish_impact,
        commands::goldfish::goldfish_tune,
        commands::collection::list_collection,
        commands::collection::owned_counts,
        commands::collection::change_collection,
        commands::collection::choose_collection_file,
        commands::collection::choose_backup_file,
        commands::collection::import_collection_file,
        commands::collection::export_collection_file,
        commands::collection::undo_collection,
        commands::collection::collection_undo_label,
        commands::collection::set_completion,
        commands::collection::wishlist,
        commands::collection::wish_card,
        commands::collection::wish_note,
        commands::collection::export_wishlist_file,
        commands::collection::deck_need,
        commands::collection::wish_missing,
        commands::collection::buildable_decks,
        commands::collection::backup_now,
        commands::collection::list_backups,
        commands::collection::restore_backup,
        commands::goldfish::goldfish_enemy_decks,
        commands::dialogs::confirm,
        commands::print::print_layout,
        commands::print::card_faces,
        commands::print::print_pdf,
        commands::images::card_images,
        commands::images::attach_card_image,
        commands::images::drop_card_image,
        commands::images::remove_card_image,
        commands::images::export_card_set,
        commands::images::import_card_pack,
        commands::about::about,
        commands::about::open_log_folder,
    ];
    // The e2e build adds its test-only commands (commands/test_hooks.rs) in front.
    #[cfg(feature = "e2e-hooks")]
    let handler = {
        let hooks: fn(tauri::ipc::Invoke<tauri::Wry>) -> bool =
            tauri::generate_handler![commands::test_hooks::e2e_panic];
        move |invoke: tauri::ipc::Invoke<tauri::Wry>| match invoke.message.command() {
            "e2e_panic" => hooks(invoke),
            _ => handler(invoke),
        }
    };
    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .manage(db)
        .manage(commands::goldfish::Cancel::default())
        .manage(commands::collection::ChosenFiles::default())
        .register_asynchronous_uri_scheme_protocol(
            commands::images::SCHEME,
            commands::images::serve,
        )
        .invoke_handler(handler)
        .setup(|app| {
            webview::tune(app);
            Ok(())
        })
        .run(tauri::generate_context!())
        .unwrap_or_else(|err| {
            tracing::error!(error = %err, "the app stopped");
            eprintln!("deckhand-app: error: {err}");
            std::process::exit(1);
        });
}
