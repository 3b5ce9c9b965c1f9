package io.eventhandler.core.delivery;

import io.eventhandler.core.Events;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.delivery.edf.DeliveryJob;
import io.eventhandler.core.delivery.edf.JobQueue;
import io.eventhandler.core.delivery.edf.JobQueueStatistics;
import io.eventhandler.core.delivery.edf.PendingMessage;
import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.delivery.edf.WorkerStatistics;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeferredDeliveryExecutor;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.PaperTopics;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.core.topic.Topic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scheduler under real concurrency: six worker threads, subscribers whose writes complete on other threads, a
 * backup link that acknowledges on its own threads. Every event reaches every subscriber once and in order, and
 * every acknowledged replica is discarded exactly once (Table 3.3), whichever of dispatch and replication completes
 * last.
 */
class EdfSchedulerTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long T0 = 1_700_000_000_000_000L;
    private static final int SUBSCRIBERS = 3;
    private static final int EVENTS_PER_TOPIC = 5_000;
    /** Category 0 is due for dispatch before its replication, category 2 the other way round. */
    private static final List<String> TOPICS = List.of("CAT0", "CAT2");

    private final ExecutorService sinks = Executors.newFixedThreadPool(4);
    private final ExecutorService backupLink = Executors.newFixedThreadPool(2);
    private final Map<Event, AtomicInteger> replicated = new ConcurrentHashMap<>();
    private final Map<Event, AtomicInteger> discarded = new ConcurrentHashMap<>();
    private final AtomicInteger acknowledged = new AtomicInteger();
    private EdfDelivery delivery;

    @AfterEach
    void stop() {
        if (delivery != null) {
            delivery.close();
        }
        sinks.shutdownNow();
        backupLink.shutdownNow();
    }

    /** Records what it is given and completes each write later, on the sink pool. */
    private final class AsynchronousSink implements EventSink {
        final List<Long> sequences = new ArrayList<>();

        @Override
        public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
            int events = 0;
            synchronized (sequences) {
                for (final OutboxItem item : batch) {
                    if (item instanceof Event event) {
                        sequences.add(event.sequence());
                        events++;
                    }
                }
            }
            final int written = events;
            sinks.execute(() -> callback.completed(written, 0));
        }

        @Override
        public void close(final CloseReason reason) {
        }

        List<Long> sequences() {
            synchronized (sequences) {
                return List.copyOf(sequences);
            }
        }
    }

    private final Replicator backup = new Replicator() {
        @Override
        public void replicate(final Event event, final Runnable ack, final Runnable failed) {
            replicated.computeIfAbsent(event, e -> new AtomicInteger()).incrementAndGet();
            backupLink.execute(() -> {
                ack.run();
                acknowledged.incrementAndGet();
            });
        }

        @Override
        public void discard(final Event event) {
            discarded.computeIfAbsent(event, e -> new AtomicInteger()).incrementAndGet();
        }
    };

    @Test
    void everyEventReachesEverySubscriberOnceAndEveryAcknowledgedReplicaIsDiscardedOnce() {
        final DeliveryBaselines replicateAll = new DeliveryBaselines(SchedulingPolicy.EDF, ReplicationPolicy.ALL,
                true);
        final TopicPlans plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE, PaperTopics.category(4), replicateAll);
        plans.configure("cat0", PaperTopics.category(0));
        plans.configure("cat2", PaperTopics.category(2));
        delivery = EdfDelivery.builder(plans, backup).workers(6).drainPool(sinks).clockMicros(() -> T0)
                .baselines(replicateAll).build();
        final Broker broker = new Broker(new BrokerSettings(0, 4 * EVENTS_PER_TOPIC, 64),
                d -> d.payload().getBytes(StandardCharsets.UTF_8), delivery.drainExecutor(), delivery.scheduler(),
                delivery.accounting());
        final List<AsynchronousSink> subscribers = new ArrayList<>();
        for (final String topic : TOPICS) {
            for (int s = 0; s < SUBSCRIBERS; s++) {
                final AsynchronousSink sink = new AsynchronousSink();
                subscribers.add(sink);
                broker.subscribe(new SubscribeRequest(topic, "s" + s, topic + "-s" + s, EventFilter.ALL, sink, -1));
            }
        }
        delivery.start();
        final List<Event> events = new ArrayList<>();
        for (int i = 0; i < EVENTS_PER_TOPIC; i++) {
            for (final String topic : TOPICS) {
                events.add(broker.accept(Events.draft(topic, "e" + i, null, Events.PUBLISHER, T0)));
            }
        }
        await().atMost(WAIT).until(() -> subscribers.stream().allMatch(s -> s.sequences().size() == EVENTS_PER_TOPIC)
                && delivery.scheduler().depth() == 0 && acknowledged.get() == replicated.size()
                && replicated.keySet().stream().allMatch(discarded::containsKey));
        final List<Long> inOrder = java.util.stream.LongStream.rangeClosed(1, EVENTS_PER_TOPIC).boxed().toList();
        subscribers.forEach(s -> assertEquals(inOrder, s.sequences()));
        for (final Event event : events) {
            final int copies = replicated.getOrDefault(event, new AtomicInteger()).get();
            assertTrue(copies <= 1, event + " replicated " + copies + " times");
            assertEquals(copies, discarded.getOrDefault(event, new AtomicInteger()).get(), event.toString());
        }
        final DeliverySnapshot snapshot = delivery.snapshot();
        final WorkerStatistics w = snapshot.workers();
        final JobQueueStatistics q = snapshot.queue();
        assertEquals(events.size(), w.dispatches());
        assertEquals(replicated.size(), w.replications());
        assertEquals(events.size(), w.replications() + w.replicationsAborted() + q.cancelledReplications(),
                "every replication job executed, aborted or cancelled: " + w + " " + q);
        assertEquals(0, w.failures());
    }

    @Test
    void aReplicationTakenAfterItsEventWasDispatchedIsAbortedNotSent() {
        final TopicPlans plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE, PaperTopics.category(4));
        plans.configure("cat2", PaperTopics.category(2)); // replicated (Proposition 1)
        final EdfScheduler scheduler = new EdfScheduler(plans, SchedulingPolicy.EDF,
                new ReplicationCoordinator(backup, true), new DeferredDeliveryExecutor(Runnable::run, 0), () -> T0,
                1, 0);
        final Topic topic = new Topic("CAT2", 0);
        final Event event = topic.publish(Events.draft("cat2", "x"), new byte[0], 0);
        final JobQueue<Dispatch> queue = new JobQueue<>(SchedulingPolicy.FCFS); // the replication leaves first
        final PendingMessage<Dispatch> message = queue.schedule(new Dispatch(topic, event), T0,
                plans.plan("CAT2").generator().deadlines(T0, T0));
        final DeliveryJob<Dispatch> replication = queue.poll();
        assertEquals(message.replicationJob().orElseThrow(), replication);
        message.startDispatch(0); // another worker dispatched it meanwhile
        scheduler.run(replication);
        assertEquals(1, scheduler.workerStatistics(0).replicationsAborted());
        assertEquals(0, scheduler.workerStatistics(0).replications());
        assertEquals(Map.of(), replicated, "no copy sent");
    }
}
