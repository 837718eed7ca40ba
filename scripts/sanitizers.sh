#!/usr/bin/env bash
# Builds the core targets' tests with AddressSanitizer and ThreadSanitizer and runs them (the GTK
# host and app tests are skipped: they need a display, and GTK itself is not instrumented).
#
#   scripts/sanitizers.sh [address|thread|all]      (default: all)
#
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan), so the normal debug
# build is untouched. AddressSanitizer runs with LeakSanitizer; toolchain-internal leaks are
# suppressed in scripts/sanitizers/lsan.supp. Any report fails the run. Not part of
# scripts/test.sh: a clean build of both takes about 10 minutes on a shared 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

case "${1:-all}" in
  all) sanitizers=(address thread) ;;
  address | thread) sanitizers=("$1") ;;
  *)
    echo "usage: scripts/sanitizers.sh [address|thread|all]" >&2
    exit 2
    ;;
esac

skip='CascadeGTKTests|CascadeAppTests'
# Serial: under a sanitizer the CPU-bound property tests (41 s for the waterfall update
# sequences) hold the cooperative pool's threads long enough that the feed screen model tests'
# 20 s waits run out when everything runs in parallel. Serial is no slower in total.
failed=()
for sanitizer in "${sanitizers[@]}"; do
  scratch=$root/.build-${sanitizer:0:1}san
  mkdir -p "$scratch"
  log=$scratch/cascade-test.log
  echo "== $sanitizer sanitizer: build ($scratch)"
  start=$(date +%s)
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$scratch/cascade-build.log" 2>&1; then
    grep -E "error:" "$scratch/cascade-build.log" | head -20 || tail -40 "$scratch/cascade-build.log"
    failed+=("$sanitizer (build)")
    continue
  fi
  built=$(date +%s)
  echo "   built in $((built - start)) s; running the core tests"
  status=0
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1 \
    LSAN_OPTIONS=suppressions=$root/scripts/sanitizers/lsan.supp:print_suppressions=0 \
    TSAN_OPTIONS=halt_on_error=0:second_deadlock_stack=1 \
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --skip "$skip" --no-parallel \
      >"$log" 2>&1 ||
    status=$?
  summary=$(grep -E "Test run with [0-9]+ tests" "$log" | tail -1 || true)
  reports=$(grep -cE "^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Leak|Thread)Sanitizer)" "$log" || true)
  echo "   ${summary:-no Swift Testing summary}; sanitizer reports: $reports; exit $status; $(($(date +%s) - built)) s"
  if [[ $status != 0 || $reports != 0 ]]; then
    grep -E "✘|ERROR: |WARNING: ThreadSanitizer|SUMMARY: " "$log" | head -30 || true
    echo "   full log: $log"
    failed+=("$sanitizer")
  fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "sanitizers: FAILED: ${failed[*]}"
  exit 1
fi
echo "sanitizers: ${sanitizers[*]}: core tests pass with no report"
