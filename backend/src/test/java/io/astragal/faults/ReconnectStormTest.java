package io.astragal.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.Role;
import io.astragal.support.IntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reconnect storm (issue #9, "Faults"): 60 clients of 10 tables reach the server through a TCP
 * proxy that drops every connection at once, while each table's GM keeps playing on a direct
 * connection. All 60 reconnect at the same moment with their last seq and must resume without a
 * gap or a duplicate; the time until all have resumed is measured (not asserted beyond a
 * generous bound).
 */
@IntegrationTest
class ReconnectStormTest {

    private static final int TABLES = 10;
    private static final int PLAYERS = 5;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void sixtyClientsDroppedAtOnceAllResumeWithoutAGapOrADuplicate() throws Exception {
        long setupStart = System.nanoTime();
        List<Seat> seats = Seat.actliteTables(port, TABLES, PLAYERS);
        long setupNanos = System.nanoTime() - setupStart;
        List<SeatClient> clients = new ArrayList<>();
        List<SeatClient> drivers = new ArrayList<>();
        for (int i = 0; i < seats.size(); i++) {
            Seat seat = seats.get(i);
            clients.add(new SeatClient(seat, 31L * (i + 1)));
            if (seat.role() == Role.GM) {
                drivers.add(new SeatClient(seat, 17L * (i + 1)));
            }
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> driving = new ArrayList<>();
        try (TcpProxy proxy = new TcpProxy("127.0.0.1", port)) {
            for (SeatClient client : clients) {
                client.join(proxy.port());
            }
            for (SeatClient client : clients) {
                client.awaitSnapshot(Duration.ofSeconds(60));
            }
            for (SeatClient driver : drivers) {
                driver.join(port);
                driver.awaitSnapshot(Duration.ofSeconds(60));
                driving.add(Thread.ofPlatform().name("driver-" + driver.seat.displayName())
                        .start(() -> driver.play(stop::get, Duration.ofMillis(20))));
            }
            awaitDriverAcks(drivers, 10);

            proxy.cut();
            long cutAt = System.nanoTime();
            awaitAll(clients, c -> !c.isConnected(), "noticed the drop");
            long allNoticedNanos = System.nanoTime() - cutAt;
            awaitDriverAcks(drivers, 5); // the tables move on while everyone is away

            proxy.restore();
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> reconnecting = new ArrayList<>();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            for (SeatClient client : clients) {
                reconnecting.add(Thread.ofVirtual().start(() -> {
                    try {
                        go.await();
                        client.join(proxy.port());
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            long stormAt = System.nanoTime();
            go.countDown();
            Map<SeatClient, Long> resumedAfter = new HashMap<>();
            long deadline = stormAt + Duration.ofMinutes(2).toNanos();
            while (resumedAfter.size() < clients.size()) {
                assertThat(failures).as("reconnect failures").isEmpty();
                assertThat(System.nanoTime()).as("all %d clients resumed within 2 minutes; %d did",
                        clients.size(), resumedAfter.size()).isLessThan(deadline);
                for (SeatClient client : clients) {
                    if (!resumedAfter.containsKey(client) && client.client != null && client.isConnected() && client.resumed()) {
                        resumedAfter.put(client, System.nanoTime() - stormAt);
                    }
                }
                Thread.sleep(2);
            }
            long allResumedNanos = System.nanoTime() - stormAt;
            for (SeatClient client : clients) {
                assertThat(client.lastSnapshot.get("seq").asLong()).as("%s's table moved on while it was away",
                        client.seat.displayName()).isGreaterThan(client.resumedFrom());
            }
            for (Thread thread : reconnecting) {
                thread.join();
            }

            awaitDriverAcks(drivers, 5); // and play goes on, to everyone
            stop.set(true);
            for (Thread thread : driving) {
                thread.join(Duration.ofSeconds(60));
            }
            Map<UUID, Long> last = new HashMap<>();
            for (SeatClient client : clients) {
                last.computeIfAbsent(client.seat.table(), t -> jdbc.sql(
                        "select coalesce(max(seq), 0) from table_events where table_id = ?").param(t).query(Long.class).single());
            }
            awaitAll(clients, c -> {
                c.absorb();
                return c.viewSeq == last.get(c.seat.table());
            }, "caught up with the table's last seq");
            FaultChecks.noViolations(clients);
            int checked = FaultChecks.everyAcknowledgedEventIsLogged(jdbc, clients);

            List<Long> perClient = resumedAfter.values().stream().map(n -> Duration.ofNanos(n).toMillis()).sorted().toList();
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("scenario", TABLES + " Actlite tables x " + (1 + PLAYERS) + " STOMP clients through a TCP proxy that "
                    + "drops every connection at once; each GM keeps playing on a direct connection; all reconnect at once "
                    + "with their last seq");
            result.put("clients", clients.size());
            result.put("setupMillis", Duration.ofNanos(setupNanos).toMillis());
            result.put("allNoticedDropMillis", Duration.ofNanos(allNoticedNanos).toMillis());
            result.put("allResumedMillis", Duration.ofNanos(allResumedNanos).toMillis());
            result.put("resumeMillisP50", perClient.get(perClient.size() / 2));
            result.put("resumeMillisMax", perClient.getLast());
            result.put("eventsCheckedPerClientAfterResume", clients.stream().mapToInt(c -> c.seen.size()).sum());
            result.put("acknowledgedCommandsChecked", checked + drivers.stream().mapToInt(d -> {
                d.absorb();
                return d.acked.size();
            }).sum());
            result.put("reconnectRetries", clients.stream().mapToInt(c -> c.reconnectRetries.get()).sum());
            result.put("earlyEventsSkipped", clients.stream().mapToInt(c -> c.earlyEvents).sum());
            Measurements.write("faults-reconnect-storm", result, clients.size() + " clients dropped at once all resumed in "
                    + result.get("allResumedMillis") + " ms (p50 " + result.get("resumeMillisP50") + " ms per client), "
                    + "no gap or duplicate");
        } finally {
            stop.set(true);
            clients.forEach(SeatClient::close);
            drivers.forEach(SeatClient::close);
        }
    }

    private static void awaitDriverAcks(List<SeatClient> drivers, int more) throws InterruptedException {
        Map<SeatClient, Integer> start = new HashMap<>();
        for (SeatClient driver : drivers) {
            driver.absorb();
            start.put(driver, driver.acked.size());
        }
        awaitAll(drivers, d -> {
            d.absorb();
            return d.acked.size() - start.get(d) >= more;
        }, "had " + more + " more commands accepted");
    }

    private static void awaitAll(List<SeatClient> clients, java.util.function.Predicate<SeatClient> condition, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!clients.stream().allMatch(condition)) {
            assertThat(System.nanoTime()).as("every client %s within a minute", what).isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
