#!/usr/bin/env python3
"""Generates Cascade's demo catalog: channels of short videos with JPEG covers, in the
reference feed schema (see scripts/feed_server.py and CascadeFeed's LocalCatalogLoader).

    make-demo-catalog.py [--out DIR] [--channels K] [--per-channel N] [--small] [--force] [--progress]

Prints the catalog directory on stdout. With --progress it also prints `progress DONE TOTAL` on
stderr, once at the start and after every clip (the app reads these lines). An interrupted run
resumes: clips are written under temporary names and renamed when complete, and the next run of
the same shape keeps every finished clip in DIR.building. The catalog is built once into a cache directory
(default: $XDG_CACHE_HOME/cascade/demo-catalog-v1) and reused while its `.complete` marker
matches the requested shape. Clips are 3-8 s, in mixed aspect ratios (16:9, 9:16, 4:3, 1:1,
3:4), each with varied animated content and its title drawn on it; covers are frames of them.
"""
import argparse
import concurrent.futures
import ctypes
import json
import os
import random
import shutil
import subprocess
import sys

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
CHANNELS = ["Featured", "Travel", "Nature", "Music", "Sports", "Food", "Science", "Art"]
RATIOS = [(16, 9), (9, 16), (4, 3), (1, 1), (3, 4)]
WORDS = {
    "Featured": ["Today's pick", "Editors' choice", "Trending now", "Top of the week", "Staff favourite"],
    "Travel": ["Harbour at dawn", "Night train", "Mountain pass", "Old town walk", "Island hopping"],
    "Nature": ["Forest rain", "Tide pools", "Autumn leaves", "Desert bloom", "Glacier light"],
    "Music": ["Street piano", "Drum circle", "Late night jazz", "Choir rehearsal", "Vinyl session"],
    "Sports": ["Morning run", "Skate park", "Final whistle", "Climbing wall", "Surf check"],
    "Food": ["Noodle bar", "Bread at six", "Market stall", "Tea ceremony", "Spice route"],
    "Science": ["Cloud chamber", "Pendulum waves", "Star trails", "Fractal zoom", "Ferrofluid"],
    "Art": ["Ink wash", "Clay wheel", "Mural in progress", "Paper cut", "Glass studio"],
}
COLORS = ["0x3366cc", "0xcc3366", "0x33aa77", "0xee8833", "0x7744bb", "0x22aacc", "0xaa2222", "0x888822"]


