package io.eventhandler.server.frontend;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Sends the TLS alert of a failed handshake before the connection closes. Grizzly closes a connection whose handshake
 * failed without writing the alert the JDK's engine holds for the client, so a client without a certificate saw an
 * empty reply or a reset connection instead of {@code certificate_required} (TLS 1.3) or {@code bad_certificate}
 * (TLS 1.2, and TLS 1.3 in older JDK 17 updates), and could not tell that the certificate was the problem.
 */
final class TlsFailureAlert implements SSLBaseFilter.HandshakeListener {

    private static final Logger LOG = LoggerFactory.getLogger(TlsFailureAlert.class);
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    /** An alert is one record: a few wraps and writes at most. */
    private static final int MAX_ROUNDS = 4;
    /** What is read and dropped of the client's flight after the failing message, at most. */
    private static final int MAX_DISCARDED = 64 * 1024;

    private TlsFailureAlert() {
    }

    /** The add-on that puts it on the listener's TLS filter (a listener without TLS is left alone). */
    static AddOn installer() {
        return (listener, builder) -> {
            final int index = builder.indexOfType(SSLBaseFilter.class);
            if (index >= 0) {
                ((SSLBaseFilter) builder.get(index)).addHandshakeListener(new TlsFailureAlert());
            }
        };
    }

    @Override
    public void onStart(final Connection<?> connection) {
    }

    @Override
    public void onComplete(final Connection<?> connection) {
    }

    /** On the thread that read the failing handshake message, before Grizzly closes the connection. */
    @Override
    public void onFailure(final Connection<?> connection, final Throwable failure) {
        final SSLEngine engine = SSLUtils.getSSLEngine(connection);
        if (engine == null || !(connection instanceof NIOConnection nio)
                || !(nio.getChannel() instanceof SocketChannel channel)) {
            return;
        }
        try {
            final ByteBuffer alert = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            for (int round = 0; round < MAX_ROUNDS; round++) {
                final SSLEngineResult result = engine.wrap(NOTHING, alert);
                if (result.bytesProduced() == 0) {
                    break;
                }
            }
            alert.flip();
            // the handshake's own flight was written before the client answered it: the socket's buffer is free
            for (int round = 0; round < MAX_ROUNDS && alert.hasRemaining(); round++) {
                channel.write(alert);
            }
            discardUnread(channel);
        } catch (final SSLException e) {
            LOG.debug("no TLS alert to send after {}", failure.toString(), e);
        } catch (final IOException | RuntimeException e) {
            LOG.debug("the TLS alert after {} could not be sent", failure.toString(), e);
        }
    }

    /**
     * Reads and drops what the client sent after the failing message (in TLS 1.2 the rest of its flight: key
     * exchange, Finished): a socket closed with unread input is reset, and the reset makes the client's system drop
     * the alert before the client reads it.
     */
    private static void discardUnread(final SocketChannel channel) throws IOException {
        final ByteBuffer sink = ByteBuffer.allocate(4096);
        int discarded = 0;
        int read;
        while (discarded < MAX_DISCARDED && (read = channel.read(sink)) > 0) {
            discarded += read;
            sink.clear();
        }
    }
}
