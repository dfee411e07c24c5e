package io.astragal.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The run's table on stdout and its JSON file. */
final class Report {

    private Report() {
    }

    static void print(Options options, Map<String, Object> machine, int tables, int connectedTables, List<Stats> phases,
                      int viewMismatches) {
        System.out.println();
        System.out.printf("%d tables x %d clients = %d connections; %.0f commands/s offered over all tables "
                        + "(%.2f per table); %d s measured after %d s warm-up; STOMP heart-beat %d ms%n",
                tables, TableRun.SEATS, tables * TableRun.SEATS, options.rate(), options.rate() / tables,
                options.durationSeconds(), options.warmupSeconds(), options.heartbeatMillis());
        System.out.printf("machine: %s cores shared by client and server; load average %s at start, %s at end%n",
                machine.get("cores"), machine.get("loadAverageAtStart"), machine.get("loadAverageAtEnd"));
        if (machine.get("databaseCommits") instanceof Map<?, ?> commits) {
            System.out.println("database commits: " + commits);
        }
        if (!options.label().isEmpty()) {
            System.out.println("label: " + options.label());
        }
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of(""));
        phases.forEach(s -> head.add(s.phase.equals("relay") ? "relay (floor)" : s.phase));
        boolean ratio = phases.size() == 2;
        if (ratio) {
            head.add("ratio");
        }
        rows.add(head.toArray(String[]::new));
        row(rows, phases, "commands sent", s -> String.valueOf(s.sent.sum()), null);
        row(rows, phases, "accepted /s", s -> fmt(s.accepted.sum() / s.seconds()), null);
        row(rows, phases, "rejections", s -> String.valueOf(s.rejectionCount()), null);
        row(rows, phases, "errors", s -> String.valueOf(s.errorCount()), null);
        row(rows, phases, "connections held", s -> s.connectionsAtEnd + "/" + tables * TableRun.SEATS, null);
        for (String which : List.of("reply", "last client")) {
            for (String p : List.of("p50", "p95", "p99", "max")) {
                row(rows, phases, which + " " + p + " ms",
                        s -> fmt((Double) Stats.percentiles(which.equals("reply") ? s.window.reply : s.window.lastClient).get(p)),
                        ratio ? p : null);
            }
        }
        row(rows, phases, "server CPU, % of 1 core", s -> s.server == null ? "-" : pct(s.server.cpuOfOneCore())
                + " (peak " + pct(s.server.cpuOfOneCorePeak()) + ")", null);
        if (options.serverPid() != null) {
            row(rows, phases, "server + its PostgreSQL CPU, % of 1 core", s -> s.server == null ? "-"
                    : pct(s.server.cpuWithChildrenOfOneCore()), null);
        }
        row(rows, phases, "server CPU ms / command", s -> s.server == null ? "-" : fmt(s.server.cpuMillisPer(s.accepted.sum())), null);
        row(rows, phases, "server KiB allocated / command", s -> s.server == null ? "-"
                : fmt(s.server.allocatedKiBPer(s.accepted.sum())), null);
        row(rows, phases, "server heap used MiB", s -> s.server == null ? "-" : fmt(s.server.heapMeanMiB()) + " mean, "
                + fmt(s.server.heapMaxMiB()) + " max of " + fmt(s.server.heapLimitMiB()), null);
        row(rows, phases, "server live data MiB", s -> s.server == null ? "-" : fmt(s.server.liveDataMiB()), null);
        row(rows, phases, "server GC pauses", s -> s.server == null ? "-" : s.server.gcPauses() + ", "
                + fmt(s.server.gcPauseSeconds() == null ? null : s.server.gcPauseSeconds() * 1000) + " ms", null);
        row(rows, phases, "server commits: count, mean, p99 at most, share slower", s -> s.server == null || s.server.commits() == null
                ? "-" : s.server.commits().count() + ", " + fmt(s.server.commits().meanMs()) + " ms, " + fmt(s.server.commits().p99Ms())
                + " ms, " + String.format("%.2f%% > %s ms", s.server.commits().slowShare() * 100, fmt(s.server.commits().slowMs())), null);
        row(rows, phases, "client CPU, % of 1 core", s -> pct((Double) s.client.get("cpuOfOneCore")), null);
        row(rows, phases, "scheduler lag p99 ms", s -> fmt((Double) Stats.percentiles(s.window.schedulerLag).get("p99")), null);
        row(rows, phases, "mean event frame bytes", s -> s.eventFrames.sum() == 0 ? "-"
                : String.valueOf(s.eventBytes.sum() / s.eventFrames.sum()), null);
        row(rows, phases, "events persisted", s -> s.eventsPersisted == null ? "-"
                : s.eventsPersisted + " (accepted " + s.acceptedWithWarmup.sum() + ")", null);
        int[] widths = new int[rows.getFirst().length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == 0 ? String.format("%-" + widths[i] + "s", r[i]) : String.format("  %" + widths[i] + "s", r[i]));
            }
            System.out.println(line);
        }
        for (Stats s : phases) {
            if (!s.rejections.isEmpty()) {
                System.out.println(s.phase + " rejections by code: " + Stats.counts(s.rejections));
            }
            if (!s.errors.isEmpty()) {
                System.out.println(s.phase + " errors: " + Stats.counts(s.errors));
                s.errorExamples.forEach((k, v) -> System.out.println("  e.g. " + k + ": " + v));
            }
            System.out.println(s.phase + " commands: " + Stats.counts(s.commandTypes));
            System.out.println(s.phase + " last client p50 / p99 ms by command: " + byCommand(s));
        }
        if (options.verifyViews()) {
            System.out.println("patched views that differ from a fresh snapshot: " + viewMismatches);
        }
    }

    private static String byCommand(Stats s) {
        return s.window.lastClientByCommandPercentiles().entrySet().stream()
                .map(e -> e.getKey() + " " + fmt((Double) e.getValue().get("p50"))
                        + " / " + fmt((Double) e.getValue().get("p99")))
                .collect(Collectors.joining(", "));
    }

    private interface Cell {
        String of(Stats s);
    }

    private static void row(List<String[]> rows, List<Stats> phases, String name, Cell cell, String ratioOf) {
        List<String> r = new ArrayList<>(List.of(name));
        phases.forEach(s -> r.add(cell.of(s)));
        if (phases.size() == 2) {
            if (ratioOf != null) {
                r.add(ratio(phases.get(0), phases.get(1), name.startsWith("reply") ? "reply" : "last", ratioOf));
            } else {
                r.add("");
            }
        }
        rows.add(r.toArray(String[]::new));
    }

    private static String ratio(Stats a, Stats b, String which, String p) {
        Double x = (Double) Stats.percentiles(which.equals("reply") ? a.window.reply : a.window.lastClient).get(p);
        Double y = (Double) Stats.percentiles(which.equals("reply") ? b.window.reply : b.window.lastClient).get(p);
        return x == null || y == null || y == 0 ? "-" : String.format("%.1fx", x / y);
    }

    private static String fmt(Double value) {
        if (value == null || value.isNaN()) {
            return "-";
        }
        return value >= 100 ? String.format("%.0f", value) : value >= 10 ? String.format("%.1f", value) : String.format("%.2f", value);
    }

    private static String pct(Double share) {
        return share == null || share.isNaN() ? "-" : String.format("%.0f%%", share * 100);
    }

    static Path write(Options options, String runId, Map<String, Object> machine, int tables, int connectedTables,
                      List<Stats> phases, int viewMismatches) throws IOException {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("run", runId);
        result.put("at", java.time.Instant.now().toString());
        result.put("label", options.label());
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("url", options.url().toString());
        scenario.put("tables", tables);
        scenario.put("clientsPerTable", TableRun.SEATS);
        scenario.put("connections", tables * TableRun.SEATS);
        scenario.put("ratePerSecond", options.rate());
        scenario.put("warmupSeconds", options.warmupSeconds());
        scenario.put("durationSeconds", options.durationSeconds());
        scenario.put("heartbeatMillis", options.heartbeatMillis());
        scenario.put("metricsEverySeconds", options.metricsEverySeconds());
        scenario.put("verifyViews", options.verifyViews());
        scenario.put("seed", options.seed());
        result.put("scenario", scenario);
        result.put("machine", machine);
        List<Map<String, Object>> out = new ArrayList<>();
        for (Stats s : phases) {
            Map<String, Object> phase = new LinkedHashMap<>();
            phase.put("phase", s.phase);
            phase.put("measuredSeconds", s.seconds());
            phase.put("sent", s.sent.sum());
            phase.put("accepted", s.accepted.sum());
            phase.put("acceptedPerSecond", s.accepted.sum() / s.seconds());
            phase.put("acceptedIncludingWarmup", s.acceptedWithWarmup.sum());
            phase.put("rejectionsByCode", Stats.counts(s.rejections));
            phase.put("errors", Stats.counts(s.errors));
            phase.put("errorExamples", s.errorExamples);
            phase.put("commandTypes", Stats.counts(s.commandTypes));
            phase.put("connectionsAtStart", s.connectionsAtStart);
            phase.put("connectionsAtEnd", s.connectionsAtEnd);
            phase.put("replyMs", Stats.percentiles(s.window.reply));
            phase.put("lastClientMs", Stats.percentiles(s.window.lastClient));
            phase.put("lastClientMsByCommand", s.window.lastClientByCommandPercentiles());
            phase.put("schedulerLagMs", Stats.percentiles(s.window.schedulerLag));
            phase.put("eventFrames", s.eventFrames.sum());
            phase.put("meanEventFrameBytes", s.eventFrames.sum() == 0 ? null : s.eventBytes.sum() / s.eventFrames.sum());
            phase.put("eventsPersisted", s.eventsPersisted);
            Map<String, Object> server = s.server == null ? null : new LinkedHashMap<>(s.server.asMap());
            if (server != null) {
                server.put("cpuMillisPerCommand", s.server.cpuMillisPer(s.accepted.sum()));
                server.put("allocatedKiBPerCommand", s.server.allocatedKiBPer(s.accepted.sum()));
            }
            phase.put("server", server);
            phase.put("client", s.client);
            out.add(phase);
        }
        result.put("phases", out);
        if (phases.size() == 2) {
            Map<String, Object> ratios = new LinkedHashMap<>();
            for (String p : List.of("p50", "p95", "p99", "max")) {
                ratios.put("lastClient " + p, ratio(phases.get(0), phases.get(1), "last", p));
                ratios.put("reply " + p, ratio(phases.get(0), phases.get(1), "reply", p));
            }
            result.put("ratioToFloor", ratios);
        }
        if (options.verifyViews()) {
            result.put("viewMismatches", viewMismatches);
        }
        Files.createDirectories(options.results());
        Path file = options.results().resolve(Bench.timestamp() + "-" + tables + "t.json");
        Rest.JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), result);
        return file;
    }
}
