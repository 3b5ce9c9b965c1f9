package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's busy and total CPU time from {@code /proc/stat} (its first line, in USER_HZ ticks of 10 ms),
 * so that the cores other processes took during a run can be told apart from the server's and the generator's.
 */
public record MachineCpu(long busyTicks, long totalTicks) {

    /** Nanoseconds per USER_HZ tick: 100 Hz on every Linux architecture the server runs on. */
    public static final long NANOS_PER_TICK = 10_000_000L;

    public static MachineCpu read() throws IOException {
        return parse(Files.readAllLines(Path.of("/proc/stat"), StandardCharsets.UTF_8).get(0));
    }

    /** {@code cpu user nice system idle iowait irq softirq steal ...}: idle and iowait are not busy. */
    static MachineCpu parse(final String cpuLine) {
        final String[] fields = cpuLine.trim().split("\\s+");
        long total = 0;
        long idle = 0;
        for (int i = 1; i < fields.length && i <= 8; i++) {
            final long value = Long.parseLong(fields[i]);
            total += value;
            if (i == 4 || i == 5) {
                idle += value;
            }
        }
        return new MachineCpu(total - idle, total);
    }

    public long busyNanosSince(final MachineCpu earlier) {
        return (busyTicks - earlier.busyTicks) * NANOS_PER_TICK;
    }
}
