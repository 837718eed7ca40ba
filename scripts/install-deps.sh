#!/usr/bin/env bash
# Installs the Debian packages Cascade needs (GTK4, GStreamer and its development files, Xvfb,
# ffmpeg, xdotool, openbox, ImageMagick). Only what `dpkg -s` reports missing is installed, so a
# second run is instant. Needs root (or sudo) on Debian 12.
set -euo pipefail

PACKAGES=(
  pkg-config
  libgtk-4-dev
  libgtk-4-media-gstreamer
  gstreamer1.0-plugins-base
  gstreamer1.0-plugins-good
  gstreamer1.0-plugins-bad
  gstreamer1.0-libav
  libgdk-pixbuf-2.0-dev
  libgstreamer1.0-dev
  libgstreamer-plugins-base1.0-dev
  webp-pixbuf-loader
  xvfb
  xauth
  xdotool
  openbox
  ffmpeg
  imagemagick
  dbus-x11
  fonts-dejavu-core
  python3
  desktop-file-utils
  appstream
  libcurl4-openssl-dev
  dbus
  libglib2.0-bin
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg -s "$p" >/dev/null 2>&1; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
