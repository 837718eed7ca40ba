#!/usr/bin/env bash
# Runs every Cascade check: installs missing system packages, lints the formatting, builds,
# and runs all unit, integration and UI tests (UI tests under a virtual X display).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

echo "== swift format lint"
swift format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests Fuzz \
  Examples/FeedScreenExample/Package.swift Examples/FeedScreenExample/Sources

echo "== script checks: imports match Package.swift, leftover detection"
python3 scripts/tests/test_check_imports.py 2>&1 | tail -3
python3 scripts/check-imports.py
python3 scripts/tests/test_check_leftovers.py 2>&1 | tail -3
echo "== floating-point → integer conversions"
python3 scripts/tests/test_check_conversions.py
python3 scripts/check-conversions.py

echo "== swift build"
log=$(mktemp)
if ! swift build --build-tests >"$log" 2>&1; then
  grep -v -- "-mfpmath=sse" "$log" | tail -80
  exit 1
fi
grep -E "^.*(error|warning):" "$log" | grep -v -- "-mfpmath=sse" | head -40 || true
# The UI translations, beside the binaries (po/*.po → .build/<config>/locale).
bash scripts/build-locales.sh

echo "== documentation: DocC catalogs of the core products, no warnings"
bash scripts/build-docs.sh --skip-build

echo "== example package: a feed screen over a fake host, core products only"
# Its own package (and .build) under Examples/, depending on this one by path: what a user of
# the products writes. It prints the visible items after each step and exits non-zero on a
# wrong one.
if ! swift build --package-path Examples/FeedScreenExample >"$log" 2>&1; then
  grep -v -- "-mfpmath=sse" "$log" | tail -40
  exit 1
fi
swift run --skip-build --package-path Examples/FeedScreenExample

echo "== release build: .provided sizing"
bash scripts/release-check.sh

echo "== static release build (installed-binary test; cached in .build/static-release)"
# The Swift runtime linked statically, as scripts/install.sh builds it. A clean build takes a few
# minutes on two cores, a rebuild after a change about a minute; its own scratch path keeps it
# from invalidating the debug build above.
started=$(date +%s)
if ! swift build -c release --static-swift-stdlib --product cascade --scratch-path .build/static-release >"$log" 2>&1; then
  grep -v -- "-mfpmath=sse" "$log" | tail -40
  exit 1
fi
echo "static release build: $(( $(date +%s) - started )) s"

echo "== fuzz (every libFuzzer target, 10 s each; long runs: Docs/RELIABILITY.md)"
bash scripts/fuzz.sh all 10

echo "== swift test"
# The tests leave nothing behind: they run in a private temporary directory with a marker in
# their environment, and scripts/check-leftovers.py fails the run if a process carrying the
# marker is still alive at the end or anything is left in the directory (it also cleans up).
run_tmp=$(mktemp -d /tmp/cascade-test-run.XXXXXX)
export CASCADE_TEST_RUN="${run_tmp##*/}"
finish() {
  status=$?
  python3 scripts/check-leftovers.py "$CASCADE_TEST_RUN" "$run_tmp" || status=1
  rm -rf "$run_tmp"
  exit "$status"
}
trap finish EXIT
export TMPDIR="$run_tmp"
# Tests that open windows or play video need a display: give them a private Xvfb.
# No sound card on CI: keep GStreamer from probing ALSA/Pulse/PipeWire sinks (they only log errors).
# GTK4 ignores NO_AT_BRIDGE: GTK_A11Y=none keeps it from starting at-spi's bus, whose dbus-daemon
# outlives the tests (Docs/PLATFORM_NOTES.md).
export NO_AT_BRIDGE=1 GTK_A11Y=none GDK_BACKEND=x11
export GST_PLUGIN_FEATURE_RANK="${GST_PLUGIN_FEATURE_RANK:-alsasink:NONE,pulsesink:NONE,pipewiresink:NONE,openalsink:NONE}"
# Two runs: GTK and app tests iterate the GLib main loop on the main thread, which would starve
# the core tests' main-actor work if they ran side by side. The GTK and app tests run one at a
# time: each starts real app processes (often with their own Xvfb and openbox), and a dozen of
# them at once on two cores made input timing (wheel gestures, drag velocity) miss.
gtk_tests='CascadeGTKTests|CascadeAppTests'
echo "== core tests"
swift test --skip-build --skip "$gtk_tests" 2>&1
echo "== GTK host and app tests (Xvfb)"
xvfb-run -a -s "-screen 0 1280x1024x24" swift test --skip-build --no-parallel --filter "$gtk_tests" 2>&1
