#!/usr/bin/env python3
"""A hostile feed server for Cascade's reliability tests. Standard library only, loopback only.

Serves, on 127.0.0.1, everything issue 12 lists as hostile input, so the app can be run against
it and must neither crash nor exhaust its memory:

  GET /feed/hostile?page=P&size=S   one page of items that are each an attack:
        durations 1e19, "9223372036854775807:00:00", -5 and 1e308; sizes 1e308 x 1e-308;
        covers that are a gzip bomb (1 MB on the wire, 1 GiB inflated), an endless body,
        file:///dev/zero, file:///proc/self/environ, a 4000x4000 20-frame animated WebP and a
        35-byte GIF declaring 8000x8000; "videos" that are an SVG and a TGA; "videos" that
        change between the player's probe and its playback (h16: an MP4 header, then a magenta
        PNG; h17: the probe's connection is dropped, then the same PNG); plus good items
  GET /feed/tall?page=P&size=S&count=N  one page of N items 1000x taller than wide (default
        110,000, about 7.9 MB: under the app's 8 MB cap, its content height past Int32.max)
  GET /channels.json               150 channels (more than the app keeps)
  GET /media/<name>                the covers and "videos" above; ok.png is a real cover
  GET /stats                       JSON: how many times each path was requested

Every loop is bounded: the endless body stops after --endless-seconds (default 30) or when the
client leaves, and the server exits by itself after --lifetime seconds (default 600).

With --tls-cert and --tls-key it serves https (every URL it hands out is then https too).

Usage: hostile_server.py [--port N] [--fixtures DIR] [--lifetime S] [--endless-seconds S]
[--cache-dir DIR] [--tls-cert PEM --tls-key PEM]; prints "PORT <n>" once listening.
"""
import argparse
import json
import os
import ssl
import struct
import sys
import tempfile
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURES = os.path.join(HERE, "..", "Tests", "CascadePixbufTests", "Fixtures")


def png(width, height, rgb):
    """A solid-colour RGB PNG."""
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def gzip_bomb(megabytes):
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = bytes(1 << 20)
    return b"".join(packer.compress(block) for _ in range(megabytes)) + packer.flush()


SVG = b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"></svg>'
# An ISO MP4 `ftyp` box padded to the probe's 4,096-byte window: classified as MP4.
MP4_HEADER = b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isommp42" + bytes(4096 - 24)
TGA = bytes([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 0, 24, 0]) + bytes([0x80] * 8 * 8 * 3)


class State:
    def __init__(self, fixtures, endless_seconds, cache_dir):
        self.fixtures = fixtures
        self.cache_dir = cache_dir
        self.endless_seconds = endless_seconds
        self.counts = {}
        self.lock = threading.Lock()
        self.bomb = None

    def count(self, path):
        with self.lock:
            self.counts[path] = self.counts.get(path, 0) + 1

    def gzip_bomb(self):
        """1 GiB of zeros, about 1 MB gzip-compressed: made once (about 10 s of CPU) and kept in
        --cache-dir (default: the temporary folder)."""
        with self.lock:
            if self.bomb is None:
                cache = os.path.join(self.cache_dir, "cascade-gzip-bomb-1g-v1.gz")
                if os.path.exists(cache):
                    with open(cache, "rb") as handle:
                        self.bomb = handle.read()
                else:
                    self.bomb = gzip_bomb(1024)
                    partial = "%s.%d" % (cache, os.getpid())
                    with open(partial, "wb") as handle:
                        handle.write(self.bomb)
                    os.replace(partial, cache)
            return self.bomb


