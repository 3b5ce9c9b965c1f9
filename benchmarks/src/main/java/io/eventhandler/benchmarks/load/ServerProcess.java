package io.eventhandler.benchmarks.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The loaded server's process as Linux accounts for it: CPU time from {@code /proc/<pid>/stat} (utime + stime, in
 * clock ticks) and per thread from {@code /proc/<pid>/task/<tid>/schedstat} (ns), and peak resident memory from {@code /proc/<pid>/status} ({@code VmHWM}). Whatever the server is
 * written in, the kernel counts it the same way, which is what makes two brokers comparable.
 */
final class ServerProcess {

    /** Linux's USER_HZ, which {@code /proc} reports CPU time in on every common architecture. */
    static final long TICKS_PER_SECOND = 100;

    private final long pid;

    ServerProcess(final long pid) {
        this.pid = pid;
    }

    /** CPU time used so far in µs (10-ms steps), or -1 when the process cannot be read. */
    long cpuMicros() {
        try {
            return cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))) * 1_000_000
                    / TICKS_PER_SECOND;
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }

    /** CPU time used so far, by the ticks and by live thread ({@link CpuReading}); null when the process is gone. */
    CpuReading cpu() {
        final Map<Long, Long> threads = threadNanos();
        final long ticks = cpuMicros();
        return ticks < 0 ? null : new CpuReading(ticks, threads);
    }

    /** Each live thread's time on a CPU, ns; empty when the kernel does not keep schedstat. */
    private Map<Long, Long> threadNanos() {
        final Map<Long, Long> threads = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (final Path task : tasks) {
                try {
                    threads.put(Long.parseLong(task.getFileName().toString()),
                            schedstatNanos(Files.readString(task.resolve("schedstat"))));
                } catch (final NoSuchFileException e) {
                    // the thread ended while the directory was read: it is not live
                }
            }
        } catch (final IOException | RuntimeException e) {
            return Map.of();
        }
        return threads;
    }

    /** The first field of a {@code schedstat} line: time spent on a CPU, ns. */
    static long schedstatNanos(final String schedstat) {
        return Long.parseLong(schedstat.trim().split(" +")[0]);
    }

    /** The peak resident set size in KiB, or -1 when the process cannot be read. */
    long peakRssKib() {
        try {
            return peakRssKib(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * utime + stime of a {@code stat} line: fields 14 and 15, counted after the command name, which is in
     * parentheses and may itself hold spaces.
     */
    static long cpuTicks(final String stat) {
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" +");
        // fields[0] is field 3 (state), so field n is fields[n - 3]
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** {@code VmHWM} of a {@code status} file, in KiB. */
    static long peakRssKib(final String status) {
        for (final String line : status.split("\n")) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.substring(6).replace("kB", "").trim());
            }
        }
        throw new IllegalArgumentException("no VmHWM line");
    }
}
