package io.eventhandler.server.http;

import org.glassfish.grizzly.Connection;

import java.net.InetSocketAddress;

/** The client address of a connection, without its port: what per-client limits count by. */
public final class PeerAddress {

    private PeerAddress() {
    }

    public static String of(final Connection<?> connection) {
        return connection.getPeerAddress() instanceof InetSocketAddress peer && peer.getAddress() != null
                ? peer.getAddress().getHostAddress() : String.valueOf(connection.getPeerAddress());
    }
}
