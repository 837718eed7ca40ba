#!/usr/bin/env bash
# Installs Cascade for the desktop: a release build with the Swift runtime linked statically
# (runs without the toolchain), its .desktop entry (listed for video files and folders in
# "Open With"), a scalable hicolor icon and AppStream metainfo.
#
#   scripts/install.sh [--prefix DIR] [--screenshot-base URL] [--no-build]
#
# --prefix           where to install (default ~/.local)
# --screenshot-base  the web address the repository is published at; the metainfo's screenshot
#                    is <base>/Docs/images/feed.png (default: $CASCADE_SCREENSHOT_BASE or a
#                    documentation-only example.org address)
# --no-build         install the binary already built into .build/static-release
#
# Every file and directory it creates is listed in <prefix>/share/cascade/install-manifest.txt,
# which scripts/uninstall.sh reads to put the prefix back as it was.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
screenshot_base="${CASCADE_SCREENSHOT_BASE:-https://example.org/cascade}"
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    --screenshot-base) screenshot_base="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

app_id=org.cascade.Feed
scratch=.build/static-release
binary="$scratch/release/cascade"
manifest="$prefix/share/cascade/install-manifest.txt"

if [ -f "$manifest" ]; then
  echo "install.sh: Cascade is already installed in $prefix; updating" >&2
  bash scripts/uninstall.sh --prefix "$prefix"
fi

if [ "$build" = 1 ]; then
  bash scripts/install-deps.sh
  echo "install.sh: building the static release binary (the first build takes a few minutes)" >&2
  swift build -c release --static-swift-stdlib --product cascade --scratch-path "$scratch" 2>&1 \
    | grep -vE -- "-mfpmath=sse|prohibited flag" || true
fi
[ -x "$binary" ] || { echo "install.sh: $binary was not built" >&2; exit 1; }

entries=()
# Creates DIR and its missing parents, remembering the ones that did not exist.
make_dir() {
  local dir="$1" missing=()
  while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir="$(dirname "$dir")"; done
  for d in "${missing[@]}"; do mkdir "$d"; entries+=("dir $d"); done
}
# Installs SOURCE as TARGET with MODE.
put() {
  make_dir "$(dirname "$2")"
  install -m "$3" "$1" "$2"
  entries+=("file $2")
}

put "$binary" "$prefix/bin/cascade" 755
put scripts/make-demo-catalog.py "$prefix/share/cascade/make-demo-catalog.py" 644
put "data/$app_id.desktop" "$prefix/share/applications/$app_id.desktop" 644
put "data/$app_id.svg" "$prefix/share/icons/hicolor/scalable/apps/$app_id.svg" 644
metainfo=$(mktemp)
sed "s#@SCREENSHOT_BASE@#${screenshot_base%/}#" "data/$app_id.metainfo.xml" >"$metainfo"
put "$metainfo" "$prefix/share/metainfo/$app_id.metainfo.xml" 644
rm -f "$metainfo"

# The MIME cache makes "Open With" list Cascade for videos and folders.
apps="$prefix/share/applications"
if command -v update-desktop-database >/dev/null; then
  if [ -f "$apps/mimeinfo.cache" ]; then entries+=("cache-updated $apps"); else entries+=("cache-created $apps"); fi
  update-desktop-database "$apps"
fi

make_dir "$(dirname "$manifest")"
printf '%s\n' "${entries[@]}" >"$manifest"
echo "install.sh: installed Cascade into $prefix (run $prefix/bin/cascade)" >&2
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "install.sh: note: $prefix/bin is not on PATH" >&2 ;; esac
