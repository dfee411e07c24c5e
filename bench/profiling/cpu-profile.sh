#!/bin/sh
# Samples a running JVM's CPU with async-profiler and writes its stacks in collapsed form (one line
# per stack, "frame;frame;... count"), as in docs/performance.md's profiled runs.
# Usage: bench/profiling/cpu-profile.sh PID SECONDS OUT.collapsed
# The profiler's library comes from Maven Central (tools.profiler:async-profiler) the first time.
# jcmd's parser splits an argument at '=', so the profiler's options are passed in double quotes.
set -e
[ $# -eq 3 ] || { echo "usage: $0 PID SECONDS OUT.collapsed" >&2; exit 2; }
pid=$1 seconds=$2 out=$(realpath -m "$3")
version=4.2
dir="$(cd "$(dirname "$0")/../.." && pwd)/bench/target/async-profiler-$version"
lib="$dir/linux-x64/libasyncProfiler.so"
if [ ! -f "$lib" ]; then
  mkdir -p "$dir"
  curl -fsSL -o "$dir/async-profiler.jar" \
    "https://repo1.maven.org/maven2/tools/profiler/async-profiler/$version/async-profiler-$version.jar"
  (cd "$dir" && unzip -q -o async-profiler.jar 'linux-x64/*')
fi
jcmd="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
"$jcmd" "$pid" JVMTI.agent_load "$lib" '"start,event=cpu,interval=1ms"' > /dev/null
sleep "$seconds"
"$jcmd" "$pid" JVMTI.agent_load "$lib" "\"stop,collapsed,file=$out\"" > /dev/null
echo "$out"
