#!/usr/bin/env bash
# Installs the Debian packages Cascade needs (GTK4, libadwaita, GStreamer and its development files, Xvfb,
# ffmpeg, xdotool, openbox, x11-utils (xmessage, xprop), ImageMagick, fonts for Chinese/Japanese/Korean/Arabic/emoji titles,
# gettext and the zh_CN.UTF-8 locale, playerctl, python3-gi, at-spi2-core and python3-pyatspi). Only what `dpkg -s` reports missing is installed, so a
# second run is instant. Needs root (or sudo) on Debian 12.
set -euo pipefail

PACKAGES=(
  pkg-config
  libgtk-4-dev
  libadwaita-1-dev
  libgtk-4-media-gstreamer
  gstreamer1.0-plugins-base
  gstreamer1.0-plugins-good
  # textoverlay (Pango): playbin3 draws a video's .srt/.vtt subtitles with it
  gstreamer1.0-x
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
  x11-utils
  ffmpeg
  imagemagick
  # cjpeg -arithmetic: the arithmetic-coded JPEG fixture (ImageMagick 6 cannot write one)
  libjpeg-turbo-progs
  # the proxy test: a real forward proxy on loopback whose log is read back
  tinyproxy-bin
  dbus-x11
  fonts-dejavu-core
  # Chinese, Japanese and Korean titles: WenQuanYi Micro Hei (1.6 MB download, 5 MB installed)
  # covers all three. Debian's Droid Sans Fallback has no Hangul syllables (Korean titles would
  # be boxes with it) and fonts-noto-cjk is 57 MB / 91 MB. DejaVu Sans above covers Arabic.
  fonts-wqy-microhei
  # Emoji in titles (colour bitmaps, 11 MB installed).
  fonts-noto-color-emoji
  # msgfmt compiles po/*.po; locales provides locale-gen for the zh_CN.UTF-8 locale.
  gettext
  locales
  python3
  # The player test reads the real X cursor through XFIXES (the pointer hides with the controls).
  python3-xlib
  desktop-file-utils
  appstream
  libcurl4-openssl-dev
  # the https tests: a test certificate (openssl) trusted in a private mount namespace (unshare, mount)
  openssl
  ca-certificates
  util-linux
  mount
  dbus
  libglib2.0-bin
  # the MPRIS test drives the player with a real MPRIS client
  playerctl
  # the idle-inhibition test's session manager (GLib's D-Bus from /usr/bin/python3)
  python3-gi
  gir1.2-glib-2.0
  # the accessibility test: a private at-spi bus and pyatspi, the client library Orca uses
  at-spi2-core
  python3-pyatspi
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg -s "$p" >/dev/null 2>&1; then
    missing+=("$p")
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The app's translations are chosen by LANG/LC_MESSAGES; glibc only switches to a locale that
# exists, so the ones the tests use are generated once: Chinese (translations) and Arabic
# (a right-to-left language: the window mirrors).
for wanted in zh_CN ar_EG; do
  if ! locale -a 2>/dev/null | grep -qix "$wanted.utf8"; then
    echo "install-deps: generating the $wanted.UTF-8 locale" >&2
    $SUDO sed -i "s/^# *\($wanted.UTF-8 UTF-8\)/\1/" /etc/locale.gen
    grep -q "^$wanted.UTF-8 UTF-8" /etc/locale.gen || echo "$wanted.UTF-8 UTF-8" | $SUDO tee -a /etc/locale.gen >/dev/null
    $SUDO locale-gen >/dev/null
  fi
done
