#!/usr/bin/env bash
# Profile-guided optimisation of the goldfish simulations for release builds (`make dist`).
#
#   scripts/pgo.sh build [cargo build args]
#
# 1. runs `cargo build --release <args>` with the deckhand-goldfish crate instrumented, in
#    $CARGO_TARGET_DIR/pgo (its own directory: its artifacts never mix with real ones). The
#    same arguments as the real build, not just the CLI: a profile is matched by symbol
#    names, which carry a hash of the crate's resolved dependencies and features, so a
#    profile taken from a build with other features matches nothing (and silently so);
# 2. trains it: `deckhand goldfish` on every bundled sample deck of every game (data/decks),
#    each for a second or so, with every effect on (the default) and keywords only;
# 3. merges the counts with llvm-profdata (rustup's llvm-tools component, installed when
#    missing: it must match rustc's LLVM);
# 4. runs `cargo build --release <args>` with the profile applied to deckhand-goldfish only
#    (scripts/rustc-pgo), after `cargo clean -p deckhand-goldfish --release`: cargo cannot
#    see flags a wrapper adds, so without the clean an earlier plain build would be reused.
# A build without it (plain `cargo build --release`) is the same program; it was 5-20 %
# slower at simulating when this was added (docs/benchmarks.md, "Profile-guided release
# build"), within noise on Showdown and PR Deck-Building since their look-aheads. On a cold cache the
# instrumented build costs as much again as the release build itself.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = build ] || { echo "usage: scripts/pgo.sh build [cargo build args]" >&2; exit 2; }
shift
say() { printf 'pgo: %s\n' "$*" >&2; }
target="${CARGO_TARGET_DIR:-$PWD/target}"
mkdir -p "$target"
target="$(cd "$target" && pwd)"
wrapper="$PWD/scripts/rustc-pgo"

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  say "installing rustup's llvm-tools component (llvm-profdata)"
  rustup component add llvm-tools >&2
fi

train="$target/pgo"
raw="$train/profraw"
rm -rf "$raw"
mkdir -p "$raw"
say "building the instrumented programs in $train"
CARGO_TARGET_DIR="$train" RUSTC_WRAPPER="$wrapper" \
  DECKHAND_PGO_FLAGS="-Cprofile-generate=$raw" DECKHAND_PGO_BIN_FLAGS="-Cprofile-generate=$raw" \
  cargo build --release "$@"
[ -x "$train/release/deckhand" ] || { say "the build made no deckhand CLI: pass --workspace or --bin deckhand"; exit 2; }
cli="$train/release/deckhand"
db=$(mktemp --suffix=.sqlite3)
trap 'rm -f "$db" "$db"-*' EXIT
started=$(date +%s)
for deck in data/decks/*/*.txt; do
  for effects in all keywords; do
    "$cli" --db "$db" goldfish "$deck" --games 20000 --seed 1 --effects "$effects" >/dev/null
  done
done
say "trained on $(ls data/decks/*/*.txt | wc -l) sample decks in $(( $(date +%s) - started )) s"
profile="$train/goldfish.profdata"
"$profdata" merge -o "$profile" "$raw"

say "building the release with the profile"
cargo clean --release -p deckhand-goldfish >&2
RUSTC_WRAPPER="$wrapper" \
  DECKHAND_PGO_FLAGS="-Cprofile-use=$profile" \
  cargo build --release "$@"
