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

# Clippy rides on the test build: clippy-driver is rustc plus clippy's lint passes, so with it
# as the workspace's compiler every workspace crate is linted (`-D warnings`) as it is built,
# and the dependencies are built once for everything, where `cargo clippy` first
# type-checked them all a second time (a third of a cold `make test`). Cargo keeps the
# wrapper in the workspace crates' fingerprints: a plain `cargo build` never passes for a
# linted one. `lint` builds every target (benches and examples too) of both feature sets;
# `unit`, `e2e` and `package-check` reuse that build.
CLIPPY_DRIVER := $(shell rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
LINTED = lint unit e2e package-check
$(LINTED): export RUSTC_WORKSPACE_WRAPPER = $(CLIPPY_DRIVER)
$(LINTED): export CLIPPY_ARGS = -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__

lint: ui
	@test -n "$(CLIPPY_DRIVER)" || { echo "clippy is missing: rustup component add clippy" >&2; exit 1; }
	cargo fmt --all --check
	cargo test --workspace --all-targets --locked --no-run
	cargo test --workspace --all-targets --locked --no-run $(E2E_FEATURES)

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

# CI's short run builds the targets at opt-level 1 (cargo-afl's AFL_OPT_LEVEL; it builds
# every crate with one codegen unit): a few seconds a target need the instrumentation, not
# the speed, and a cold build takes minutes less. `make fuzz` keeps opt-level 3.
fuzz-ci:
	AFL_OPT_LEVEL=1 fuzz/run.sh 8
