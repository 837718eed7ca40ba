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
# Usage: scripts/build-docs.sh [TARGET...]   (default: every library product with a catalog)
set -euo pipefail
cd "$(dirname "$0")/.."

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
  if ! swift build --target "$target" >"$log" 2>&1; then
    grep -v -- "-mfpmath=sse" "$log" | tail -40
    exit 1
  fi
done
modules="$(swift build --show-bin-path)/Modules"
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

out=.build/docs
mkdir -p "$out"
status=0
for target in "${targets[@]}"; do
  graphs="$out/symbol-graphs/$target"
  rm -rf "$graphs" "$out/$target.doccarchive"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$target" -I "$modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
  if ! "$docc" convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$target" --fallback-bundle-identifier "org.cascade.$target" \
    --output-path "$out/$target.doccarchive" --warnings-as-errors >"$log" 2>&1 \
    || grep -qE "(warning|error):" "$log"; then
    echo "== $target: DocC found problems"
    cat "$log"
    status=1
  else
    echo "$target: $out/$target.doccarchive"
  fi
done
echo "docs: ${#targets[@]} catalogs in $(( $(date +%s) - started )) s"
exit "$status"
