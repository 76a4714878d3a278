#!/usr/bin/env bash
# Checks Deckhand's packages as a user would get them:
#   scripts/check-package.sh FILE.deb [FILE.AppImage]
# The .deb's metadata (name, version from the workspace, WebKitGTK 4.1 and GTK
# dependencies) and file list (app, CLI, desktop entry, icons), then its contents unpacked
# into a scratch folder: every binary links, the CLI answers --version and games, and the
# app opens under Xvfb with the e2e's smoke steps. An AppImage, when given, is unpacked
# with --appimage-extract (no FUSE needed) and its binaries checked the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
deb="${1:?usage: scripts/check-package.sh FILE.deb [FILE.AppImage]}"
appimage="${2:-}"
started=$(date +%s)
fail() { printf 'package check: FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'package check: ok - %s\n' "$*"; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
[ -n "$version" ] || fail "no version in Cargo.toml's [workspace.package]"
games=$(ls data/games/*.toml | wc -l)

# --- metadata
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = deckhand ] || fail "package name is '$(field Package)', not deckhand"
[ "$(field Version)" = "$version" ] || fail "package version $(field Version), workspace $version"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "architecture $(field Architecture)"
depends=$(field Depends)
for dep in libwebkit2gtk-4.1-0 libgtk-3-0; do
  grep -qw -- "$dep" <<<"$depends" || fail "Depends lacks $dep: $depends"
done
ok "metadata: deckhand $version, Depends: $depends"

# --- file list
listing=$(dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's,^\./,,')
wanted=(usr/bin/deckhand-app usr/bin/deckhand usr/share/applications/Deckhand.desktop)
for size in 16 32 48 64 128 256; do
  wanted+=("usr/share/icons/hicolor/${size}x${size}/apps/deckhand-app.png")
done
for file in "${wanted[@]}"; do
  grep -qxF -- "$file" <<<"$listing" || fail "the package lacks $file; it holds: $(tr '\n' ' ' <<<"$listing")"
done
ok "files: the app, the CLI, the desktop entry and icons 16 to 256 px"

# --- contents, unpacked as dpkg would install them
dpkg-deb -x "$deb" "$scratch/root"
check_binaries() { # ROOT: the tree holding usr/bin
  local root="$1"
  for bin in deckhand deckhand-app; do
    local missing
    missing=$(ldd "$root/usr/bin/$bin" | grep 'not found' || true)
    [ -z "$missing" ] || fail "$bin lacks libraries: $missing"
  done
  local said
  said=$("$root/usr/bin/deckhand" --version)
  [ "$said" = "deckhand $version" ] || fail "deckhand --version says '$said'"
  local listed
  listed=$("$root/usr/bin/deckhand" --db "$scratch/cli.sqlite3" games --json | grep -o '"card_count"' | wc -l)
  [ "$listed" = "$games" ] || fail "deckhand games lists $listed games, data/games has $games"
  rm -rf "$scratch"/cli.sqlite3* "$scratch/logs"
  ok "$(basename "$root"): binaries link; deckhand --version and games answer"
}
check_binaries "$scratch/root"
desktop="$scratch/root/usr/share/applications/Deckhand.desktop"
for line in 'Exec=deckhand-app' 'Icon=deckhand-app' 'Name=Deckhand'; do
  grep -qx -- "$line" "$desktop" || fail "the desktop entry lacks '$line': $(cat "$desktop")"
done
grep -q '^Categories=.*Game' "$desktop" || fail "the desktop entry is not in the Game category"
ok "desktop entry"

DECKHAND_E2E_SMOKE=1 DECKHAND_E2E_APP="$scratch/root/usr/bin/deckhand-app" \
  DECKHAND_E2E_CLI="$scratch/root/usr/bin/deckhand" node tests/e2e/app.e2e.mjs \
  || fail "the installed app failed the smoke steps (screenshots in target/e2e-package/)"
ok "the installed app opens and shows every game's cards"

if [ -n "$appimage" ]; then
  (cd "$scratch" && "$appimage" --appimage-extract >/dev/null) || fail "$appimage --appimage-extract failed"
  check_binaries "$scratch/squashfs-root"
fi
ok "done in $(( $(date +%s) - started )) s"
