package io.eventhandler.client;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ServerConfiguration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two standalone Event Handlers on loopback, a primary A and a backup B, without replication between them: what
 * the client sees of a failover is A going away and B taking its requests.
 */
final class TwoEventHandlers implements AutoCloseable {

    private static final AtomicInteger STORES = new AtomicInteger();
    /** HTTP/1.1: the JDK client's default h2c upgrade attempt is not what Grizzly answers. */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private EventHandlerServer a;
    private final EventHandlerServer b;
    private final URI aUri;

    TwoEventHandlers() {
        a = start(0);
        b = start(0);
        aUri = a.baseUri();
    }

    /** A real Event Handler on {@code port} (0: any free one) with a store of its own. */
    static EventHandlerServer start(final int port) {
        return EventHandlerServer.start(ServerConfiguration.fromMap(Map.of("server.port", Integer.toString(port),
                "eh.store.url", "jdbc:h2:mem:eh-failover-" + STORES.incrementAndGet())));
    }

    URI a() {
        return aUri;
    }

    URI b() {
        return b.baseUri();
    }

    /** A then B. */
    EventHandlerInstances instances() {
        return EventHandlerInstances.of(a(), b());
    }

    /** Gives {@code topic} the publisher retention {@code n} on both instances (management API). */
    void configureRetention(final String topic, final int n) {
        configureRetention(aUri, topic, n);
        configureRetention(b(), topic, n);
    }

    private static void configureRetention(final URI instance, final String topic, final int n) {
        final HttpRequest put = HttpRequest.newBuilder(URI.create(instance + "/eventhandler/mgmt/qos/topics/" + topic))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(
                        "{\"periodMs\": 100, \"deadlineMs\": 1000, \"retention\": " + n + "}"))
                .build();
        try {
            final HttpResponse<String> answer = HTTP.send(put, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("QoS of " + topic + " refused: " + answer.body());
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The primary goes away: its port refuses connections from now on. */
    void stopA() {
        a.close();
        a = null;
    }

    @Override
    public void close() {
        if (a != null) {
            a.close();
        }
        b.close();
    }
}
