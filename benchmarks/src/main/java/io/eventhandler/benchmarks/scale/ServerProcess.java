package io.eventhandler.benchmarks.scale;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Event Handler's JVM seen from outside, by process id: resident memory and threads from
 * {@code /proc/<pid>/status}, CPU time from {@code /proc/<pid>/stat}, and the heap in use after a full collection
 * from {@code jcmd} (which is why the server must be a JVM of its own: in the generator's JVM its memory could not be
 * told apart). With pid 0 nothing is measured and every figure is -1.
 */
public final class ServerProcess {

    /** Clock ticks per second of {@code /proc/<pid>/stat}; 100 on every Linux this runs on. */
    private static final long TICKS_PER_SECOND = 100;
    /** {@code GC.heap_info}: a generation's or the whole heap's line, e.g. {@code tenured generation total 1K, used 2K}. */
    private static final Pattern HEAP_LINE = Pattern.compile("(?m)^\\s*\\S.*?(generation|heap)\\s+total \\d+K, used (\\d+)K");

    /**
     * One look at the process.
     *
     * @param rssKiB     VmRSS
     * @param threads    Threads
     * @param cpuMillis  user + system CPU time since the process started
     * @param heapUsedKiB heap in use after a full GC, or -1 when not asked for
     */
    public record Snapshot(long rssKiB, long threads, long cpuMillis, long heapUsedKiB) {
    }

    private final long pid;

    public ServerProcess(final long pid) {
        this.pid = pid;
    }

    boolean measured() {
        return pid > 0;
    }

    /** RSS, threads and CPU; cheap enough to call every second. */
    public Snapshot sample() {
        if (pid <= 0) {
            return new Snapshot(-1, -1, -1, -1);
        }
        try {
            final String status = Files.readString(Path.of("/proc/" + pid + "/status"), StandardCharsets.US_ASCII);
            return new Snapshot(statusField(status, "VmRSS"), statusField(status, "Threads"), cpuMillis(), -1);
        } catch (final IOException e) {
            throw new IllegalStateException("server process " + pid + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** As {@link #sample()}, plus the heap in use after a full collection (which the collection itself disturbs). */
    Snapshot sampleWithHeap() {
        if (pid <= 0) {
            return sample();
        }
        jcmd("GC.run");
        final long heap = heapUsedKiB(jcmd("GC.heap_info"));
        final Snapshot s = sample();
        return new Snapshot(s.rssKiB(), s.threads(), s.cpuMillis(), heap);
    }

    /** The sum of the generations' (or the heap's) {@code used} figures of a {@code GC.heap_info} answer. */
    static long heapUsedKiB(final String heapInfo) {
        final Matcher m = HEAP_LINE.matcher(heapInfo);
        long used = 0;
        boolean found = false;
        while (m.find()) {
            used += Long.parseLong(m.group(2));
            found = true;
        }
        return found ? used : -1;
    }

    static long statusField(final String status, final String name) {
        for (final String line : status.split("\n")) {
            if (line.startsWith(name + ":")) {
                return Long.parseLong(line.substring(name.length() + 1).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }

    private long cpuMillis() throws IOException {
        final String stat = Files.readString(Path.of("/proc/" + pid + "/stat"), StandardCharsets.US_ASCII);
        // fields after the command name, which is in parentheses and may contain spaces
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        final long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14, 15)
        return ticks * 1000 / TICKS_PER_SECOND;
    }

    private String jcmd(final String command) {
        try {
            final Process p = new ProcessBuilder("jcmd", Long.toString(pid), command).redirectErrorStream(true).start();
            final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + command + " failed: " + output);
            }
            return output;
        } catch (final IOException e) {
            throw new IllegalStateException("jcmd " + command + " failed: " + e.getMessage(), e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
