package io.astragal.rules.bloodied;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A bloodied-d20 table: the characters at it, the initiative order while it runs, and the
 * serious-injury table as the GM has filled it in.
 */
record BloodiedState(List<Fighter> fighters, Initiative initiative, InjuryTable injuryTable) {

    BloodiedState {
        fighters = List.copyOf(fighters);
    }

    /** The only row the source's table has: "4-5 Major 1/12 Hours", rolled on a d6 until the GM says otherwise. */
    static final InjuryTable DEFAULT_INJURY_TABLE = new InjuryTable(6, List.of(new InjuryRow(4, 5, Severity.MAJOR, "1/12 hours")));

    static BloodiedState initial() {
        return new BloodiedState(List.of(), null, DEFAULT_INJURY_TABLE);
    }

    Optional<Fighter> fighter(String id) {
        return fighters.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    BloodiedState withFighter(Fighter updated) {
        List<Fighter> list = new ArrayList<>(fighters);
        int at = list.indexOf(fighter(updated.id()).orElse(null));
        if (at < 0) {
            list.add(updated);
        } else {
            list.set(at, updated);
        }
        return new BloodiedState(list, initiative, injuryTable);
    }

    BloodiedState update(String id, UnaryOperator<Fighter> change) {
        return fighter(id).map(f -> withFighter(change.apply(f))).orElse(this);
    }

    BloodiedState withInitiative(Initiative next) {
        return new BloodiedState(fighters, next, injuryTable);
    }

    BloodiedState withInjuryTable(InjuryTable table) {
        return new BloodiedState(fighters, initiative, table);
    }

    /** Serious-injury severities named by the text, mildest first. */
    enum Severity { MINOR, MAJOR, DEADLY }

    /** A row of the serious-injury table: rolls {@code from}..{@code to} on the table's die. */
    record InjuryRow(int from, int to, Severity severity, String interval) {

        /** "4-5: Major, save every 1/12 hours" (a single roll reads "6: ..."). */
        String label() {
            return range() + ": " + severityName(severity) + ", save every " + interval;
        }

        String range() {
            return from == to ? String.valueOf(from) : from + "-" + to;
        }
    }

    /** "Major", as the rule text writes it. */
    static String severityName(Severity severity) {
        String name = severity.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    /** The serious-injury table: the die rolled and its rows. */
    record InjuryTable(int die, List<InjuryRow> rows) {
        InjuryTable {
            rows = List.copyOf(rows);
        }

        /** The table with {@code row} written in: rows it overlaps keep only their rolls outside it. */
        InjuryTable with(InjuryRow row) {
            List<InjuryRow> next = new ArrayList<>();
            for (InjuryRow old : rows) {
                if (old.to() < row.from() || old.from() > row.to()) {
                    next.add(old);
                    continue;
                }
                if (old.from() < row.from()) {
                    next.add(new InjuryRow(old.from(), row.from() - 1, old.severity(), old.interval()));
                }
                if (old.to() > row.to()) {
                    next.add(new InjuryRow(row.to() + 1, old.to(), old.severity(), old.interval()));
                }
            }
            next.add(row);
            next.sort(Comparator.comparingInt(InjuryRow::from));
            return new InjuryTable(die, next);
        }

        /** The row whose range is exactly {@code from}..{@code to}. */
        Optional<InjuryRow> row(int from, int to) {
            return rows.stream().filter(r -> r.from() == from && r.to() == to).findFirst();
        }

        /** Rolls no row covers, e.g. "1-3, 6"; empty when every face has a row. */
        String gaps() {
            List<String> gaps = new ArrayList<>();
            int face = 1;
            while (face <= die) {
                if (covered(face)) {
                    face++;
                    continue;
                }
                int end = face;
                while (end + 1 <= die && !covered(end + 1)) {
                    end++;
                }
                gaps.add(face == end ? String.valueOf(face) : face + "-" + end);
                face = end + 1;
            }
            return String.join(", ", gaps);
        }

        private boolean covered(int face) {
            return rows.stream().anyMatch(r -> r.from() <= face && face <= r.to());
        }

        /** "d6: 4-5 Major (save every 1/12 hours)" — the whole table in one line for the log and the GM's controls. */
        String summary() {
            StringBuilder line = new StringBuilder("d" + die + ": ");
            line.append(String.join("; ", rows.stream().map(r -> r.range() + " " + severityName(r.severity())
                    + " (save every " + r.interval() + ")").toList()));
            String gaps = gaps();
            if (!gaps.isEmpty()) {
                line.append("; ").append(gaps).append(" take the nearest row");
            }
            return line.toString();
        }

        /** The row for a roll; a roll no row covers takes the nearest row (the source's table is truncated). */
        InjuryRow rowFor(int roll) {
            InjuryRow best = rows.getFirst();
            int bestDistance = Integer.MAX_VALUE;
            for (InjuryRow row : rows) {
                int distance = roll < row.from() ? row.from() - roll : Math.max(0, roll - row.to());
                if (distance < bestDistance) {
                    best = row;
                    bestDistance = distance;
                }
            }
            return best;
        }
    }

    /** A serious injury: two successful saves before two failures lower it a step, else it rises. */
    record Injury(String id, String cause, Severity severity, String interval, int successes, int failures) {
    }

    /**
     * The fixed order of the encounter.
     *
     * @param entries      combatants in acting order with their initiative
     * @param currentIndex index into entries of the combatant whose turn it is (-1 before the first)
     * @param active       a turn is under way
     * @param used         what the current combatant has used: "move", "action"
     */
    record Initiative(int round, List<Entry> entries, int currentIndex, boolean active, List<String> used) {
        Initiative {
            entries = List.copyOf(entries);
            used = List.copyOf(used);
        }

        Optional<String> current() {
            return active && currentIndex >= 0 ? Optional.of(entries.get(currentIndex).combatantId()) : Optional.empty();
        }

        Initiative withUsed(String what) {
            List<String> list = new ArrayList<>(used);
            list.add(what);
            return new Initiative(round, entries, currentIndex, active, list);
        }
    }

    record Entry(String combatantId, int score) {
    }
}
