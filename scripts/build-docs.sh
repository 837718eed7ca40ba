#!/usr/bin/env bash
# Builds the DocC documentation of every core library product into .build/docs/<Target>.doccarchive
# and fails on any DocC warning (a broken symbol link in a /// comment or an article, a
# parameter documented that does not exist, a tutorial directive DocC cannot read).
#
# SwiftPM on Linux has no `generate-documentation` without an outside plugin, so this does its
# steps: the targets are built (debug, incrementally, with the test command's build), their
# public symbols are extracted from the built modules with `swift symbolgraph-extract`, and
# `docc convert` turns each catalog (Sources/<Target>/<Target>.docc) and its symbol graphs
# into an archive.
#
# Usage: scripts/build-docs.sh [--skip-build] [TARGET...]
#   (default: every library product; --skip-build when the debug build is fresh, as in the test
#   command right after `swift build --build-tests`)
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
if [ "${1:-}" = "--skip-build" ]; then
  build=0
  shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(CascadeLayout CascadeCollection CascadeFeed CascadeImages CascadePlayer CascadeFolder CascadeScreens)
fi

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  # The toolchain ships docc beside swift; it is not always on PATH.
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || { echo "build-docs: docc not found beside $(command -v swift)" >&2; exit 1; }

# The tutorial's last step of each file is the example package's file, which the test command
# builds and runs: the listings cannot drift from code that works.
tutorial=Sources/CascadeScreens/CascadeScreens.docc/Resources
example=Examples/FeedScreenExample/Sources/FeedScreenExample
for pair in loader-02:InMemoryFeedLoader host-02:RecordingHost check-01:ExampleCheck main-03:main; do
  if ! cmp -s "$tutorial/feed-screen-${pair%%:*}.swift" "$example/${pair##*:}.swift"; then
    echo "build-docs: $tutorial/feed-screen-${pair%%:*}.swift differs from $example/${pair##*:}.swift" >&2
    exit 1
  fi
done

started=$(date +%s)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for target in "${targets[@]}"; do
  [ -d "Sources/$target/$target.docc" ] || { echo "build-docs: no catalog Sources/$target/$target.docc" >&2; exit 1; }
  [ "$build" = 1 ] || continue
  if ! swift build --target "$target" >"$log" 2>&1; then
    grep -v -- "-mfpmath=sse" "$log" | tail -40
    exit 1
  fi
done
modules="$(swift build --show-bin-path)/Modules"
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

out=.build/docs
mkdir -p "$out"
# One catalog's extraction and conversion; the catalogs convert side by side (each mostly waits
# on the file system: seven in a row took 40 s on the shared box, most of it idle).
convert() {
  local target=$1 graphs="$out/symbol-graphs/$1"
  rm -rf "$graphs" "$out/$target.doccarchive"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$target" -I "$modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs" \
    && "$docc" convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$graphs" \
      --fallback-display-name "$target" --fallback-bundle-identifier "org.cascade.$target" \
      --output-path "$out/$target.doccarchive" --warnings-as-errors
}
pids=()
for target in "${targets[@]}"; do
  convert "$target" >"$out/$target.log" 2>&1 &
  pids+=($!)
done
status=0
for index in "${!targets[@]}"; do
  target=${targets[$index]}
  if ! wait "${pids[$index]}" || grep -qE "(warning|error):" "$out/$target.log"; then
    echo "== $target: DocC found problems"
    cat "$out/$target.log"
    status=1
  else
    echo "$target: $out/$target.doccarchive"
  fi
done
echo "docs: ${#targets[@]} catalogs in $(( $(date +%s) - started )) s"
exit "$status"
