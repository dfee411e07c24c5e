#!/usr/bin/env python3
"""Share of a profile's samples whose stack holds each given frame (a substring of it).

usage: collapsed-share.py A.collapsed[,B.collapsed...] FRAME...

e.g. collapsed-share.py s34.collapsed,s33.collapsed QueuedSendSession.write Utf8Encoder fanOut
for the figures of docs/performance.md (profiles from cpu-profile.sh). A sample counts once for a
frame however often the frame recurs in its stack.
"""
import sys

files, frames = sys.argv[1].split(","), sys.argv[2:]
for name in files:
    total, hits = 0, dict.fromkeys(frames, 0)
    with open(name) as profile:
        for line in profile:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            total += int(count)
            for frame in frames:
                if frame in stack:
                    hits[frame] += int(count)
    shares = " ".join(f"{f}={100 * hits[f] / total:.1f}%" for f in frames)
    print(f"{name} {total} samples: {shares}")
