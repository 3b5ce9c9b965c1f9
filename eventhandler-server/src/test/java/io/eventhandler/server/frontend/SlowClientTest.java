package io.eventhandler.server.frontend;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.net.ssl.SSLContext;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static io.eventhandler.server.testing.EhHttp.ECHO_PATH;
import static io.eventhandler.server.testing.EhHttp.PUBLISH_PATH;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients that send slowly hold no worker thread: with more connections dribbling a publish body (or head) than
 * there are workers, over plain HTTP and TLS, other clients' echo and publish are served; and a request that has not
 * arrived whole within {@code eh.http.request.timeout.ms} is cut, with a 408 {@code ErrorMessageDTO} once its head
 * is in, by closing the connection before.
 */
class SlowClientTest {

    private static final TestCloud CLOUD = TestCloud.get();
    private static final int WORKERS = 2;
    private static final int DRIBBLERS = 3 * WORKERS;

    /** A deadline longer than the tests: the dribblers are still dribbling while the others are served. */
    @RegisterExtension
    static final RunningServer patient = RunningServer.with(Map.of(
            HttpConfiguration.WORKER_THREADS.key(), Integer.toString(WORKERS),
            HttpConfiguration.REQUEST_TIMEOUT.key(), "600000"));
    @RegisterExtension
    static final RunningServer patientTls = RunningServer.with(secure(Map.of(
            HttpConfiguration.WORKER_THREADS.key(), Integer.toString(WORKERS),
            HttpConfiguration.REQUEST_TIMEOUT.key(), "600000")));
    @RegisterExtension
    static final RunningServer strict = RunningServer.with(Map.of(
            HttpConfiguration.WORKER_THREADS.key(), Integer.toString(WORKERS),
            HttpConfiguration.REQUEST_TIMEOUT.key(), "500"));

    private static Map<String, String> secure(final Map<String, String> settings) {
        final Map<String, String> all = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        all.putAll(settings);
        return all;
    }

    private static byte[] publishBody(final String topic) {
        return json(EhHttp.event(topic, "slow")).getBytes(StandardCharsets.UTF_8);
    }

    /** Connections that sent a publish head and a first body byte, and send one more byte every 200 ms. */
    private static final class Dribblers implements AutoCloseable {
        private final List<RawHttp> connections = new ArrayList<>();
        private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor();

        Dribblers(final URI base, final SSLContext tls, final int count, final boolean inHead) {
            final byte[] body = publishBody(uniqueTopic("dribbled"));
            for (int i = 0; i < count; i++) {
                final RawHttp connection = RawHttp.connect(base, 0, tls);
                connection.tcpNoDelay(true);
                final String head = "POST " + PUBLISH_PATH + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + body.length + "\r\n" + (inHead ? "" : "\r\n");
                connection.sendRaw(head.getBytes(StandardCharsets.US_ASCII));
                connections.add(connection);
            }
            final int[] sent = {0};
            sender.scheduleWithFixedDelay(() -> {
                final int at = sent[0]++;
                for (final RawHttp connection : connections) {
                    try {
                        connection.sendRaw(inHead ? "X-Slow: y\r\n".getBytes(StandardCharsets.US_ASCII)
                                : new byte[] {body[Math.min(at, body.length - 2)]});
                    } catch (final RuntimeException closed) {
                        // cut by the server: what the strict tests wait for
                    }
                }
            }, 0, 200, TimeUnit.MILLISECONDS);
        }

        List<RawHttp> connections() {
            return connections;
        }

        @Override
        public void close() {
            sender.shutdownNow();
            connections.forEach(RawHttp::close);
        }
    }

    /** Echo and a publish (seen by an SSE subscriber) on a fresh connection. */
    private static void servedMeanwhile(final URI base, final SSLContext tls, final EhHttp http) {
        final String topic = uniqueTopic("served");
        try (SseTestClient sse = tls == null ? SseTestClient.open(base, topic) : null;
             RawHttp client = RawHttp.connect(base, 0, tls)) {
            client.send("GET", ECHO_PATH, null);
            final RawHttp.Response echo = client.readResponse();
            assertEquals(200, echo.status(), echo::bodyText);
            assertEquals(EventHandlerApi.ECHO_RESPONSE, echo.bodyText());
            client.send("POST", PUBLISH_PATH, publishBody(topic), "Content-Type: application/json");
            final RawHttp.Response published = client.readResponse();
            assertEquals(200, published.status(), published::bodyText);
            if (sse != null) {
                eventually().until(() -> sse.payloads().contains("slow"));
            }
        }
    }

    @Test
    void moreDribbledBodiesThanWorkersLeaveOthersServed() {
        try (Dribblers slow = new Dribblers(patient.baseUri(), null, DRIBBLERS, false)) {
            servedMeanwhile(patient.baseUri(), null, patient.http());
            slow.connections().forEach(c -> assertTrue(!c.closesWithin(1), "a dribbler is still connected"));
        }
    }

