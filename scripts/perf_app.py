#!/usr/bin/env python3
"""Measures the app (release build) and prints one Markdown table per measure: start-up,
the fling at 1,000 / 10,000 / 100,000 loaded items, the documented 10,000-item fling from the top
(pages landing while it runs), idle CPU, and the home screen (the banner in view). scripts/perf-app.sh builds
the binary and calls this; Docs/BENCHMARKS.md records its output.

    perf_app.py --binary .build/release/cascade --work DIR [--sizes 1000,10000,100000]
                [--startup-runs 5] [--flings 10] [--landing-runs 3] [--idle-seconds 60]
                [--preview-runs 3] [--home-runs 3] [--only startup,fling,landing,idle,previews,home]

Every run gets its own Xvfb (and openbox for the idle runs, where minimizing and focus must be
real) and its own XDG_CACHE_HOME; everything is killed and reaped before the next.
"""
import argparse
import bisect
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS = os.sysconf("SC_CLK_TCK")


class Display:
    """A private Xvfb (with -displayfd, so two runs never share one), optionally with openbox."""

    def __init__(self, window_manager=False):
        read, write = os.pipe()
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write)
        number = b""
        deadline = time.time() + 20
        while not number.endswith(b"\n") and time.time() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        if not number.strip():
            self.close()
            raise RuntimeError("Xvfb did not start")
        self.name = ":" + number.decode().strip()
        self.wm = None
        if window_manager:
            self.wm = subprocess.Popen(
                ["openbox", "--sm-disable"], env=self.env(), stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True)
            deadline = time.time() + 15
            while time.time() < deadline:
                if subprocess.run(["xdotool", "get_desktop"], env=self.env(), capture_output=True).returncode == 0:
                    break
                time.sleep(0.1)

    def env(self, extra=None):
        env = dict(os.environ, DISPLAY=self.name, GDK_BACKEND="x11", NO_AT_BRIDGE="1", GTK_A11Y="none",
                   GSK_RENDERER="cairo")
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        env.update(extra or {})
        return env

    def close(self):
        for process in (self.wm, self.server):
            if process and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


