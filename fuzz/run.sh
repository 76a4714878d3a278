#!/usr/bin/env bash
# Runs AFL++ (through cargo-afl) over one or more fuzz targets, one after another.
#   fuzz/run.sh SECONDS [TARGET...]     (no TARGET: all of them)
# Findings go to $FUZZ_OUT/<target>/default/{crashes,hangs}; the script fails when any
# target has a crash or a hang, and prints each target's executions.
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:?usage: fuzz/run.sh SECONDS [TARGET...]}"
shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(deck_text deck_cockatrice deck_octgn deck_lackey deck_json card_set query effects_text card_sheet game_def card_pack)

export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-${CARGO_TARGET_DIR:-$PWD/target}/afl}"
out="${FUZZ_OUT:-$CARGO_TARGET_DIR/findings}"
say() { printf 'fuzz: %s\n' "$*" >&2; }

if ! cargo afl --version >/dev/null 2>&1; then
  say "installing cargo-afl (cargo install, about two minutes)"
  cargo install cargo-afl --locked --version "0.18.2" --quiet
fi
cargo afl build --release --quiet

# Not a terminal in CI; the machine's core_pattern and CPU governor are not ours to change.
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_SKIP_CRASHES=1 AFL_NO_AFFINITY=1

failed=0
for target in "${targets[@]}"; do
  rm -rf "${out:?}/$target"
  mkdir -p "$out/$target"
  say "$target for ${seconds}s"
  # A second per input: anything slower on these small inputs is a real hang.
  dict=()
  [ -f "dict/$target.dict" ] && dict=(-x "dict/$target.dict")
  cargo afl fuzz -V "$seconds" -t "${FUZZ_TIMEOUT_MS:-1000}" "${dict[@]}" -i "corpus/$target" -o "$out/$target" \
    -- "$CARGO_TARGET_DIR/release/$target" >"$out/$target.log" 2>&1 || {
    say "$target: afl-fuzz failed, see $out/$target.log"
    tail -20 "$out/$target.log" >&2
    failed=1
    continue
  }
  stats="$out/$target/default/fuzzer_stats"
  execs=$(awk -F' *: *' '$1=="execs_done"{print $2}' "$stats")
  paths=$(awk -F' *: *' '$1=="corpus_count"{print $2}' "$stats")
  crashes=$(find "$out/$target/default/crashes" -type f ! -name README.txt | wc -l)
  hangs=$(find "$out/$target/default/hangs" -type f | wc -l)
  say "$target: ${seconds}s, $execs executions, $paths inputs in the queue, $crashes crashes, $hangs hangs"
  if [ "$crashes" -gt 0 ] || [ "$hangs" -gt 0 ]; then
    say "$target: findings in $out/$target/default/crashes and hangs"
    failed=1
  fi
done
exit "$failed"
