package io.eventhandler.core.outbox;

import io.eventhandler.core.Events;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many publishing threads, a real delivery pool, and sinks that complete sometimes inline and sometimes later on
 * another thread: every subscriber must get every event exactly once, in sequence order, one batch at a time.
 */
class SubscriberOutboxConcurrencyTest {

    private static final int PUBLISHERS = 4;
    private static final int EVENTS_PER_PUBLISHER = 20_000;
    private static final int SUBSCRIBERS = 6;

    private final ExecutorService delivery = Executors.newFixedThreadPool(3);
    private final ScheduledExecutorService completer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        delivery.shutdownNow();
        completer.shutdownNow();
    }

    @Test
    void shouldDeliverEveryEventOnceAndInOrderUnderConcurrency() throws Exception {
        final Broker broker = new Broker(new BrokerSettings(0, PUBLISHERS * EVENTS_PER_PUBLISHER, 64),
                draft -> new byte[0], delivery);
        final List<CheckingSink> sinks = new ArrayList<>();
        for (int s = 0; s < SUBSCRIBERS; s++) {
            final CheckingSink sink = new CheckingSink(s % 2 == 0 ? completer : null);
            sinks.add(sink);
            broker.subscribe(new SubscribeRequest("t", "s" + s, "s" + s, EventFilter.ALL, sink, -1));
        }
        final List<Thread> publishers = new ArrayList<>();
        for (int p = 0; p < PUBLISHERS; p++) {
            final Thread publisher = new Thread(() -> {
                for (int i = 0; i < EVENTS_PER_PUBLISHER; i++) {
                    broker.accept(Events.draft("t", "x"));
                }
            });
            publishers.add(publisher);
            publisher.start();
        }
        for (final Thread publisher : publishers) {
            publisher.join();
        }
        final long total = (long) PUBLISHERS * EVENTS_PER_PUBLISHER;
        await().atMost(Duration.ofSeconds(30)).until(() -> sinks.stream().allMatch(s -> s.last.get() == total));
        for (final CheckingSink sink : sinks) {
            assertEquals(total, sink.count.get());
            assertEquals(0, sink.violations.get(), "out of order, duplicate or concurrent batch");
        }
        assertTrue(broker.subscribers().stream().allMatch(s -> s.delivered() == total && s.dropped() == 0));
    }

    /** Checks sequence continuity and that batches never overlap; completes inline or on another thread. */
    private static final class CheckingSink implements EventSink {
        private final ScheduledExecutorService laterCompleter;
        private final AtomicLong last = new AtomicLong();
        private final AtomicLong count = new AtomicLong();
        private final AtomicLong violations = new AtomicLong();
        private final AtomicLong inFlight = new AtomicLong();
        private long batches;

        CheckingSink(final ScheduledExecutorService laterCompleter) {
            this.laterCompleter = laterCompleter;
        }

        @Override
        public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
            if (inFlight.incrementAndGet() != 1) {
                violations.incrementAndGet();
            }
            for (final OutboxItem item : batch) {
                final long seq = ((Event) item).sequence();
                if (seq != last.get() + 1) {
                    violations.incrementAndGet();
                }
                last.set(seq);
                count.incrementAndGet();
            }
            final Runnable complete = () -> {
                inFlight.decrementAndGet();
                callback.completed(batch.size(), 0);
            };
            if (laterCompleter != null && ++batches % 2 == 0) {
                laterCompleter.schedule(complete, 50, TimeUnit.MICROSECONDS);
            } else {
                complete.run();
            }
        }

        @Override
        public void close(final CloseReason reason) {
        }
    }
}
