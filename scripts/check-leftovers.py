#!/usr/bin/env python3
"""Fails when a test run left something behind: a process or a temporary file.

Usage: scripts/check-leftovers.py RUN_ID TMPDIR [GRACE_SECONDS]

scripts/test.sh exports CASCADE_TEST_RUN=RUN_ID and TMPDIR before it runs the tests, so every
process the tests start (the app, servers, Xvfb, ffmpeg, whatever those start) carries the
marker in its environment and every temporary file lands in TMPDIR. After the run this waits
up to GRACE_SECONDS (default 20) for processes with the marker (other than this script and its
ancestors, i.e. test.sh itself) to exit by themselves: a session bus that GTK autolaunched
through `dbus-launch` goes away once its X display has closed, a few seconds after xvfb-run
ends. Whatever still runs then is listed and killed with SIGKILL so the machine stays clean,
and what is left in TMPDIR is listed. Exit status 1 if there was anything. Python standard
library only.
"""

from __future__ import annotations

import os
import signal
import sys
import time


def ancestors() -> set[int]:
    pids = set()
    pid = os.getpid()
    while pid > 1:
        pids.add(pid)
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return pids


def marked_processes(marker: bytes) -> list[tuple[int, str]]:
    mine = ancestors()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in mine:
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                environment = f.read().split(b"\0")
            if marker not in environment:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue  # gone meanwhile, or not ours to read
        found.append((int(entry), command or "?"))
    return found


def swiftpm_own(tmpdir: str, name: str) -> bool:
    """What `swift test` itself leaves in TMPDIR, whatever the tests do (measured: four empty
    `*.lock` files and five `TemporaryDirectory.XXXXXX` folders holding only an empty
    `.keep-directory` per `swift test` run, also with no test selected); not the tests'
    leftovers."""
    path = os.path.join(tmpdir, name)
    if name.endswith(".lock") and os.path.isfile(path) and os.path.getsize(path) == 0:
        return True
    return (
        name.startswith("TemporaryDirectory.")
        and os.path.isdir(path)
        and set(os.listdir(path)) <= {".keep-directory"}
        and all(os.path.getsize(os.path.join(path, entry)) == 0 for entry in os.listdir(path))
    )


def main() -> int:
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    run_id, tmpdir = sys.argv[1], sys.argv[2]
    grace = float(sys.argv[3]) if len(sys.argv) == 4 else 20.0
    failed = False

    marker = f"CASCADE_TEST_RUN={run_id}".encode()
    deadline = time.monotonic() + grace
    processes = marked_processes(marker)
    while processes and time.monotonic() < deadline:
        time.sleep(0.2)
        processes = marked_processes(marker)
    if processes:
        failed = True
        print(f"check-leftovers: {len(processes)} process(es) started by the tests are still running:", file=sys.stderr)
        for pid, command in processes:
            print(f"  {pid} {command[:200]}", file=sys.stderr)
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    left = sorted(name for name in (os.listdir(tmpdir) if os.path.isdir(tmpdir) else []) if not swiftpm_own(tmpdir, name))
    if left:
        failed = True
        print(f"check-leftovers: the tests left {len(left)} item(s) in their temporary directory:", file=sys.stderr)
        for name in left[:40]:
            print(f"  {name}", file=sys.stderr)

    if not failed:
        print("check-leftovers: no process and no temporary file left behind")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
