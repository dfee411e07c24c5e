/**
 * Benchmark-only parts of the server, present only with {@code astragal.bench.enabled=true}
 * (off by default): a relay that measures the floor of the STOMP fan-out for the load benchmark
 * ({@code bench/}, docs/performance.md).
 */
package io.astragal.bench;
