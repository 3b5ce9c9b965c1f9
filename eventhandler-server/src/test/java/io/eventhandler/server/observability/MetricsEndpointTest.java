package io.eventhandler.server.observability;

import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.ObservabilityConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /eventhandler/metrics} of a real server: what was published, delivered and measured shows in the
 * Prometheus exposition, per topic up to the configured number of topics and summed into {@code _other} beyond it,
 * next to the scheduler, pool, replication and JVM metrics.
 */
class MetricsEndpointTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            ObservabilityConfiguration.METRICS_TOPIC_LIMIT.key(), "2",
            DeliveryConfiguration.THREADS.key(), "3"));
    private static final EhHttp http = server.http();

    @Test
    void publishedDeliveredAndMeasuredEventsShowPerTopicAndTopicsBeyondTheLimitAsOther() {
        final String streamed = uniqueTopic("metrics-streamed");
        final String quiet = uniqueTopic("metrics-quiet");
        try (SseTestClient stream = SseTestClient.open(server.baseUri(), streamed)) {
            for (int i = 1; i <= 5; i++) {
                http.publishOk(streamed, "e" + i);
            }
            http.publishOk(quiet, "q");
            eventually().until(() -> stream.events().size() == 5);
            final String a = TopicName.normalise(streamed);
            eventually().untilAsserted(() -> {
                final PrometheusText metrics = scrape();
                assertEquals(5, metrics.value("eh_events_accepted_total", "topic", a));
                assertEquals(5, metrics.value("eh_deliveries_total", "topic", a));
                assertEquals(5, metrics.value("eh_delivery_latency_seconds_count", "topic", a));
                assertEquals(5, metrics.value("eh_delivery_latency_seconds_bucket", "topic", a, "le", "+Inf"));
                assertTrue(metrics.value("eh_delivery_latency_seconds_sum", "topic", a) > 0);
                assertEquals(5, metrics.value("eh_deadline_met_total", "topic", a)
                        + metrics.value("eh_deadline_missed_total", "topic", a));
                assertEquals(1, metrics.value("eh_topic_subscribers", "topic", a));
                assertEquals(1, metrics.value("eh_events_accepted_total", "topic", TopicName.normalise(quiet)));
            });
        }

        // the limit (2) is reached: later topics are summed into _other, and get no series of their own
        final String third = uniqueTopic("metrics-third");
        final String fourth = uniqueTopic("metrics-fourth");
        http.publishOk(third, "x");
        http.publishOk(fourth, "y");
        http.publishOk(fourth, "z");
        final PrometheusText metrics = scrape();
        assertEquals(3, metrics.value("eh_events_accepted_total", "topic", "_other"));
        assertTrue(metrics.find("eh_events_accepted_total", "topic", TopicName.normalise(third)).isEmpty());
        assertEquals(3, metrics.all("eh_events_accepted_total").size(), "two topics and _other");
    }

    @Test
    void schedulerPoolsReplicationAndJvmAreExposed() {
        final PrometheusText metrics = scrape();
        assertEquals(3, metrics.value("eh_delivery_workers"));
        assertTrue(metrics.value("eh_delivery_workers_busy") >= 0);
        assertTrue(metrics.value("eh_delivery_jobs_queued") >= 0);
        assertTrue(metrics.value("eh_http_workers") >= 1, "the Grizzly pool runs this very request");
        assertTrue(metrics.value("eh_http_workers_busy") >= 1, "this scrape is a running request");
        assertEquals(1, metrics.value("eh_replication_role", "role", "STANDALONE"));
        assertEquals(0, metrics.value("eh_replication_role", "role", "PRIMARY"));
        assertEquals(0, metrics.value("eh_replication_epoch"));
        assertEquals(1, metrics.value("eh_replication_serving"));
        assertEquals(0, metrics.value("eh_replication_link_queued"));
        assertEquals(0, metrics.value("eh_disconnects_total", "reason", "TOO_SLOW"));
        // one series per heap pool, and a survivor pool may well be empty: the heap is their sum
        assertTrue(metrics.all("jvm_memory_used_bytes").stream().filter(s -> "heap".equals(s.labels().get("area")))
                .mapToDouble(PrometheusText.Sample::value).sum() > 0);
        assertTrue(metrics.value("jvm_threads_live_threads") > 0);
        assertTrue(metrics.find("jvm_gc_memory_allocated_bytes_total").isPresent());
    }

    private static PrometheusText scrape() {
        final HttpResponse<String> response = http.get("/eventhandler/metrics");
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"),
                response.headers().toString());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").contains("version=0.0.4"));
        return PrometheusText.parse(response.body());
    }
}
