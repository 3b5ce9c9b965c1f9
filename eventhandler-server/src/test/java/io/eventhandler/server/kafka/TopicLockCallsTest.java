package io.eventhandler.server.kafka;

import io.eventhandler.server.runtime.IdleScheduling;
import io.eventhandler.server.runtime.SchedulingPolicy;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The export's calls that take a topic's lock run in the normal scheduling class, whatever the loop's class. */
class TopicLockCallsTest {

    @Test
    void aCallOfAnIdleClassLoopRunsInTheNormalClass() throws Exception {
        assumeTrue(SchedulingPolicy.chrtHere(), "Linux with util-linux's chrt");
        final AtomicInteger loopPolicy = new AtomicInteger(-1);
        final AtomicInteger callPolicy = new AtomicInteger(-1);
        final AtomicReference<String> callThread = new AtomicReference<>();
        try (TopicLockCalls calls = TopicLockCalls.onOwnThread()) {
            final Thread loop = new Thread(() -> {
                assertTrue(IdleScheduling.currentThread());
                loopPolicy.set(SchedulingPolicy.ofCurrentThread());
                calls.run(() -> {
                    callPolicy.set(SchedulingPolicy.ofCurrentThread());
                    callThread.set(Thread.currentThread().getName());
                });
            }, "idle-loop");
            loop.start();
            loop.join();
        }
        assertEquals(SchedulingPolicy.SCHED_IDLE, loopPolicy.get());
        assertEquals(SchedulingPolicy.SCHED_OTHER, callPolicy.get(), "made by the loop, run by a normal thread");
        assertEquals("eh-kafka-attach", callThread.get());
    }

    @Test
    void whatTheCallThrowsIsThrownToTheCaller() {
        try (TopicLockCalls calls = TopicLockCalls.onOwnThread()) {
            final IllegalStateException thrown = assertThrows(IllegalStateException.class,
                    () -> calls.run(() -> {
                        throw new IllegalStateException("topic retired");
                    }));
            assertEquals("topic retired", thrown.getMessage());
        }
    }

    @Test
    void withoutTheIdleClassTheCallerRunsIt() {
        final AtomicReference<Thread> ran = new AtomicReference<>();
        try (TopicLockCalls calls = TopicLockCalls.onCaller()) {
            calls.run(() -> ran.set(Thread.currentThread()));
        }
        assertEquals(Thread.currentThread(), ran.get());
    }
}
