#!/usr/bin/env bash
# Measures the app in release: start-up, the fling at 1,000 / 10,000 / 100,000 loaded items and
# idle CPU, and prints one table per measure (with the date and load average) for
# Docs/BENCHMARKS.md. Arguments go to scripts/perf_app.py (e.g. --only fling --sizes 10000).
# PERF_WORK (default /tmp/cascade-perf) keeps the catalogs between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh >/dev/null
swift build -c release --product cascade >&2
exec python3 scripts/perf_app.py --binary .build/release/cascade --work "${PERF_WORK:-/tmp/cascade-perf}" \
    --demo "${PERF_DEMO:-$HOME/.cache/cascade/demo-catalog-v1}" "$@"
