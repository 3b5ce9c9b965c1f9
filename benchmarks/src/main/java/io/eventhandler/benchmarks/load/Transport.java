package io.eventhandler.benchmarks.load;

import io.eventhandler.client.ClientTls;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.NotificationAccessControl;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * Plain TCP or, in secure mode, TLS with the generator's Arrowhead certificate, for every connection of a run: the
 * lean client's sockets (through the context's {@code SSLSocketFactory}) and the client library's clients
 * (through {@link ClientTls}). In secure mode every publisher and webhook subscriber is the certificate's system,
 * as the Event Handler accepts no other {@code systemName} from it.
 */
final class Transport {

    /** Plain HTTP. */
    static final Transport PLAIN = new Transport(null);

    private final ClientTls tls;

    private Transport(final ClientTls tls) {
        this.tls = tls;
    }

    /** TLS with {@code tls}, whose certificate must name an Arrowhead system. */
    static Transport secure(final ClientTls tls) {
        tls.requireIdentity();
        return new Transport(tls);
    }

    boolean secure() {
        return tls != null;
    }

    /** The client library's TLS settings, or null for plain HTTP. */
    ClientTls tls() {
        return tls;
    }

    /** {@code plainName}, or in secure mode the certificate's system name. */
    String systemName(final String plainName) {
        return tls == null ? plainName : tls.requireIdentity().systemName();
    }

    /** Default port of the scheme when {@code uri} names none. */
    int port(final URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : tls == null ? 80 : 443;
    }

    /** A connected socket, the TLS handshake done (host name checked unless disabled in {@link ClientTls}). */
    Socket connect(final String host, final int port, final int connectTimeoutMs) throws IOException {
        final Socket plain = new Socket();
        plain.setTcpNoDelay(true);
        try {
            plain.connect(new InetSocketAddress(host, port), connectTimeoutMs);
            if (tls == null) {
                return plain;
            }
            final SSLSocket socket = (SSLSocket) tls.sslContext().getSocketFactory()
                    .createSocket(plain, host, port, true);
            if (tls.verifiesHostname()) {
                final SSLParameters parameters = socket.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                socket.setSSLParameters(parameters);
            }
            socket.startHandshake();
            return socket;
        } catch (final IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    /** A loopback server socket on an ephemeral port; in secure mode TLS requiring a client certificate. */
    ServerSocket listen(final int backlog) throws IOException {
        if (tls == null) {
            return new ServerSocket(0, backlog, InetAddress.getLoopbackAddress());
        }
        final SSLServerSocket socket = (SSLServerSocket) tls.sslContext().getServerSocketFactory()
                .createServerSocket(0, backlog, InetAddress.getLoopbackAddress());
        socket.setNeedClientAuth(true);
        return socket;
    }

    /**
     * Why the peer of an accepted connection may not deliver notifications, or null if it may: in secure mode only
     * the Event Handler of the own cloud may (the handshake runs here, on the connection's thread).
     */
    String notificationRefusal(final Socket accepted) {
        if (tls == null) {
            return null;
        }
        return NotificationAccessControl.eventHandlerOf(tls.requireIdentity().cloudCommonName())
                .refusal(((SSLSocket) accepted).getSession());
    }

    /** A client library client of {@code baseUri} over this transport. */
    EventHandlerClient client(final URI baseUri) {
        final EventHandlerClient.Builder builder = EventHandlerClient.builder(baseUri);
        if (tls != null) {
            builder.tls(tls);
        }
        return builder.build();
    }

    @Override
    public String toString() {
        return tls == null ? "plain" : "tls as " + tls.requireIdentity().commonName();
    }
}
