#!/usr/bin/env bash
# Builds the installed versions of pixman and cairo from Debian's sources with debugging symbols,
# so `perf` and callgrind name the functions a frame's paint spends its time in (Debian strips
# them, and its -dbgsym archive is not reachable from every machine). The system's libraries and
# apt sources are left as they are: the sources come through a private apt state, and the
# libraries are used only by a command run with LD_LIBRARY_PATH set to the printed folder:
#
#   scripts/build-profiling-libs.sh [OUT]        # OUT: ~/.cache/cascade/profiling-libs
#   LD_LIBRARY_PATH=OUT/lib perf record --call-graph dwarf .build/release/cascade-bench gtk
#
# Needs root (or sudo) for the build dependencies; takes about 5 minutes on 2 cores.
set -euo pipefail

OUT=${1:-$HOME/.cache/cascade/profiling-libs}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get install -y --no-install-recommends meson ninja-build dpkg-dev libx11-dev libxext-dev \
  libxrender-dev libxcb1-dev libxcb-render0-dev libxcb-shm0-dev libfreetype-dev libfontconfig-dev \
  libpng-dev zlib1g-dev libglib2.0-dev >/dev/null

work=$(mktemp -d /tmp/cascade-profiling-libs.XXXXXX)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC1091
. /etc/os-release
mkdir -p "$work/lists/partial"
cat >"$work/sources.list" <<EOF
deb-src http://deb.debian.org/debian $VERSION_CODENAME main
deb-src http://deb.debian.org/debian $VERSION_CODENAME-updates main
deb-src http://deb.debian.org/debian-security $VERSION_CODENAME-security main
EOF
APT=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
  -o "Dir::State::Lists=$work/lists" -o "APT::Sandbox::User=root")
apt-get "${APT[@]}" update >/dev/null

# The source version of what is installed, upstream part only: the build is for symbols, and an
# upstream tarball is enough to name functions (Debian's patches to both are small fixes).
fetch() {
  local package=$1 binary=$2 version
  version=$(dpkg-query -W -f '${source:Version}' "$binary")
  (cd "$work" && apt-get "${APT[@]}" source --download-only "$package=$version" >/dev/null 2>&1) || true
  local tarball
  tarball=$(find "$work" -maxdepth 1 -name "${package}_${version%%-*}.orig.tar.*" | head -n 1)
  [ -n "$tarball" ] || { echo "build-profiling-libs: no source tarball for $package $version" >&2; exit 1; }
  tar -xf "$tarball" -C "$work"
  echo "$work/$package-${version%%-*}"
}

mkdir -p "$OUT/lib"
pixman=$(fetch pixman libpixman-1-0)
log="$work/build.log"
(cd "$pixman" && meson setup build --buildtype=debugoptimized -Dtests=disabled -Dgtk=disabled \
  -Dlibpng=disabled && ninja -C build) >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
find "$pixman/build/pixman" -maxdepth 1 -name "libpixman-1.so.0*" ! -type d -exec cp -P {} "$OUT/lib/" \;

cairo=$(fetch cairo libcairo2)
(cd "$cairo" && CFLAGS="-O2 -g" ./configure --enable-xlib --enable-xcb --enable-ft --enable-fc \
  --enable-png --disable-gtk-doc --disable-static && make -j"$(nproc)" -C src) >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
find "$cairo/src/.libs" -maxdepth 1 -name "libcairo.so.2*" ! -type d -exec cp -P {} "$OUT/lib/" \;

echo "pixman and cairo with symbols: LD_LIBRARY_PATH=$OUT/lib"
