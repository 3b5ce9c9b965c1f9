package io.eventhandler.benchmarks.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The machine's memory for a report header, from {@code /proc/meminfo} ("unknown" elsewhere). */
final class MachineMemory {

    private MachineMemory() {
    }

    /** For example {@code 3.7 GiB}. */
    static String describe() {
        try {
            return describe(Files.readAllLines(Path.of("/proc/meminfo")));
        } catch (final IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** From the lines of a {@code /proc/meminfo}: its {@code MemTotal} in GiB. */
    static String describe(final List<String> meminfo) {
        for (final String line : meminfo) {
            if (line.startsWith("MemTotal:")) {
                final long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
                return String.format(Locale.ROOT, "%.1f GiB", kib / (1024.0 * 1024.0));
            }
        }
        return "unknown";
    }
}
