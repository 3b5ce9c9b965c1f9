package io.eventhandler.server.sse;

import java.util.concurrent.atomic.AtomicInteger;

/** The SSE streams open now, bounded by {@code eh.sse.max.streams} whichever way a stream was opened. */
final class StreamSlots {

    private final AtomicInteger open = new AtomicInteger();
    private final int max;

    StreamSlots(final int max) {
        this.max = max;
    }

    /** Counts one more stream in, unless the limit is reached. */
    boolean tryAcquire() {
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
}
