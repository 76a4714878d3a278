//! WebKitGTK settings that trim the web process's memory (docs/benchmarks.md, "The app's
//! start-up and memory"). The app is one page that never navigates, so WebKit's caches for
//! browsing (back/forward pages, a large memory cache) only hold memory.

use tauri::{Manager, Runtime};

/// The variable that turns off WebKitGTK's DMA-BUF renderer (2.42 and later).
const DMABUF_OFF: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";

/// Without a GPU (no `/dev/dri`), WebKit's DMA-BUF renderer composites every frame through
/// Mesa's software GL (llvmpipe): ~90 MB PSS in the web process and the app for a renderer
/// that is slower than drawing directly. There the renderer is turned off; with a GPU it
/// stays on (it uses the GPU's memory and keeps scrolling smooth). A value the player set
/// wins either way. Returns whether it was turned off here. Must run before any thread
/// starts (it sets an environment variable) and before GTK is initialised.
pub fn choose_renderer() -> bool {
    #[cfg(target_os = "linux")]
    if std::env::var_os(DMABUF_OFF).is_none() && !std::path::Path::new("/dev/dri").exists() {
        std::env::set_var(DMABUF_OFF, "1");
        return true;
    }
    false
}

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
