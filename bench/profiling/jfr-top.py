#!/usr/bin/env python3
"""Summarises a JFR recording: where CPU samples, allocation and exceptions come from.

usage: jfr-top.py RECORDING.jfr [JFR_BINARY]
Prints, for jdk.ExecutionSample, the top frames (self) and the top 'io.astragal'/'org.springframework'
frames on the stack (inclusive); for jdk.ObjectAllocationSample the allocation weight by first frame
and by first io.astragal frame; for jdk.JavaExceptionThrow the thrown classes and throwing frames.
"""
import collections, json, subprocess, sys

rec = sys.argv[1]
jfr = sys.argv[2] if len(sys.argv) > 2 else "jfr"

def events(kind):
    out = subprocess.run([jfr, "print", "--json", "--stack-depth", "64", "--events", kind, rec],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["recording"]["events"]

def frame_name(f):
    m = f["method"]
    return (m["type"]["name"] + "." + m["name"]).replace("/", ".")

def frames(e):
    st = e["values"].get("stackTrace")
    return [frame_name(f) for f in (st or {}).get("frames", [])]

def top(counter, total, n=25, unit=""):
    for name, c in counter.most_common(n):
        print(f"  {100.0 * c / total:5.1f}%  {c:>10.0f}{unit}  {name}")

samples = events("jdk.ExecutionSample")
print(f"== CPU: {len(samples)} execution samples")
selfc = collections.Counter(); incl = collections.Counter(); app = collections.Counter()
for e in samples:
    fs = frames(e)
    if not fs:
        continue
    selfc[fs[0]] += 1
    seen = set()
    for f in fs:
        if f not in seen and (f.startswith("io.astragal") or f.startswith("org.springframework") or f.startswith("tools.jackson")
                              or f.startswith("org.hibernate") or f.startswith("org.postgresql") or f.startswith("org.apache")):
            incl[f] += 1
            seen.add(f)
    first_app = next((f for f in fs if f.startswith("io.astragal")), None)
    if first_app:
        app[first_app] += 1
print("-- self (top frame)"); top(selfc, len(samples))
print("-- inclusive (framework and app frames on the stack)"); top(incl, len(samples), 45)
print("-- first io.astragal frame"); top(app, len(samples))

allocs = events("jdk.ObjectAllocationSample")
weight = sum(e["values"]["weight"] for e in allocs)
print(f"\n== Allocation: {len(allocs)} samples, {weight / 1e6:.0f} MB sampled weight")
by_class = collections.Counter(); by_app = collections.Counter(); by_incl = collections.Counter()
for e in allocs:
    w = e["values"]["weight"]
    by_class[e["values"]["objectClass"]["name"].replace("/", ".")] += w
    fs = frames(e)
    first_app = next((f for f in fs if f.startswith("io.astragal")), "(no io.astragal frame)")
    by_app[first_app] += w
    seen = set()
    for f in fs:
        if f not in seen and (f.startswith("io.astragal") or f.startswith("org.springframework") or f.startswith("org.hibernate")
                              or f.startswith("tools.jackson") or f.startswith("org.apache.tomcat")):
            by_incl[f] += w
            seen.add(f)
print("-- by class"); top(by_class, weight, 15, " B")
print("-- by first io.astragal frame"); top(by_app, weight, 25, " B")
print("-- inclusive"); top(by_incl, weight, 45, " B")

exc = events("jdk.JavaExceptionThrow")
print(f"\n== Exceptions thrown: {len(exc)}")
by_type = collections.Counter(); by_thrower = collections.Counter()
for e in exc:
    by_type[e["values"]["thrownClass"]["name"].replace("/", ".")] += 1
    fs = [f for f in frames(e) if not f.startswith("java.lang.Throwable") and not f.endswith(".<init>")]
    app = next((f for f in fs if f.startswith("io.astragal") or f.startswith("org.")), fs[0] if fs else "?")
    by_thrower[app] += 1
top(by_type, max(1, len(exc)), 10)
print("-- thrown from"); top(by_thrower, max(1, len(exc)), 15)
