package io.eventhandler.server.security;

import io.eventhandler.server.http.ConnectionStatistics;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses a TLS handshake on a connection that has completed one: a client-initiated renegotiation (TLS 1.2; 1.3 has
 * none) costs the server a full handshake's CPU at the client's will, and Grizzly runs it blocking on a worker
 * thread. The connection is closed instead and the refusal counted. The Event Handler never starts one itself.
 */
public final class RenegotiationRefusal implements SSLBaseFilter.HandshakeListener {

    private static final Logger LOG = LoggerFactory.getLogger(RenegotiationRefusal.class);
    private static final Attribute<Boolean> HANDSHAKEN =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(RenegotiationRefusal.class.getName() + ".handshaken");

    private final ConnectionStatistics statistics;

    public RenegotiationRefusal(final ConnectionStatistics statistics) {
        this.statistics = statistics;
    }

    @Override
    public void onStart(final Connection<?> connection) {
        if (HANDSHAKEN.isSet(connection)) {
            statistics.renegotiationRefused();
            LOG.debug("TLS renegotiation by {} refused: connection closed", connection.getPeerAddress());
            connection.closeSilently();
            // ends Grizzly's blocking re-handshake before it waits for the client's next record
            throw new IllegalStateException("TLS renegotiation refused");
        }
    }

    @Override
    public void onComplete(final Connection<?> connection) {
        HANDSHAKEN.set(connection, Boolean.TRUE);
    }

    @Override
    public void onFailure(final Connection<?> connection, final Throwable t) {
        // the connection closes anyway
    }
}
