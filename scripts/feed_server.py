#!/usr/bin/env python3
"""A local feed server for Cascade: serves a catalog directory (or a synthetic catalog) over HTTP
in the reference feed schema, with network faults chosen per request. Standard library only.

Usage:
  python3 scripts/feed_server.py --catalog DIR | --synthetic N [--channels K]
                                 [--port 0] [--host 127.0.0.1] [--first-page 0] [--exit-with-parent]

Prints exactly `LISTENING <port>` on stdout (flushed) once it accepts connections.

Endpoints:
  GET /channels.json                      {"channels": [{"id", "title"}, ...]}
  GET /feed/<channel-id>?page=P&size=S    {"data": {"info_list": [...], "end": 0|1}}
  GET /media/... (and any file under the catalog root, never outside it)
  POST /_control/faults {"faults": [{"mode": "status", "value": 500}, ...]}
                                          queue faults, consumed one per later feed request
  DELETE /_control/faults                 clear the queue
  GET /_control/stats                     request counts per channel and per page
  DELETE /_control/stats                  reset the counts

Faults (the `fault=` query parameter of a feed request, `mode[:value]`, or a queued fault; a
queued fault wins over the query parameter):
  delay:S            answer normally after S seconds
  status:N           answer HTTP N with a JSON error body
  malformed          answer 200 with a body that is not JSON
  truncated          announce the full Content-Length, send half the body, close
  content-type:T     answer the normal body under content type T
  empty              an empty page with end 0
  overlap            the page starts half a page early (overlaps the previous page)
  never-end          end is always 0; pages past the last repeat the last page
  reset              close the connection with a TCP reset before answering
  drip:S             send the body in 5 pieces, S seconds apart
  retry-after[:N]    answer 503 with `Retry-After: N` (default 1)
  oversized[:MB]     a valid page padded to MB megabytes (default 9), without Content-Length
"""

import argparse
import json
import os
import posixpath
import socket
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHANNEL_TITLES = ["Travel", "Food", "Music", "Sports", "Pets", "Science", "Games", "Art"]


def png_bytes(width, height, rgb):
    """A solid-colour RGB PNG of the given size."""
    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    row = b"\x00" + bytes(rgb) * width
    raw = row * height
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


class Catalog:
    """The channels and items served, from a directory or generated."""

    def __init__(self, root=None, synthetic=0, channels=3):
        self.root = os.path.realpath(root) if root else None
        self.synthetic = synthetic
        self.channel_count = channels
        self._lock = threading.Lock()
        self._feeds = {}  # channel id -> (mtime, items)
        self._pngs = {}

    def channels(self):
        if self.root is None:
            return [{"id": "c%d" % k, "title": CHANNEL_TITLES[k % len(CHANNEL_TITLES)]}
                    for k in range(self.channel_count)]
        with open(os.path.join(self.root, "channels.json"), "rb") as handle:
            return json.load(handle).get("channels", [])

    def items(self, channel_id):
        """Every item of a channel in order, or None for an unknown channel."""
        if self.root is None:
            ids = {c["id"] for c in self.channels()}
            if channel_id not in ids:
                return None
            return [self._synthetic_item(channel_id, i) for i in range(self.synthetic)]
        if "/" in channel_id or channel_id in ("", ".", ".."):
            return None
        path = os.path.join(self.root, channel_id, "feed.json")
        try:
            mtime = os.path.getmtime(path)
        except OSError:
            return None
        with self._lock:
            cached = self._feeds.get(channel_id)
            if cached and cached[0] == mtime:
                return cached[1]
        with open(path, "rb") as handle:
            items = json.load(handle).get("data", {}).get("info_list", [])
        with self._lock:
            self._feeds[channel_id] = (mtime, items)
        return items

    @staticmethod
    def _synthetic_item(channel_id, i):
        height = 90 + (i * 37) % 190
        return {
            "id": "%s-%04d" % (channel_id, i),
            "title": "%s video %d" % (channel_id, i),
            "cover": "media/synthetic-%d.png" % i,
            "flv": "media/synthetic-%d.flv" % i,
            "duration": 5 + i % 60,
            "width": 160,
            "height": height,
            "featured": 1 if i < 3 else 0,
        }

    def synthetic_file(self, name):
        """Bytes and content type for /media/synthetic-<i>.(png|flv|mp4), or None."""
        if self.root is not None or not name.startswith("synthetic-"):
            return None
        stem, _, ext = name[len("synthetic-"):].partition(".")
        if not stem.isdigit():
            return None
        i = int(stem)
        if ext == "png":
            with self._lock:
                if i not in self._pngs:
                    rgb = ((i * 53) % 256, (i * 97) % 256, (i * 151) % 256)
                    self._pngs[i] = png_bytes(160, 90 + (i * 37) % 190, rgb)
                return self._pngs[i], "image/png"
        if ext in ("flv", "mp4"):
            # Not a playable video: the synthetic catalog only promises that the URL resolves.
            return b"\x00\x00\x00\x18ftypmp42synthetic-video", "video/mp4"
        return None


