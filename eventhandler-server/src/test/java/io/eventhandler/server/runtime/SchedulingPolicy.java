package io.eventhandler.server.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A thread's scheduling policy as the kernel reports it ({@code /proc/.../stat}, field 41), for tests. */
public final class SchedulingPolicy {

    public static final int SCHED_OTHER = 0;
    public static final int SCHED_IDLE = 5;

    private SchedulingPolicy() {
    }

    /** Whether threads can be moved here: Linux with util-linux's chrt. */
    public static boolean chrtHere() {
        return Files.isDirectory(Path.of("/proc/self/task")) && (Files.isExecutable(Path.of("/usr/bin/chrt"))
                || Files.isExecutable(Path.of("/bin/chrt")));
    }

    /** The policy of the thread whose /proc directory this is (fields after the name in parentheses). */
    public static int of(final Path task) {
        try {
            final String stat = Files.readString(task.resolve("stat"));
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[41 - 3]);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The calling thread's policy. */
    public static int ofCurrentThread() {
        return of(Path.of("/proc/thread-self"));
    }
}
