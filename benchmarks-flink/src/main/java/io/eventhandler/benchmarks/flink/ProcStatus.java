package io.eventhandler.benchmarks.flink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Memory of a process from Linux's {@code /proc/<pid>/status}, as the paper measured it: resident set (VmRSS) and
 * virtual size (VmSize), in kB, with the kernel's own peaks (VmHWM, VmPeak). Zero where unreadable.
 */
record ProcStatus(long rssKb, long sizeKb, long hwmKb, long peakKb) {

    static final ProcStatus NONE = new ProcStatus(0, 0, 0, 0);

    static ProcStatus read(final long pid) {
        try {
            long rss = 0;
            long size = 0;
            long hwm = 0;
            long peak = 0;
            for (final String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = kb(line);
                } else if (line.startsWith("VmSize:")) {
                    size = kb(line);
                } else if (line.startsWith("VmHWM:")) {
                    hwm = kb(line);
                } else if (line.startsWith("VmPeak:")) {
                    peak = kb(line);
                }
            }
            return new ProcStatus(rss, size, hwm, peak);
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    /** The larger of each figure. */
    ProcStatus max(final ProcStatus other) {
        return new ProcStatus(Math.max(rssKb, other.rssKb), Math.max(sizeKb, other.sizeKb),
                Math.max(hwmKb, other.hwmKb), Math.max(peakKb, other.peakKb));
    }

    private static long kb(final String line) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
    }
}