class State:
    """Fault queue and request statistics shared by the handler threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.faults = []
        self.reset_stats()

    def reset_stats(self):
        self.feed_requests = {}
        self.pages = {}
        self.other_requests = 0
        self.applied = []

    def record(self, channel_id, page, fault):
        with self.lock:
            self.feed_requests[channel_id] = self.feed_requests.get(channel_id, 0) + 1
            pages = self.pages.setdefault(channel_id, {})
            pages[str(page)] = pages.get(str(page), 0) + 1
            if fault:
                self.applied.append("%s:%s" % fault if fault[1] is not None else fault[0])

    def pop_fault(self):
        with self.lock:
            return self.faults.pop(0) if self.faults else None

    def stats(self):
        with self.lock:
            return {
                "feed_requests": dict(self.feed_requests),
                "total_feed_requests": sum(self.feed_requests.values()),
                "pages": {k: dict(v) for k, v in self.pages.items()},
                "other_requests": self.other_requests,
                "faults_applied": list(self.applied),
                "faults_queued": len(self.faults),
            }


def parse_fault(text):
    """`mode[:value]` -> (mode, value or None)."""
    mode, sep, value = text.partition(":")
    return mode.strip(), (value if sep else None)


# mode -> (kind of value, smallest, largest); None: the mode takes no value.
FAULT_VALUES = {
    "delay": (float, 0, 60),
    "status": (int, 100, 599),
    "malformed": None,
    "truncated": None,
    "content-type": (str, 1, 100),
    "empty": None,
    "overlap": None,
    "never-end": None,
    "reset": None,
    "drip": (float, 0, 10),
    "retry-after": (int, 0, 3600),
    "oversized": (float, 0, 64),
}


def fault_problem(fault):
    """Why a fault cannot be applied (unknown mode, bad or out-of-range value), or None."""
    mode, value = fault
    if mode not in FAULT_VALUES:
        return "unknown fault mode %r" % mode
    spec = FAULT_VALUES[mode]
    if value is None:
        return None
    if spec is None:
        return "fault %s takes no value" % mode
    kind, low, high = spec
    if kind is str:
        if not (low <= len(value) <= high) or any(ord(c) < 32 or ord(c) > 126 for c in value):
            return "fault %s needs printable text of %d to %d characters" % (mode, low, high)
        return None
    try:
        number = kind(value)
    except (TypeError, ValueError, OverflowError):
        return "fault %s needs a number, not %r" % (mode, value)
    if number != number or not (low <= number <= high):  # NaN, inf, out of range
        return "fault %s value must be within %s...%s" % (mode, low, high)
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    server_version = "CascadeFeedServer/1"

    def log_message(self, fmt, *args):  # quiet logging
        pass

    # MARK: routing

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(url.path)
        query = urllib.parse.parse_qs(url.query)
        try:
            if path == "/_control/stats":
                return self.send_json(200, self.server.state.stats())
            if path == "/_control/faults":
                with self.server.state.lock:
                    return self.send_json(200, {"faults": list(self.server.state.faults)})
            self.count_other(path)
            if path == "/channels.json":
                return self.send_json(200, {"channels": self.server.catalog.channels()})
            if path.startswith("/feed/"):
                return self.serve_feed(path[len("/feed/"):], query)
            return self.serve_file(path)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self):
        path = urllib.parse.urlsplit(self.path).path
        if path != "/_control/faults":
            return self.send_json(404, {"error": "not found"})
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
            faults = [{"mode": str(f["mode"]), "value": f.get("value")} for f in body.get("faults", [])]
            for f in faults:
                value = f["value"]
                problem = fault_problem((f["mode"], None if value is None else str(value)))
                if problem:
                    raise ValueError(problem)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            return self.send_json(400, {"error": "bad faults: %s" % error})
        with self.server.state.lock:
            self.server.state.faults.extend(faults)
            queued = len(self.server.state.faults)
        self.send_json(200, {"queued": queued})

    def do_DELETE(self):
        path = urllib.parse.urlsplit(self.path).path
        state = self.server.state
        if path == "/_control/faults":
            with state.lock:
                state.faults.clear()
            return self.send_json(200, {"queued": 0})
        if path == "/_control/stats":
            with state.lock:
                state.reset_stats()
            return self.send_json(200, {})
        self.send_json(404, {"error": "not found"})

    def count_other(self, path):
        with self.server.state.lock:
            self.server.state.other_requests += 1

    # MARK: feed

    def serve_feed(self, channel_id, query):
        items = self.server.catalog.items(channel_id)
        if items is None:
            return self.send_json(404, {"error": "unknown channel %s" % channel_id})
        try:
            page = int(query.get("page", [str(self.server.first_page)])[0])
            size = int(query.get("size", ["10"])[0])
        except ValueError:
            return self.send_json(400, {"error": "page and size must be integers"})
        index = page - self.server.first_page
        if index < 0 or size <= 0:
            return self.send_json(400, {"error": "page must be >= first page and size > 0"})
        size = min(size, 1000)

        queued = self.server.state.pop_fault()
        if queued is not None:
            value = queued.get("value")
            fault = (queued["mode"], None if value is None else str(value))
        elif "fault" in query:
            fault = parse_fault(query["fault"][0])
        else:
            fault = None
        problem = fault and fault_problem(fault)
        if problem:
            return self.send_json(400, {"error": problem})
        self.server.state.record(channel_id, page, fault)
        mode, value = fault if fault else (None, None)

        if mode == "delay":
            time.sleep(float(value or 1))
        elif mode == "status":
            return self.send_json(int(value or 500), {"error": "fault status"})
        elif mode == "retry-after":
            return self.send_json(503, {"error": "busy"}, extra={"Retry-After": value or "1"})
        elif mode == "reset":
            return self.reset_connection()
        elif mode == "malformed":
            return self.send_bytes(200, b'{"data": {"info_list": [{"title": "bro', "application/json")

        start = index * size
        if mode == "overlap":
            start = max(0, start - size // 2)
        chunk = items[start:start + size]
        end = 1 if start + size >= len(items) else 0
        if mode == "never-end":
            end = 0
            if not chunk and items:
                chunk = items[max(0, len(items) - size):]
        if mode == "empty":
            chunk, end = [], 0
        payload = {"data": {"info_list": chunk, "end": end}}
        if mode == "oversized":
            megabytes = float(value or 9)
            payload["padding"] = "x" * int(megabytes * 1024 * 1024)
        body = json.dumps(payload).encode("utf-8")

        content_type = "application/json"
        if mode == "content-type":
            content_type = value or "text/html"
        if mode == "truncated":
            return self.send_bytes(200, body, content_type, send=len(body) // 2)
        if mode == "drip":
            return self.send_bytes(200, body, content_type, drip=float(value or 0.5))
        if mode == "oversized":
            return self.send_bytes(200, body, content_type, length=False)
        self.send_bytes(200, body, content_type)

    # MARK: files

    def serve_file(self, path):
        name = posixpath.basename(path)
        if path.startswith("/media/"):
            synthetic = self.server.catalog.synthetic_file(name)
            if synthetic is not None:
                return self.send_bytes(200, synthetic[0], synthetic[1])
        root = self.server.catalog.root
        if root is None:
            return self.send_json(404, {"error": "not found"})
        target = os.path.realpath(os.path.join(root, path.lstrip("/")))
        if target != root and not target.startswith(root + os.sep):
            return self.send_json(403, {"error": "outside the catalog"})
        if not os.path.isfile(target):
            return self.send_json(404, {"error": "not found"})
        with open(target, "rb") as handle:
            data = handle.read()
        # Byte ranges, as a CDN serves video: the player and the seek previews seek with them.
        wanted = byte_range(self.headers.get("Range"), len(data))
        if wanted is None:
            return self.send_bytes(200, data, guess_type(target), extra={"Accept-Ranges": "bytes"})
        if wanted == "unsatisfiable":
            return self.send_bytes(416, b"", guess_type(target), extra={"Content-Range": "bytes */%d" % len(data)})
        start, end = wanted
        self.send_bytes(206, data[start:end + 1], guess_type(target), extra={
            "Accept-Ranges": "bytes", "Content-Range": "bytes %d-%d/%d" % (start, end, len(data))})

    # MARK: responses

    def send_json(self, status, payload, extra=None):
        self.send_bytes(status, json.dumps(payload).encode("utf-8"), "application/json", extra=extra)

    def send_bytes(self, status, body, content_type, extra=None, send=None, drip=None, length=True):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length:
            self.send_header("Content-Length", str(len(body)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            if drip is not None:
                pieces = 5
                step = max(1, (len(body) + pieces - 1) // pieces)
                for offset in range(0, len(body), step):
                    if offset:
                        time.sleep(drip)
                    self.wfile.write(body[offset:offset + step])
                    self.wfile.flush()
            elif send is not None:
                self.wfile.write(body[:send])
                self.wfile.flush()
                self.close_connection = True
            else:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def reset_connection(self):
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.close_connection = True
        self.connection.close()


def byte_range(header, size):
    """The (first, last) bytes of a single `Range: bytes=...` header over `size` bytes, None to
    send the whole body (no header, or one this server does not parse), or "unsatisfiable"."""
    if not header or not header.startswith("bytes=") or "," in header:
        return None
    first, _, last = header[6:].strip().partition("-")
    try:
        if first:
            start, end = int(first), (int(last) if last else size - 1)
        else:
            start, end = max(0, size - int(last)), size - 1
    except ValueError:
        return None
    end = min(end, size - 1)
    if start < 0 or start >= size or end < start:
        return "unsatisfiable"
    return start, end


def guess_type(path):
    ext = os.path.splitext(path)[1].lower()
    return {
        ".json": "application/json", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
        ".mp4": "video/mp4", ".flv": "video/x-flv", ".webm": "video/webm", ".gif": "image/gif",
    }.get(ext, "application/octet-stream")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def handle_error(self, request, client_address):  # quiet: clients hang up on purpose in tests
        pass


def watch_parent(parent):
    """Exit when the process that started us is gone, so a killed test run leaves no server."""
    while True:
        time.sleep(1)
        if os.getppid() != parent:
            os._exit(0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--catalog", help="catalog directory with channels.json and <channel>/feed.json")
    source.add_argument("--synthetic", type=int, help="generate N items per channel")
    parser.add_argument("--channels", type=int, default=3, help="channels of the synthetic catalog")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--first-page", type=int, default=0, help="number of the first page")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="exit when the parent process goes away (tests use it so no server outlives them)")
    args = parser.parse_args()

    if args.catalog and not os.path.isfile(os.path.join(args.catalog, "channels.json")):
        parser.error("%s has no channels.json" % args.catalog)
    if args.synthetic is not None and (args.synthetic < 0 or args.channels < 1):
        parser.error("--synthetic must be >= 0 and --channels >= 1")

    server = Server((args.host, args.port), Handler)
    server.catalog = Catalog(root=args.catalog, synthetic=args.synthetic or 0, channels=args.channels)
    server.state = State()
    server.first_page = args.first_page
    if args.exit_with_parent:
        threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
    sys.stdout.write("LISTENING %d\n" % server.server_address[1])
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
