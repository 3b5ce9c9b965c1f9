package io.eventhandler.server.testing;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Two real Event Handlers in this JVM configured as a pair on loopback: the primary first (it finds no peer and
 * serves), then the backup (it finds the primary serving and stands by).
 */
public final class InProcessPair implements AutoCloseable {

    private final EventHandlerServer primary;
    private final EventHandlerServer backup;
    private boolean primaryClosed;

    /**
     * @param settings every other setting of both instances (e.g. TLS), over the defaults
     * @param scheme   http or https, for the peers' addresses
     */
    public InProcessPair(final Map<String, String> settings, final String scheme) {
        final int[] ports = freePorts();
        this.primary = start(settings, scheme, ports[0], "primary", ports[1]);
        try {
            this.backup = start(settings, scheme, ports[1], "backup", ports[0]);
        } catch (final RuntimeException e) {
            primary.close();
            throw e;
        }
    }

    public EventHandlerServer primary() {
        return primary;
    }

    public EventHandlerServer backup() {
        return backup;
    }

    /** The shared secret of a plain-mode pair. */
    public static final String SECRET = "pair-test-secret-0123";

    /** Stop the primary (its link falls silent: the backup takes over). */
    public void closePrimary() {
        primary.close();
        primaryClosed = true;
    }

    private static EventHandlerServer start(final Map<String, String> base, final String scheme, final int port,
                                            final String role, final int peerPort) {
        final Map<String, String> settings = new HashMap<>(base);
        settings.put(HttpConfiguration.PORT.key(), Integer.toString(port));
        settings.put(HttpConfiguration.ADDRESS.key(), "127.0.0.1");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        settings.put(ReplicationConfiguration.ROLE.key(), role);
        settings.put(ReplicationConfiguration.PEER.key(), scheme + "://127.0.0.1:" + peerPort);
        if ("http".equals(scheme)) {
            settings.putIfAbsent(ReplicationConfiguration.SECRET.key(), SECRET);
        }
        return EventHandlerServer.start(ServerConfiguration.fromMap(settings));
    }

    private static int[] freePorts() {
        try (ServerSocket first = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket second = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new int[] {first.getLocalPort(), second.getLocalPort()};
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (!primaryClosed) {
            primary.close();
        }
        backup.close();
    }
}
