#!/usr/bin/env bash
# Checks Deckhand's packages as a user would get them:
#   scripts/check-package.sh FILE.deb [FILE.AppImage]
# The .deb's metadata (name, version from the workspace, WebKitGTK 4.1 and GTK
# dependencies) and file list (app, CLI, desktop entry, icons), then its contents unpacked
# into a scratch folder: every binary links, the CLI answers --version and games, and the
# app opens under Xvfb with the e2e's smoke steps. The AppImage, when given: the type-2
# magic and the SquashFS image at the offset its runtime reports, its --appimage-extract
# contents (the .deb's files plus AppRun, desktop entry and icon at the root) checked as
# the .deb's, then the AppImage itself, run as a user runs it (no FUSE anywhere here:
# our runtime extracts into a cache folder), answers through its CLI and opens the app
# under Xvfb with the same smoke steps.
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
  appimage=$(realpath "$appimage")
  [ "$(head -c 4 "$appimage" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] || fail "$appimage is not an ELF executable"
  [ "$(dd if="$appimage" bs=1 skip=8 count=3 status=none | od -An -tx1 | tr -d ' ')" = 414902 ] \
    || fail "$appimage lacks the AppImage type-2 magic (AI\\x02 at byte 8)"
  offset=$("$appimage" --appimage-offset) || fail "$appimage --appimage-offset failed"
  [ "$(dd if="$appimage" bs=1 skip="$offset" count=4 status=none)" = hsqs ] \
    || fail "no SquashFS image at byte $offset, where the runtime says it starts"
  ok "AppImage: ELF with the type-2 magic, SquashFS image at byte $offset"

  (cd "$scratch" && "$appimage" --appimage-extract >/dev/null) || fail "$appimage --appimage-extract failed"
  extracted="$scratch/squashfs-root"
  for file in "${wanted[@]}" AppRun Deckhand.desktop deckhand-app.png .DirIcon; do
    [ -e "$extracted/$file" ] || fail "the AppImage lacks $file; it holds: $(cd "$extracted" && find . | sort | tr '\n' ' ')"
  done
  [ -x "$extracted/AppRun" ] || fail "the AppImage's AppRun is not executable"
  cmp -s "$extracted/Deckhand.desktop" "$desktop" || fail "the AppImage's desktop entry differs from the .deb's"
  for bin in deckhand deckhand-app; do
    cmp -s "$extracted/usr/bin/$bin" "$scratch/root/usr/bin/$bin" || fail "the AppImage's $bin differs from the .deb's"
  done
  ok "AppImage files: the .deb's, plus AppRun, the desktop entry and icon at the root"
  check_binaries "$extracted"

  # As a user runs it: its runtime extracts it once into $XDG_CACHE_HOME and starts AppRun.
  said=$(XDG_CACHE_HOME="$scratch/cache" "$appimage" --cli --version) || fail "the AppImage's CLI failed"
  [ "$said" = "deckhand $version" ] || fail "the AppImage's CLI says '$said'"
  ok "the AppImage runs without FUSE: --cli --version says $said"
  rm -rf "$scratch/cache"
  DECKHAND_E2E_SMOKE=1 DECKHAND_E2E_APP="$appimage" DECKHAND_E2E_CLI="$extracted/usr/bin/deckhand" \
    node tests/e2e/app.e2e.mjs || fail "the AppImage failed the smoke steps (screenshots in target/e2e-package/)"
  ok "the AppImage opens the app and shows every game's cards"
fi
ok "done in $(( $(date +%s) - started )) s"
