#!/usr/bin/env bash
# Removes what scripts/install.sh installed, using its manifest, and leaves the prefix as it
# was: files it installed, directories it created (when empty) and the MIME cache it created.
#
#   scripts/uninstall.sh [--prefix DIR]     (default ~/.local)
set -euo pipefail

prefix="$HOME/.local"
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "uninstall.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

manifest="$prefix/share/cascade/install-manifest.txt"
[ -f "$manifest" ] || { echo "uninstall.sh: Cascade is not installed in $prefix (no $manifest)" >&2; exit 1; }

inside() { case "$1" in "$prefix"/*) return 0 ;; *) return 1 ;; esac; }
dirs=()
caches=()
while read -r kind path; do
  inside "$path" || { echo "uninstall.sh: skipping $path (outside $prefix)" >&2; continue; }
  case "$kind" in
    file) rm -f -- "$path" ;;
    dir) dirs=("$path" "${dirs[@]}") ;;
    cache-created) rm -f -- "$path/mimeinfo.cache" ;;
    cache-updated) caches+=("$path") ;;
  esac
done <"$manifest"
rm -f -- "$manifest"
for apps in "${caches[@]}"; do
  command -v update-desktop-database >/dev/null && update-desktop-database "$apps" || true
done
# Deepest first: the manifest lists parents before children.
for dir in "${dirs[@]}"; do rmdir -- "$dir" 2>/dev/null || true; done
echo "uninstall.sh: removed Cascade from $prefix" >&2
