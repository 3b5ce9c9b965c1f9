package io.eventhandler.client.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on a loopback port to another: the link between two instances that a test can cut ({@link #cut()}:
 * the listener and every relayed connection close, new connections are refused) and restore on the same port.
 */
public final class TcpProxy implements AutoCloseable {

    private final int port;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile ServerSocket listener;

    private TcpProxy(final int port, final int target) {
        this.port = port;
        this.target = target;
    }

    /** Relay {@code port} to {@code target}, both on loopback. */
    public static TcpProxy start(final int port, final int target) {
        final TcpProxy proxy = new TcpProxy(port, target);
        proxy.restore();
        return proxy;
    }

    public int port() {
        return port;
    }

    /** Listen (again) and relay. */
    public synchronized void restore() {
        try {
            final ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
            listener = socket;
            final Thread acceptor = new Thread(() -> accept(socket), "proxy-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cut the link: stop listening and close every relayed connection. */
    public synchronized void cut() {
        closeQuietly(listener);
        for (final Socket socket : sockets) {
            closeQuietly(socket);
        }
        sockets.clear();
    }

    private void accept(final ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                final Socket client = socket.accept();
                final Socket server;
                try {
                    server = new Socket(InetAddress.getLoopbackAddress(), target);
                } catch (final IOException e) {
                    closeQuietly(client);
                    continue;
                }
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                relay(client, server, "proxy-relay-" + port);
                relay(server, client, "proxy-relay-" + port);
            } catch (final IOException e) {
                // closed by cut(), or the target refused: the client sees its connection closed
            }
        }
    }

    /** Copies what {@code from} reads to {@code to} on a daemon thread, closing both when either side closes. */
    public static void relay(final Socket from, final Socket to, final String threadName) {
        final Thread thread = new Thread(() -> {
            final byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (final IOException e) {
                // one side closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(final java.io.Closeable closeable) {
        try {
            if (closeable != null) {
                closeable.close();
            }
        } catch (final IOException ignored) {
            // closing
        }
    }

    @Override
    public void close() {
        cut();
    }
}
