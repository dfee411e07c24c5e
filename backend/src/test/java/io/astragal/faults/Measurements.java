package io.astragal.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Figures of a fault run, written to {@code target/measurements/<name>.json} and summed up in one printed line. */
final class Measurements {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Measurements() {
    }

    static void write(String name, Map<String, ?> figures, String summary) {
        Path file = Path.of("target", "measurements", name + ".json");
        try {
            Files.createDirectories(file.getParent());
            Map<String, Object> all = new java.util.LinkedHashMap<>(figures);
            // The machine's state, to read the figures by: they are wall-clock times on a shared machine.
            all.put("cores", Runtime.getRuntime().availableProcessors());
            Path loadavg = Path.of("/proc/loadavg");
            if (Files.isReadable(loadavg)) {
                String[] parts = Files.readString(loadavg).trim().split(" ");
                all.put("loadAverage1m5m15m", String.join(" ", parts[0], parts[1], parts[2]));
            }
            all.put("java", System.getProperty("java.version"));
            Files.writeString(file, JSON.writeValueAsString(all));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("[measurement] " + name + ": " + summary + " (" + file.toAbsolutePath() + ")");
    }
}