def run_app(binary, display, arguments, script_lines, cache, report, timeout, during=None):
    """Runs the app on `display` with a script; `during(process, report_path)` runs meanwhile.
    Returns the report's steps."""
    script = report + ".txt"
    with open(script, "w") as f:
        f.write("\n".join(script_lines) + "\n")
    if os.path.exists(report):
        os.remove(report)
    env = display.env({"XDG_CACHE_HOME": cache, "XDG_CONFIG_HOME": cache + "-config"})
    process = subprocess.Popen(
        [binary, *arguments, "--script", script, "--report", report], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        if during:
            during(process, report)
        process.wait(timeout=timeout)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    with open(report) as f:
        return json.load(f)["steps"]


def wait_for_steps(report, count, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with open(report) as f:
                steps = json.load(f)["steps"]
            if len(steps) >= count:
                return steps
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.1)
    raise RuntimeError("the app did not report %d steps within %d s" % (count, timeout))


def cpu_ticks(pid):
    """User + system CPU ticks of a process and its threads."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def steal_ticks():
    """CPU time the hypervisor took from this machine (all cores), in ticks: /proc/stat's
    `steal`. On a shared VM the slowest frames line up with it (Docs/BENCHMARKS.md)."""
    with open("/proc/stat") as f:
        return int(f.readline().split()[8])


class StealSampler(threading.Thread):
    """Samples /proc/stat's `steal` every 20 ms against time.monotonic() (CLOCK_MONOTONIC, the
    clock of the report's slow frames) until stopped."""

    def __init__(self):
        super().__init__(daemon=True)
        self.samples = []
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            self.samples.append((time.monotonic() * 1000, steal_ticks()))
            self.done.wait(0.02)

    def stop(self):
        self.done.set()
        self.join()

    def stolen_ms(self, start, end):
        """Milliseconds stolen (all cores) between two CLOCK_MONOTONIC times, interpolated."""
        if len(self.samples) < 2:
            return 0
        times = [x[0] for x in self.samples]

        def at(t):
            i = min(max(1, bisect.bisect_left(times, t)), len(self.samples) - 1)
            (t0, s0), (t1, s1) = self.samples[i - 1], self.samples[i]
            f = 0 if t1 <= t0 else min(1, max(0, (t - t0) / (t1 - t0)))
            return (s0 + (s1 - s0) * f) * 1000 / TICKS
        return at(end) - at(start)

    def share_of_a_core(self):
        """The share of one core stolen over the whole sampling."""
        if len(self.samples) < 2:
            return 0
        (t0, s0), (t1, s1) = self.samples[0], self.samples[-1]
        return (s1 - s0) * 1000 / TICKS / max(1e-3, t1 - t0)


def summary(samples):
    ordered = sorted(samples)
    if not ordered:
        return {"count": 0, "p50": 0, "p95": 0, "p99": 0, "over_16_7": 0, "over_33": 0}

    def rank(p):
        return ordered[max(0, min(len(ordered), int(-(-p * len(ordered) // 1))) - 1)]
    return {"count": len(ordered), "p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99),
            "over_16_7": sum(1 for s in ordered if s > 1000 / 60),
            "over_33": sum(1 for s in ordered if s > 1000 / 30)}


def ensure_perf_catalog(args, demo, size):
    """The one-channel catalog of `size` items (pages of 500) under --work, made once."""
    catalog = os.path.join(args.work, "perf%d" % size)
    if not os.path.exists(os.path.join(catalog, "channels.json")):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/make-perf-catalog.py"), "--from", demo,
                        "--out", catalog, "--items", str(size)], check=True, stdout=subprocess.DEVNULL)
    return catalog


def startup(args, demo):
    rows = []
    for label, fresh in (("cached catalog, persisted first page", False), ("cold: fresh cache folder", True)):
        figures = []
        cache = os.path.join(args.work, "startup-cache")
        for run in range(args.startup_runs + (0 if fresh else 1)):
            if fresh and os.path.exists(cache):
                shutil.rmtree(cache)
            display = Display()
            try:
                steps = run_app(args.binary, display, ["--catalog", demo], ["wait-idle"], cache,
                                os.path.join(args.work, "startup.json"), 120)
            finally:
                display.close()
            value = steps[-1]["state"].get("first_cover_painted_ms")
            if not fresh and run == 0:
                continue  # the warm-up run fills the cache folder
            figures.append(value if value is not None else float("nan"))
        rows.append((label, figures))
    print("\n### Start-up: process start → first cover painted (ms), %d runs\n" % args.startup_runs)
    print("| case | median | max | runs |\n| --- | --- | --- | --- |")
    for label, figures in rows:
        print("| %s | %.0f | %.0f | %s |" % (label, statistics.median(figures), max(figures),
                                             ", ".join("%.0f" % f for f in figures)))


def fling(args, demo):
    print("\n### Fling at the end of the feed: %d × (fling up, fling down) at 30,000 pt/s, 4 columns\n"
          % args.flings)
    print("| items loaded | frames | p50 | p95 | p99 | > 16.7 ms | > 33 ms | worst fling p95 | live cells "
          "| RSS loaded → after flings | RSS growth per item vs 1,000 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    baseline_rss = None
    for size in args.sizes:
        catalog = ensure_perf_catalog(args, demo, size)
        pages = -(-size // 500)
        lines = ["wait-idle"] + ["scroll-to-end", "wait-idle"] * pages + ["screenshot loaded"]
        for _ in range(args.flings):
            lines += ["fling 0 -30000", "fling 0 30000"]
        lines.append("wait-idle")
        display = Display()
        cache = os.path.join(args.work, "fling-cache-%d" % size)
        shutil.rmtree(cache, ignore_errors=True)
        try:
            steps = run_app(args.binary, display,
                            ["--catalog", catalog, "--page-size", "500", "--columns", "4",
                             "--carousel-interval", "0", "--screenshots", os.path.join(args.work, "shots-%d" % size)],
                            lines, cache, os.path.join(args.work, "fling-%d.json" % size), 1800)
        finally:
            display.close()
        flings = [s for s in steps if s["action"].startswith("fling")]
        loaded = next(s for s in steps if s["action"].startswith("screenshot"))["state"]
        items = loaded["feed"]["items"]
        samples = [x for s in flings for x in s["state"]["frame_times_ms"].get("samples", [])]
        worst = max(s["state"]["frame_times_ms"]["p95"] for s in flings)
        live = max(s["state"]["live_cells"] for s in steps)
        rss_loaded = loaded["rss_bytes"] / 2**20
        rss_after = steps[-1]["state"]["rss_bytes"] / 2**20
        # Growth per item after the flings, when the bounded image caches are full in every run.
        if baseline_rss is None:
            baseline_rss = (items, steps[-1]["state"]["rss_bytes"])
            growth = "—"
        else:
            growth = "%.2f KB" % ((steps[-1]["state"]["rss_bytes"] - baseline_rss[1]) / max(1, items - baseline_rss[0])
                                  / 1024)
        s = summary(samples)
        print("| %d | %d | %.1f | %.1f | %.1f | %d | %d | %.1f | %d | %.0f → %.0f MB | %s |" % (
            items, s["count"], s["p50"], s["p95"], s["p99"], s["over_16_7"], s["over_33"], worst, live,
            rss_loaded, rss_after, growth))


SLOWEST_SPLIT = 20
PHASES = ("total", "between", "update", "layout", "paint", "rest")


def slowest_split(steps):
    """The mean phase split (frame_cpu_ms.slowest) of the SLOWEST_SPLIT slowest frames the steps report."""
    frames = sorted((f for s in steps for f in (s["state"].get("frame_cpu_ms") or {}).get("slowest") or []),
                    key=lambda f: f["total"], reverse=True)[:SLOWEST_SPLIT]
    return {k: statistics.mean(f[k] for f in frames) if frames else 0.0 for k in PHASES}


def landing(args, demo):
    """The documented 10,000-item fling (Docs/BENCHMARKS.md): 60 flings down at 30,000 pt/s from
    the top, each stopping at the end of what is loaded until the last 500-item page lands."""
    size = 10000
    catalog = ensure_perf_catalog(args, demo, size)
    lines = ["wait-idle", "screenshot start"] + ["fling 0 30000"] * 60
    print("\n### The documented fling: 60 flings down from the top, %d items in pages of 500, 4 columns\n" % size)
    print("| run | frames | p50 | p95 | p99 | > 16.7 ms | > 33 ms | median fling p95 | median short-fling p95 "
          "| worst fling p95 | main-thread CPU per frame p50 / p95 / p99 / max | live cells | RSS start → end "
          "| CPU app / Xvfb | host steal: run / frames > 33 ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    worsts = []
    splits = []
    for run in range(args.landing_runs):
        display = Display()
        cache = os.path.join(args.work, "landing-cache")
        shutil.rmtree(cache, ignore_errors=True)
        app_ticks = [0]

        def during(process, report):
            # The app's CPU time (all its threads), read until it exits.
            while process.poll() is None:
                try:
                    app_ticks[0] = cpu_ticks(process.pid)
                except (OSError, IndexError, ValueError):
                    pass
                time.sleep(0.2)
        server_start = cpu_ticks(display.server.pid)
        sampler = StealSampler()
        sampler.start()
        try:
            steps = run_app(args.binary, display,
                            ["--catalog", catalog, "--page-size", "500", "--columns", "4", "--carousel-interval",
                             "0", "--screenshots", os.path.join(args.work, "shots-landing")],
                            lines, cache, os.path.join(args.work, "landing-%d.json" % run), 900, during)
            server_ticks = cpu_ticks(display.server.pid) - server_start
        finally:
            sampler.stop()
            display.close()
        flings = [s for s in steps if s["action"].startswith("fling")]
        samples = [x for s in flings for x in s["state"]["frame_times_ms"].get("samples", [])]
        per_fling = [s["state"]["frame_times_ms"]["p95"] for s in flings if s["state"]["frame_times_ms"].get("samples")]
        worsts.append(max(per_fling))
        # A short fling stops at the end of what is loaded (at most 20 frames): its p95 is its
        # slowest frame.
        short = [s["state"]["frame_times_ms"]["p95"] for s in flings
                 if 0 < len(s["state"]["frame_times_ms"].get("samples", [])) <= 20]
        summ = summary(samples)
        # The main thread's CPU per frame (frame_cpu_ms), pooled over the flings: what the machine
        # cannot steal.
        cpu = sorted(x for s in flings for x in (s["state"].get("frame_cpu_ms") or {}).get("samples", []))
        splits.append(slowest_split(flings))
        cpu_text = ("%.1f / %.1f / %.1f / %.1f ms" % (summary(cpu)["p50"], summary(cpu)["p95"], summary(cpu)["p99"],
                                                    cpu[-1])) if cpu else "—"
        # The share of a core stolen while the frames over 33 ms were drawn.
        slow = [f for s in flings for f in s["state"]["frame_times_ms"].get("slow", []) if f[1] > 1000 / 30]
        slow_steal = (sum(sampler.stolen_ms(a, a + d) for a, d in slow) / sum(d for _, d in slow)) if slow else 0
        print("| %d | %d | %.1f | %.1f | %.1f | %d | %d | %.1f | %s | %.1f | %s | %d | %.0f → %.0f MB | %.0f / %.0f s "
              "| %.0f %% / %s of a core |" % (
            run + 1, summ["count"], summ["p50"], summ["p95"], summ["p99"], summ["over_16_7"], summ["over_33"],
            statistics.median(per_fling), "%.1f" % statistics.median(short) if short else "—", max(per_fling),
            cpu_text, max(s["state"]["live_cells"] for s in steps),
            steps[0]["state"]["rss_bytes"] / 2**20, steps[-1]["state"]["rss_bytes"] / 2**20,
            app_ticks[0] / TICKS, server_ticks / TICKS, 100 * sampler.share_of_a_core(),
            "%.0f %%" % (100 * slow_steal) if slow else "—"))
    print("\nworst fling p95 over the runs: median %.1f ms, max %.1f ms" % (statistics.median(worsts), max(worsts)))
    print("\nWhere the main thread's CPU went in each run's %d slowest frames (mean ms; each step reports its 8 "
          "slowest, split by the frame clock's phases):\n" % SLOWEST_SPLIT)
    print("| run | frame | between frames | update | layout | paint | after-paint |\n| --- | --- | --- | --- | --- "
          "| --- | --- |")
    for run, split in enumerate(splits):
        print("| %d | %s |" % (run + 1, " | ".join("%.2f" % split[k] for k in PHASES)))


def idle(args, demo):
    print("\n### Idle CPU over %d s (window open, only the banner's auto-advance could move)\n" % args.idle_seconds)
    print("| window | CPU (% of a core) | banner auto-advancing |\n| --- | --- | --- |")
    cache = os.path.join(args.work, "idle-cache")
    for label in ("shown and active", "minimized", "another window active"):
        display = Display(window_manager=True)
        other = None
        result = {}

        def during(process, report):
            nonlocal other
            wait_for_steps(report, 1, 120)
            env = display.env()
            window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(process.pid),
                                     "--name", "^Cascade$"], env=env, capture_output=True, text=True,
                                    timeout=30).stdout.split()[0]
            subprocess.run(["xdotool", "mousemove", "1279", "1023"], env=env, timeout=10)
            if label == "minimized":
                subprocess.run(["xdotool", "windowminimize", "--sync", window], env=env, timeout=10)
            elif label == "another window active":
                other = subprocess.Popen(["xmessage", "another window"], env=env, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, start_new_session=True)
                found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--classname", "xmessage"],
                                       env=env, capture_output=True, text=True, timeout=30).stdout.split()
                subprocess.run(["xdotool", "windowactivate", "--sync", found[0]], env=env, timeout=10)
            time.sleep(3)  # let the state change settle before the measured interval
            start_ticks, start = cpu_ticks(process.pid), time.time()
            time.sleep(args.idle_seconds)
            ticks, elapsed = cpu_ticks(process.pid) - start_ticks, time.time() - start
            result["cpu"] = 100.0 * ticks / TICKS / elapsed
            os.killpg(process.pid, signal.SIGKILL)

        try:
            steps = run_app(args.binary, display, ["--catalog", demo, "--carousel-interval", "3"],
                            ["wait-idle", "wait 600000ms"], cache, os.path.join(args.work, "idle.json"),
                            args.idle_seconds + 240, during)
        finally:
            if other and other.poll() is None:
                os.killpg(other.pid, signal.SIGKILL)
                other.wait(timeout=10)
            display.close()
        running = steps[0]["state"].get("carousel_auto_advancing")
        print("| %s | %.2f %% | %s (at start) |" % (label, result.get("cpu", float("nan")), running))


def previews(args, demo):
    """The fling with hover previews enabled but the pointer outside the window (A) against
    `--no-previews` (B): same catalog and script, runs interleaved A, B, A, B, ..."""
    size = 10000
    catalog = ensure_perf_catalog(args, demo, size)
    lines = ["wait-idle"]
    for _ in range(args.flings):
        lines += ["fling 0 30000", "fling 0 -30000"]
    lines.append("wait-idle")
    print("\n### Hover previews on (pointer outside the window) vs `--no-previews`: %d × (fling down, fling up)"
          " from the top, %d items, 4 columns, runs interleaved\n" % (args.flings, size))
    print("| run | previews | frames | p50 | p95 | p99 | > 16.7 ms | previews started |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    figures = {"on": [], "off": []}
    for run in range(args.preview_runs * 2):
        mode = "on" if run % 2 == 0 else "off"
        display = Display()
        cache = os.path.join(args.work, "previews-cache")
        shutil.rmtree(cache, ignore_errors=True)
        try:
            # The pointer rests in the screen's corner, outside the 1000 × 760 window at 0, 0.
            subprocess.run(["xdotool", "mousemove", "1270", "1010"], env=display.env(), check=True)
            steps = run_app(args.binary, display,
                            ["--catalog", catalog, "--page-size", "500", "--columns", "4", "--carousel-interval",
                             "0"] + ([] if mode == "on" else ["--no-previews"]),
                            lines, cache, os.path.join(args.work, "previews-%d.json" % run), 900)
        finally:
            display.close()
        flings = [s for s in steps if s["action"].startswith("fling")]
        samples = [x for s in flings for x in s["state"]["frame_times_ms"].get("samples", [])]
        started = steps[-1]["state"]["preview"]["started"]
        summ = summary(samples)
        figures[mode].append(summ)
        print("| %d | %s | %d | %.1f | %.1f | %.1f | %d | %d |" % (
            run + 1, mode, summ["count"], summ["p50"], summ["p95"], summ["p99"], summ["over_16_7"], started))
    for key in ("p50", "p95", "p99"):
        on = statistics.median(f[key] for f in figures["on"])
        off = statistics.median(f[key] for f in figures["off"])
        print("\nmedian %s: on %.1f ms, off %.1f ms, on/off %.2f" % (key, on, off, on / off if off else 0))


def home(args, demo):
    """The demo catalog's home screen, the first channel at its top with the banner in view: the
    main thread's CPU per frame while the banner advances by itself (every second, for 10 s),
    then over flings down and back up at 1,500 pt/s, which keep part of the banner in view."""
    lines = ["wait-idle", "wait 10000ms", "wait-idle"] + ["fling 0 1500", "fling 0 -1500"] * args.flings
    print("\n### The home screen: the banner advancing every second for 10 s, then %d × (fling down, fling up) "
          "at 1,500 pt/s from the top\n" % args.flings)
    print("| run | advancing: frames | CPU per frame p50 / p95 / max | flings: frames | CPU per frame p50 / p95 / max |")
    print("| --- | --- | --- | --- | --- |")
    for run in range(args.home_runs):
        display = Display()
        cache = os.path.join(args.work, "home-cache")
        try:
            steps = run_app(args.binary, display, ["--catalog", demo, "--carousel-interval", "1"], lines, cache,
                            os.path.join(args.work, "home-%d.json" % run), 600)
        finally:
            display.close()

        def cpu(selected):
            samples = sorted(x for s in selected for x in (s["state"].get("frame_cpu_ms") or {}).get("samples", []))
            if not samples:
                return 0, "—"
            return len(samples), "%.1f / %.1f / %.1f ms" % (
                summary(samples)["p50"], summary(samples)["p95"], samples[-1])
        advancing = cpu([s for s in steps if s["action"].startswith("wait ")])
        flings = cpu([s for s in steps if s["action"].startswith("fling")])
        print("| %d | %d | %s | %d | %s |" % (run + 1, advancing[0], advancing[1], flings[0], flings[1]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--demo", help="a demo catalog (default: made under --work)")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--flings", type=int, default=10)
    parser.add_argument("--landing-runs", type=int, default=3, help="runs of the documented fling")
    parser.add_argument("--idle-seconds", type=int, default=60)
    parser.add_argument("--preview-runs", type=int, default=3, help="runs of each side (previews)")
    parser.add_argument("--home-runs", type=int, default=3, help="runs of the home screen")
    parser.add_argument("--only", default="startup,fling,landing,idle",
                        help="any of startup,fling,landing,idle,previews,home")
    args = parser.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",") if s]
    os.makedirs(args.work, exist_ok=True)
    demo = args.demo or os.path.join(args.work, "demo")
    if not os.path.exists(os.path.join(demo, "channels.json")):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/make-demo-catalog.py"), "--out", demo],
                       check=True)
    load = os.getloadavg()
    print("## perf-app: %s UTC, load average %.2f %.2f %.2f, %d cores" % (
        time.strftime("%Y-%m-%d %H:%M", time.gmtime()), load[0], load[1], load[2], os.cpu_count()))
    only = set(args.only.split(","))
    if "startup" in only:
        startup(args, demo)
    if "fling" in only:
        fling(args, demo)
    if "landing" in only:
        landing(args, demo)
    if "idle" in only:
        idle(args, demo)
    if "previews" in only:
        previews(args, demo)
    if "home" in only:
        home(args, demo)


if __name__ == "__main__":
    main()
