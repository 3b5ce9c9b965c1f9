package io.eventhandler.server.runtime;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Threads moved into SCHED_IDLE, as the kernel reports their policy ({@code /proc/.../stat}, field 41). */
class IdleSchedulingTest {

    private static final int SCHED_OTHER = 0;
    private static final int SCHED_IDLE = 5;

    private static boolean chrtHere() {
        return Files.isDirectory(Path.of("/proc/self/task")) && (Files.isExecutable(Path.of("/usr/bin/chrt"))
                || Files.isExecutable(Path.of("/bin/chrt")));
    }

    /** The scheduling policy of a thread, from its stat line (fields after the name in parentheses). */
    private static int policy(final Path task) {
        try {
            final String stat = Files.readString(task.resolve("stat"));
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[41 - 3]);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theCallingThreadIsMovedAndNoOtherIs() throws Exception {
        assumeTrue(chrtHere(), "Linux with util-linux's chrt");
        final AtomicBoolean moved = new AtomicBoolean();
        final AtomicInteger policy = new AtomicInteger(-1);
        final Thread thread = new Thread(() -> {
            moved.set(IdleScheduling.currentThread());
            policy.set(policy(Path.of("/proc/thread-self")));
        }, "batch-probe");
        thread.start();
        thread.join();
        assertTrue(moved.get());
        assertEquals(SCHED_IDLE, policy.get());
        assertEquals(SCHED_OTHER, policy(Path.of("/proc/thread-self")), "the test's own thread stays as it was");
    }

    @Test
    void threadsAreMovedByTheKernelsNameForThem() throws Exception {
        assumeTrue(chrtHere(), "Linux with util-linux's chrt");
        final AtomicReference<Path> task = new AtomicReference<>();
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch end = new CountDownLatch(1);
        // the kernel keeps 15 characters of a thread's name: "eh-batch-probe-"
        final Thread thread = new Thread(() -> {
            try {
                task.set(Path.of("/proc/self/task").resolve(
                        Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName()));
                started.countDown();
                end.await();
            } catch (final IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "eh-batch-probe-with-a-long-name");
        thread.start();
        try {
            started.await();
            assertEquals(SCHED_OTHER, policy(task.get()));
            assertEquals(1, IdleScheduling.threadsNamed("eh-batch-probe-"));
            assertEquals(SCHED_IDLE, policy(task.get()));
            assertEquals(0, IdleScheduling.threadsNamed("no-such-thread"));
        } finally {
            end.countDown();
            thread.join();
        }
    }
}
