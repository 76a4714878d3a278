//! The end-to-end test's stand-ins for native dialogs, which WebDriver cannot drive.
//!
//! Each hook is an environment variable read by the backend (never sent by the page). They
//! exist only in a build with the `e2e-hooks` feature (`make e2e` builds the app with it):
//! in any other build, release or debug, every hook reads nothing and the dialogs ask, so
//! a variable left in a user's environment cannot answer a question or choose a file.

use std::ffi::OsString;
use std::path::PathBuf;

/// `yes` or `no` answers every yes/no question without showing it.
pub const CONFIRM_ENV: &str = "DECKHAND_E2E_CONFIRM";
/// A file the open dialogs (collection import, backup restore, add a game) pick instead of asking.
pub const OPEN_FILE_ENV: &str = "DECKHAND_E2E_OPEN_FILE";
/// A folder the save dialogs (exports, Save PDF…) write into, under the suggested name.
pub const SAVE_DIR_ENV: &str = "DECKHAND_E2E_SAVE_DIR";

#[cfg(feature = "e2e-hooks")]
fn read(name: &str) -> Option<OsString> {
    std::env::var_os(name)
}

#[cfg(not(feature = "e2e-hooks"))]
fn read(_name: &str) -> Option<OsString> {
    None
}

/// The answer the test gives a yes/no question, if it gives one.
pub fn confirm_answer() -> Option<bool> {
    read(CONFIRM_ENV).map(|answer| answer == "yes")
}

/// The file the test picks in an open dialog, if it picks one.
pub fn open_file() -> Option<PathBuf> {
    read(OPEN_FILE_ENV).map(PathBuf::from)
}

/// The folder the test saves into, if it names one.
pub fn save_dir() -> Option<PathBuf> {
    read(SAVE_DIR_ENV).map(PathBuf::from)
}

/// A command that panics inside the API call, as a bug would: the e2e checks that the page
/// gets an `internal` error (and shows it) instead of waiting forever, and that the app
/// keeps answering. Registered only in the `e2e-hooks` build (see `main.rs`).
#[cfg(feature = "e2e-hooks")]
#[tauri::command]
pub async fn e2e_panic(db: tauri::State<'_, crate::state::Db>) -> Result<(), super::UiError> {
    db.with(|_| panic!("e2e_panic: a deliberate panic inside a command"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets every hook's variable for the length of one test; the only test that touches
    /// them, so no other test sees them.
    fn with_hooks_set(check: impl FnOnce()) {
        std::env::set_var(CONFIRM_ENV, "yes");
        std::env::set_var(OPEN_FILE_ENV, "/tmp/picked.csv");
        std::env::set_var(SAVE_DIR_ENV, "/tmp/saved");
        check();
        for name in [CONFIRM_ENV, OPEN_FILE_ENV, SAVE_DIR_ENV] {
            std::env::remove_var(name);
        }
    }

    #[cfg(not(feature = "e2e-hooks"))]
    #[test]
    fn a_build_without_e2e_hooks_ignores_the_hook_variables() {
        with_hooks_set(|| {
            assert_eq!(confirm_answer(), None);
            assert_eq!(open_file(), None);
            assert_eq!(save_dir(), None);
        });
    }

    #[cfg(feature = "e2e-hooks")]
    #[test]
    fn an_e2e_build_answers_dialogs_from_the_hook_variables() {
        with_hooks_set(|| {
            assert_eq!(confirm_answer(), Some(true));
            assert_eq!(open_file(), Some(PathBuf::from("/tmp/picked.csv")));
            assert_eq!(save_dir(), Some(PathBuf::from("/tmp/saved")));
            std::env::set_var(CONFIRM_ENV, "no");
            assert_eq!(confirm_answer(), Some(false));
        });
        assert_eq!(confirm_answer(), None, "unset: the dialogs ask");
    }
}
