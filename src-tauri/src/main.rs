// Deckhand's desktop shell: opens the database, registers the commands, starts the window.
// All logic lives in the `deckhand` library; see ARCHITECTURE.md.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;
mod state;

fn main() {
    tauri::Builder::default()
        .manage(state::Db::open_default())
        .invoke_handler(tauri::generate_handler![
            commands::games::list_games,
            commands::cards::list_cards,
            commands::cards::get_card,
            commands::search::search_cards,
        ])
        .run(tauri::generate_context!())
        .unwrap_or_else(|err| {
            eprintln!("deckhand-app: error: {err}");
            std::process::exit(1);
        });
}
