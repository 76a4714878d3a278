//! Yes/no questions in a native dialog, asked from the backend so the end-to-end test can
//! answer them (WebDriver cannot click a native dialog).

use tauri::Window;
use tauri_plugin_dialog::{DialogExt, MessageDialogButtons, MessageDialogKind};

use super::test_hooks;

/// Asks a warning question with `ok_label` and Cancel; `true` for `ok_label`.
#[tauri::command]
pub async fn confirm(window: Window, message: String, title: String, ok_label: String) -> bool {
    if let Some(answer) = test_hooks::confirm_answer() {
        return answer;
    }
    window
        .dialog()
        .message(message)
        .title(title)
        .kind(MessageDialogKind::Warning)
        .buttons(MessageDialogButtons::OkCancelCustom(
            ok_label,
            "Cancel".into(),
        ))
        .parent(&window)
        .blocking_show()
}
