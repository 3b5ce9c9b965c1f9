package io.eventhandler.server.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Moves threads of this process into Linux's {@code SCHED_IDLE} class, for background work that must take only the
 * CPU that local delivery leaves: such a thread runs when a core has nothing else to run, and any other thread that
 * wakes takes its core at once. Without it a rarely running background thread, which has always used less CPU than the
 * selectors and delivery workers, preempts them when it wakes, in the middle of an event's delivery.
 *
 * <p>Done with util-linux's {@code chrt} on the thread's kernel id, so only where both exist (Linux with util-linux,
 * as the Docker image and Raspberry Pi OS have); elsewhere nothing changes and the caller learns it.
 */
public final class IdleScheduling {

    private static final Logger LOG = LoggerFactory.getLogger(IdleScheduling.class);
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Path TASKS = Path.of("/proc/self/task");

    private IdleScheduling() {
    }

    /** Moves the calling thread; whether it is now in {@code SCHED_IDLE}. */
    public static boolean currentThread() {
        try {
            // "/proc/thread-self" links to "PID/task/TID"
            return move(Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
        } catch (final IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /**
     * Moves every thread of this process whose kernel name (the first 15 characters of its Java name) starts with
     * {@code prefix}; how many were moved.
     */
    public static int threadsNamed(final String prefix) {
        int moved = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (final Path task : tasks) {
                final String name;
                try {
                    name = Files.readString(task.resolve("comm")).strip();
                } catch (final IOException e) {
                    continue; // ended meanwhile
                }
                if (name.startsWith(prefix) && move(task.getFileName().toString())) {
                    moved++;
                }
            }
        } catch (final IOException e) {
            return moved;
        }
        return moved;
    }

    private static boolean move(final String tid) {
        try {
            final Process chrt = new ProcessBuilder("chrt", "--idle", "--pid", "0", tid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!chrt.waitFor(2, TimeUnit.SECONDS)) {
                chrt.destroyForcibly();
                return false;
            }
            return chrt.exitValue() == 0;
        } catch (final IOException e) {
            LOG.debug("chrt not available: {}", e.getMessage());
            return false;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
