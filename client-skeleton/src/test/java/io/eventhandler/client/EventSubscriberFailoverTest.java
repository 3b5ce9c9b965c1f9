package io.eventhandler.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.GapNotice;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The SSE subscriber's failover against real Event Handlers on loopback: when the primary goes away it reconnects
 * to the backup with {@code Last-Event-ID}, and drops the copies the publisher's failover resend makes, so that the
 * listener sees each event once, in order.
 */
class EventSubscriberFailoverTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final SystemRequestDTO PUBLISHER = SystemRequestDTO.of("failover-publisher", "127.0.0.1", 9003);

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

    private static List<String> texts(final String prefix, final int from, final int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> prefix + i).toList();
    }

    private static boolean streamingFrom(final EventSubscriber subscriber, final URI instance) {
        return subscriber.isConnected() && subscriber.currentInstance().baseUri().equals(instance);
    }

    @Test
    void afterThePrimaryStopsTheSubscriberResumesAtTheBackupAndDropsTheResentCopies() {
        final TwoEventHandlers pair = closeLater(new TwoEventHandlers());
        pair.configureRetention("STREAM", 3);
        final RecordingListener listener = new RecordingListener();
        final EventSubscriber subscriber = closeLater(EventSubscriber.builder(pair.instances(), "stream")
                .listener(listener).lastEventId(0).reconnectDelay(Duration.ofMillis(50)).start());
        await().atMost(WAIT).until(() -> streamingFrom(subscriber, pair.a()));
        final EventPublisher publisher = closeLater(EventPublisher.create(pair.instances(), PUBLISHER));
        for (int i = 1; i <= 5; i++) {
            publisher.publish("stream", "reading " + i);
        }
        await().atMost(WAIT).until(() -> listener.count() == 5);
        assertEquals(5, subscriber.lastEventId());

        pair.stopA();
        await().atMost(WAIT).until(() -> streamingFrom(subscriber, pair.b()));
        publisher.publish("stream", "reading 6"); // to B after the resend of 3, 4 and 5

        await().atMost(WAIT).until(() -> listener.count() == 6);
        assertEquals(texts("reading ", 1, 6), listener.payloads(), "each event once, in order");
        assertEquals(texts("", 1, 6), listener.originSequences());
        assertEquals(Collections.nCopies(6, publisher.origin()), listener.origins());
        assertEquals(3, subscriber.originDuplicatesDropped(), "the resent 3, 4 and 5");
        assertEquals(3, subscriber.duplicatesDropped());
        assertEquals(1, subscriber.reconnects());
        // B is a standalone server numbering from 1, so it answers Last-Event-ID 5 with a reset notice
        assertEquals(1, listener.gaps.size());
        final GapNotice reset = listener.gaps.get(0);
        assertEquals(GapNotice.REASON_RESET, reset.reason());
        assertEquals(5, reset.lastMissingId(), "B was asked to resume after 5");
    }

    @Test
    void aStandbyAnswering503IsSkipped() throws Exception {
        final RefusingEventHandler standby = closeLater(new RefusingEventHandler());
        final EventHandlerServer primary = closeLater(TwoEventHandlers.start(0));
        final RecordingListener listener = new RecordingListener();
        final EventSubscriber subscriber = closeLater(EventSubscriber.builder(
                EventHandlerInstances.of(standby.baseUri(), primary.baseUri()), "stream").listener(listener)
                .lastEventId(0).reconnectDelay(Duration.ofMillis(50)).start());

        await().atMost(WAIT).until(() -> streamingFrom(subscriber, primary.baseUri()));
        assertTrue(standby.requests("/eventhandler/subscription") >= 1);
        try (EventPublisher publisher = EventPublisher.create(primary.baseUri(), PUBLISHER)) {
            publisher.publish("stream", "reading 1");
        }
        await().atMost(WAIT).until(() -> listener.count() == 1);
        assertEquals(0, subscriber.reconnects(), "the first stream that opened");
    }
}
