//! Where an AppImage is extracted to run: `$XDG_CACHE_HOME/appimage-runtime/<hash>` (or
//! `~/.cache/…`), named by a hash of the whole file as the reference runtime names its
//! `APPIMAGE_EXTRACT_AND_RUN` folder by the file's MD5: a rebuilt image never runs an old
//! tree, and the same image is extracted once, not at every start.

use crate::{extract::PARTIAL, Error, Result};
use std::fs::{self, File};
use std::hash::Hasher;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The cache folder of the image in `path`'s file (not created).
pub fn folder_for(path: &Path) -> Result<PathBuf> {
    Ok(cache_root().join(content_hash(path)?))
}

/// `$XDG_CACHE_HOME` when it is an absolute path (the XDG rule), else `$HOME/.cache`,
/// else the temporary folder; then `appimage-runtime`.
pub fn cache_root() -> PathBuf {
    let xdg = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let home = || {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .map(|h| h.join(".cache"))
    };
    xdg.or_else(home)
        .unwrap_or_else(std::env::temp_dir)
        .join("appimage-runtime")
}

/// 16 hex digits of a hash of the file's bytes, and its length. SipHash with fixed keys
/// (std's `DefaultHasher::new`): should a Rust release change it, images are extracted
/// once more, nothing worse.
pub fn content_hash(path: &Path) -> Result<String> {
    let mut file = File::open(path).map_err(|e| Error::io(path, e))?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut buf = vec![0; 1 << 20];
    let mut len = 0u64;
    loop {
        let n = file.read(&mut buf).map_err(|e| Error::io(path, e))?;
        if n == 0 {
            break;
        }
        hasher.write(&buf[..n]);
        len += n as u64;
    }
    Ok(format!("{:016x}-{len}", hasher.finish()))
}

/// Removes the partial folders in `root` that extractions killed midway left behind (their
/// process is gone); a start that is still extracting keeps its own.
pub fn remove_abandoned(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .filter(|n| n.starts_with('.'))
            .and_then(|n| n.rsplit_once(PARTIAL))
            .and_then(|(_, pid)| pid.parse::<u32>().ok());
        if pid.is_some_and(|pid| !Path::new("/proc").join(pid.to_string()).exists()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}
