package io.eventhandler.server.http;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the connection limits and the request deadline did: connections open now, connections closed at accept (over
 * the total or over one address's share), requests cut for arriving too slowly (in their head, or in their body)
 * and TLS renegotiations refused.
 * Thread-safe.
 */
public final class ConnectionStatistics {

    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder refusedOverTotal = new LongAdder();
    private final LongAdder refusedOverAddress = new LongAdder();
    private final LongAdder cutInHead = new LongAdder();
    private final LongAdder cutInBody = new LongAdder();
    private final LongAdder renegotiationsRefused = new LongAdder();

    AtomicInteger openCounter() {
        return open;
    }

    void refusedOverTotal() {
        refusedOverTotal.increment();
    }

    void refusedOverAddress() {
        refusedOverAddress.increment();
    }

    void cutInHead() {
        cutInHead.increment();
    }

    void cutInBody() {
        cutInBody.increment();
    }

    /** A client tried to renegotiate TLS; its connection was closed. */
    public void renegotiationRefused() {
        renegotiationsRefused.increment();
    }

    /** Client-initiated TLS renegotiations refused. */
    public long renegotiationsRefusedCount() {
        return renegotiationsRefused.sum();
    }

    /** Client connections open now. */
    public int open() {
        return open.get();
    }

    /** Connections closed at accept because the total limit was reached. */
    public long refusedOverTotalCount() {
        return refusedOverTotal.sum();
    }

    /** Connections closed at accept because their address had its limit open. */
    public long refusedOverAddressCount() {
        return refusedOverAddress.sum();
    }

    /** Connections closed because a request's head had not arrived within the deadline. */
    public long cutInHeadCount() {
        return cutInHead.sum();
    }

    /** Requests answered 408 because their body had not arrived within the deadline. */
    public long cutInBodyCount() {
        return cutInBody.sum();
    }
}
