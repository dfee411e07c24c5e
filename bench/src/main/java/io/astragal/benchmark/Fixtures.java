package io.astragal.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * The benchmark's tables: each an Actlite campaign with its GM and five players, each player with a
 * character. Made through the REST API like a person would, once per server, and kept in a file so
 * later runs only sign the same users in.
 */
final class Fixtures {

    static final int PLAYERS = 5;
    private static final String PASSWORD = "bench password, not a secret";

    record User(String username, String displayName) {
    }

    record Seat(User user, String characterId) {
    }

    record TableFixture(String tableId, User gm, List<Seat> players) {
    }

    record Saved(String url, String password, List<TableFixture> tables) {
    }

    /** A table ready to play: its fixture and a signed-in session for the GM and each player, in that order. */
    record Signed(TableFixture fixture, List<Rest.Session> sessions) {
    }

    private Fixtures() {
    }

    static List<Signed> prepare(Options options, Rest rest) throws Exception {
        List<TableFixture> known = load(options);
        List<Signed> ready = new ArrayList<>();
        int reuse = Math.min(known.size(), options.tables());
        int create = options.tables() - reuse;
        System.out.printf("Setup: signing in %d known tables, creating %d new ones (%d REST requests in flight)%n",
                reuse, create, options.setupParallel());
        long started = System.nanoTime();
        Semaphore inFlight = new Semaphore(options.setupParallel());
        AtomicInteger done = new AtomicInteger();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Signed>> tables = new ArrayList<>();
            for (int i = 0; i < reuse; i++) {
                TableFixture fixture = known.get(i);
                tables.add(pool.submit(() -> progress(done, options.tables(), signIn(rest, fixture, inFlight))));
            }
            String run = UUID.randomUUID().toString().substring(0, 6);
            for (int i = 0; i < create; i++) {
                int n = known.size() + i;
                tables.add(pool.submit(() -> progress(done, options.tables(), create(rest, run, n, inFlight))));
            }
            for (Future<Signed> table : tables) {
                ready.add(table.get());
            }
        }
        System.out.printf("Setup: %d tables ready in %.1f s%n", ready.size(), (System.nanoTime() - started) / 1e9);
        if (create > 0) {
            List<TableFixture> all = new ArrayList<>(known);
            ready.subList(reuse, ready.size()).forEach(s -> all.add(s.fixture()));
            save(options, all);
        }
        return ready;
    }

    /**
     * Signs every user of the run out, as players who leave: each run signs in anew, and a server
     * that kept the old sessions until they time out would hold the sessions of every earlier run
     * (about 1.5 KiB each) in the heap the next run measures.
     */
    static void signOut(Options options, List<Signed> signed) throws Exception {
        long started = System.nanoTime();
        Semaphore inFlight = new Semaphore(options.setupParallel());
        int failed = 0;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<JsonNode>> calls = new ArrayList<>();
            for (Signed table : signed) {
                for (Rest.Session session : table.sessions()) {
                    calls.add(pool.submit(() -> call(inFlight, () -> session.send("POST", "/api/auth/signout", null, 204))));
                }
            }
            for (Future<JsonNode> call : calls) {
                try {
                    call.get();
                } catch (ExecutionException e) {
                    failed++;
                }
            }
        }
        System.out.printf("Signed out %d tables' users in %.1f s%s%n", signed.size(), (System.nanoTime() - started) / 1e9,
                failed == 0 ? "" : " (" + failed + " sign-outs failed)");
    }

    private static Signed progress(AtomicInteger done, int total, Signed signed) {
        int n = done.incrementAndGet();
        if (n % 100 == 0 || n == total) {
            System.out.printf("  ... %d/%d tables%n", n, total);
        }
        return signed;
    }

    private static List<TableFixture> load(Options options) throws IOException {
        if (!Files.exists(options.fixtures())) {
            return List.of();
        }
        Saved saved = Rest.JSON.readValue(options.fixtures().toFile(), Saved.class);
        if (!saved.url().equals(options.url().toString()) || !PASSWORD.equals(saved.password())) {
            return List.of();
        }
        return saved.tables();
    }

    private static void save(Options options, List<TableFixture> tables) throws IOException {
        Files.createDirectories(options.fixtures().toAbsolutePath().getParent());
        Rest.JSON.writerWithDefaultPrettyPrinter()
                .writeValue(options.fixtures().toFile(), new Saved(options.url().toString(), PASSWORD, tables));
    }

    private static Signed signIn(Rest rest, TableFixture fixture, Semaphore inFlight) throws Exception {
        List<Rest.Session> sessions = new ArrayList<>();
        List<User> users = new ArrayList<>();
        users.add(fixture.gm());
        fixture.players().forEach(p -> users.add(p.user()));
        for (User user : users) {
            Rest.Session session = rest.session();
            call(inFlight, () -> session.send("POST", "/api/auth/signin",
                    Map.of("username", user.username(), "password", PASSWORD), 200));
            sessions.add(session);
        }
        return new Signed(fixture, sessions);
    }

    private static Signed create(Rest rest, String run, int n, Semaphore inFlight) throws Exception {
        List<Rest.Session> sessions = new ArrayList<>();
        User gm = new User("b" + run + "-" + n + "-gm", "GM " + n);
        Rest.Session gmSession = signUp(rest, gm, inFlight);
        sessions.add(gmSession);
        JsonNode campaign = call(inFlight, () -> gmSession.send("POST", "/api/campaigns",
                Map.of("name", "Bench table " + n, "description", "load benchmark", "rulesetId", "actlite"), 201));
        String tableId = campaign.get("id").asString();
        String code = call(inFlight, () -> gmSession.send("POST", "/api/campaigns/" + tableId + "/invites",
                Map.of("role", "PLAYER", "maxUses", PLAYERS), 201)).get("code").asString();
        List<Seat> players = new ArrayList<>();
        for (int seat = 1; seat <= PLAYERS; seat++) {
            int p = seat;
            User user = new User("b" + run + "-" + n + "-p" + p, "Player " + n + "." + p);
            Rest.Session session = signUp(rest, user, inFlight);
            call(inFlight, () -> session.send("POST", "/api/invites/" + code + "/accept", Map.of(), 200));
            Map<String, Object> sheet = Map.of("STR", p % 3, "AGI", 1, "WIL", 0, "PER", 1, "SOC", p % 2);
            String characterId = call(inFlight, () -> session.send("POST", "/api/campaigns/" + tableId + "/characters",
                    Map.of("name", "Hero " + n + "." + p, "npc", false, "sheet", sheet), 201)).get("id").asString();
            players.add(new Seat(user, characterId));
            sessions.add(session);
        }
        return new Signed(new TableFixture(tableId, gm, players), sessions);
    }

    private static Rest.Session signUp(Rest rest, User user, Semaphore inFlight) throws Exception {
        Rest.Session session = rest.session();
        call(inFlight, () -> session.send("POST", "/api/auth/signup",
                Map.of("username", user.username(), "displayName", user.displayName(), "password", PASSWORD), 201));
        return session;
    }

    private interface Call<T> {
        T run() throws Exception;
    }

    private static <T> T call(Semaphore inFlight, Call<T> call) throws Exception {
        inFlight.acquire();
        try {
            return call.run();
        } finally {
            inFlight.release();
        }
    }
}
