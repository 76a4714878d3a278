//! The About dialog's licence list, generated from the lock files at build time so it
//! can never drift from what ships: every third-party crate the app and the `deckhand`
//! CLI link (normal dependencies for this target, from `cargo metadata --locked
//! --offline`), every npm package in `ui/package-lock.json` (the UI's runtime packages
//! and the tools that build it), and the bundled font's licence text.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

/// The workspace packages whose shipped dependencies are listed.
const SHIPPED: &[&str] = &["deckhand-app", "deckhand-cli"];

pub fn write() {
    let manifest_dir = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let root = manifest_dir
        .parent()
        .expect("src-tauri sits in the workspace");
    for input in [
        "Cargo.lock",
        "ui/package-lock.json",
        "crates/deckhand-print/fonts/LICENSE-DejaVu.txt",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(input).display());
    }
    let licences = json!({
        "crates": crates(root),
        "npm": npm(&root.join("ui/package-lock.json")),
        "font": {
            "name": "DejaVu Sans",
            "licence": "Bitstream Vera Fonts licence; DejaVu changes in the public domain",
            "text": read(&root.join("crates/deckhand-print/fonts/LICENSE-DejaVu.txt")),
        },
    });
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("licences.json");
    std::fs::write(&out, licences.to_string())
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Third-party crates reachable from [`SHIPPED`] through normal (not dev, not build)
/// dependencies on the target being built, by name.
fn crates(root: &Path) -> Vec<Value> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    let output = Command::new(cargo)
        .current_dir(root)
        .args([
            "metadata",
            "--locked",
            "--offline",
            "--format-version",
            "1",
            "--filter-platform",
            &target,
        ])
        .output()
        .expect("cannot run cargo metadata");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let packages: HashMap<&str, &Value> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| (p["id"].as_str().expect("id"), p))
        .collect();
    let nodes: HashMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .expect("resolve.nodes")
        .iter()
        .map(|n| (n["id"].as_str().expect("id"), n))
        .collect();
    let mut todo: Vec<&str> = packages
        .values()
        .filter(|p| SHIPPED.contains(&p["name"].as_str().unwrap_or_default()))
        .map(|p| p["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        todo.len(),
        SHIPPED.len(),
        "cargo metadata lacks {SHIPPED:?}"
    );
    let mut seen = BTreeSet::new();
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        for dep in nodes[id]["deps"].as_array().into_iter().flatten() {
            let normal = dep["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|k| k["kind"].is_null());
            if normal {
                todo.push(dep["pkg"].as_str().expect("pkg"));
            }
        }
    }
    let mut listed: BTreeMap<(String, String), Value> = BTreeMap::new();
    for id in seen {
        let package = packages[id];
        // Workspace members have no source; they are Deckhand itself.
        if package["source"].is_null() {
            continue;
        }
        let name = package["name"].as_str().unwrap_or_default().to_owned();
        let version = package["version"].as_str().unwrap_or_default().to_owned();
        let licence = package["license"]
            .as_str()
            .map(str::to_owned)
            .or_else(|| package["license_file"].as_str().map(|f| format!("see {f}")))
            .unwrap_or_else(|| "not stated".into());
        let entry = json!({ "name": name, "version": version, "licence": licence });
        listed.insert((name, version), entry);
    }
    listed.into_values().collect()
}

/// Every package in the npm lock file (what the page bundles and the tools that build it:
/// the lock file does not tell which of svelte's modules the bundle keeps), by name.
fn npm(lock: &Path) -> Vec<Value> {
    let lock: Value = serde_json::from_str(&read(lock)).expect("ui/package-lock.json is JSON");
    let mut listed: Vec<(String, Value)> = lock["packages"]
        .as_object()
        .expect("lockfile v3 `packages`")
        .iter()
        .filter_map(|(key, p)| {
            let name = key.rsplit_once("node_modules/")?.1.to_owned();
            let entry = json!({
                "name": name,
                "version": p["version"].as_str().unwrap_or_default(),
                "licence": p["license"].as_str().unwrap_or("not stated"),
            });
            Some((name, entry))
        })
        .collect();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    listed.dedup_by(|a, b| a.1 == b.1);
    listed.into_iter().map(|(_, entry)| entry).collect()
}
