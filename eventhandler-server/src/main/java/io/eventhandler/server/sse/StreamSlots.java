package io.eventhandler.server.sse;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SSE streams open now, bounded by {@code eh.sse.max.streams} whichever way a stream was opened; and no new one
 * from a client with a stream behind while the streams that stopped reading hold more than their budget
 * ({@link StalledStreamMemory#admits}), which a storm of them would otherwise keep growing faster than they are
 * disconnected.
 */
final class StreamSlots {

    private final AtomicInteger open = new AtomicInteger();
    private final int max;
    private final StalledStreamMemory stalls;

    StreamSlots(final int max, final StalledStreamMemory stalls) {
        this.max = max;
        this.stalls = stalls;
    }

    /**
     * Counts one more stream of the client at {@code address} in, unless the limit is reached or the stalled
     * streams' budget refuses it.
     */
    boolean tryAcquire(final String address) {
        if (!stalls.admits(address)) {
            return false;
        }
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            return false;
        }
        return true;
    }

    void release() {
        open.decrementAndGet();
    }

    int open() {
        return open.get();
    }

    int max() {
        return max;
    }

    StalledStreamMemory stalls() {
        return stalls;
    }
}
