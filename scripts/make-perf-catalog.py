#!/usr/bin/env python3
"""Builds a large one-channel catalog for performance runs (e.g. a 10,000-item fling), reusing
the demo catalog's covers and clips so nothing new has to be encoded.

    make-perf-catalog.py --from DEMO_CATALOG --out DIR [--items 10000]
"""
import argparse
import json
import os
import shutil


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", required=True, help="a demo catalog (make-demo-catalog.py)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--items", type=int, default=10000)
    args = parser.parse_args()
    with open(os.path.join(args.source, "channels.json")) as f:
        channels = json.load(f)["channels"]
    pool = []
    for channel in channels:
        with open(os.path.join(args.source, channel["id"], "feed.json")) as f:
            pool.extend(json.load(f)["data"]["info_list"])
    os.makedirs(os.path.join(args.out, "all"), exist_ok=True)
    # The media are linked file by file (hard links, copies across file systems): the app only
    # reads files inside the catalog's folder, so a symlinked folder pointing out of it is refused.
    media = os.path.join(args.out, "media")
    if os.path.islink(media):
        os.remove(media)
    os.makedirs(media, exist_ok=True)
    source_media = os.path.join(args.source, "media")
    for name in os.listdir(source_media):
        target = os.path.join(media, name)
        if not os.path.exists(target):
            try:
                os.link(os.path.join(source_media, name), target)
            except OSError:
                shutil.copy2(os.path.join(source_media, name), target)
    entries = []
    for i in range(args.items):
        entry = dict(pool[i % len(pool)])
        entry["id"] = "p%05d" % i
        entry["title"] = "%s (%d)" % (entry["title"], i)
        entry.pop("featured", None)
        entries.append(entry)
    with open(os.path.join(args.out, "all", "feed.json"), "w") as f:
        json.dump({"data": {"info_list": entries, "end": 1}}, f)
    with open(os.path.join(args.out, "channels.json"), "w") as f:
        json.dump({"channels": [{"id": "all", "title": "All %d" % args.items}]}, f)
    print(args.out)


if __name__ == "__main__":
    main()
