#!/usr/bin/env bash
# Runs the Cascade app on the embedded demo catalog: installs missing system packages, builds,
# generates the demo catalog once (cached), and opens the window. Extra arguments go to `cascade`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
# Drop only the harmless "prohibited flag" warning; a failed build stops here with the compiler's
# errors (pipefail: the pipeline's status is swift build's, not grep's).
if ! swift build -c release --product cascade 2>&1 | { grep -vE -- "-mfpmath=sse|^warning: .*prohibited" || true; }; then
  echo "run.sh: the build failed; not starting an old binary" >&2
  exit 1
fi
exec "$(swift build -c release --show-bin-path)/cascade" "$@"
