#!/usr/bin/env python3
"""CPU of a running JVM by thread group over a window, from /proc (Linux).

usage: thread-cpu.py PID SECONDS

JFR's execution samples miss most of the virtual threads' and all of the GC threads' time; this
reads each thread's user+system ticks before and after the window and groups threads by name with
trailing numbers removed (GC Thread#0 and #1 are "GC Thread"; Linux cuts names at 15 characters).
"""
import collections, os, re, sys, time

pid, seconds = sys.argv[1], float(sys.argv[2])

def ticks():
    found = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            stat = open(f"/proc/{pid}/task/{tid}/stat").read()
            fields = stat[stat.rindex(')') + 2:].split()
            found[tid] = (name, int(fields[11]) + int(fields[12]))
        except OSError:
            pass  # the thread ended
    return found

before = ticks()
time.sleep(seconds)
after = ticks()
groups = collections.Counter()
for tid, (name, used) in after.items():
    groups[re.sub(r'[-#]?\d+$', '', name)] += used - before.get(tid, (name, 0))[1]
total = sum(groups.values())
hz = os.sysconf('SC_CLK_TCK')
print(f"total {total / hz / seconds * 100:.1f}% of a core over {seconds:.0f} s")
for name, used in groups.most_common(20):
    if used:
        print(f"  {used / total * 100:5.1f}%  {name}")
