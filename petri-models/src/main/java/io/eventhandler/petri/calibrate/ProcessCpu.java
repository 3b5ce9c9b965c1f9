package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * One reading of a process's threads from the kernel, summed by {@link ThreadRole}. Linux only: it reads
 * {@code /proc/<pid>/task/<tid>/schedstat}, which gives nanoseconds, unlike the 10 ms ticks of {@code stat}.
 */
public record ProcessCpu(Map<ThreadRole, CpuTimes> byRole) {

    public ProcessCpu {
        byRole = Map.copyOf(byRole);
    }

    /** Reads every thread of {@code pid}; threads that end while it reads are skipped. */
    public static ProcessCpu read(final long pid) throws IOException {
        return read(Path.of("/proc", Long.toString(pid), "task"));
    }

    static ProcessCpu read(final Path tasks) throws IOException {
        final Map<ThreadRole, CpuTimes> sums = new EnumMap<>(ThreadRole.class);
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (final Path thread : threads) {
                try {
                    final String name = Files.readString(thread.resolve("comm"), StandardCharsets.UTF_8);
                    final String[] fields = Files.readString(thread.resolve("schedstat"), StandardCharsets.UTF_8)
                            .trim().split("\\s+");
                    final CpuTimes times = new CpuTimes(Long.parseLong(fields[0]), Long.parseLong(fields[1]),
                            Long.parseLong(fields[2]));
                    sums.merge(ThreadRole.of(name), times, CpuTimes::plus);
                } catch (final NoSuchFileException ended) {
                    // the thread ended between the listing and the read
                }
            }
        }
        return new ProcessCpu(sums);
    }

    public CpuTimes role(final ThreadRole role) {
        return byRole.getOrDefault(role, CpuTimes.ZERO);
    }

    /** All threads together. */
    public CpuTimes total() {
        return byRole.values().stream().reduce(CpuTimes.ZERO, CpuTimes::plus);
    }

    /** This reading minus an earlier one, role by role. */
    public ProcessCpu since(final ProcessCpu earlier) {
        final Map<ThreadRole, CpuTimes> delta = new EnumMap<>(ThreadRole.class);
        byRole.forEach((role, times) -> delta.put(role, times.since(earlier.role(role))));
        return new ProcessCpu(delta);
    }
}
