package io.eventhandler.client.history;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.client.testing.ServerProcess;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Durable means delivered, for webhooks too: with durable history, events acknowledged as durable
 * ({@code Eh-Durable: true}), a slow webhook subscriber that is far behind, SIGKILL, and a restart on the same
 * directory and store, every acknowledged event reaches the subscriber. The subscription resumes after its last
 * written delivered position, so events delivered after that position was written come again (at least once),
 * recognisable by their {@code X-Event-Sequence}.
 * Two process pairs with a slow subscriber: about 45 s, so in the long profile ({@code mvn -B test -Plong}).
 */
@Tag("long")
class WebhookResumeKillTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private static final String TOPIC = "resume.test";
    private static final int EVENTS = 311;

    private static Map<String, String> settings(final Path dir, final int port) {
        final Map<String, String> settings = new HashMap<>();
        settings.put("eh.shutdown.grace.ms", "500");
        settings.put("server.port", Integer.toString(port));
        settings.put("eh.store.url", "jdbc:h2:file:" + dir.resolve("store").toAbsolutePath());
        settings.put("eh.history.mode", "DURABLE");
        settings.put("eh.history.dir", dir.resolve("history").toString());
        settings.put("eh.history.size", "100000");
        return settings;
    }

    private static HttpResponse<String> publishDurable(final URI base, final int i) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(base.resolve("/eventhandler/publish"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header(EventHandlerApi.DURABLE_HEADER, "true")
                .POST(HttpRequest.BodyPublishers.ofString("{\"eventType\":\"" + TOPIC + "\",\"source\":{"
                        + "\"systemName\":\"resume-publisher\",\"address\":\"127.0.0.1\",\"port\":9100},"
                        + "\"payload\":\"e" + i + "\"}")).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aSlowWebhookSubscriberGetsEveryDurableEventAfterSigkillAndRestart(@TempDir final Path dir)
            throws Exception {
        final int repeated = everyDurableEventAfterRestart(dir, false);
        System.out.printf("webhook resume after SIGKILL: %d delivered twice%n", repeated);
    }

    /**
     * SIGTERM with a grace period far too short for the slow subscriber: what it could not deliver is logged, and
     * after the restart delivery continues from the position the stop wrote last, with nothing delivered twice.
     */
    @Test
    void aSlowWebhookSubscriberGetsTheRestAfterSigtermAndRestartWithoutDuplicates(@TempDir final Path dir)
            throws Exception {
        assertEquals(0, everyDurableEventAfterRestart(dir, true), "delivered twice");
    }

    /** Publishes, stops the first process while the subscriber is behind, restarts; returns the repeats. */
    private static int everyDurableEventAfterRestart(final Path dir, final boolean orderly) throws Exception {
        final int port = ServerProcess.freePorts(1)[0];
        final Map<Long, String> acknowledged = new TreeMap<>();
        try (WebhookRecorder webhook = WebhookRecorder.start(20)) {
            final int deliveredBeforeKill;
            final String firstLog;
            try (ServerProcess first = ServerProcess.start(dir, "first", settings(dir, port))) {
                final HttpResponse<String> subscribed = first.send("POST", "/eventhandler/subscribe",
                        webhook.subscription(TOPIC, "resume-webhook"));
                assertEquals(200, subscribed.statusCode(), subscribed::body);
                for (int i = 0; i < EVENTS; i++) {
                    final HttpResponse<String> response = publishDurable(first.baseUri(), i);
                    assertEquals(200, response.statusCode(), response::body);
                    assertEquals("true", response.headers().firstValue(EventHandlerApi.DURABLE_HEADER).orElse(null));
                    acknowledged.put(Long.parseLong(response.headers().firstValue(EventHandlerApi.SEQUENCE_HEADER)
                            .orElseThrow()), "\"payload\":\"e" + i + "\"");
                }
                // kill it while the subscriber is behind, with a delivered position written meanwhile
                Awaitility.await("some delivered").atMost(Duration.ofSeconds(60))
                        .until(() -> webhook.events().size() >= 50);
                if (orderly) {
                    first.terminate();
                    assertTrue(first.awaitExit(Duration.ofSeconds(60)), "stopped");
                    assertTrue(first.log().contains("not delivered to webhook"), first::log);
                } else {
                    first.kill();
                }
                deliveredBeforeKill = webhook.events().size();
                firstLog = first.log();
            }
            assertTrue(deliveredBeforeKill < EVENTS, "the subscriber was behind when the process was killed");

            try (ServerProcess second = ServerProcess.start(dir, "second", settings(dir, port))) {
                try {
                    Awaitility.await("every durable event delivered after the restart").atMost(Duration.ofSeconds(90))
                            .until(() -> webhook.events().keySet().containsAll(acknowledged.keySet()));
                } catch (final ConditionTimeoutException e) {
                    final Set<Long> missing = new TreeSet<>(acknowledged.keySet());
                    missing.removeAll(webhook.events().keySet());
                    throw new AssertionError("not delivered after the restart: " + missing + "\n--- first process ---\n"
                            + notable(firstLog) + "\n--- second process ---\n" + notable(second.log()), e);
                }
                final Map<Long, String> received = webhook.events();
                acknowledged.forEach((sequence, payload) -> assertTrue(received.get(sequence).contains(payload),
                        () -> sequence + " delivered as " + received.get(sequence) + ", acknowledged as " + payload));
                final Set<Long> unexpected = new TreeSet<>(received.keySet());
                unexpected.removeAll(acknowledged.keySet());
                assertEquals(Set.of(), unexpected, "only what was published");
                assertTrue(second.log().contains("resumes after event"), second::log);
                System.out.printf("webhook resume: %d durable events, %d delivered before the %s, all delivered "
                        + "after the restart, %d delivered twice%n", EVENTS, deliveredBeforeKill,
                        orderly ? "SIGTERM" : "SIGKILL", webhook.repeated());
                return webhook.repeated();
            }
        }
    }

    /** A server log's warnings, errors and resume lines, and its last lines: why a delivery did not come. */
    private static String notable(final String log) {
        final List<String> lines = log.lines().toList();
        final String flagged = lines.stream()
                .filter(l -> l.contains(" WARN ") || l.contains(" ERROR ") || l.contains("resumes after"))
                .limit(100).collect(Collectors.joining("\n"));
        return flagged + "\n(last lines)\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 30),
                lines.size()));
    }
}
