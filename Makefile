# The two commands that matter: `make run` (the app) and `make test` (every test).
# Both install what is missing first (see scripts/ensure-deps.sh).
CARGO_TARGET_DIR ?= $(CURDIR)/target
export CARGO_TARGET_DIR
# The app's end-to-end test hooks (src-tauri/src/commands/test_hooks.rs). Only the app crate
# builds differently with it, so switching costs one crate, not the world.
E2E_FEATURES = --features deckhand-app/e2e-hooks

.PHONY: run test dist setup setup-test ui ui-check lint unit package-check e2e cli fuzz fuzz-ci bindings

run: setup ui
	cargo run -p deckhand-app

test: setup-test ui-check ui lint unit package-check e2e fuzz-ci

# The release packages, in $(CARGO_TARGET_DIR)/release/bundle/: the .deb and the AppImage
# (our runtime, crates/appimage-runtime, before a SquashFS image of the .deb's files; no
# download), both checked as `package-check` checks the debug ones. The goldfish
# simulations are built with profile-guided optimisation (scripts/pgo.sh: an instrumented
# CLI trained on every sample deck first; ~10 minutes more on a cold cache).
dist: setup-test ui
	scripts/pgo.sh build --workspace --locked --features deckhand-app/custom-protocol
	scripts/package.sh release > $(CARGO_TARGET_DIR)/release/packages.txt
	scripts/check-package.sh $$(cat $(CARGO_TARGET_DIR)/release/packages.txt)

setup:
	@scripts/ensure-deps.sh app

setup-test:
	@scripts/ensure-deps.sh test

ui:
	npm --prefix ui run build --silent

ui-check:
	npm --prefix ui run check --silent

lint: ui
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	cargo clippy --workspace --all-targets --locked $(E2E_FEATURES) -- -D warnings

unit: ui
	cargo build --workspace --locked
	cargo test --workspace --locked
	cargo test --workspace --locked $(E2E_FEATURES) test_hooks

# A .deb and an AppImage of the debug build `unit` made (no release build: bundling only),
# then the .deb's metadata and files, the AppImage's magic and files, and in each its CLI
# and its app under Xvfb (scripts/check-package.sh).
package-check: ui
	cargo build --workspace --locked
	scripts/package.sh debug > $(CARGO_TARGET_DIR)/debug/packages.txt
	scripts/check-package.sh $$(cat $(CARGO_TARGET_DIR)/debug/packages.txt)

e2e: ui
	cargo build --workspace --locked $(E2E_FEATURES)
	node tests/e2e/app.e2e.mjs

# Rewrites ui/src/lib/bindings.ts, the TypeScript types of every command, from the Rust
# types (src-tauri/src/bindings.rs). `cargo test` fails while the file is stale: run this
# after changing a type the app sends or receives, or a command, and after a merge.
bindings:
	DECKHAND_WRITE_BINDINGS=1 cargo test --workspace --locked --bin deckhand-app -- bindings

# `make cli ARGS="games"` runs the CLI against the default database.
cli:
	cargo run --quiet --bin deckhand -- $(ARGS)

# Coverage-guided fuzzing (AFL++ through cargo-afl, on stable Rust) of the deck-file
# readers, the card-set reader and the query parser; see fuzz/README.md. `make fuzz` runs
# each target FUZZ_SECONDS (10 minutes) one after another; `make fuzz-ci` runs each for a
# few seconds from the committed corpus (about a minute in all, after the build).
FUZZ_SECONDS ?= 600
fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

fuzz-ci:
	fuzz/run.sh 8
