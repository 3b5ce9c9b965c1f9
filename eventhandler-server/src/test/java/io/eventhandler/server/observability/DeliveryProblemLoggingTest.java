package io.eventhandler.server.observability;

import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.config.ObservabilityConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.LogCapture;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real server whose SSE subscriber stops reading: every event beyond its queue is dropped for it, and the log says
 * so once (topic, subscriber, the first dropped sequence number, the reason), not once per event; the drops are
 * counted exactly in the metrics.
 */
class DeliveryProblemLoggingTest {

    private static final int CAPACITY = 8;
    private static final int PAYLOAD_CHARS = 200_000;
    private static final int DROPS = 40;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            ServerConfiguration.SUBSCRIBER_QUEUE_CAPACITY, Integer.toString(CAPACITY),
            ServerConfiguration.HISTORY_SIZE, "4",
            ServerConfiguration.MAX_BODY_BYTES, Integer.toString(4 * PAYLOAD_CHARS),
            ObservabilityConfiguration.LOG_REPEAT_INTERVAL_MS, "600000"));
    private static final EhHttp http = server.http();

    @Test
    void dropsForAStalledSubscriberAreLoggedOnceWithTopicSubscriberAndSequence() {
        final String topic = uniqueTopic("dropping");
        final String normalised = TopicName.normalise(topic);
        try (LogCapture capture = LogCapture.start();
             SseTestClient stalled = SseTestClient.openPaused(server.baseUri(), topic, 1024)) {
            final int port = stalled.localPort();
            eventually().until(() -> !http.statistics().subscribersOf(topic).isEmpty());
            long published = 0;
            long dropped = 0;
            while (dropped < DROPS) {
                assertTrue(published < 1_000, "the stalled stream never overflowed");
                http.publishOk(topic, ++published + ":" + "d".repeat(PAYLOAD_CHARS));
                dropped = http.statistics().subscribersOf(topic).get(0).dropped();
            }
            final long totalDropped = dropped;
            final long firstDropped = published - totalDropped + 1;

            final Pattern line = Pattern.compile("delivery problem=DROPPED topic=" + Pattern.quote(normalised)
                    + " subscriber=\"sse#\\d+ 127\\.0\\.0\\.1:" + port + "\" seq=(\\d+) reason=OVERFLOW$");
            final List<String> drops = capture.warningsAndErrors().stream()
                    .filter(l -> l.contains("problem=DROPPED topic=" + normalised + " ")).toList();
            assertEquals(1, drops.size(), () -> totalDropped + " drops, logged as: " + drops);
            final Matcher m = line.matcher(drops.get(0).strip());
            assertTrue(m.find(), drops.get(0));
            assertEquals(firstDropped, Long.parseLong(m.group(1)), "the first event dropped");

            final PrometheusText metrics = PrometheusText.parse(http.get("/eventhandler/metrics").body());
            assertEquals(totalDropped, metrics.value("eh_deliveries_dropped_total", "topic", normalised));
        }
    }
}
