package io.eventhandler.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The publisher's failover against real Event Handlers on loopback: it resends its last N events (N from the
 * publish answers' {@code Eh-Retention}) to the backup with their original stamps, skips an instance answering 503,
 * keeps trying while every instance refuses, and gives up with {@link EventHandlerUnavailableException} when the
 * budget is spent.
 */
class EventPublisherFailoverTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final SystemRequestDTO PUBLISHER = SystemRequestDTO.of("failover-publisher", "127.0.0.1", 9002);

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        Collections.reverse(toClose);
        for (final AutoCloseable closeable : toClose) {
            closeable.close();
        }
    }

    private <T extends AutoCloseable> T closeLater(final T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    /** A subscriber of one instance only, resuming after 0 so that it gets every event of the topic there. */
    private EventSubscriber subscriber(final URI instance, final String eventType, final RecordingListener listener) {
        final EventSubscriber subscriber = closeLater(EventSubscriber.builder(instance, eventType).listener(listener)
                .lastEventId(0).reconnectDelay(Duration.ofMillis(50)).start());
        await().atMost(WAIT).until(subscriber::isConnected);
        return subscriber;
    }

    private static List<String> readings(final String prefix, final int from, final int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> prefix + i).toList();
    }

    private static List<String> numbers(final int from, final int to) {
        return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void afterThePrimaryStopsThePublisherResendsItsLastNEventsToTheBackupThenTheNewOne() {
        final TwoEventHandlers pair = closeLater(new TwoEventHandlers());
        pair.configureRetention("RETAINED", 3);
        final RecordingListener onA = new RecordingListener();
        final RecordingListener onB = new RecordingListener();
        final RecordingListener plainOnB = new RecordingListener();
        subscriber(pair.a(), "RETAINED", onA);
        subscriber(pair.b(), "RETAINED", onB);
        subscriber(pair.b(), "PLAIN", plainOnB);
        final EventHandlerClient client = closeLater(EventHandlerClient.builder(pair.instances()).build());
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));

        for (int i = 1; i <= 5; i++) {
            publisher.publish("retained", "reading " + i);
        }
        publisher.publish("plain", "plain 1");
        publisher.publish("plain", "plain 2");
        await().atMost(WAIT).until(() -> onA.count() == 5);
        assertEquals(List.of(), onB.payloads(), "everything went to the primary");

        pair.stopA();
        publisher.publish("Retained", "reading 6");

        await().atMost(WAIT).until(() -> onB.count() == 4);
        assertEquals(readings("reading ", 3, 6), onB.payloads(), "the last N = 3 (Eh-Retention), then the new one");
        assertEquals(numbers(3, 6), onB.originSequences());
        assertEquals(Collections.nCopies(4, publisher.origin()), onB.origins());
        assertEquals(onA.events.subList(2, 5).stream().map(e -> e.event().metaData()).toList(),
                onB.events.subList(0, 3).stream().map(e -> e.event().metaData()).toList(),
                "a resend carries the original stamps");
        assertEquals(pair.b(), client.baseUri());

        publisher.publish("plain", "plain 3");
        publisher.publish("retained", "reading 7");
        await().atMost(WAIT).until(() -> onB.count() == 5 && plainOnB.count() == 1);
        assertEquals(List.of("plain 3"), plainOnB.payloads(), "a topic without retention resends nothing");
        assertEquals(List.of("3"), plainOnB.originSequences());
        assertEquals(readings("reading ", 3, 7), onB.payloads(), "nothing is resent twice");
    }

    @Test
    void threadsPublishingWhenThePrimaryIsGoneSwitchOnceAndTheBackupGetsEveryEventOnce() throws Exception {
        final TwoEventHandlers pair = closeLater(new TwoEventHandlers());
        pair.configureRetention("SHARED", 100);
        final RecordingListener onA = new RecordingListener();
        final RecordingListener onB = new RecordingListener();
        subscriber(pair.a(), "SHARED", onA);
        subscriber(pair.b(), "SHARED", onB);
        final EventHandlerClient client = closeLater(EventHandlerClient.builder(pair.instances())
                .maxConnectionsPerRoute(4).build());
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));
        final int threads = 4;
        final int perPhase = 25;
        final CountDownLatch aStopped = new CountDownLatch(1);
        final ExecutorService pool = Executors.newFixedThreadPool(threads);
        final List<Future<?>> results = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                final String prefix = t + ":";
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 2 * perPhase; i++) {
                        if (i == perPhase) {
                            aStopped.await();
                        }
                        publisher.publish("shared", prefix + i);
                    }
                    return null;
                }));
            }
            await().atMost(WAIT).until(() -> onA.count() == threads * perPhase);
            pair.stopA();
            aStopped.countDown();
            for (final Future<?> result : results) {
                result.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        await().atMost(WAIT).until(() -> onB.count() >= 2 * threads * perPhase);
        assertEquals(2 * threads * perPhase, onB.count(), "every event once: the retained ones resent by one thread");
        assertEquals(numbers(1, 2 * threads * perPhase), onB.originSequences().stream()
                .map(Integer::valueOf).sorted().map(String::valueOf).toList());
        for (int t = 0; t < threads; t++) {
            final String prefix = t + ":";
            assertEquals(IntStream.range(0, 2 * perPhase).mapToObj(i -> prefix + i).toList(),
                    onB.payloads().stream().filter(p -> p.startsWith(prefix)).toList(),
                    "each thread's events reach the backup in its order");
        }
    }

    @Test
    void anInstanceAnswering503IsSkippedForPublishAndWebhookSubscribe() throws Exception {
        final RefusingEventHandler standby = closeLater(new RefusingEventHandler());
        final EventHandlerServer primary = TwoEventHandlers.start(0);
        closeLater(primary);
        final EventHandlerInstances instances = EventHandlerInstances.of(standby.baseUri(), primary.baseUri());
        final RecordingListener received = new RecordingListener();
        final WebhookReceiver receiver = closeLater(WebhookReceiver.start("127.0.0.1", 0, "/notify/humidity", received));

        final EventHandlerClient subscribing = closeLater(EventHandlerClient.builder(instances).build());
        subscribing.subscribe(new SubscriptionRequestDTO("HUMIDITY", SystemRequestDTO.of("webhook-failover",
                "127.0.0.1", receiver.port()), null, "/notify/humidity", false, null, null, null));
        assertEquals(1, standby.requests("/eventhandler/subscribe"));

        final EventPublisher publisher = closeLater(EventPublisher.create(instances, PUBLISHER));
        publisher.publish("humidity", "reading 1");
        publisher.publish("humidity", "reading 2");

        await().atMost(WAIT).until(() -> received.count() == 2);
        assertEquals(readings("reading ", 1, 2), received.payloads());
        assertEquals(1, standby.requests("/eventhandler/publish"), "once refused, the standby is not asked again");
    }

    @Test
    void whileEveryInstanceRefusesThePublisherKeepsTryingUntilOneServes() throws Exception {
        final RefusingEventHandler standby = closeLater(new RefusingEventHandler());
        final int promotedPort = freePort();
        final EventHandlerInstances instances = EventHandlerInstances.of(standby.baseUri(),
                URI.create("http://127.0.0.1:" + promotedPort));
        final EventPublisher publisher = closeLater(EventPublisher.create(instances, PUBLISHER));

        final CompletableFuture<Void> publish = CompletableFuture.runAsync(() -> publisher.publish("level", "1"));
        await().atMost(WAIT).until(() -> standby.requests("/eventhandler/publish") >= 3);
        final EventHandlerServer promoted = closeLater(TwoEventHandlers.start(promotedPort));

        publish.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        final RecordingListener onPromoted = new RecordingListener();
        subscriber(promoted.baseUri(), "LEVEL", onPromoted);
        await().atMost(WAIT).until(() -> onPromoted.count() == 1);
        assertEquals(List.of("1"), onPromoted.payloads());
    }

    @Test
    void whenNoInstanceAnswersWithinTheBudgetThePublishThrows() throws Exception {
        final EventHandlerInstances gone = EventHandlerInstances.of(URI.create("http://127.0.0.1:" + freePort()),
                URI.create("http://127.0.0.1:" + freePort()));
        final EventHandlerClient client = closeLater(EventHandlerClient.builder(gone)
                .failoverBudget(Duration.ofMillis(300)).build());
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));

        final long start = System.nanoTime();
        final EventHandlerUnavailableException e = assertThrows(EventHandlerUnavailableException.class,
                () -> publisher.publish("level", "lost"));
        final long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        // the budget was spent before giving up (a timer never fires early; a slow machine only takes longer)
        assertTrue(tookMillis >= 300, "gave up after " + tookMillis + " ms, within the 300 ms budget");
        assertTrue(e.attempts() >= 2, "each instance at least once: " + e.attempts());
        assertTrue(e.getMessage().startsWith("POST /eventhandler/publish failed: no Event Handler instance of "
                + gone + " took it"), e.getMessage());
        assertEquals(503, e.statusCode());
        assertTrue(e.getCause() instanceof UncheckedIOException, String.valueOf(e.getCause()));
    }
}
