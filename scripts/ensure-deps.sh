#!/usr/bin/env bash
# Installs what Deckhand needs to build and run (`app`) or also to run every test (`test`).
# As root it installs what is missing; as anyone else it prints the exact commands and
# fails, so nothing is installed behind a user's back.
set -euo pipefail
mode="${1:-app}"
cd "$(dirname "$0")/.."

app_packages=(libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev
  libsoup-3.0-dev build-essential pkg-config libssl-dev file curl fonts-dejavu-core)
# poppler-utils and qpdf: the print tests render and check the PDFs they make.
# squashfs-tools: mksquashfs packs the AppImage (make dist, and make test's package check).
# sqlite3: the e2e breaks a card row of the app's database, as a damaged file would.
test_packages=(xvfb webkit2gtk-driver poppler-utils qpdf squashfs-tools sqlite3)
packages=("${app_packages[@]}")
[ "$mode" = test ] && packages+=("${test_packages[@]}")

say() { printf 'deckhand setup: %s\n' "$*" >&2; }

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "missing Debian packages. Install them with:"
    say "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
    exit 1
  fi
fi

for tool in cargo node npm; do
  if ! command -v "$tool" >/dev/null; then
    case "$tool" in
      cargo) say "Rust is missing: install it from rustup (https://rustup.rs), then re-run." ;;
      *) say "Node.js 20.19+ with npm is missing: install it (e.g. apt-get install nodejs npm, or from nodejs.org), then re-run." ;;
    esac
    exit 1
  fi
done

# npm packages for the UI, from the committed lock file; re-installed when it changes.
if [ ! -f ui/node_modules/.package-lock.json ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  say "installing the UI's npm packages"
  (cd ui && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ "$mode" = test ] && ! command -v tauri-driver >/dev/null; then
  say "installing tauri-driver (cargo install, about a minute)"
  cargo install tauri-driver --locked --version 2.1.0 --quiet
fi
