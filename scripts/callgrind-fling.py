#!/usr/bin/env python3
"""Instructions per frame of the `gtk` bench's fling, ours against GtkGridView, under callgrind.

Runs `cascade-bench gtk` under valgrind's callgrind, collecting only inside
`FlingDriver.play(frames:)` (a block of one fling's frames on one window) and dumping after each
block, one file per thread. The bench plays ours and the peer in turn, ours first, so the dumps
alternate; the first pair is the warm-up fling, which is not counted. The main thread's instructions over each subject's blocks, divided by its frames, are
the instructions per frame: a count the machine's load does not change (Docs/BENCHMARKS.md).

    python3 scripts/callgrind-fling.py [--binary .build/release/cascade-bench] [--full] [--work DIR]

`--full` plays the bench's documented run (10,000 items, 10 flings each); the default is its
`--quick` run (1,000 items, one fling each).
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLAY = "$s12CascadeBench11FlingDriverC4play6framesySi_tKF"


def parse_dump(path):
    """(dump number, thread number, instructions) of one block's callgrind output file; the
    dump number is None for a dump no block triggered (the one at exit)."""
    part = thread = None
    total = 0
    block = False
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("part:"):
                part = int(line.split()[1])
            elif line.startswith("thread:"):
                thread = int(line.split()[1])
            elif line.startswith("desc: Trigger: --dump-after"):
                block = True
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    return (part if block else None), thread, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/cascade-bench")
    parser.add_argument("--full", action="store_true", help="the documented run, not --quick")
    parser.add_argument("--work", help="where callgrind writes (kept); a temporary folder otherwise")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("callgrind-fling: valgrind is not installed (apt-get install valgrind)")
    work = args.work or tempfile.mkdtemp(prefix="cascade-callgrind-")
    os.makedirs(work, exist_ok=True)
    for old in glob.glob(os.path.join(work, "callgrind.out*")):
        os.remove(old)
    command = [
        "valgrind", "--tool=callgrind", "--collect-atstart=no", f"--toggle-collect={PLAY}",
        f"--dump-after={PLAY}", "--separate-threads=yes",
        f"--callgrind-out-file={os.path.join(work, 'callgrind.out')}",
        args.binary, "gtk", "--json",
    ] + ([] if args.full else ["--quick"])
    if not os.environ.get("DISPLAY"):
        # The bench's own Xvfb start is timed for a process at full speed.
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24"] + command
    # Under valgrind the bench runs many times slower: it waits as much longer for frames.
    environment = dict(os.environ, CASCADE_BENCH_PATIENCE="50")
    run = subprocess.run(command, capture_output=True, text=True, env=environment)
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    # The bench exits 1 when a case misses its target; its lines are still the figures.
    if run.returncode not in (0, 1) or not lines:
        sys.exit(f"callgrind-fling: the bench failed ({run.returncode}):\n{run.stderr[-4000:]}")
    fling = next((line for line in lines if line.get("case") == "fling.frame_cpu_p95"), None)
    if fling is None:
        sys.exit(f"callgrind-fling: no fling line in the bench's output:\n{run.stdout}")
    frames = {"ours": int(fling["ours_frames"]), "gtk-grid-view": int(fling["baseline_frames"])}

    main_thread = {}
    for path in glob.glob(os.path.join(work, "callgrind.out*")):
        part, thread, total = parse_dump(path)
        if part is None:
            continue
        if thread in (None, 1):
            main_thread[part] = total
    # The first pair of blocks is the bench's warm-up fling of each view, which it does not count.
    parts = sorted(main_thread)[2:]
    if not parts or len(parts) % 2:
        sys.exit(f"callgrind-fling: expected pairs of blocks, found {len(parts)} dumps in {work}")
    ours = sum(main_thread[p] for p in parts[0::2])
    peer = sum(main_thread[p] for p in parts[1::2])
    per_frame = {"ours": ours / frames["ours"], "gtk-grid-view": peer / frames["gtk-grid-view"]}
    result = {
        "items": fling.get("n"),
        "blocks": len(parts) // 2,
        "ours_frames": frames["ours"],
        "baseline_frames": frames["gtk-grid-view"],
        "ours_instructions_per_frame": round(per_frame["ours"]),
        "baseline_instructions_per_frame": round(per_frame["gtk-grid-view"]),
        # As the bench states its ratios: the peer's cost over ours (1.43 is ours at 0.7 times).
        "ratio": round(per_frame["gtk-grid-view"] / per_frame["ours"], 3),
        "work": work,
    }
    print(json.dumps(result))
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
