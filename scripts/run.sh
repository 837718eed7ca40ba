#!/usr/bin/env bash
# Runs the Cascade app on the embedded demo catalog: installs missing system packages, builds,
# generates the demo catalog once (cached), and opens the window. Extra arguments go to `cascade`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
swift build -c release --product cascade 2>&1 | grep -vE -- "-mfpmath=sse|^warning: .*prohibited" || true
exec "$(swift build -c release --show-bin-path)/cascade" "$@"
