package io.astragal.faults;

import io.astragal.rules.Role;
import io.astragal.support.Player;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One person at one Actlite table, kept by name so the test can sign them in again on a
 * restarted server; {@code player} is their session from signing up. {@code hero} is the
 * player's character; the GM's is null.
 */
record Seat(UUID table, Player player, String username, String displayName, Role role, String hero, List<String> heroes) {

    /**
     * Creates {@code tables} Actlite campaigns on the server at {@code port}, each with a GM and
     * {@code players} players who each have a character; returns the seats, GM first per table.
     * Tables are set up side by side (signing up hashes a password, which is slow).
     */
    static List<Seat> actliteTables(int port, int tables, int players) throws InterruptedException {
        List<List<Seat>> byTable = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < tables; t++) {
            List<Seat> seats = new ArrayList<>();
            byTable.add(seats);
            int number = t;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    seats.addAll(actliteTable(port, number, players));
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("setting up the tables failed", failures.getFirst());
        }
        return byTable.stream().flatMap(List::stream).toList();
    }

    private static List<Seat> actliteTable(int port, int t, int players) {
        List<Seat> seats = new ArrayList<>();
        Player gm = Player.signUp(port, "Gm" + t);
        UUID table = gm.createCampaign("Faults " + t, "actlite");
        List<Player> people = new ArrayList<>();
        List<String> heroes = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            Player player = Player.signUp(port, "P" + t + "x" + p);
            player.accept(gm.invite(table, "PLAYER"));
            people.add(player);
            heroes.add(player.createCharacter(table, "Hero " + t + "." + p, false, Map.of("AGI", 1, "STR", 1)));
        }
        seats.add(new Seat(table, gm, gm.username, gm.displayName, Role.GM, null, List.copyOf(heroes)));
        for (int p = 0; p < players; p++) {
            Player player = people.get(p);
            seats.add(new Seat(table, player, player.username, player.displayName, Role.PLAYER, heroes.get(p),
                    List.copyOf(heroes)));
        }
        return seats;
    }
}