def die_with_parent():
    """Ends this process when the one that started it ends (Linux), so an app that is killed
    never leaves a generator or ffmpeg running; a finished clip is never lost (see resume)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        pass


def source(kind, w, h, dur, fps, rng):
    c0, c1 = rng.sample(COLORS, 2)
    if kind == 0:
        return f"gradients=s={w}x{h}:c0={c0}:c1={c1}:speed=0.03:d={dur}:r={fps}"
    if kind == 1:
        return f"testsrc2=s={w}x{h}:d={dur}:r={fps}"
    if kind == 2:
        return f"life=s={w}x{h}:mold=10:r={fps}:ratio=0.1:death_color=#{c0[2:]}:life_color=#{c1[2:]},trim=duration={dur}"
    if kind == 3:
        return f"testsrc=s={w}x{h}:d={dur}:r={fps}"
    return f"gradients=s={w}x{h}:c0={c0}:c1={c1}:x0=0:y0=0:x1={w}:y1={h}:speed=0.05:d={dur}:r={fps}"


def escape(text):
    return text.replace("\\", "\\\\").replace(":", "\\:").replace("'", "\u2019").replace("%", "\\%")


def make_clip(job):
    path_mp4, path_jpg, title, w, h, dur, kind, seed, audio = job
    rng = random.Random(seed)
    fps = 12
    size = max(10, min(min(w, h) // 8, int(w * 0.85 / (0.62 * max(1, len(title))))))
    draw = (
        f"drawtext=fontfile={FONT}:text='{escape(title)}':fontcolor=white:fontsize={size}:"
        f"x=(w-tw)/2:y=(h-th)/2:box=1:boxcolor=black@0.45:boxborderw={size // 3}"
    )
    clock = f"drawtext=fontfile={FONT}:text='%{{pts\\:hms}}':fontcolor=white:fontsize={size * 2 // 3}:x=8:y=h-th-8"
    cover_w, cover_h = w * 2, h * 2
    graph = (
        f"[0:v]{draw},{clock},format=yuv420p,split[v1][v2];"
        f"[v2]trim=start_frame=8:end_frame=9,scale={cover_w}:{cover_h}:flags=bicubic[c]"
    )
    cmd = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-threads", "1", "-f", "lavfi", "-i", source(kind, w, h, dur, fps, rng)]
    if audio:
        cmd += ["-f", "lavfi", "-i", f"sine=frequency={rng.choice([220, 330, 440, 550])}:duration={dur}"]
        graph += ";[1:a]volume=0.05[a]"
    cmd += ["-filter_complex", graph, "-map", "[v1]"]
    if audio:
        cmd += ["-map", "[a]", "-c:a", "aac", "-b:a", "24k"]
    part_mp4, part_jpg = path_mp4 + ".part.mp4", path_jpg + ".part.jpg"
    cmd += ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", "-t", str(dur), "-movflags", "+faststart", part_mp4]
    cmd += ["-map", "[c]", "-frames:v", "1", "-q:v", "5", part_jpg]
    subprocess.run(cmd, check=True, preexec_fn=die_with_parent)
    # The cover last: a clip counts as finished when both final names exist.
    os.replace(part_mp4, path_mp4)
    os.replace(part_jpg, path_jpg)
    return path_mp4


def finished(job):
    return os.path.exists(job[0]) and os.path.exists(job[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    cache = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(cache):  # the XDG spec: a relative (or empty) value is ignored
        cache = os.path.join(os.path.expanduser("~"), ".cache")
    parser.add_argument("--out", default=None)
    parser.add_argument("--channels", type=int, default=None, help="5 (2 with --small)")
    parser.add_argument("--per-channel", type=int, default=60)
    parser.add_argument("--featured", type=int, default=5)
    parser.add_argument("--small", action="store_true", help="2 channels (or --channels) x 14 short clips, for tests")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--progress", action="store_true", help="print `progress DONE TOTAL` lines on stderr")
    args = parser.parse_args()
    if args.progress:
        die_with_parent()
    if args.small:
        args.channels, args.per_channel = args.channels or 2, 14
    args.channels = args.channels or 5
    args.channels = max(1, min(args.channels, len(CHANNELS)))
    shape = f"v1 channels={args.channels} per_channel={args.per_channel} featured={args.featured} small={args.small}"
    out = args.out or os.path.join(cache, "cascade", "demo-catalog-small" if args.small else "demo-catalog-v1")
    marker = os.path.join(out, ".complete")
    if not args.force and os.path.exists(marker) and open(marker).read().strip() == shape:
        print(out)
        return 0

    tmp = out + ".building"
    shape_file = os.path.join(tmp, ".shape")
    resumable = not args.force and os.path.exists(shape_file) and open(shape_file).read().strip() == shape
    if not resumable:
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(os.path.join(tmp, "media"))
        with open(shape_file, "w") as f:
            f.write(shape + "\n")
    rng = random.Random(20261130)
    jobs, channels = [], []
    for c in range(args.channels):
        name = CHANNELS[c]
        cid = name.lower()
        channels.append({"id": cid, "title": name})
        entries = []
        for i in range(args.per_channel):
            rw, rh = RATIOS[(i * 7 + c * 3) % len(RATIOS)]
            long_side = 320
            w, h = (long_side, long_side * rh // rw) if rw >= rh else (long_side * rw // rh, long_side)
            w, h = w - w % 2, h - h % 2
            dur = 1 if args.small else 3 + (i * 5 + c) % 6
            base = rng.choice(WORDS[name])
            title = f"{base} #{i + 1}"
            if i % 9 == 4:
                title = f"{base}: a longer title that has to wrap onto a second line #{i + 1}"
            if i % 23 == 11:
                title = f"<b>Tom & Jerry</b> {i + 1}"  # plain text: never interpreted as markup
            stem = f"{cid}-{i:03d}"
            entry = {
                "id": stem,
                "title": title,
                "cover": f"media/{stem}.jpg",
                "flv": f"media/{stem}.flv",
                "duration": dur if i % 2 else f"0:{dur:02d}",
                "width": w * 2,
                "height": h * 2,
            }
            if c == 0 and i < args.featured:
                entry["featured"] = 1
            entries.append(entry)
            jobs.append((
                os.path.join(tmp, "media", stem + ".mp4"), os.path.join(tmp, "media", stem + ".jpg"),
                f"{base} #{i + 1}", w, h, dur, (i + c) % 5, rng.randrange(1 << 30), i % 3 == 0,
            ))
        os.makedirs(os.path.join(tmp, cid), exist_ok=True)
        with open(os.path.join(tmp, cid, "feed.json"), "w") as f:
            json.dump({"data": {"info_list": entries, "end": 1}}, f, ensure_ascii=False, indent=1)
    with open(os.path.join(tmp, "channels.json"), "w") as f:
        json.dump({"channels": channels}, f, indent=1)

    todo = [job for job in jobs if not finished(job)]
    done = len(jobs) - len(todo)

    def report():
        if args.progress:
            print(f"progress {done} {len(jobs)}", file=sys.stderr, flush=True)

    report()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for future in concurrent.futures.as_completed([pool.submit(make_clip, job) for job in todo]):
            future.result()
            done += 1
            report()
    os.remove(shape_file)

    with open(os.path.join(tmp, ".complete"), "w") as f:
        f.write(shape + "\n")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    os.rename(tmp, out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
