package io.eventhandler.server.observability;

import io.eventhandler.server.config.ObservabilityConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secure mode: metrics and the status page (page and stream) for the configured readers only (here sysop and a
 * Prometheus with its own certificate), 401 for other systems of the cloud; health and readiness for any system the
 * TLS handshake accepted.
 */
class SecureObservabilityTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(settings());

    private static final EhHttp sysop = new EhHttp(server::baseUri, CLOUD.sslContext("sysop"));
    private static final EhHttp prometheus = sysop.as(CLOUD.sslContext("prometheus"));
    private static final EhHttp subscriber = sysop.as(CLOUD.sslContext("subscriber"));

    private static Map<String, String> settings() {
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(ObservabilityConfiguration.METRICS_READERS.key(), "sysop, Prometheus");
        return settings;
    }

    @Test
    void theReadersReadMetricsAndTheStatusPage() {
        for (final EhHttp reader : new EhHttp[] {sysop, prometheus}) {
            final HttpResponse<String> metrics = reader.get("/eventhandler/metrics");
            assertEquals(200, metrics.statusCode(), metrics::body);
            assertTrue(metrics.body().contains("eh_replication_serving 1"), metrics::body);
            final HttpResponse<String> page = reader.get("/eventhandler/status");
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("EventSource"), "the page with its script");
        }
    }

    @Test
    void otherSystemsMayNotReadThem() {
        for (final String path : new String[] {"/eventhandler/metrics", "/eventhandler/status",
            "/eventhandler/status/stream"}) {
            final HttpResponse<String> refused = subscriber.get(path);
            assertEquals(401, refused.statusCode(), path);
            assertEquals(TestCloud.commonName("subscriber") + " is unauthorized to access " + server.baseUri() + path,
                    error(refused).errorMessage());
        }
    }

    @Test
    void anySystemOfTheCloudMayProbeHealthAndReadiness() {
        assertEquals(200, subscriber.get("/eventhandler/health").statusCode());
        assertEquals(200, subscriber.get("/eventhandler/ready").statusCode());
    }
}
