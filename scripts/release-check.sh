#!/usr/bin/env bash
# Builds `cascade-layout-check` with -c release (only CascadeLayout and the check compile) and
# runs it: `.provided` sizing must match fixed heights on every path over 200,000 items, and a
# height provider that calls back into the layout must stop with the layout's precondition
# failure. Only a release build drops the debug checks and runs the optimised loops, so it must be
# checked too; scripts/test.sh runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product cascade-layout-check >"$log" 2>&1; then
  grep -v -- "-mfpmath=sse" "$log" | tail -60
  exit 1
fi
bin="$(swift build -c release --show-bin-path)/cascade-layout-check"

"$bin" 200000

status=0
bash -c '"$1" reenter || exit $?' _ "$bin" >"$log" 2>&1 || status=$?
if [ "$status" -eq 0 ] || ! grep -q "called from its heightProvider" "$log"; then
  echo "release-check: a re-entrant height provider was not stopped by the precondition (status $status):" >&2
  cat "$log" >&2
  exit 1
fi
echo "release-check: a re-entrant height provider stops the process (status $status)"
