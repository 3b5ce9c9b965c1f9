package io.eventhandler.server.frontend;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.ECHO_PATH;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Idle connections cannot use up the process's file descriptors: past {@code eh.max.connections} in total, or
 * {@code eh.max.connections.per.address} from one address, a connection is closed as soon as it is accepted and
 * counted; other addresses are still served, and a freed place serves again. Clients on 127.0.0.2 and 127.0.0.3
 * are other addresses of the loopback interface.
 */
class ConnectionLimitTest {

    private static final int TOTAL = 8;
    private static final int PER_ADDRESS = 5;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            HttpConfiguration.MAX_CONNECTIONS.key(), Integer.toString(TOTAL),
            HttpConfiguration.MAX_CONNECTIONS_PER_ADDRESS.key(), Integer.toString(PER_ADDRESS)));

    private final List<Socket> idle = new ArrayList<>();
    /**
     * Every scrape of the test goes over this one kept-alive connection: it holds one place for the whole test,
     * whereas a connection per scrape could still be counted (its close not yet seen) when the next one arrives,
     * and be refused at the cap.
     */
    private RawHttp scrape;

    @BeforeEach
    void openScrape() {
        scrape = RawHttp.connect(server.baseUri());
        // the previous test's scrape connection is no longer counted
        eventually().until(() -> open() == 0);
    }

    @AfterEach
    void closeIdle() {
        idle.forEach(ConnectionLimitTest::close);
        // every place but the scrape's is free again before the next test
        eventually().ignoreExceptions().until(() -> open() == 0);
        scrape.close();
    }

    private Socket connectFrom(final String localAddress) {
        try {
            final Socket socket = new Socket();
            socket.bind(new InetSocketAddress(InetAddress.getByName(localAddress), 0));
            socket.connect(new InetSocketAddress(server.baseUri().getHost(), server.baseUri().getPort()), 5_000);
            idle.add(socket);
            return socket;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the server closed the socket (end of stream or reset) rather than keeping it open for 300 ms. */
    private static boolean closedByServer(final Socket socket) {
        try {
            socket.setSoTimeout(300);
            return socket.getInputStream().read() < 0;
        } catch (final SocketTimeoutException e) {
            return false;
        } catch (final IOException e) {
            return true;
        }
    }

    private static void close(final Socket socket) {
        try {
            socket.close();
        } catch (final IOException ignored) {
            // closing anyway
        }
    }

    /** A fresh connection from another address: echo is answered. */
    private static void echoServed(final String localAddress) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(localAddress), 0));
            socket.connect(new InetSocketAddress(server.baseUri().getHost(), server.baseUri().getPort()), 5_000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("GET " + ECHO_PATH + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            final String answer = new String(socket.getInputStream().readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200") && answer.endsWith(EventHandlerApi.ECHO_RESPONSE), answer);
        }
    }

    private PrometheusText metrics() {
        scrape.send("GET", EventHandlerApi.BASE_PATH + "/metrics", null);
        return PrometheusText.parse(scrape.readResponse().bodyText());
    }

    /** Open connections less the scrape's own. */
    private double open() {
        return metrics().value("eh_http_connections") - 1;
    }

    /** Waits until the server counts {@code expected} open connections besides the scrape's; says what it saw if not. */
    private void awaitOpen(final int expected) {
        try {
            eventually().ignoreExceptions().until(() -> open() == expected);
        } catch (final ConditionTimeoutException e) {
            final long closed = idle.stream().filter(ConnectionLimitTest::closedByServer).count();
            String seen;
            try {
                final PrometheusText m = metrics();
                seen = "open " + open() + ", refused over total " + m.value("eh_http_connections_refused_total",
                        "reason", "total") + ", over address " + m.value("eh_http_connections_refused_total",
                        "reason", "address");
            } catch (final RuntimeException scrape) {
                seen = "the scrape itself failed: " + scrape;
            }
            throw new AssertionError("expected " + expected + " open connections; " + seen + "; of the test's "
                    + idle.size() + " sockets the server closed " + closed, e);
        }
    }

    @Test
    void oneAddressGetsNoMoreThanItsShare() throws IOException {
        for (int i = 0; i < PER_ADDRESS; i++) {
            connectFrom("127.0.0.2");
        }
        awaitOpen(PER_ADDRESS);
        final double before = metrics().value("eh_http_connections_refused_total", "reason", "address");
        final Socket excess = connectFrom("127.0.0.2");
        assertTrue(closedByServer(excess), "the connection over the address's share is closed at accept");
        assertEquals(before + 1, metrics().value("eh_http_connections_refused_total", "reason", "address"));
        assertFalse(closedByServer(idle.get(0)), "those within the share stay open");
        echoServed("127.0.0.3");
    }

    @Test
    void noMoreThanTheTotalAndAFreedPlaceServesAgain() {
        final double before = metrics().value("eh_http_connections_refused_total", "reason", "total");
        for (int i = 0; i < PER_ADDRESS; i++) {
            connectFrom("127.0.0.2");
        }
        for (int i = PER_ADDRESS; i < TOTAL - 1; i++) {
            connectFrom("127.0.0.3");
        }
        awaitOpen(TOTAL - 1); // and the scrape's: every place taken
        final List<Socket> kept = new ArrayList<>(idle);
        assertTrue(closedByServer(connectFrom("127.0.0.4")), "one over the total is closed at accept");
        kept.forEach(socket -> assertFalse(closedByServer(socket), "the first ones stay open"));
        close(kept.get(0));
        eventually().until(() -> {
            try {
                echoServed("127.0.0.5");
                return true;
            } catch (final IOException | AssertionError e) {
                return false;
            }
        });
        assertTrue(metrics().value("eh_http_connections_refused_total", "reason", "total") > before);
    }
}
