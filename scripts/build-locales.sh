#!/usr/bin/env bash
# Compiles the UI translations (po/<lang>.po) with msgfmt into DIR/<lang>/LC_MESSAGES/cascade.mo.
# Default DIR: `locale/` beside the debug and release binaries that exist, where the app looks
# first after $CASCADE_LOCALEDIR (Docs/LOCALIZATION.md).
# Usage: scripts/build-locales.sh [DIR...]
set -euo pipefail
cd "$(dirname "$0")/.."

dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  for config in debug release; do
    [ -d ".build/$config" ] && dirs+=(".build/$config/locale")
  done
fi
for dir in "${dirs[@]}"; do
  for po in po/*.po; do
    lang=$(basename "$po" .po)
    mkdir -p "$dir/$lang/LC_MESSAGES"
    msgfmt --check -o "$dir/$lang/LC_MESSAGES/cascade.mo" "$po"
  done
done
