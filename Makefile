# The two commands that matter: `make run` (the app) and `make test` (every test).
# Both install what is missing first (see scripts/ensure-deps.sh).
CARGO_TARGET_DIR ?= $(CURDIR)/target
export CARGO_TARGET_DIR

.PHONY: run test setup setup-test ui ui-check lint unit e2e cli

run: setup ui
	cargo run -p deckhand-app

test: setup-test ui-check ui lint unit e2e

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

unit: ui
	cargo build --workspace --locked
	cargo test --workspace --locked

e2e: ui
	cargo build --workspace --locked
	node tests/e2e/app.e2e.mjs

# `make cli ARGS="games"` runs the CLI against the default database.
cli:
	cargo run --quiet --bin deckhand -- $(ARGS)
