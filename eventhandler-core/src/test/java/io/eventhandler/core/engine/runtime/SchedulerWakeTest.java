package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.Edge;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Who wakes a parked worker: an offer from outside the engine does; a worker routing its operator's results does not
 * (it takes them itself next), unless the engine is set to hand such work over.
 */
class SchedulerWakeTest {

    private static final EngineEvent EVENT = new EngineEvent("topic:T", "0", 0, Long.MAX_VALUE, false);

    /** One level, topic 0 read by operator 0, whose results go to operator 1. */
    private static Scheduler scheduler(final boolean workersWakeWorkers) {
        return new Scheduler(List.of(0), List.of(List.of(new Edge(0, 0))), new int[] {0}, new int[] {0, 0}, null,
                workersWakeWorkers);
    }

    /** A worker thread parked in {@link Scheduler#take} and what it took once woken. */
    private record ParkedWorker(Thread thread, AtomicReference<Delivery> taken) {

        /** Starts the worker; returns once it is parked. */
        static ParkedWorker start(final Scheduler scheduler) {
            final AtomicReference<Delivery> taken = new AtomicReference<>();
            final Thread thread = new Thread(() -> {
                try {
                    taken.set(scheduler.take(TimeUnit.SECONDS.toNanos(30), false));
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "parked-worker");
            thread.start();
            await().until(() -> scheduler.parkedGeneral() == 1);
            return new ParkedWorker(thread, taken);
        }

        Delivery awaitTaken() throws InterruptedException {
            thread.join(TimeUnit.SECONDS.toMillis(30));
            return taken.get();
        }
    }

    @Test
    void aRoutedResultDoesNotWakeAParkedWorker() throws InterruptedException {
        final Scheduler scheduler = scheduler(false);
        final ParkedWorker worker = ParkedWorker.start(scheduler);

        scheduler.route(0, List.of(new Delivery(1, 0, EVENT)));

        assertEquals(0, scheduler.signals(), "the routing worker takes its result itself");
        assertEquals(1, scheduler.take(0, false).node(), "the result is queued for the routing worker");
        scheduler.offerSupplier(0, EVENT);
        final Delivery taken = worker.awaitTaken();
        assertEquals(1, scheduler.signals(), "an offer from outside wakes the parked worker");
        assertNotNull(taken);
        assertEquals(0, taken.node());
    }

    @Test
    void withHandOverARoutedResultWakesAParkedWorker() throws InterruptedException {
        final Scheduler scheduler = scheduler(true);
        final ParkedWorker worker = ParkedWorker.start(scheduler);

        scheduler.route(0, List.of(new Delivery(1, 0, EVENT)));

        final Delivery taken = worker.awaitTaken();
        assertEquals(1, scheduler.signals());
        assertEquals(1, taken.node(), "the woken worker took the routed result");
    }
}
