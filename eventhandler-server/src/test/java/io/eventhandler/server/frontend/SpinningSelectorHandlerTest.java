package io.eventhandler.server.frontend;

import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.nio.transport.TCPNIOTransportBuilder;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Selector threads that poll before they sleep still take every new connection and every byte: on a real Grizzly
 * transport with two selectors (one accepts and hands connections to the other as queued tasks) whose handler
 * keeps a selector busy while connections arrive, so that wake-ups are sent to a busy selector and consumed by its
 * next poll. A selector left asleep with a task queued would answer none of the later connections within the read
 * timeout (its select sleeps 30 s); one that stopped running queued tasks would answer none at all.
 */
class SpinningSelectorHandlerTest {

    private static final int READ_TIMEOUT_MS = 5_000;

    private TCPNIOTransport transport;
    private SpinningSelectorHandler selectors;
    /** What {@link SpinningSelectorHandler#waitedRecently} said on reading each message, by its first letter. */
    private final Map<Character, List<Boolean>> waited = new ConcurrentHashMap<>();
    private int port;
    private volatile CountDownLatch release = new CountDownLatch(0);
    private final CountDownLatch holding = new CountDownLatch(1);
    private final CountDownLatch sentNext = new CountDownLatch(1);

    @BeforeEach
    void start() throws IOException {
        start(2);
    }

    private void start(final int selectorThreads) throws IOException {
        final FilterChainBuilder chain = FilterChainBuilder.stateless().add(new TransportFilter()).add(new Echo());
        transport = TCPNIOTransportBuilder.newInstance().setIOStrategy(SameThreadIOStrategy.getInstance())
                .setSelectorRunnersCount(selectorThreads).build();
        selectors = new SpinningSelectorHandler(1);
        transport.setSelectorHandler(selectors);
        transport.setProcessor(chain.build());
        port = transport.bind(new InetSocketAddress("127.0.0.1", 0)).getLocalAddress() instanceof InetSocketAddress a
                ? a.getPort() : -1;
        transport.start();
    }

    @AfterEach
    void stop() throws IOException {
        release.countDown();
        transport.shutdownNow();
    }

    /** Echoes what it reads; a read of "hold" keeps its selector busy until the test releases it. */
    private final class Echo extends BaseFilter {
        @Override
        public NextAction handleRead(final FilterChainContext ctx) throws IOException {
            final Buffer in = ctx.getMessage();
            final String text = in.toStringContent(StandardCharsets.US_ASCII);
            waited.computeIfAbsent(text.charAt(0), c -> new CopyOnWriteArrayList<>()).add(selectors.waitedRecently());
            if (text.startsWith("hold")) {
                holding.countDown();
                try {
                    release.await(READ_TIMEOUT_MS, TimeUnit.MILLISECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (text.startsWith("busy")) { // busy past the "behind" limit, until the next message is there
                holding.countDown();
                final long start = System.nanoTime();
                while (System.nanoTime() - start <= SpinningSelectorHandler.BEHIND_AFTER_MICROS * 1_000L) {
                    Thread.onSpinWait();
                }
                try {
                    sentNext.await(READ_TIMEOUT_MS, TimeUnit.MILLISECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            ctx.write(in);
            return ctx.getStopAction();
        }
    }

    @Test
    void connectionsArrivingWhileASelectorIsBusyThenAsleepAreAllServed() throws Exception {
        for (int round = 0; round < 60; round++) {
            release = new CountDownLatch(1);
            final List<Socket> sockets = new ArrayList<>();
            final Socket busy = connect(); // connections go to the selectors in turn: each round holds the other one
            sockets.add(busy);
            send(busy, "hold");
            for (int i = 0; i < 4; i++) { // accepted by the free selector, queued for the busy one with a wake-up
                sockets.add(connect());
            }
            release.countDown();
            assertEquals("hold", echoOf(busy, 4));
            // the busy selector runs the queued registrations, polls for 1 µs and sleeps: these arrivals are
            // queued for it (or for the other one) while it sleeps, and only their own wake-ups can wake it
            final List<Socket> later = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                later.add(connect());
            }
            for (final Socket socket : later) {
                send(socket, "ping");
                assertEquals("ping", echoOf(socket, 4), "round " + round);
            }
            sockets.addAll(later);
            for (final Socket socket : sockets) {
                send(socket, "pong");
                assertEquals("pong", echoOf(socket, 4), "round " + round);
                socket.close();
            }
        }
    }

    @Test
    void aSelectorThatFoundWorkAtEveryLookForLongIsBehind() throws Exception {
        transport.shutdownNow();
        start(1); // one selector: the sleeps counted are its own
        try (Socket socket = connect()) {
            send(socket, "busy");
            assertTrue(holding.await(READ_TIMEOUT_MS, TimeUnit.MILLISECONDS));
            send(socket, "next"); // on loopback in the receiver's buffer when the write returns: before "busy" ends
            final long slept = selectors.sleeps();
            sentNext.countDown();
            assertEquals("busynext", echoOf(socket, 8));
            // sent once the selector has gone to sleep after those: it waited for this one
            await().atMost(Duration.ofSeconds(5)).until(() -> selectors.sleeps() > slept);
            send(socket, "late");
            assertEquals("late", echoOf(socket, 4));
            assertEquals(List.of(false), waited.get('n'), "busy for longer than the limit, then work at once");
            assertEquals(List.of(true), waited.get('l'), "the selector ran out of work again");
        }
    }

    private Socket connect() throws IOException {
        final Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(READ_TIMEOUT_MS);
        socket.setTcpNoDelay(true);
        return socket;
    }

    private static void send(final Socket socket, final String text) throws IOException {
        final OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static String echoOf(final Socket socket, final int length) throws IOException {
        final InputStream in = socket.getInputStream();
        final byte[] bytes = in.readNBytes(length);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
