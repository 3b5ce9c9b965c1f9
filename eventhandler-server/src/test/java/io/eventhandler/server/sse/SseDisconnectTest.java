package io.eventhandler.server.sse;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscriber that closes its socket is detached (it disappears from the statistics) without waiting for a write to
 * fail: the heartbeat is set far beyond the test's patience, so only noticing the closed connection can detach it.
 */
class SseDisconnectTest {

    /** Large events fill a stalled connection's buffers (several MB on loopback) after few publishes. */
    private static final int BIG_PAYLOAD = 200_000;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            StreamConfiguration.HEARTBEAT_INTERVAL_MS.key(), "600000",
            HistoryConfiguration.SIZE.key(), "4",
            LimitsConfiguration.MAX_BODY_BYTES.key(), Integer.toString(2 * BIG_PAYLOAD)));
    private static final EhHttp http = server.http();

    /** The statistics entry of the stream whose client socket has this local port. */
    private static Optional<EhHttp.Stats.Subscriber> subscriberAt(final String topic, final int clientPort) {
        return http.statistics().subscribersOf(topic).stream()
                .filter(s -> s.subscriber().endsWith(":" + clientPort)).findFirst();
    }

    private static List<Long> range(final long from, final long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void closingTheClientSocketRemovesTheSubscriber() {
        final String topic = uniqueTopic("disconnect");
        final SseTestClient sse = SseTestClient.open(server.baseUri(), topic);
        try {
            assertTrue(subscriberAt(topic, sse.localPort()).isPresent(), () -> http.statistics().toString());
            assertEquals(1, http.statistics().topic(topic).subscribers());
        } finally {
            sse.close();
        }
        eventually().until(() -> http.statistics().subscribersOf(topic).isEmpty());
        assertEquals(0, http.statistics().topic(topic).subscribers());
    }

    @Test
    void closingAStreamThatHasReceivedEventsRemovesItToo() {
        final String topic = uniqueTopic("disconnect-busy");
        final SseTestClient sse = SseTestClient.open(server.baseUri(), topic);
        try {
            for (int i = 1; i <= 5; i++) {
                http.publishOk(topic, "e" + i);
            }
            eventually().until(() -> sse.ids().size() >= 5);
            eventually().until(() -> subscriberAt(topic, sse.localPort()).orElseThrow().delivered() == 5);
        } finally {
            sse.close();
        }
        eventually().until(() -> http.statistics().subscribersOf(topic).isEmpty());
    }

    @Test
    void theServerKeepsServingOthersWhenAClientGoesAway() {
        final String topic = uniqueTopic("disconnect-others");
        final String otherTopic = uniqueTopic("disconnect-elsewhere");
        try (SseTestClient stays = SseTestClient.open(server.baseUri(), topic);
             SseTestClient elsewhere = SseTestClient.open(server.baseUri(), otherTopic)) {
            final SseTestClient leaves = SseTestClient.open(server.baseUri(), topic);
            for (int i = 1; i <= 5; i++) {
                http.publishOk(topic, "e" + i);
            }
            eventually().until(() -> leaves.ids().size() >= 5);
            leaves.close();
            for (int i = 6; i <= 10; i++) {
                http.publishOk(topic, "e" + i);
            }
            eventually().until(() -> http.statistics().subscribersOf(topic).size() == 1);
            assertTrue(subscriberAt(topic, stays.localPort()).isPresent(), "the one that stays is still attached");
            for (int i = 11; i <= 15; i++) {
                http.publishOk(topic, "e" + i);
            }
            http.publishOk(otherTopic, "x");
            eventually().until(() -> stays.ids().size() >= 15 && elsewhere.ids().size() >= 1);
            assertEquals(range(1, 15), stays.ids());
            assertTrue(stays.gaps().isEmpty(), () -> "no gap: " + stays.gaps());
            assertEquals(List.of(1L), elsewhere.ids());
            http.assertStillServing();
        }
    }

    @Test
    void manyOpenCloseCyclesLeaveNoSubscriberBehind() {
        final String topic = uniqueTopic("disconnect-churn");
        int published = 0;
        for (int cycle = 0; cycle < 60; cycle++) {
            try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
                if (cycle % 3 == 0) {
                    http.publishOk(topic, "cycle-" + cycle);
                    final long expected = ++published;
                    eventually().until(() -> sse.ids().contains(expected));
                }
            }
        }
        for (int round = 0; round < 4; round++) {
            final List<SseTestClient> batch = new ArrayList<>();
            try {
                for (int i = 0; i < 15; i++) {
                    batch.add(SseTestClient.open(server.baseUri(), topic));
                }
                http.publishOk(topic, "round-" + round);
                final long expected = ++published;
                for (final SseTestClient sse : batch) {
                    eventually().until(() -> sse.ids().contains(expected));
                }
            } finally {
                batch.forEach(SseTestClient::close);
            }
        }
        eventually().until(() -> http.statistics().subscribersOf(topic).isEmpty());
        assertEquals(0, http.statistics().topic(topic).subscribers());
        eventually().until(() -> http.statistics().subscribers().isEmpty());

        try (SseTestClient after = SseTestClient.open(server.baseUri(), topic)) {
            http.publishOk(topic, "after");
            final long expected = published + 1;
            eventually().until(() -> after.ids().size() >= 1);
            assertEquals(List.of(expected), after.ids(), "the topic still works and kept its numbering");
            assertEquals(1, http.statistics().subscribersOf(topic).size());
        }
    }

    @Test
    void clientsThatVanishRightAfterAskingLeaveNothingBehind() {
        final String topic = uniqueTopic("disconnect-vanish");
        for (int i = 0; i < 200; i++) {
            final RawHttp raw = RawHttp.connect(server.baseUri());
            raw.send("GET", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION
                    + "?eventtype=" + topic, null, "Accept: text/event-stream");
            if (i % 2 == 0) {
                http.publishOk(topic, "e" + i);
            }
            raw.close();
        }
        eventually().until(() -> http.statistics().subscribersOf(topic).isEmpty());
        try (SseTestClient after = SseTestClient.open(server.baseUri(), topic)) {
            http.publishOk(topic, "after");
            eventually().until(() -> after.ids().size() >= 1);
            assertEquals(List.of(101L), after.ids());
        }
        http.assertStillServing();
    }

    @Test
    void closingAStalledStreamWithUnsentEventsRemovesIt() {
        final String topic = uniqueTopic("disconnect-stalled");
        final String payload = "y".repeat(BIG_PAYLOAD);
        final SseTestClient stalled = SseTestClient.openPaused(server.baseUri(), topic, 1024);
        try {
            eventually().until(() -> subscriberAt(topic, stalled.localPort()).isPresent());
            int published = 0;
            // Its connection's buffers full, its queue grows by one event per publish.
            while (subscriberAt(topic, stalled.localPort()).orElseThrow().pending() < 3) {
                assertTrue(published < 1_000, "the stream never backed up");
                http.publishOk(topic, payload);
                published++;
            }
        } finally {
            stalled.close();
        }
        eventually().until(() -> http.statistics().subscribersOf(topic).isEmpty());
        http.assertStillServing();
        try (SseTestClient fresh = SseTestClient.open(server.baseUri(), topic)) {
            http.publishOk(topic, "fresh");
            eventually().until(() -> fresh.payloads().contains("fresh"));
        }
    }
}
