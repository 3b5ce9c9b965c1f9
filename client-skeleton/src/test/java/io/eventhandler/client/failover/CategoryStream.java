package io.eventhandler.client.failover;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.EventHandlerInstances;
import io.eventhandler.client.EventListener;
import io.eventhandler.client.EventPublisher;
import io.eventhandler.client.EventSubscriber;
import io.eventhandler.client.ReceivedEvent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * One topic of a category end to end: a publisher (its own client, failing over between the pair, with the
 * topic's retention) sending every period T from its own thread, and an SSE subscriber of the pair. It records
 * which of the publisher's numbers ({@code eh-seq}) arrived, how often, and the end-to-end latency of each.
 */
final class CategoryStream implements AutoCloseable {

    private final PaperCategory category;
    private final EventHandlerClient client;
    private final EventPublisher publisher;
    private final EventSubscriber subscriber;
    private final Thread sender;
    private final AtomicInteger published = new AtomicInteger();
    private final BitSet received = new BitSet();
    private final List<long[]> arrivals = new ArrayList<>(); // {eh-seq, receivedEpochMicros, latencyMicros}
    private int deliveries;
    private volatile boolean running = true;
    private volatile Throwable publishFailure;

    CategoryStream(final PaperCategory category, final EventHandlerInstances pair, final Duration failoverBudget) {
        this.category = category;
        this.client = EventHandlerClient.builder(pair).failoverBudget(failoverBudget).build();
        this.publisher = EventPublisher.builder(client, SystemRequestDTO.of("publisher-" + category.name().toLowerCase(java.util.Locale.ROOT),
                        "127.0.0.1", 9100 + category.ordinal())).build();
        this.subscriber = EventSubscriber.builder(pair, category.topic()).lastEventId(0)
                .reconnectDelay(Duration.ofMillis(10)).listener(new Recorder()).start();
        this.sender = new Thread(this::publishEveryPeriod, "publisher-" + category.topic());
        this.sender.setDaemon(true);
    }

    void startPublishing() {
        sender.start();
    }

    boolean connected() {
        return subscriber.isConnected();
    }

    private void publishEveryPeriod() {
        final long period = Duration.ofMillis(category.periodMs).toNanos();
        long next = System.nanoTime();
        while (running) {
            final int n = published.get() + 1;
            try {
                publisher.publish(category.topic(), Integer.toString(n));
                published.set(n);
            } catch (final RuntimeException e) {
                publishFailure = e;
                return;
            }
            next += period;
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    void stopPublishing() throws InterruptedException {
        running = false;
        sender.join(30_000);
        if (publishFailure != null) {
            throw new AssertionError(category + ": a publish failed on both instances", publishFailure);
        }
    }

    PaperCategory category() {
        return category;
    }

    int published() {
        return published.get();
    }

    synchronized boolean receivedLast() {
        return received.get(published.get());
    }

    synchronized int deliveries() {
        return deliveries;
    }

    synchronized int distinct() {
        return received.cardinality();
    }

    /** The longest run of the publisher's numbers 1..published that never arrived. */
    synchronized int longestLossRun() {
        int longest = 0;
        int run = 0;
        for (int n = 1; n <= published.get(); n++) {
            run = received.get(n) ? 0 : run + 1;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    synchronized int lost() {
        return published.get() - received.get(1, published.get() + 1).cardinality();
    }

    /** Arrivals as {eh-seq, received at (epoch µs), end-to-end latency (µs)}. */
    synchronized List<long[]> arrivals() {
        return List.copyOf(arrivals);
    }

    long duplicatesDropped() {
        return subscriber.duplicatesDropped();
    }

    private final class Recorder implements EventListener {
        @Override
        public void onEvent(final ReceivedEvent event) {
            final String seq = event.event().metaData() == null ? null
                    : event.event().metaData().get(EventHandlerApi.ORIGIN_SEQUENCE_META);
            if (seq == null) {
                return;
            }
            final int n = Integer.parseInt(seq);
            synchronized (CategoryStream.this) {
                received.set(n);
                deliveries++;
                arrivals.add(new long[] {n, event.receivedEpochMicros(), event.latencyMicros()});
            }
        }
    }

    @Override
    public void close() {
        running = false;
        subscriber.close();
        publisher.close();
        client.close();
    }
}
