package io.eventhandler.server;

import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The container health check reaches a plain and a secure server as configured, and fails without one. */
class HealthCheckTest {

    @RegisterExtension
    static final RunningServer PLAIN = RunningServer.with(Map.of());

    @RegisterExtension
    static final RunningServer SECURE = RunningServer.with(TestCloud.get().serverSettings("eventhandler"));

    @Test
    void plainServerAnswersEcho() throws IOException {
        assertEquals(200, HealthCheck.echo(configurationOf(PLAIN, Map.of())));
    }

    @Test
    void secureServerAnswersEchoToItsOwnCertificate() throws IOException {
        assertEquals(200, HealthCheck.echo(configurationOf(SECURE, TestCloud.get().serverSettings("eventhandler"))));
    }

    @Test
    void wildcardAddressIsCheckedOnLoopback() throws IOException {
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.ADDRESS.key(), "0.0.0.0");
        settings.put(HttpConfiguration.PORT.key(), String.valueOf(PLAIN.baseUri().getPort()));
        assertEquals(200, HealthCheck.echo(ServerConfiguration.fromMap(settings)));
    }

    @Test
    void failsWhenNothingListens() throws IOException {
        final int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        final ServerConfiguration closed = ServerConfiguration.fromMap(Map.of(HttpConfiguration.PORT.key(),
                String.valueOf(port)));
        assertThrows(IOException.class, () -> HealthCheck.echo(closed));
    }

    /** The settings the server was started with, on the port it really listens on. */
    private static ServerConfiguration configurationOf(final RunningServer server, final Map<String, String> tls) {
        final Map<String, String> settings = new HashMap<>(tls);
        settings.put(HttpConfiguration.ADDRESS.key(), "127.0.0.1");
        settings.put(HttpConfiguration.PORT.key(), String.valueOf(server.baseUri().getPort()));
        return ServerConfiguration.fromMap(settings);
    }
}
