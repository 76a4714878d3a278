//! WebKitGTK settings that trim the web process's memory (docs/benchmarks.md, "The app's
//! start-up and memory"). The app is one page that never navigates, so WebKit's caches for
//! browsing (back/forward pages, a large memory cache) only hold memory.

use std::ffi::OsStr;

use tauri::{Manager, Runtime};

/// WebKitGTK's switch for its DMA-BUF renderer.
const DMABUF_SWITCH: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";

/// How the webview composites its frames, decided once at start-up ([`choose_renderer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Renderer {
    /// The player (or their desktop) set `WEBKIT_DISABLE_DMABUF_RENDERER`: left as set.
    AsSet,
    /// A GPU render node exists: WebKit's DMA-BUF renderer, on the GPU.
    Gpu,
    /// No GPU: the DMA-BUF renderer turned off. Otherwise it composites every frame on
    /// Mesa's software GL (llvmpipe), which costs the web process ~90 MB for nothing a
    /// player sees (docs/benchmarks.md, "The renderer without a GPU").
    NoGpu,
    /// Not Linux: WebKitGTK is not the webview.
    Platform,
}

/// The choice for a variable set or not and a machine with or without a render node.
fn renderer_for(switch: Option<&OsStr>, has_render_node: bool) -> Renderer {
    match (switch, has_render_node) {
        (Some(_), _) => Renderer::AsSet,
        (None, true) => Renderer::Gpu,
        (None, false) => Renderer::NoGpu,
    }
}

/// Turns the DMA-BUF renderer off when the machine has no GPU render node
/// (`/dev/dri/renderD*`) and nobody chose otherwise. Must run first in `main`: it sets an
/// environment variable, which is only sound before any other thread starts, and WebKit
/// reads it when the webview starts.
pub fn choose_renderer() -> Renderer {
    if !cfg!(target_os = "linux") {
        return Renderer::Platform;
    }
    let has_render_node = std::fs::read_dir("/dev/dri")
        .map(|nodes| {
            nodes
                .flatten()
                .any(|node| node.file_name().to_string_lossy().starts_with("renderD"))
        })
        .unwrap_or(false);
    let renderer = renderer_for(std::env::var_os(DMABUF_SWITCH).as_deref(), has_render_node);
    if renderer == Renderer::NoGpu {
        std::env::set_var(DMABUF_SWITCH, "1");
    }
    renderer
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_renderer_is_turned_off_only_without_a_gpu_and_without_the_players_choice() {
        let cases = [
            (None, false, Renderer::NoGpu),
            (None, true, Renderer::Gpu),
            (Some("0"), false, Renderer::AsSet),
            (Some("1"), true, Renderer::AsSet),
            (Some(""), false, Renderer::AsSet),
        ];
        for (switch, gpu, expected) in cases {
            assert_eq!(
                renderer_for(switch.map(OsStr::new), gpu),
                expected,
                "{DMABUF_SWITCH}={switch:?}, render node: {gpu}"
            );
        }
    }
}
