package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lean client's webhook receiver: a loopback server socket (TLS with required client certificates in secure
 * mode, where only the Event Handler of the own cloud may deliver) with one thread per persistent connection, reading
 * {@code POST <notifyPath>} requests with a {@code Content-Length} body, handing the event's two needed fields to the
 * probe and answering 200 with an empty body. Anything else gets a 4xx and, where the framing is unknown, the
 * connection is closed. The Event Handler keeps one connection per subscriber, so threads stay few.
 */
final class RawWebhookReceiver implements WebhookFleet.Receiver {

    private static final Logger LOG = LoggerFactory.getLogger(RawWebhookReceiver.class);
    private static final byte[] OK = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_BODY = 1 << 20;

    private final ServerSocket server;
    private final Transport transport;
    private final String notifyPath;
    private final SubscriberProbe probe;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean closing;

    private RawWebhookReceiver(final ServerSocket server, final Transport transport, final String notifyPath,
                               final SubscriberProbe probe) {
        this.server = server;
        this.transport = transport;
        this.notifyPath = notifyPath;
        this.probe = probe;
    }

    /**
     * Listens on an ephemeral loopback port.
     *
     * @param transport  plain or TLS
     * @param notifyPath the path deliveries are posted to
     * @param probe      where the events go
     * @return the running receiver
     */
    static RawWebhookReceiver start(final Transport transport, final String notifyPath, final SubscriberProbe probe) {
        try {
            final ServerSocket socket = transport.listen(64);
            final RawWebhookReceiver receiver = new RawWebhookReceiver(socket, transport, notifyPath, probe);
            final Thread acceptor = new Thread(receiver::accept, "lean-webhook-accept-" + probe.name());
            acceptor.setDaemon(true);
            acceptor.start();
            return receiver;
        } catch (final IOException e) {
            throw new IllegalStateException("cannot open a webhook receiver: " + e.getMessage(), e);
        }
    }

    /** {@inheritDoc} */
    @Override
    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!closing) {
            try {
                final Socket connection = server.accept();
                connection.setTcpNoDelay(true);
                connections.add(connection);
                final Thread reader = new Thread(() -> serve(connection), "lean-webhook-" + probe.name());
                reader.setDaemon(true);
                reader.start();
            } catch (final IOException e) {
                if (!closing) {
                    LOG.warn("webhook receiver of {} stopped accepting: {}", probe.name(), e.toString());
                }
                return;
            }
        }
    }

    private void serve(final Socket connection) {
        try (connection) {
            final OutputStream out = connection.getOutputStream();
            final String refusal = transport.notificationRefusal(connection);
            if (refusal != null) {
                LOG.warn("webhook receiver of {} refused a connection: {}", probe.name(), refusal);
                answer(out, 401, refusal);
                return;
            }
            final HttpReader reader = new HttpReader(connection.getInputStream(), 16 * 1024);
            byte[] body = new byte[1024];
            while (true) {
                final HttpReader.RequestHead head = HttpReader.parseRequest(reader.readHeadText());
                if (head.chunked() || head.contentLength() < 0 || head.contentLength() > MAX_BODY) {
                    answer(out, 411, "a Content-Length body of at most " + MAX_BODY + " bytes is required");
                    return;
                }
                if (body.length < head.contentLength()) {
                    body = new byte[Math.max(head.contentLength(), body.length * 2)];
                }
                reader.readFully(body, head.contentLength());
                final long receivedMicros = EpochMicros.now();
                if (!head.method().equals("POST") || !head.target().equals(notifyPath)) {
                    answer(out, 404, head.method() + " " + head.target() + " is not " + "POST " + notifyPath);
                } else {
                    final EventFields.Fields fields = EventFields.of(body, head.contentLength());
                    if (fields == null) {
                        probe.onUnparseable();
                        answer(out, 400, "not an EventDTO");
                    } else {
                        probe.onDelivery(fields.payload(), fields.timeStamp(), receivedMicros);
                        out.write(OK);
                    }
                }
                if (head.close()) {
                    return;
                }
            }
        } catch (final EOFException | SocketException e) {
            // the Event Handler closed an idle pooled connection, or the receiver is closing
        } catch (final IOException e) {
            if (!closing) {
                LOG.warn("webhook connection of {} failed: {}", probe.name(), e.toString());
            }
        } finally {
            connections.remove(connection);
        }
    }

    private static void answer(final OutputStream out, final int status, final String reason) throws IOException {
        final byte[] body = ("{\"errorMessage\":\"" + reason.replace("\"", "'") + "\",\"errorCode\":" + status
                + ",\"exceptionType\":\"BAD_PAYLOAD\"}").getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + " Error\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        closing = true;
        try {
            server.close();
        } catch (final IOException ignored) {
            // closing anyway
        }
        for (final Socket connection : connections) {
            try {
                connection.close();
            } catch (final IOException ignored) {
                // closing anyway
            }
        }
    }
}
