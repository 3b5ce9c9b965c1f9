package io.eventhandler.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.GapNotice;
import java.io.EOFException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The subscriber against a scripted SSE endpoint: reconnect, de-duplication, gaps, errors, close. */
class EventSubscriberTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<ReceivedEvent> events = new CopyOnWriteArrayList<>();
    private final List<GapNotice> gaps = new CopyOnWriteArrayList<>();
    private final List<Throwable> disconnects = new CopyOnWriteArrayList<>();
    private final AtomicInteger connects = new AtomicInteger();
    private final List<AutoCloseable> toClose = new ArrayList<>();

    private final EventListener recorder = new EventListener() {
        @Override
        public void onEvent(final ReceivedEvent event) {
            events.add(event);
        }

        @Override
        public void onGap(final GapNotice gap) {
            gaps.add(gap);
        }

        @Override
        public void onConnected() {
            connects.incrementAndGet();
        }

        @Override
        public void onDisconnected(final Throwable cause) {
            disconnects.add(cause == null ? new NullCause() : cause);
        }
    };

    /** Stands for a null cause in the recorded list. */
    private static final class NullCause extends Throwable {
        private static final long serialVersionUID = 1L;
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    private FakeSseServer server(final FakeSseServer.Script... scripts) throws Exception {
        final FakeSseServer server = new FakeSseServer(scripts);
        toClose.add(server);
        return server;
    }

    private EventSubscriber subscribe(final EventSubscriber.Builder builder) {
        final EventSubscriber subscriber = builder.start();
        toClose.add(subscriber);
        return subscriber;
    }

    private List<Long> sequences() {
        return events.stream().map(ReceivedEvent::sequence).toList();
    }

    @Test
    void reconnectsWithLastEventIdAndDropsReplayedDuplicates() throws Exception {
        final FakeSseServer server = server(
                c -> c.open().send("retry: 60000\n\n").event(1).event(2).event(3),
                c -> c.open().event(2).event(3).event(4).event(5).hold());

        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "TEMPERATURE")
                .listener(recorder).reconnectDelay(Duration.ofMillis(10)));

        await().atMost(WAIT).until(() -> subscriber.received() == 5);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), sequences());
        assertEquals("p5", events.get(4).event().payload());
        assertEquals(2, subscriber.duplicatesDropped());
        assertEquals(1, subscriber.reconnects());
        assertEquals(5, subscriber.lastEventId());
        assertTrue(subscriber.isConnected());
        assertEquals(2, connects.get());
        assertEquals(1, disconnects.size());
        assertInstanceOf(EOFException.class, disconnects.get(0));

        assertNull(server.requestHeaders().get(0).getFirst("Last-Event-ID"));
        assertEquals("3", server.requestHeaders().get(1).getFirst("Last-Event-ID"));
        assertEquals("text/event-stream", server.requestHeaders().get(0).getFirst("Accept"));
        assertEquals("TEMPERATURE", server.requestHeaders().get(0).getFirst("eventtype"));
        assertEquals("/eventhandler/subscription", server.requestUris().get(0).getPath());
        assertEquals("eventtype=TEMPERATURE", server.requestUris().get(0).getQuery());
    }

    @Test
    void usesTheServersRetryUnlessADelayWasConfigured() throws Exception {
        final FakeSseServer.Script withRetry = c -> c.open().send("retry: 1234\n\n").event(1).hold();
        final FakeSseServer.Script withoutRetry = c -> c.open().event(1).hold();

        final EventSubscriber fromServer = subscribe(EventSubscriber.builder(server(withRetry).baseUri(), "T")
                .listener(recorder));
        final EventSubscriber configured = subscribe(EventSubscriber.builder(server(withRetry).baseUri(), "T")
                .listener(recorder).reconnectDelay(Duration.ofMillis(5)));
        final EventSubscriber byDefault = subscribe(EventSubscriber.builder(server(withoutRetry).baseUri(), "T")
                .listener(recorder));

        await().atMost(WAIT).until(() -> fromServer.received() == 1 && configured.received() == 1
                && byDefault.received() == 1);
        assertEquals(1_234, fromServer.reconnectDelayMillis());
        assertEquals(5, configured.reconnectDelayMillis());
        assertEquals(1_000, byDefault.reconnectDelayMillis());
    }

    @Test
    void resetGapRestartsTheExpectedSequence() throws Exception {
        final String reset = "{\"eventType\":\"T\",\"firstMissingId\":1,\"lastMissingId\":10,\"missed\":0,\"reason\":\"reset\"}";
        final FakeSseServer server = server(c -> c.open().send("event: gap\ndata: " + reset + "\n\n").event(1).event(2).hold());

        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "T")
                .listener(recorder).lastEventId(10));

        await().atMost(WAIT).until(() -> subscriber.received() == 2);
        assertEquals("10", server.requestHeaders().get(0).getFirst("Last-Event-ID"));
        assertEquals(List.of(new GapNotice("T", 1, 10, 0, GapNotice.REASON_RESET)), gaps);
        assertEquals(1, subscriber.gapsSeen());
        assertEquals(List.of(1L, 2L), sequences());
        assertEquals(0, subscriber.duplicatesDropped());
        assertEquals(2, subscriber.lastEventId());
    }

    @Test
    void historyGapMovesTheResumePointPastTheGap() throws Exception {
        final String history = "{\"eventType\":\"T\",\"firstMissingId\":3,\"lastMissingId\":5,\"missed\":3,\"reason\":\"history\"}";
        final FakeSseServer server = server(c -> c.open().send("event: gap\ndata: " + history + "\n\n"),
                c -> c.open().event(6).hold());

        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "T")
                .listener(recorder).lastEventId(2).reconnectDelay(Duration.ofMillis(10)));

        await().atMost(WAIT).until(() -> subscriber.received() == 1);
        assertEquals("2", server.requestHeaders().get(0).getFirst("Last-Event-ID"));
        assertEquals("5", server.requestHeaders().get(1).getFirst("Last-Event-ID"), "no second notice of the same gap");
        assertEquals(1, subscriber.gapsSeen());
        assertEquals(3, gaps.get(0).missed());
        assertEquals(6, subscriber.lastEventId());
    }

    @Test
    void errorAnswerIsRetriedUntilTheStreamOpens() throws Exception {
        final FakeSseServer server = server(
                c -> c.fail(503, "{\"errorMessage\":\"busy\",\"errorCode\":503,\"exceptionType\":\"UNAVAILABLE\"}"),
                c -> c.open().event(1).hold());

        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "T")
                .listener(recorder).reconnectDelay(Duration.ofMillis(10)));

        await().atMost(WAIT).until(() -> subscriber.received() == 1);
        assertEquals(2, server.requestHeaders().size());
        assertEquals(0, subscriber.reconnects(), "the first successful connection is not a reconnect");
        assertTrue(disconnects.isEmpty(), "a refused attempt was never connected");
    }

    @Test
    void failingListenerAndMalformedDataDoNotStopTheStream() throws Exception {
        final FakeSseServer server = server(c -> c.open().send("id: 1\ndata: not json\n\n").event(2).event(3)
                .send("event: unknown\ndata: x\n\n").event(4).hold());
        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "T").listener(event -> {
            events.add(event);
            if (event.sequence() == 2) {
                throw new IllegalStateException("listener bug");
            }
        }));

        await().atMost(WAIT).until(() -> subscriber.received() == 3);
        assertEquals(List.of(2L, 3L, 4L), sequences());
        assertEquals(4, subscriber.lastEventId());
        assertEquals(1, server.requestHeaders().size(), "no reconnect was needed");
    }

    @Test
    void closeReturnsPromptlyFromAnOpenIdleStream() throws Exception {
        final FakeSseServer server = server(c -> c.open().send(": hello\n\n").hold());
        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "IDLE")
                .listener(recorder));
        await().atMost(WAIT).until(subscriber::isConnected);

        // the stream is held open by the server for good: close must break it off, not wait for its end
        assertTimeoutPreemptively(WAIT, subscriber::close);

        assertFalse(subscriber.isConnected());
        assertEquals(1, disconnects.size());
        assertInstanceOf(NullCause.class, disconnects.get(0), "a local close reports no cause");
        assertFalse(readerThreadAlive("eh-sse-IDLE"));
    }

    @Test
    void closeReturnsPromptlyWhileWaitingToReconnect() throws Exception {
        final FakeSseServer server = server(c -> c.fail(500, "{}"));
        final EventSubscriber subscriber = subscribe(EventSubscriber.builder(server.baseUri(), "WAITING")
                .listener(recorder).reconnectDelay(Duration.ofMinutes(10)));
        await().atMost(WAIT).until(() -> server.requestHeaders().size() == 1);

        // the reconnect delay is 10 minutes: close must cut the wait short (WAIT only catches a hang)
        assertTimeoutPreemptively(WAIT, subscriber::close);
        assertFalse(readerThreadAlive("eh-sse-WAITING"));
    }

    private static boolean readerThreadAlive(final String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }
}