def hostile_items(base):
    media = base + "media/"

    def item(i, cover, video="clip.mp4", duration=12, width=640, height=360):
        return {"id": "h%d" % i, "title": "Hostile %d" % i, "cover": cover,
                "flv": video if "://" in video else media + video, "duration": duration,
                "width": width, "height": height}
    return [
        item(0, media + "ok.png", duration=1e19),
        item(1, media + "ok.png", duration="9223372036854775807:00:00"),
        item(2, media + "ok.png", duration=-5),
        item(3, media + "ok.png", duration=1e308),
        item(4, media + "ok.png", width=1e308, height=1e-308),
        item(5, media + "bomb.gz"),
        item(6, media + "endless"),
        item(7, "file:///dev/zero"),
        item(8, "file:///proc/self/environ"),
        item(9, media + "anim.webp"),
        item(10, media + "bomb.gif"),
        item(11, media + "ok.png", video="fake.svg"),
        item(12, media + "ok.png", video="fake.tga"),
        item(13, media + "ok.png", video="file:///etc/passwd"),
        item(14, media + "ok.png"),
        item(15, media + "ok.png"),
        item(16, media + "ok.png", video="switch.mp4"),
        item(17, media + "ok.png", video="drop-then-png.mp4"),
    ]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        state = self.server.state
        state.count(url.path)
        base = "%s://127.0.0.1:%d/" % (self.server.scheme, self.server.server_address[1])
        try:
            if url.path == "/stats":
                with state.lock:
                    return self.send(200, json.dumps(state.counts).encode(), "application/json")
            if url.path == "/channels.json":
                channels = [{"id": "c%d" % i, "title": "Channel %d" % i} for i in range(150)]
                return self.send(200, json.dumps({"channels": channels}).encode(), "application/json")
            if url.path.startswith("/feed/"):
                return self.feed(url.path[len("/feed/"):], query, base)
            if url.path.startswith("/media/"):
                return self.media(url.path[len("/media/"):])
            self.send(404, b"{}", "application/json")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def feed(self, name, query, base):
        try:
            page = int(query.get("page", ["0"])[0])
        except ValueError:
            return self.send(400, b'{"error": "bad page"}', "application/json")
        if name == "tall":
            try:
                count = min(200_000, max(0, int(query.get("count", ["110000"])[0])))
            except ValueError:
                return self.send(400, b'{"error": "bad count"}', "application/json")
            # Compact entries (ids derived from the unique video URLs; nothing listens on port 80 of host 0,
            # so the few covers on screen fail fast) keep 110,000 items under 8 MB.
            entries = [] if page > 0 else [
                '{"cover":"http://0/c","flv":"http://0/%d","width":1,"height":1e3}' % i for i in range(count)]
            body = ('{"data":{"end":1,"info_list":[%s]}}' % ",".join(entries)).encode()
            return self.send(200, body, "application/json")
        if name == "hostile":
            items = hostile_items(base) if page == 0 else []
            if "only" in query:  # one case at a time: ?only=h5
                items = [item for item in items if item["id"] in query["only"]]
            return self.send(200, json.dumps({"data": {"info_list": items, "end": 1}}).encode(), "application/json")
        self.send(404, b"{}", "application/json")

    def media(self, name):
        state = self.server.state
        if name == "ok.png":
            return self.send(200, png(64, 36, (40, 160, 90)), "image/png")
        if name == "bomb.gz":
            return self.send(200, state.gzip_bomb(), "image/png", extra={"Content-Encoding": "gzip"})
        if name == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            block, stop = b"\x89PNG" + bytes(65532), time.time() + state.endless_seconds
            while time.time() < stop:
                self.wfile.write(block)
            return
        fixtures = {"anim.webp": "animated-4000x4000-20-frames.webp", "bomb.gif": "bomb-8000.gif"}
        if name in fixtures:
            with open(os.path.join(state.fixtures, fixtures[name]), "rb") as handle:
                return self.send(200, handle.read(), "image/webp" if name.endswith("webp") else "image/gif")
        if name in ("switch.mp4", "drop-then-png.mp4"):
            with state.lock:
                first = state.counts.get("/media/" + name, 0) <= 1
            if first and name == "switch.mp4":  # what the probe reads: an MP4 header
                return self.send(200, MP4_HEADER, "video/mp4")
            if first:  # the probe cannot read it: the connection closes without an answer
                self.close_connection = True
                return
            return self.send(200, png(640, 360, (255, 0, 255)), "video/mp4")
        if name == "fake.svg":
            return self.send(200, SVG, "video/mp4")
        if name == "fake.tga":
            return self.send(200, TGA, "video/mp4")
        self.send(404, b"{}", "application/json")

    def send(self, status, body, content_type, extra=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser(description="Cascade's hostile feed server (loopback only)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    parser.add_argument("--lifetime", type=float, default=600)
    parser.add_argument("--endless-seconds", type=float, default=30)
    parser.add_argument("--cache-dir", default=tempfile.gettempdir(), help="where the gzip bomb is kept")
    parser.add_argument("--tls-cert", help="serve https with this certificate (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    options = parser.parse_args()
    if bool(options.tls_cert) != bool(options.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    server.scheme = "http"
    if options.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.tls_cert, options.tls_key)
        # The handshake runs in each request's thread, not in accept(): a client that never
        # completes it cannot stall the server.
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
        server.scheme = "https"
    server.daemon_threads = True
    server.state = State(options.fixtures, min(options.endless_seconds, options.lifetime), options.cache_dir)
    # Make the bomb before announcing the port, so no request waits on it.
    server.state.gzip_bomb()
    print("PORT %d" % server.server_address[1], flush=True)
    timer = threading.Timer(options.lifetime, server.shutdown)
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
