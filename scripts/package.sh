#!/usr/bin/env bash
# Builds Deckhand's Linux packages from binaries cargo already built, the same way for
#   scripts/package.sh release   `make dist`
#   scripts/package.sh debug     `make test` (package-check), from the debug build it has:
# 1. the .deb, with Tauri's bundler (the npm package @tauri-apps/cli, installed with the
#    UI's packages). The `deckhand` CLI goes beside the app (/usr/bin/deckhand); its path
#    depends on CARGO_TARGET_DIR, so it reaches the bundler as a config overlay.
# 2. the AppImage, without Tauri's AppImage bundler (it downloads linuxdeploy and the
#    runtime from GitHub): an AppDir of the .deb's own files plus AppRun, the desktop entry
#    and the icon at its root, packed by mksquashfs (gzip) behind our runtime
#    (crates/appimage-runtime), with the type-2 magic `AI\x02` at byte 8. Like the .deb it
#    uses the system's WebKitGTK 4.1 and GTK 3 rather than carrying them.
# Prints the paths of the packages it made, one a line.
set -euo pipefail
profile="${1:?usage: scripts/package.sh release|debug}"
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
bins="$target/$profile"
say() { printf 'package: %s\n' "$*" >&2; }

for bin in deckhand deckhand-app appimage-runtime; do
  [ -x "$bins/$bin" ] || { say "no $bins/$bin: build it first (make dist / make unit do)"; exit 1; }
done
overlay=$(mktemp --suffix=.json)
trap 'rm -f "$overlay"' EXIT
cat >"$overlay" <<JSON
{"bundle": {"linux": {
  "deb": {"files": {"/usr/bin/deckhand": "$bins/deckhand"}}
}}}
JSON

tauri=(ui/node_modules/.bin/tauri bundle --ci --config "$overlay")
[ "$profile" = debug ] && tauri+=(--debug)
rm -rf "$bins/bundle"
"${tauri[@]}" --bundles deb >&2
deb=$(ls "$bins"/bundle/deb/*.deb)
echo "$deb"

# --- the AppImage
started=$(date +%s)
out="$bins/bundle/appimage"
image="$out/$(basename "$deb" .deb).AppImage"
appdir="$out/Deckhand.AppDir"
rm -rf "$out"
mkdir -p "$appdir"
dpkg-deb -x "$deb" "$appdir"
cp "$appdir/usr/share/applications/Deckhand.desktop" "$appdir/Deckhand.desktop"
cp "$appdir/usr/share/icons/hicolor/256x256/apps/deckhand-app.png" "$appdir/deckhand-app.png"
ln -s deckhand-app.png "$appdir/.DirIcon"
cat >"$appdir/AppRun" <<'SH'
#!/bin/sh
# Deckhand's AppImage entry point: the app; the deckhand CLI when the AppImage is started
# through a link named `deckhand`, or with --cli as its first argument.
here="${APPDIR:-$(dirname "$(readlink -f "$0")")}"
case "${ARGV0##*/}" in
  deckhand) exec "$here/usr/bin/deckhand" "$@" ;;
esac
if [ "${1:-}" = --cli ]; then
  shift
  exec "$here/usr/bin/deckhand" "$@"
fi
exec "$here/usr/bin/deckhand-app" "$@"
SH
chmod 755 "$appdir/AppRun"
# gzip level 6, not mksquashfs's 9: 1 % larger, four times faster (20 s, not 70, for the
# debug build on a busy 2-core machine).
mksquashfs "$appdir" "$out/image.squashfs" -comp gzip -Xcompression-level 6 -all-root -noappend -quiet -no-progress >&2
cp "$bins/appimage-runtime" "$image"
printf 'AI\002' | dd of="$image" bs=1 seek=8 conv=notrunc status=none
cat "$out/image.squashfs" >>"$image"
chmod 755 "$image"
rm -rf "$appdir" "$out/image.squashfs"
say "AppImage in $(( $(date +%s) - started )) s: $(du -h "$image" | cut -f1)"
echo "$image"
