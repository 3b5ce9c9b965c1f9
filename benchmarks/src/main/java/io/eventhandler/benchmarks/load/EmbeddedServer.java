package io.eventhandler.benchmarks.load;

import io.eventhandler.core.delivery.edf.JobQueueStatistics;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** An Event Handler in this JVM, on a free loopback port unless configured otherwise. */
public final class EmbeddedServer implements AutoCloseable {

    private final EventHandlerServer server;

    private EmbeddedServer(final EventHandlerServer server) {
        this.server = server;
    }

    /**
     * Starts a server.
     *
     * @param config server settings over the defaults (keys of {@link ServerConfiguration}); {@code server.port}
     *               defaults to 0 (any free port), the subscription store to a fresh in-memory one
     * @return the running server
     */
    public static EmbeddedServer start(final Map<String, String> config) {
        final Map<String, String> values = new LinkedHashMap<>(config);
        values.putIfAbsent(HttpConfiguration.PORT.key(), "0");
        // a measurement leaves no subscription files behind
        values.putIfAbsent(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-embedded-" + System.nanoTime());
        return new EmbeddedServer(EventHandlerServer.start(ServerConfiguration.fromMap(values)));
    }

    /** Where it listens, e.g. {@code http://127.0.0.1:41234}. */
    public URI baseUri() {
        return server.baseUri();
    }

    /** The server's own account of the streams and webhook subscriptions of {@code topics}, for a diagnosis. */
    ServerView view() {
        return topics -> {
            final List<String> lines = new ArrayList<>();
            final long now = System.nanoTime();
            // the server keeps event types in upper case, as Arrowhead does
            final Set<String> wanted = topics.stream().map(t -> t.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
            for (final SubscriberOutbox outbox : server.broker().outboxes()) {
                if (wanted.contains(outbox.topic().toUpperCase(Locale.ROOT))) {
                    lines.add(String.format(Locale.ROOT,
                            "%s on %s: queued %d, delivered %d, dropped %d, failed %d, pending %d, oldest "
                                    + "undelivered #%d, stalled %d ms, closed %s",
                            outbox.description(), outbox.topic(), outbox.queued(), outbox.delivered(),
                            outbox.dropped(), outbox.failed(), outbox.pending(), outbox.oldestUndeliveredSequence(),
                            TimeUnit.NANOSECONDS.toMillis(outbox.stalledNanos(now)), outbox.closeReason()));
                }
            }
            final JobQueueStatistics queue = server.delivery().scheduler().snapshot().queue();
            lines.add(String.format(Locale.ROOT, "delivery queue: %d dispatch jobs queued, %d taken, depth %d; "
                    + "disconnects %s", queue.enqueuedDispatches(), queue.takenDispatches(), queue.depth(),
                    server.broker().disconnects()));
            return lines;
        };
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        server.close();
    }
}
