package io.eventhandler.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.GapNotice;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ServerConfiguration;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client skeleton against the real Event Handler, started in-process on a free loopback port. */
class EndToEndTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final SystemRequestDTO PUBLISHER = SystemRequestDTO.of("test-publisher", "127.0.0.1", 9001);

    private EventHandlerServer server;
    private EventHandlerClient client;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    /** Records what a subscriber or receiver gets. */
    private static final class Recorder implements EventListener {
        final List<ReceivedEvent> events = new CopyOnWriteArrayList<>();
        final List<GapNotice> gaps = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(final ReceivedEvent event) {
            events.add(event);
        }

        @Override
        public void onGap(final GapNotice gap) {
            gaps.add(gap);
        }

        List<Long> sequences() {
            return events.stream().map(ReceivedEvent::sequence).toList();
        }

        List<String> payloads() {
            return events.stream().map(e -> e.event().payload()).toList();
        }
    }

    private static EventHandlerServer startServer(final int port) {
        return EventHandlerServer.start(ServerConfiguration.fromMap(Map.of("server.port", Integer.toString(port),
                "eh.store.url", "jdbc:h2:mem:eh-end-to-end-" + port)));
    }

    @BeforeEach
    void start() {
        server = startServer(0);
        client = EventHandlerClient.builder(server.baseUri()).connectionRequestTimeout(Duration.ofSeconds(2)).build();
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        client.close();
        if (server != null) {
            server.close();
        }
    }

    private <T extends AutoCloseable> T closeLater(final T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    /**
     * A subscriber to a fresh topic, resuming after 0 so that it gets every event of the topic even if the server
     * attaches the stream to the topic only after it sent the response headers.
     */
    private EventSubscriber connectedSubscriber(final URI baseUri, final String eventType, final Recorder recorder) {
        final EventSubscriber subscriber = closeLater(EventSubscriber.builder(baseUri, eventType).listener(recorder)
                .lastEventId(0).reconnectDelay(Duration.ofMillis(50)).start());
        await().atMost(WAIT).until(subscriber::isConnected);
        return subscriber;
    }

    private static List<Long> range(final long from, final long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    private static List<String> payloads(final int from, final int to) {
        return LongStream.rangeClosed(from, to).mapToObj(i -> "reading " + i).toList();
    }

    private void publish(final EventPublisher publisher, final String eventType, final int from, final int to) {
        for (int i = from; i <= to; i++) {
            publisher.publish(eventType, "reading " + i);
        }
    }

    @Test
    void echoAnswers() {
        client.echo();
    }

    @Test
    void echoOfSomethingElseFails() {
        try (WebhookReceiver notAnEventHandler = WebhookReceiver.start("127.0.0.1", 0, "/x", e -> { });
             EventHandlerClient wrong = EventHandlerClient.create(URI.create("http://127.0.0.1:" + notAnEventHandler.port()))) {
            final EventHandlerException e = assertThrows(EventHandlerException.class, wrong::echo);
            assertEquals(404, e.statusCode());
        }
    }

    @Test
    void sseSubscriberReceivesPublishedEventsInOrderWithSequenceNumbers() {
        final Recorder recorder = new Recorder();
        final EventSubscriber subscriber = connectedSubscriber(server.baseUri(), "TEMPERATURE", recorder);
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));

        final long beforeMicros = EpochMicros.now();
        publisher.publish("Temperature", "reading 1", Map.of("unit", "celsius"));
        publish(publisher, "temperature", 2, 50);

        await().atMost(WAIT).until(() -> subscriber.received() == 50);
        final long windowMicros = EpochMicros.now() - beforeMicros;
        assertEquals(range(1, 50), recorder.sequences());
        assertEquals(payloads(1, 50), recorder.payloads());
        final ReceivedEvent first = recorder.events.get(0);
        assertEquals("Temperature", first.event().eventType(), "event type is echoed as published");
        assertEquals(Map.of("unit", "celsius", "eh-origin", publisher.origin(), "eh-seq", "1"), first.event().metaData(),
                "the caller's metaData and the publisher's stamp");
        // stamped after beforeMicros and received before the window closed, however slow the machine
        assertTrue(first.latencyMicros() >= 0 && first.latencyMicros() <= windowMicros,
                "latency " + first.latencyMicros() + " µs in a window of " + windowMicros + " µs");
        assertEquals(50, subscriber.lastEventId());
        assertEquals(0, subscriber.duplicatesDropped());
        assertEquals(0, subscriber.gapsSeen());
    }

    @Test
    void aBatchArrivesInOrderAndABadElementRefusesTheWholeBatch() {
        final Recorder recorder = new Recorder();
        final EventSubscriber subscriber = connectedSubscriber(server.baseUri(), "BATCHED", recorder);
        final String now = java.time.Instant.now().toString();
        client.publishBatch(List.of(new EventPublishRequestDTO("batched", PUBLISHER, null, "a", now),
                new EventPublishRequestDTO("batched", PUBLISHER, null, "b", now),
                new EventPublishRequestDTO("batched", PUBLISHER, null, "c", now)));
        await().atMost(WAIT).until(() -> subscriber.received() == 3);
        assertEquals(List.of("a", "b", "c"), recorder.payloads());
        assertEquals(range(1, 3), recorder.sequences());

        final EventHandlerException refused = assertThrows(EventHandlerException.class, () -> client.publishBatch(
                List.of(new EventPublishRequestDTO("batched", PUBLISHER, null, "d", now),
                        new EventPublishRequestDTO(" ", PUBLISHER, null, "e", now))));
        assertEquals(400, refused.statusCode());
        assertTrue(refused.getMessage().contains("index 1"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> client.publishBatch(List.of()));
        client.publishBatch(List.of(new EventPublishRequestDTO("batched", PUBLISHER, null, "f", now)));
        await().atMost(WAIT).until(() -> subscriber.received() == 4);
        assertEquals(List.of("a", "b", "c", "f"), recorder.payloads(), "nothing of the refused batch was accepted");
    }

    @Test
    void publishersOnSeveralThreadsShareOneConnectionAndAllEventsArrive() throws Exception {
        final Recorder recorder = new Recorder();
        final EventSubscriber subscriber = connectedSubscriber(server.baseUri(), "LOAD", recorder);
        final ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            final List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                final int thread = t;
                results.add(threads.submit(() -> {
                    for (int i = 0; i < 250; i++) {
                        client.publish(new EventPublishRequestDTO("LOAD", PUBLISHER, null, thread + ":" + i, null));
                    }
                }));
            }
            for (final Future<?> result : results) {
                result.get();
            }
        } finally {
            threads.shutdownNow();
        }

        await().atMost(WAIT).until(() -> subscriber.received() == 1000);
        assertEquals(range(1, 1000), recorder.sequences());
        for (int t = 0; t < 4; t++) {
            final String prefix = t + ":";
            final List<String> ofThread = recorder.payloads().stream().filter(p -> p.startsWith(prefix)).toList();
            assertEquals(LongStream.range(0, 250).mapToObj(i -> prefix + i).toList(), ofThread,
                    "each thread's events arrive in its publishing order");
        }
    }

    @Test
    void webhookReceiverGetsEventsAfterSubscribeAndNoneAfterUnsubscribe() {
        final Recorder recorder = new Recorder();
        final WebhookReceiver receiver = closeLater(WebhookReceiver.start("127.0.0.1", 0, "/notify/humidity", recorder));
        final SystemRequestDTO subscriber = SystemRequestDTO.of("webhook-test", "127.0.0.1", receiver.port());
        client.subscribe(new SubscriptionRequestDTO("HUMIDITY", subscriber, null, "/notify/humidity", false, null, null, null));
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));

        publish(publisher, "humidity", 1, 20);

        await().atMost(WAIT).until(() -> receiver.received() == 20);
        assertEquals(range(1, 20), recorder.sequences(), "X-Event-Sequence in publishing order");
        assertEquals(payloads(1, 20), recorder.payloads());
        assertEquals("humidity", recorder.events.get(0).event().eventType());
        assertNotNull(recorder.events.get(0).event().timeStamp());

        client.unsubscribe("HUMIDITY", "webhook-test", "127.0.0.1", receiver.port());
        publish(publisher, "humidity", 21, 25);
        await().during(Duration.ofMillis(500)).atMost(WAIT).until(() -> receiver.received() == 20);
    }

    @Test
    void serverErrorBecomesEventHandlerExceptionAndTheConnectionStaysUsable() {
        final EventHandlerException blank = assertThrows(EventHandlerException.class,
                () -> client.publish(new EventPublishRequestDTO("TEMPERATURE", PUBLISHER, null, " ", null)));

        assertEquals(400, blank.statusCode());
        final ErrorMessageDTO error = blank.error();
        assertNotNull(error, blank.getMessage());
        assertEquals(ExceptionType.BAD_PAYLOAD, error.exceptionType());
        assertEquals(400, error.errorCode());
        assertNotNull(error.errorMessage());
        assertTrue(blank.getMessage().contains("HTTP 400 BAD_PAYLOAD"), blank.getMessage());

        final EventHandlerException noNotifyUri = assertThrows(EventHandlerException.class,
                () -> client.subscribe(new SubscriptionRequestDTO("TEMPERATURE",
                        SystemRequestDTO.of("s", "127.0.0.1", 9000), null, null, false, null, null, null)));
        assertEquals(ExceptionType.BAD_PAYLOAD, noNotifyUri.exceptionType());

        // with one pooled connection, a connection leaked by the error path would make these time out
        for (int i = 0; i < 3; i++) {
            client.publish(new EventPublishRequestDTO("TEMPERATURE", PUBLISHER, null, "ok " + i, null));
        }
    }

    @Test
    void unreachableServerIsAnUncheckedIOException() {
        final int port = server.port();
        server.close();
        server = null;
        try (EventHandlerClient gone = EventHandlerClient.create(URI.create("http://127.0.0.1:" + port))) {
            assertThrows(UncheckedIOException.class, gone::echo);
        }
    }

    @Test
    void resumedSubscriberReceivesExactlyTheMissedEvents() {
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));
        final Recorder first = new Recorder();
        final EventSubscriber before = connectedSubscriber(server.baseUri(), "PRESSURE", first);
        publish(publisher, "PRESSURE", 1, 5);
        await().atMost(WAIT).until(() -> before.received() == 5);
        before.close();
        final long resumeAfter = before.lastEventId();
        assertEquals(5, resumeAfter);

        publish(publisher, "PRESSURE", 6, 10);
        final Recorder second = new Recorder();
        final EventSubscriber after = closeLater(EventSubscriber.builder(server.baseUri(), "PRESSURE")
                .listener(second).lastEventId(resumeAfter).start());

        await().atMost(WAIT).until(() -> after.received() == 5);
        assertEquals(range(6, 10), second.sequences());
        assertEquals(payloads(6, 10), second.payloads());
        publish(publisher, "PRESSURE", 11, 11);
        await().atMost(WAIT).until(() -> after.received() == 6);
        assertEquals(range(6, 11), second.sequences());
        assertEquals(0, after.duplicatesDropped());
        assertEquals(0, after.gapsSeen());
        assertEquals(range(1, 5), first.sequences(), "the closed subscriber got nothing more");
    }

    @Test
    void subscriberReconnectsAfterTheConnectionIsCutAndResumesWithoutDuplicates() throws Exception {
        final LoopbackProxy proxy = closeLater(new LoopbackProxy(server.port()));
        final Recorder recorder = new Recorder();
        final EventSubscriber subscriber = connectedSubscriber(proxy.baseUri(), "FLOW", recorder);
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));
        publish(publisher, "FLOW", 1, 3);
        await().atMost(WAIT).until(() -> subscriber.received() == 3);

        proxy.accepting(false);
        proxy.dropConnections();
        await().atMost(WAIT).until(() -> !subscriber.isConnected());
        publish(publisher, "FLOW", 4, 6); // while the subscriber cannot connect
        proxy.accepting(true);

        await().atMost(WAIT).until(() -> subscriber.received() == 6);
        publish(publisher, "FLOW", 7, 7);
        await().atMost(WAIT).until(() -> subscriber.received() == 7);
        assertEquals(range(1, 7), recorder.sequences(), "the missed events were replayed after Last-Event-ID 3");
        assertEquals(payloads(1, 7), recorder.payloads());
        assertEquals(0, subscriber.duplicatesDropped());
        assertEquals(0, subscriber.gapsSeen());
        assertEquals(1, subscriber.reconnects());
        assertEquals(2, proxy.relayedConnections());
    }

    @Test
    void subscriberReconnectsToARestartedServerAndFollowsTheSequenceReset() {
        final Recorder recorder = new Recorder();
        final EventSubscriber subscriber = connectedSubscriber(server.baseUri(), "LEVEL", recorder);
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER));
        publish(publisher, "LEVEL", 1, 3);
        await().atMost(WAIT).until(() -> subscriber.received() == 3);

        final int port = server.port();
        server.close();
        server = null;
        await().atMost(WAIT).until(() -> !subscriber.isConnected());
        server = startServer(port);
        await().atMost(WAIT).until(() -> subscriber.reconnects() == 1 && subscriber.isConnected());
        await().atMost(WAIT).until(() -> subscriber.gapsSeen() == 1);

        publish(publisher, "LEVEL", 4, 5);
        await().atMost(WAIT).until(() -> subscriber.received() == 5);
        assertEquals(List.of(1L, 2L, 3L, 1L, 2L), recorder.sequences(), "the restarted server numbers from 1 again");
        assertEquals(payloads(1, 5), recorder.payloads());
        assertEquals(GapNotice.REASON_RESET, recorder.gaps.get(0).reason());
        assertEquals(3, recorder.gaps.get(0).lastMissingId(), "the server saw Last-Event-ID 3");
        assertEquals(0, subscriber.duplicatesDropped());
        assertEquals(2, subscriber.lastEventId());
    }
}
