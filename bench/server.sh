#!/bin/sh
# Starts the server built by `./mvnw -B -q install -DskipTests` the way the load benchmark measures it:
# the benchmark relay on, cheap password hashing (benchmark only!), and the JVM options below.
# Usage: bench/server.sh [--server.port=8080] [more Spring properties]
# JAVA_OPTS overrides the JVM options (3,000 tables: JAVA_OPTS="-XX:+UseZGC -Xms2g -Xmx2g", docs/performance.md
# step 27); JAVA_HOME picks the JDK; ASTRAGAL_JAR another build of the server. Compact object headers (Java 25;
# an older JVM ignores the option) cut the live data and allocation by a tenth (docs/performance.md, step 28);
# G1RSetUpdatingPauseTimePercent=1 has G1 refine dirty cards between pauses rather than leave them to scan in
# one, which halves the cards a young pause scans (step 41). MaxTenuringThreshold=2 promotes what outlives two young
# collections (a quiet table's state) instead of copying it at each of fifteen, and
# -ClassUnloadingWithConcurrentMark keeps G1's remark pause from looking for classes to unload, 12-13 ms of its
# 14-18 (step 48; classes are then unloaded only by a full collection).
cd "$(dirname "$0")/.." || exit 1
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
[ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] && [ -z "$JAVA_HOME" ] && JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
exec "$JAVA" ${JAVA_OPTS:--Xms512m -Xmx512m -XX:+IgnoreUnrecognizedVMOptions -XX:+UseCompactObjectHeaders -XX:G1RSetUpdatingPauseTimePercent=1 -XX:MaxTenuringThreshold=2 -XX:-ClassUnloadingWithConcurrentMark} -jar "${ASTRAGAL_JAR:-backend/target/astragal.jar}" \
  --astragal.bench.enabled=true --astragal.auth.password-hash-strength=4 "$@"
