package io.eventhandler.client;

import io.eventhandler.client.testing.TcpProxy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A TCP relay on loopback whose connections a test can cut, to simulate network failures between client and server. */
final class LoopbackProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean accepting = true;
    private volatile boolean closed;

    LoopbackProxy(final int targetPort) throws IOException {
        this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort);
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final Thread acceptor = new Thread(this::acceptLoop, "proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /** Connections accepted and relayed so far. */
    int relayedConnections() {
        return accepted.get();
    }

    /** Whether new connections are relayed (true) or closed at once (false). */
    void accepting(final boolean value) {
        accepting = value;
    }

    /** Closes every relayed connection, as a network failure would. */
    void dropConnections() {
        for (final Socket socket : sockets) {
            closeQuietly(socket);
        }
        sockets.clear();
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        dropConnections();
    }

    private void acceptLoop() {
        while (!closed) {
            final Socket client;
            try {
                client = listener.accept();
            } catch (final IOException e) {
                return;
            }
            if (!accepting) {
                closeQuietly(client);
                continue;
            }
            try {
                final Socket server = new Socket(target.getAddress(), target.getPort());
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                accepted.incrementAndGet();
                TcpProxy.relay(client, server, "proxy-pump");
                TcpProxy.relay(server, client, "proxy-pump");
            } catch (final IOException e) {
                closeQuietly(client);
            }
        }
    }

    private static void closeQuietly(final AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (final Exception e) {
            // already closed
        }
    }
}
