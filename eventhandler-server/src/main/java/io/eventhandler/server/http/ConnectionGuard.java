package io.eventhandler.server.http;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChain;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.FilterChainEvent;
import org.glassfish.grizzly.filterchain.NextAction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The first filter above the transport (below TLS): caps the client connections open at once, in total and per
 * client address, closing one more as soon as it is accepted (a descriptor is then held for microseconds, not for as
 * long as the client likes); and starts the clock of a request at its first byte, so that {@link #sweep} can cut a
 * request that has not arrived whole within the deadline (a TLS handshake and a slow head included).
 * {@link WholeRequestFilter} stops the clock when the request is whole.
 */
public final class ConnectionGuard extends BaseFilter {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);
    static final Attribute<ClientConnection> CLIENT =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(ConnectionGuard.class.getName() + ".client");

    private final int maxConnections;
    private final int maxPerAddress;
    private final long timeoutNanos;
    private final ConnectionStatistics statistics;
    private final Map<Connection<?>, ClientConnection> clients = new ConcurrentHashMap<>();
    private final Map<String, Integer> byAddress = new ConcurrentHashMap<>();

    /**
     * @param timeoutMs how long a request may take to arrive whole, from its first byte
     */
    public ConnectionGuard(final int maxConnections, final int maxPerAddress, final long timeoutMs,
                           final ConnectionStatistics statistics) {
        this.maxConnections = maxConnections;
        this.maxPerAddress = maxPerAddress;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        this.statistics = statistics;
    }

    /** Check every request's deadline on {@code timer}, a few times per deadline (at least once a second). */
    public void startSweeping(final ScheduledExecutorService timer) {
        final long period = Math.max(10, Math.min(1_000, TimeUnit.NANOSECONDS.toMillis(timeoutNanos) / 4));
        timer.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public NextAction handleAccept(final FilterChainContext ctx) {
        final Connection<?> connection = ctx.getConnection();
        final String address = PeerAddress.of(connection);
        final AtomicInteger open = statistics.openCounter();
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            statistics.refusedOverTotal();
            return refuse(ctx, "the limit of open connections");
        }
        // counted inside the map's own update: a count taken out of the map while its last connection closed
        // would be incremented where no later accept or close sees it
        final int fromAddress = byAddress.merge(address, 1, Integer::sum);
        if (fromAddress > maxPerAddress) {
            release(address);
            open.decrementAndGet();
            statistics.refusedOverAddress();
            return refuse(ctx, "the limit of open connections per client address");
        }
        final ClientConnection client = new ClientConnection(connection, address);
        CLIENT.set(connection, client);
        clients.put(connection, client);
        return ctx.getInvokeAction();
    }

    private static NextAction refuse(final FilterChainContext ctx, final String limit) {
        LOG.debug("Connection from {} closed at accept: {} is reached", ctx.getConnection().getPeerAddress(), limit);
        ctx.getConnection().closeSilently();
        return ctx.getStopAction();
    }

    @Override
    public NextAction handleRead(final FilterChainContext ctx) {
        final ClientConnection client = CLIENT.get(ctx.getConnection());
        if (client != null) {
            client.bytesArrived(System.nanoTime());
        }
        return ctx.getInvokeAction();
    }

    @Override
    public NextAction handleClose(final FilterChainContext ctx) {
        final ClientConnection client = CLIENT.remove(ctx.getConnection());
        if (client != null && clients.remove(client.connection) != null) {
            release(client.address);
            statistics.openCounter().decrementAndGet();
        }
        return ctx.getInvokeAction();
    }

    private void release(final String address) {
        byAddress.computeIfPresent(address, (a, count) -> count <= 1 ? null : count - 1);
    }

    /** Cut every request that has been arriving for longer than the deadline. */
    void sweep() {
        final long now = System.nanoTime();
        for (final ClientConnection client : clients.values()) {
            if (client.overdue(now, timeoutNanos)) {
                cut(client);
            }
        }
    }

    /**
     * A request whose head is in is answered 408 by the whole-request filter (an event through the connection's
     * filter chain, which encodes and encrypts the answer); one still in its head (or TLS handshake) is closed.
     */
    @SuppressWarnings("unchecked")
    private void cut(final ClientConnection client) {
        client.arrived();
        final boolean headArrived;
        synchronized (client) {
            headArrived = client.request != null && !client.cut;
        }
        if (headArrived && client.connection.getProcessor() instanceof FilterChain chain) {
            chain.fireEventUpstream(client.connection, new RequestTimeout(client), null);
        } else {
            statistics.cutInHead();
            LOG.debug("Connection from {} closed: no whole request head within the deadline", client.address);
            client.connection.closeSilently();
        }
    }

    /** The deadline of the request being gathered on this connection passed. */
    record RequestTimeout(ClientConnection client) implements FilterChainEvent {
        @Override
        public Object type() {
            return RequestTimeout.class;
        }
    }
}