    @Test
    void moreDribbledBodiesThanWorkersLeaveOthersServedOverTls() {
        final SSLContext tls = CLOUD.sslContext(EhHttp.PUBLISHER.systemName());
        try (Dribblers slow = new Dribblers(patientTls.baseUri(), tls, DRIBBLERS, false)) {
            servedMeanwhile(patientTls.baseUri(), tls, patientTls.http());
        }
    }

    @Test
    void aBodyNotWholeByTheDeadlineIsAnswered408AndTheConnectionClosed() {
        try (Dribblers slow = new Dribblers(strict.baseUri(), null, DRIBBLERS, false)) {
            for (final RawHttp connection : slow.connections()) {
                final RawHttp.Response response = connection.readResponse();
                assertEquals(408, response.status(), response::bodyText);
                final ErrorMessageDTO error = EhHttp.read(response.bodyText(), ErrorMessageDTO.class);
                assertTrue(error.errorMessage().contains(HttpConfiguration.REQUEST_TIMEOUT.key()),
                        error::errorMessage);
                assertEquals("close", response.headers().get("connection"));
                assertTrue(connection.closedByPeer());
            }
            servedMeanwhile(strict.baseUri(), null, strict.http());
        }
        assertTrue(cut(strict, "body") >= DRIBBLERS);
    }

    @Test
    void aHeadNotWholeByTheDeadlineClosesTheConnection() {
        try (Dribblers slow = new Dribblers(strict.baseUri(), null, DRIBBLERS, true)) {
            for (final RawHttp connection : slow.connections()) {
                assertTrue(connection.closedByPeer() || connection.closedByPeer(), "cut");
            }
            servedMeanwhile(strict.baseUri(), null, strict.http());
        }
        assertTrue(cut(strict, "head") >= DRIBBLERS);
    }

    @Test
    void aBodyInManyPiecesWithinTheDeadlineIsServed() {
        final String topic = uniqueTopic("pieces");
        try (SseTestClient sse = SseTestClient.open(strict.baseUri(), topic);
             RawHttp client = RawHttp.connect(strict.baseUri())) {
            client.tcpNoDelay(true);
            client.sendChunked(PUBLISH_PATH, "application/json", publishBody(topic), 7);
            assertEquals(200, client.readResponse().status());
            eventually().until(() -> sse.payloads().contains("slow"));
        }
    }

    @Test
    void expectContinueIsAcknowledgedBeforeTheBodyIsSent() throws Exception {
        final String topic = uniqueTopic("continue");
        final byte[] body = publishBody(topic);
        try (RawHttp client = RawHttp.connect(strict.baseUri())) {
            client.send("POST", PUBLISH_PATH, null, "Content-Type: application/json", "Expect: 100-continue",
                    "Content-Length: " + body.length);
            assertEquals(100, client.readHead().status());
            client.sendRaw(body);
            assertEquals(200, client.readResponse().status());
        }
    }

    /**
     * The JDK's HttpClient (HTTP/2 by default) and {@code curl --http2} ask plain HTTP servers to switch to h2c; the
     * codec passes such a request's rest up as content without end. It is answered in HTTP/1.1 at once, not cut.
     */
    @Test
    void anUpgradeRequestIsWholeOnceItsDeclaredBodyIsIn() throws Exception {
        final String topic = uniqueTopic("upgrade");
        final byte[] body = publishBody(topic);
        final String[] upgrade = {"Connection: Upgrade, HTTP2-Settings", "Upgrade: h2c",
            "HTTP2-Settings: AAEAAEAAAAIAAAABAAMAAABkAAQBAAAAAAUAAEAA"};
        try (RawHttp client = RawHttp.connect(strict.baseUri())) {
            client.send("GET", ECHO_PATH, null, upgrade);
            assertEquals(200, client.readResponse().status());
        }
        try (RawHttp client = RawHttp.connect(strict.baseUri())) {
            final String[] headers = new String[upgrade.length + 2];
            System.arraycopy(upgrade, 0, headers, 0, upgrade.length);
            headers[upgrade.length] = "Content-Type: application/json";
            headers[upgrade.length + 1] = "Content-Length: " + body.length;
            client.send("POST", PUBLISH_PATH, null, headers);
            client.sendRaw(java.util.Arrays.copyOfRange(body, 0, body.length / 2));
            client.sendRaw(java.util.Arrays.copyOfRange(body, body.length / 2, body.length));
            assertEquals(200, client.readResponse().status());
        }
        final java.net.http.HttpClient jdk = java.net.http.HttpClient.newHttpClient(); // HTTP/2 by default
        final java.net.http.HttpResponse<String> echo = jdk.send(java.net.http.HttpRequest.newBuilder(
                strict.baseUri().resolve(ECHO_PATH)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, echo.statusCode());
    }

    private static double cut(final RunningServer server, final String phase) {
        return PrometheusText.parse(server.http().get(EventHandlerApi.BASE_PATH + "/metrics").body())
                .value("eh_http_requests_cut_total", "phase", phase);
    }
}
