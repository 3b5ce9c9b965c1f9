package io.eventhandler.server.observability;

import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.ObservabilityConfiguration;
import io.eventhandler.server.config.WebhookConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.LogCapture;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
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
 * counted exactly in the metrics. A webhook subscriber that keeps failing is logged when an event is given up and
 * when its circuit opens, not once per event.
 */
class DeliveryProblemLoggingTest {

    private static final int CAPACITY = 8;
    private static final int PAYLOAD_CHARS = 200_000;
    private static final int DROPS = 40;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            DeliveryConfiguration.SUBSCRIBER_QUEUE_CAPACITY.key(), Integer.toString(CAPACITY),
            HistoryConfiguration.SIZE.key(), "4",
            LimitsConfiguration.MAX_BODY_BYTES.key(), Integer.toString(4 * PAYLOAD_CHARS),
            WebhookConfiguration.MAX_RETRIES.key(), "1",
            WebhookConfiguration.RETRY_BACKOFF_MS.key(), "0",
            WebhookConfiguration.CIRCUIT_FAILURES.key(), "2",
            ObservabilityConfiguration.LOG_REPEAT_INTERVAL_MS.key(), "600000"));
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
            // the counts lag the publishes (delivery is asynchronous): wait until every event reached the outbox
            final long all = published;
            eventually().until(() -> {
                final EhHttp.Stats.Subscriber s = http.statistics().subscribersOf(topic).get(0);
                return s.queued() + s.dropped() == all;
            });
            final long totalDropped = http.statistics().subscribersOf(topic).get(0).dropped();
            final long firstDropped = published - totalDropped + 1;

            final Pattern line = Pattern.compile("delivery problem=DROPPED topic=" + Pattern.quote(normalised)
                    + " subscriber=\"sse#\\d+ 127\\.0\\.0\\.1:" + port + "\" seq=(\\d+) reason=OVERFLOW$");
            // written by the log's own thread: wait for it
            eventually().until(() -> capture.warningsAndErrors().stream()
                    .anyMatch(l -> l.contains("problem=DROPPED topic=" + normalised + " ")));
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

    @Test
    void aFailingWebhookIsLoggedWhenGivenUpAndWhenItsCircuitOpensOncePerInterval() {
        final String topic = uniqueTopic("failing-webhook");
        final String normalised = TopicName.normalise(topic);
        try (LogCapture capture = LogCapture.start();
             ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            receiver.otherwise(ScriptedWebhookReceiver.Answer.FAIL);
            http.subscribeOk(EhHttp.subscription(topic, receiver.system("failing"), "/notify"));
            for (int i = 1; i <= 4; i++) {
                http.publishOk(topic, "w" + i);
            }
            // two events given up after 2 attempts each open the circuit; the next two fail at once
            eventually().until(() -> http.statistics().subscribersOf(topic).get(0).failed() == 4);
            assertEquals(4, receiver.requests().size());
            final String subscriber = "subscriber=\"webhook [^\"]+/notify\"";
            eventually().until(() -> capture.warningsAndErrors().stream()
                    .filter(l -> l.contains(" topic=" + normalised + " ")).count() >= 2);
            final List<String> lines = capture.warningsAndErrors().stream()
                    .filter(l -> l.contains(" topic=" + normalised + " ")).toList();
            assertEquals(2, lines.size(), lines::toString);
            assertTrue(lines.get(0).strip().matches(".* - delivery problem=GAVE_UP topic=" + Pattern.quote(normalised)
                    + " " + subscriber + " seq=1 reason=HTTP_500 attempts=2 uri=http://\\S+/notify"), lines.get(0));
            assertTrue(lines.get(1).strip().matches(".* - delivery problem=CIRCUIT_OPEN topic="
                    + Pattern.quote(normalised) + " " + subscriber + " seq=2 reason=OPENED uri=\\S+"), lines.get(1));
        }
    }
}
