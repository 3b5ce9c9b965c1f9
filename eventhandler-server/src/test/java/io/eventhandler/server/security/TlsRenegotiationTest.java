package io.eventhandler.server.security;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static io.eventhandler.server.testing.EhHttp.ECHO_PATH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client may not renegotiate TLS (1.2; 1.3 has no renegotiation): its connection is closed and the refusal
 * counted, instead of the server doing a full handshake, blocking a worker, whenever the client asks.
 */
class TlsRenegotiationTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(CLOUD.serverSettings("eventhandler"));

    private static String echo(final InputStream in, final OutputStream out) throws IOException {
        out.write(("GET " + ECHO_PATH + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        final byte[] answer = new byte[4096];
        int read = 0;
        while (!new String(answer, 0, read, StandardCharsets.ISO_8859_1).endsWith(EventHandlerApi.ECHO_RESPONSE)) {
            final int n = in.read(answer, read, answer.length - read);
            if (n < 0) {
                throw new IOException("closed by the server");
            }
            read += n;
        }
        return new String(answer, 0, read, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aClientInitiatedRenegotiationClosesTheConnection() throws IOException {
        final Socket plain = new Socket();
        plain.connect(new InetSocketAddress(server.baseUri().getHost(), server.baseUri().getPort()), 5_000);
        plain.setSoTimeout(30_000);
        try (SSLSocket tls = (SSLSocket) CLOUD.sslContext(EhHttp.PUBLISHER.systemName()).getSocketFactory()
                .createSocket(plain, server.baseUri().getHost(), server.baseUri().getPort(), true)) {
            tls.setEnabledProtocols(new String[] {"TLSv1.2"});
            tls.startHandshake();
            assertTrue(echo(tls.getInputStream(), tls.getOutputStream()).startsWith("HTTP/1.1 200"));
            assertThrows(IOException.class, () -> {
                tls.startHandshake(); // renegotiates
                echo(tls.getInputStream(), tls.getOutputStream());
            });
        }
        final EhHttp reader = new EhHttp(server::baseUri, CLOUD.sslContext("sysop"));
        assertEquals(1.0, PrometheusText.parse(reader.get(EventHandlerApi.BASE_PATH + "/metrics").body())
                .value("eh_http_tls_renegotiations_refused_total"));
    }
}
