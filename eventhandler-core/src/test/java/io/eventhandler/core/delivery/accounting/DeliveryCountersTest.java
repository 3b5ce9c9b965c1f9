package io.eventhandler.core.delivery.accounting;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A delivery's report never waits for a thread that holds the latency histogram, and no value is lost meanwhile. */
class DeliveryCountersTest {

    private final ReentrantLock lock = new ReentrantLock();
    private final DeliveryCounters counters = new DeliveryCounters(2, lock);
    private final CountDownLatch release = new CountDownLatch(1);
    private Thread holder;

    @AfterEach
    void letGo() throws InterruptedException {
        release.countDown();
        if (holder != null) {
            holder.join();
        }
    }

    /** Another thread holds the histogram until the test lets it go (as a preempted reporter or a reader would). */
    private void holdElsewhere() {
        final CountDownLatch held = new CountDownLatch(1);
        holder = new Thread(() -> {
            lock.lock();
            try {
                held.countDown();
                release.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        }, "holder");
        holder.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getCount() == 0);
    }

    private Thread recordInThread(final long latencyMicros) {
        final Thread recorder = new Thread(() -> counters.delivered(latencyMicros, true), "recorder");
        recorder.start();
        return recorder;
    }

    @Test
    void shouldRecordWithoutWaitingForTheHistogramsHolder() throws InterruptedException {
        counters.delivered(100, true);
        holdElsewhere();

        final Thread recorder = recordInThread(2_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> !recorder.isAlive());
        release.countDown();
        holder.join();

        final DeliveryStatistics statistics = counters.snapshot();
        assertEquals(2, statistics.delivered());
        assertEquals(2, statistics.latency().count(), "the value recorded while the histogram was held is in it");
        assertEquals(2_000, statistics.latency().maxMicros(), 20);
    }

    @Test
    void shouldWaitOnlyOnceTheQueueOfValuesIsFull() throws InterruptedException {
        holdElsewhere();
        for (int i = 0; i < DeliveryCounters.MAX_PENDING; i++) {
            counters.delivered(10, true);
        }

        final Thread recorder = recordInThread(10);
        await().atMost(Duration.ofSeconds(10)).until(() -> recorder.getState() == Thread.State.WAITING);
        release.countDown();
        recorder.join();

        assertEquals(DeliveryCounters.MAX_PENDING + 1, counters.snapshot().latency().count());
    }
}
