package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * One reading of a process's threads from the kernel, thread by thread. Linux only: it reads
 * {@code /proc/<pid>/task/<tid>/schedstat}, which gives nanoseconds, unlike the 10 ms ticks of {@code stat}.
 * Differences are taken thread by thread ({@link #since}): the load generator starts new threads for every run and
 * ends the old ones, so sums taken per role at two instants would subtract the ended threads' time from the new ones'.
 */
public record ProcessCpu(Map<Long, ThreadCpu> threads) {

    /** One thread's role (by its name) and what the kernel accounted to it. */
    public record ThreadCpu(ThreadRole role, CpuTimes times) {
    }

    public ProcessCpu {
        threads = Map.copyOf(threads);
    }

    /** Reads every thread of {@code pid}; threads that end while it reads are skipped. */
    public static ProcessCpu read(final long pid) throws IOException {
        return read(Path.of("/proc", Long.toString(pid), "task"));
    }

    static ProcessCpu read(final Path tasks) throws IOException {
        final Map<Long, ThreadCpu> threads = new HashMap<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(tasks)) {
            for (final Path thread : all) {
                try {
                    final String name = Files.readString(thread.resolve("comm"), StandardCharsets.UTF_8);
                    final String[] fields = Files.readString(thread.resolve("schedstat"), StandardCharsets.UTF_8)
                            .trim().split("\\s+");
                    threads.put(Long.parseLong(thread.getFileName().toString()), new ThreadCpu(ThreadRole.of(name),
                            new CpuTimes(Long.parseLong(fields[0]), Long.parseLong(fields[1]),
                                    Long.parseLong(fields[2]))));
                } catch (final NoSuchFileException ended) {
                    // the thread ended between the listing and the read
                }
            }
        }
        return new ProcessCpu(threads);
    }

    /** The threads of {@code role} together. */
    public CpuTimes role(final ThreadRole role) {
        return threads.values().stream().filter(t -> t.role() == role).map(ThreadCpu::times)
                .reduce(CpuTimes.ZERO, CpuTimes::plus);
    }

    /** All threads together. */
    public CpuTimes total() {
        return threads.values().stream().map(ThreadCpu::times).reduce(CpuTimes.ZERO, CpuTimes::plus);
    }

    /**
     * This reading minus an earlier one, thread by thread: a thread started since counts whole, a thread that ended
     * since is missing from both (its last moments are lost, a small under-count).
     */
    public ProcessCpu since(final ProcessCpu earlier) {
        final Map<Long, ThreadCpu> delta = new HashMap<>();
        threads.forEach((tid, now) -> {
            final ThreadCpu before = earlier.threads().get(tid);
            delta.put(tid, new ThreadCpu(now.role(), before == null ? now.times() : now.times().since(before.times())));
        });
        return new ProcessCpu(delta);
    }

    /** Per role, for a report. */
    public Map<ThreadRole, CpuTimes> byRole() {
        final Map<ThreadRole, CpuTimes> sums = new EnumMap<>(ThreadRole.class);
        threads.values().forEach(t -> sums.merge(t.role(), t.times(), CpuTimes::plus));
        return sums;
    }
}
