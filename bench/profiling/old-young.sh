#!/bin/sh
# Which fields of old objects point at young ones in a running JVM on G1, as they stand at one moment: the
# references a young pause must find by scanning cards (docs/performance.md, step 57). Stops the JVM while
# the Serviceability Agent reads G1's region map and dumps the heap (about four minutes at 512 MiB under load,
# so clients time out: not in a measured run), then lists what the survivor regions hold by class (what the
# last young pause copied there) and old-to-young references by class and field, with the cards they lie on
# and what they point at.
# Usage: bench/profiling/old-young.sh PID OUT-DIRECTORY [ROWS]
set -e
[ $# -ge 2 ] || { echo "usage: $0 PID OUT-DIRECTORY [ROWS]" >&2; exit 2; }
pid=$1 out=$(realpath -m "$2") rows=${3:-40}
mkdir -p "$out"
bin="${JAVA_HOME:+$JAVA_HOME/bin/}"
printf 'g1regiondetails\ndumpheap %s/heap.hprof\nquit\n' "$out" | "${bin}jhsdb" clhsdb --pid "$pid" > "$out/regions.txt"
"${bin}java" -Xmx8g "$(dirname "$0")/OldYoung.java" "$out/heap.hprof" "$out/regions.txt" "$rows"
