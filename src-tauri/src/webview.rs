//! WebKitGTK settings that trim the web process's memory (docs/benchmarks.md, "The app's
//! start-up and memory"). The app is one page that never navigates, so WebKit's caches for
//! browsing (back/forward pages, a large memory cache) only hold memory.

use tauri::{Manager, Runtime};

/// Applies the settings to the main window's webview. A failure costs memory, not the app,
/// so it is logged and ignored.
pub fn tune<R: Runtime>(app: &tauri::App<R>) {
    let Some(window) = app.get_webview_window("main") else {
        return;
    };
    #[cfg(target_os = "linux")]
    let result = window.with_webview(|webview| {
        use webkit2gtk::{CacheModel, SettingsExt, WebContextExt, WebViewExt};
        let view = webview.inner();
        if let Some(context) = view.context() {
            // The smallest memory cache: no page is ever revisited from it.
            context.set_cache_model(CacheModel::DocumentViewer);
        }
        if let Some(settings) = WebViewExt::settings(&view) {
            settings.set_enable_page_cache(false);
        }
    });
    #[cfg(not(target_os = "linux"))]
    let result: tauri::Result<()> = Ok(());
    if let Err(err) = result {
        tracing::warn!(error = %err, "the webview's memory settings were not applied");
    }
}
