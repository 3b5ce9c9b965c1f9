package io.eventhandler.client.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.client.testing.ServerProcess;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGTERM under load: an Event Handler in its own JVM, four publishers at full speed, a slow webhook subscriber and
 * an SSE subscriber. Every publish answered 200 must reach both subscribers; once the stop began, publishes are
 * answered 503 with {@code Retry-After} (or find the port closed), readiness says {@code STOPPING}, the SSE stream
 * ends cleanly, and the log says that everything accepted was delivered.
 */
class OrderlyStopTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private static final String TOPIC = "stop.test";

    private static String body(final String payload) {
        return "{\"eventType\":\"" + TOPIC + "\",\"source\":{\"systemName\":\"stop-publisher\",\"address\":"
                + "\"127.0.0.1\",\"port\":9100},\"payload\":\"" + payload + "\"}";
    }

    private static HttpResponse<String> publish(final URI base, final String payload)
            throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(base.resolve("/eventhandler/publish"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body(payload))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** What the publishers saw. */
    private static final class Outcomes {
        final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        final AtomicInteger refused = new AtomicInteger();
        final AtomicInteger unreachable = new AtomicInteger();
        final AtomicReference<String> badRefusal = new AtomicReference<>();
        final AtomicBoolean acknowledgedAfterRefusal = new AtomicBoolean();
    }

    @Test
    void sigtermDeliversEveryAcknowledgedEventAndRefusesTheRestWith503(@TempDir final Path dir) throws Exception {
        final int port = ServerProcess.freePorts(1)[0];
        final Map<String, String> settings = new HashMap<>();
        settings.put("server.port", Integer.toString(port));
        settings.put("eh.store.url", "jdbc:h2:mem:stop");
        settings.put("eh.shutdown.grace.ms", "120000");
        try (WebhookRecorder webhook = WebhookRecorder.start(2);
             ServerProcess server = ServerProcess.start(dir, "stopping", settings)) {
            final HttpResponse<String> subscribed = server.send("POST", "/eventhandler/subscribe",
                    webhook.subscription(TOPIC, "stop-webhook"));
            assertEquals(200, subscribed.statusCode(), subscribed::body);
            final SseRecorder sse = SseRecorder.open(HTTP, server.baseUri(), TOPIC, -1);
            Awaitility.await("SSE subscribed").atMost(Duration.ofSeconds(10)).until(() -> sse.status() == 200);

            final Outcomes outcomes = new Outcomes();
            final AtomicBoolean running = new AtomicBoolean(true);
            final ExecutorService publishers = Executors.newFixedThreadPool(4);
            final List<Future<?>> done = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                final int publisher = p;
                done.add(publishers.submit(() -> publishUntilGone(server.baseUri(), publisher, running, outcomes)));
            }
            Awaitility.await("publishing under way").atMost(Duration.ofSeconds(30))
                    .until(() -> outcomes.acknowledged.size() >= 1000 || outcomes.badRefusal.get() != null
                            || outcomes.refused.get() > 0 || outcomes.unreachable.get() > 0
                            || done.stream().anyMatch(Future::isDone));
            for (final Future<?> f : done) {
                if (f.isDone()) {
                    f.get();
                }
            }
            assertEquals(0, outcomes.unreachable.get(), server::log);
            assertEquals(0, outcomes.refused.get(), () -> outcomes.badRefusal.get() + "\n" + server.log());
            server.terminate();
            Awaitility.await("readiness says stopping, or the port is closed").atMost(Duration.ofSeconds(30))
                    .until(() -> stoppingOrGone(server));
            assertTrue(server.awaitExit(Duration.ofSeconds(150)), "the orderly stop ended within its grace");
            running.set(false);
            for (final Future<?> publisher : done) {
                publisher.get(60, TimeUnit.SECONDS);
            }
            publishers.shutdown();

            assertEquals(null, outcomes.badRefusal.get());
            assertTrue(outcomes.refused.get() > 0, "publishes during the drain were refused with 503");
            assertTrue(!outcomes.acknowledgedAfterRefusal.get(), "no 200 after a publisher was refused");
            final Set<String> toWebhook = payloads(webhook.events().values());
            final Set<String> toSse = payloads(sse.events().values());
            final Set<String> missingWebhook = new TreeSet<>(outcomes.acknowledged);
            missingWebhook.removeAll(toWebhook);
            final Set<String> missingSse = new TreeSet<>(outcomes.acknowledged);
            missingSse.removeAll(toSse);
            assertEquals(Set.of(), missingWebhook, "answered 200, never reached the webhook subscriber");
            assertEquals(Set.of(), missingSse, "answered 200, never reached the SSE subscriber");
            Awaitility.await("the SSE stream ended cleanly").atMost(Duration.ofSeconds(10)).until(sse::ended);
            final String log = server.log();
            assertTrue(log.contains("every accepted event was delivered"), log);
            assertTrue(log.indexOf("are refused with 503") < log.indexOf("every accepted event was delivered"), log);
            System.out.printf("orderly stop: %d acknowledged and delivered to both, %d refused with 503, %d found "
                    + "the port closed%n", outcomes.acknowledged.size(), outcomes.refused.get(),
                    outcomes.unreachable.get());
            sse.close();
        }
    }

    private static final Pattern PAYLOAD = Pattern.compile("\"payload\":\"([^\"]*)\"");

    /** The payloads of the EventDTO bodies. */
    private static Set<String> payloads(final Collection<String> bodies) {
        final Set<String> payloads = new HashSet<>();
        for (final String body : bodies) {
            final Matcher matcher = PAYLOAD.matcher(body);
            if (matcher.find()) {
                payloads.add(matcher.group(1));
            }
        }
        return payloads;
    }

    private static Void publishUntilGone(final URI base, final int publisher, final AtomicBoolean running,
                                         final Outcomes outcomes) throws InterruptedException {
        boolean refusedOnce = false;
        for (int i = 0; running.get(); i++) {
            final String payload = "p" + publisher + "-" + i;
            final HttpResponse<String> response;
            try {
                response = publish(base, payload);
            } catch (final IOException e) {
                outcomes.unreachable.incrementAndGet(); // the listener closed: nothing was acknowledged
                return null;
            }
            if (response.statusCode() == 200) {
                outcomes.acknowledged.add(payload); // answered without a number: not durable
                if (refusedOnce) {
                    outcomes.acknowledgedAfterRefusal.set(true);
                }
            } else {
                refusedOnce = true;
                outcomes.refused.incrementAndGet();
                checkRefusal(response, outcomes);
            }
        }
        return null;
    }

    private static void checkRefusal(final HttpResponse<String> response, final Outcomes outcomes) {
        try {
            final JsonNode error = JSON.readTree(response.body());
            if (response.statusCode() != 503 || response.headers().firstValue("Retry-After").isEmpty()
                    || error.get("errorCode").asInt() != 503
                    || !"UNAVAILABLE".equals(error.get("exceptionType").asText())) {
                outcomes.badRefusal.compareAndSet(null, response.statusCode() + " " + response.headers().map()
                        + " " + response.body());
            }
        } catch (final IOException e) {
            outcomes.badRefusal.compareAndSet(null, response.statusCode() + " " + response.body());
        }
    }

    private static boolean stoppingOrGone(final ServerProcess server) {
        final HttpResponse<String> ready = server.get("/eventhandler/ready");
        return ready == null || ready.statusCode() == 503 && ready.body().contains("STOPPING");
    }
}
