package io.eventhandler.server.runtime;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Threads moved into SCHED_IDLE, as the kernel reports their policy. */
class IdleSchedulingTest {

    @Test
    void theCallingThreadIsMovedAndNoOtherIs() throws Exception {
        assumeTrue(SchedulingPolicy.chrtHere(), "Linux with util-linux's chrt");
        final AtomicBoolean moved = new AtomicBoolean();
        final AtomicInteger policy = new AtomicInteger(-1);
        final Thread thread = new Thread(() -> {
            moved.set(IdleScheduling.currentThread());
            policy.set(SchedulingPolicy.ofCurrentThread());
        }, "batch-probe");
        thread.start();
        thread.join();
        assertTrue(moved.get());
        assertEquals(SchedulingPolicy.SCHED_IDLE, policy.get());
        assertEquals(SchedulingPolicy.SCHED_OTHER, SchedulingPolicy.ofCurrentThread(),
                "the test's own thread stays as it was");
    }

    @Test
    void threadsAreMovedByTheKernelsNameForThem() throws Exception {
        assumeTrue(SchedulingPolicy.chrtHere(), "Linux with util-linux's chrt");
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
            assertEquals(SchedulingPolicy.SCHED_OTHER, SchedulingPolicy.of(task.get()));
            assertEquals(1, IdleScheduling.threadsNamed("eh-batch-probe-"));
            assertEquals(SchedulingPolicy.SCHED_IDLE, SchedulingPolicy.of(task.get()));
            assertEquals(0, IdleScheduling.threadsNamed("no-such-thread"));
        } finally {
            end.countDown();
            thread.join();
        }
    }
}
