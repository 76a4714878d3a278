// Declares Deckhand's own commands so tauri-build generates an `allow-<command>` permission
// for each; the capability file then grants exactly those and nothing else.
const COMMANDS: &[&str] = &["list_games", "list_cards", "get_card", "search_cards"];

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("tauri-build failed");
}
