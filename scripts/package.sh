#!/usr/bin/env bash
# Builds Deckhand's Linux packages with Tauri's bundler (the npm package @tauri-apps/cli,
# installed with the UI's packages) from binaries cargo already built:
#   scripts/package.sh release   `make dist`: the .deb, then the AppImage if it can
#   scripts/package.sh debug     `make test`: a .deb of the debug build it already has
# The `deckhand` CLI goes beside the app (/usr/bin/deckhand). Its path depends on
# CARGO_TARGET_DIR, so it reaches the bundler as a config overlay rather than in
# tauri.conf.json. Prints the paths of the packages it made, one a line.
set -euo pipefail
profile="${1:?usage: scripts/package.sh release|debug}"
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
bins="$target/$profile"
say() { printf 'package: %s\n' "$*" >&2; }

for bin in deckhand deckhand-app; do
  [ -x "$bins/$bin" ] || { say "no $bins/$bin: build it first (make dist / make unit do)"; exit 1; }
done
overlay=$(mktemp --suffix=.json)
trap 'rm -f "$overlay"' EXIT
cat >"$overlay" <<JSON
{"bundle": {"linux": {
  "deb": {"files": {"/usr/bin/deckhand": "$bins/deckhand"}},
  "appimage": {"files": {"/usr/bin/deckhand": "$bins/deckhand"}}
}}}
JSON

tauri=(ui/node_modules/.bin/tauri bundle --ci --config "$overlay")
[ "$profile" = debug ] && tauri+=(--debug)
rm -rf "$bins/bundle"
"${tauri[@]}" --bundles deb >&2
ls "$bins"/bundle/deb/*.deb
if [ "$profile" = release ]; then
  # The AppImage bundler downloads linuxdeploy and its GTK plugin from GitHub on first
  # use (cached in ~/.cache/tauri afterwards): without the network it fails, and the .deb
  # stands alone. DECKHAND_APPIMAGE=no skips it.
  if [ "${DECKHAND_APPIMAGE:-yes}" = no ]; then
    say "AppImage skipped (DECKHAND_APPIMAGE=no)"
  elif "${tauri[@]}" --bundles appimage >&2; then
    ls "$bins"/bundle/appimage/*.AppImage
  else
    say "the AppImage was not built: Tauri's bundler could not fetch linuxdeploy (offline?); the .deb is complete"
  fi
fi
