package io.eventhandler.benchmarks.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's CPU over an interval, from Linux's {@code /proc/stat}: the busy share of all cores (every
 * process, this one included) and the share stolen by the hypervisor. With this process's own share beside it, it
 * tells how much the rest of the machine took while a point was measured. NaN where {@code /proc/stat} is missing.
 */
public final class MachineMeter {

    /** Busy and stolen shares of all cores, 0..1. */
    public record MachineLoad(double busy, double steal) {
    }

    private static final Path STAT = Path.of("/proc/stat");
    private long[] start;

    public void start() {
        start = read();
    }

    public MachineLoad load() {
        final long[] end = read();
        if (start == null || end == null) {
            return new MachineLoad(Double.NaN, Double.NaN);
        }
        long total = 0;
        for (int i = 0; i < end.length; i++) {
            total += end[i] - start[i];
        }
        // fields: user nice system idle iowait irq softirq steal (guest time is already in user)
        final long idle = end[3] - start[3] + end[4] - start[4];
        final long steal = end.length > 7 ? end[7] - start[7] : 0;
        return total <= 0 ? new MachineLoad(Double.NaN, Double.NaN)
                : new MachineLoad((double) (total - idle - steal) / total, (double) steal / total);
    }

    private static long[] read() {
        try {
            final String line = Files.readAllLines(STAT).get(0);
            final String[] f = line.trim().split("\\s+");
            final int n = Math.min(8, f.length - 1);
            final long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                out[i] = Long.parseLong(f[i + 1]);
            }
            return out;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
