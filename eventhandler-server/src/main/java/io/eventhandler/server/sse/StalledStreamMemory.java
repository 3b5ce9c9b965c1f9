package io.eventhandler.server.sse;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The heap held by SSE streams whose clients do not take their writes, against a budget shared by all of them
 * ({@code eh.sse.stalled.memory.bytes}). The stream limit counts what a stream that keeps up holds, a few KiB. A
 * stream falls behind when a write to it does not leave for its socket at once (the kernel's buffer is full), or when
 * it starts with a replay queued; it then holds what its connection queued and its outbox's backlog, so that a few
 * hundred clients that stop reading on purpose (resuming a history of large events) exhausted a 128 MB heap. While
 * the streams behind hold more than the budget together, no new stream is let in from an address that has a stream
 * behind ({@link #admits}; from others, up to a quarter of the budget more), and the ones that have taken nothing
 * for longest are disconnected ({@link #shed}): each can reconnect and resume with {@code Last-Event-ID}. A write
 * that leaves at once is not counted at all: a stream that keeps up touches nothing shared.
 */
public final class StalledStreamMemory implements MeterBinder {

    /**
     * How long a stream behind may take nothing before it can be disconnected for the budget: a client reading a
     * long replay as fast as it can is behind too, and takes a write every few milliseconds.
     */
    static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** About what one queued item costs its outbox (a queue node and a reference in a batch). */
    static final int QUEUED_ITEM_BYTES = 32;

    private final long budgetBytes;
    /** Bytes written to the streams' connections and not sent yet, and the backlogs of the streams behind. */
    private final LongAdder heldBytes = new LongAdder();
    private final Set<Stream> behind = ConcurrentHashMap.newKeySet();
    /** How many streams behind each client address has. */
    private final Map<String, Integer> behindByAddress = new ConcurrentHashMap<>();
    private volatile Runnable whenOverBudget = () -> { };

    private final LongSupplier clock;

    /** @param budgetBytes what the streams behind may hold together before some are disconnected */
    public StalledStreamMemory(final long budgetBytes) {
        this(budgetBytes, System::nanoTime);
    }

    /** With this clock ({@link System#nanoTime} but in tests). */
    StalledStreamMemory(final long budgetBytes, final LongSupplier clock) {
        if (budgetBytes <= 0) {
            throw new IllegalArgumentException("budget " + budgetBytes + " <= 0");
        }
        this.budgetBytes = budgetBytes;
        this.clock = clock;
    }

    /** What to run when a stream falling behind puts the total over the budget: soon, and not on that thread. */
    void onOverBudget(final Runnable action) {
        this.whenOverBudget = action;
    }

    /** An account for one stream of a client at {@code address}; nothing counts until its output uses it. */
    Stream stream(final String address) {
        return new Stream(address);
    }

    /** Whether the streams hold more than the budget now. */
    boolean overBudget() {
        return heldBytes.sum() > budgetBytes;
    }

    /**
     * Whether a new stream from {@code address} may open: always within the budget; over it, only from an address
     * none of whose streams is behind, and only until the streams hold a quarter of the budget more. One client that
     * stops reading (a broken device that reconnects and resumes in a loop) fills the budget with its own streams;
     * the others' new streams are let in meanwhile, not refused with its.
     */
    boolean admits(final String address) {
        final long held = heldBytes.sum();
        return held <= budgetBytes
                || held <= budgetBytes + budgetBytes / 4 && !behindByAddress.containsKey(address);
    }

    public long heldBytes() {
        return heldBytes.sum();
    }

    public long budgetBytes() {
        return budgetBytes;
    }

    /** Its budget, what the streams behind hold, and how many they are, as gauges. */
    @Override
    public void bindTo(final MeterRegistry registry) {
        Gauge.builder("eh.sse.stalled.memory.max.bytes", this, StalledStreamMemory::budgetBytes)
                .description("Heap the SSE streams whose clients do not read may hold together").register(registry);
        Gauge.builder("eh.sse.stalled.memory.held.bytes", this, StalledStreamMemory::heldBytes)
                .description("Heap the SSE streams behind are counted as holding").register(registry);
        Gauge.builder("eh.sse.streams.behind", this, StalledStreamMemory::behind)
                .description("SSE streams whose last write has not left for the socket").register(registry);
    }

    /** Streams behind now. */
    int behind() {
        return behind.size();
    }

    /**
     * Once the streams hold more than the budget, disconnects the streams behind that have taken nothing for
     * longest, but for at least {@link #GRACE_NANOS}, until they hold three quarters of it: new streams, refused while
     * they hold more than the budget, are let in again meanwhile. What a disconnected stream held is freed as its
     * connection closes, a moment later; it is not counted again meanwhile.
     *
     * @return whether some of the excess is left (its streams still within their grace): ask again soon
     */
    boolean shed() {
        final long held = heldBytes.sum();
        if (held <= budgetBytes) {
            return false;
        }
        long excess = held - budgetBytes / 4 * 3;
        final List<Stream> candidates = new ArrayList<>();
        for (final Stream stream : behind) {
            if (stream.disconnecting) {
                excess -= stream.bytes();
            } else if (stream.held.get() > 0) {
                candidates.add(stream);
            }
        }
        candidates.sort(Comparator.comparingLong(Stream::progressNanos));
        final long now = clock.getAsLong();
        for (final Stream stream : candidates) {
            if (excess <= 0 || now - stream.progressNanos < GRACE_NANOS) {
                break;
            }
            stream.disconnecting = true;
            excess -= stream.bytes();
            stream.disconnect.run();
        }
        return excess > 0;
    }

    /** One stream's account: its output adds what it hands to the connection and removes what has left. */
    final class Stream {

        private static final long CLOSED = Long.MIN_VALUE;

        private final String address;
        private final AtomicLong held = new AtomicLong();
        /** When it fell behind, or 0 while it keeps up. */
        private volatile long behindSinceNanos;
        /** While behind: when a write of it last left for the socket (or when it fell behind). */
        private volatile long progressNanos;
        /** Its outbox's backlog counted while it is behind. */
        private long backlogBytes;
        private volatile IntSupplier backlog = () -> 0;
        private volatile Runnable disconnect = () -> { };
        /** Shed, its connection closing. */
        private volatile boolean disconnecting;

        private Stream(final String address) {
            this.address = address;
        }

        /**
         * How to disconnect it, and its outbox's queued items, once it is attached. A stream that starts with a
         * replay queued counts it at once, as one behind: until its first write leaves, nothing says it reads.
         */
        void attach(final IntSupplier queuedItems, final Runnable disconnectAction) {
            this.backlog = queuedItems;
            this.disconnect = disconnectAction;
            if (queuedItems.getAsInt() > 0) {
                fallBehind();
            }
        }

        /** Bytes handed to the connection (before the write, which may complete at once). */
        void add(final long bytes) {
            if (update(bytes)) {
                heldBytes.add(bytes);
            }
        }

        /** Bytes that have left for the socket. */
        void remove(final long bytes) {
            if (update(-bytes)) {
                heldBytes.add(-bytes);
                tookWrite();
            }
        }

        /** Adds to what it holds, unless it closed (a completion may come after its close). */
        private boolean update(final long delta) {
            long now;
            do {
                now = held.get();
                if (now == CLOSED) {
                    return false;
                }
            } while (!held.compareAndSet(now, now + delta));
            return true;
        }

        /** A write left for the socket within the call that wrote it: a stream behind (by its replay) reads. */
        void leftAtOnce() {
            tookWrite();
        }

        /** While behind: it reads; once nothing of it waits, it is no longer behind. */
        private void tookWrite() {
            if (behindSinceNanos != 0) {
                progressNanos = clock.getAsLong();
                if (held.get() == 0) {
                    keptUp();
                }
            }
        }

        /** After a write returned: what it left queued means the stream is behind. */
        void afterWrite() {
            if (held.get() > 0 && behindSinceNanos == 0) {
                fallBehind();
            }
        }

        private void fallBehind() {
            synchronized (this) {
                if (behindSinceNanos != 0 || held.get() == CLOSED) {
                    return;
                }
                final long now = clock.getAsLong();
                progressNanos = now;
                behindSinceNanos = now == 0 ? 1 : now;
                backlogBytes = (long) QUEUED_ITEM_BYTES * backlog.getAsInt();
                heldBytes.add(backlogBytes);
                behind.add(this);
                behindByAddress.merge(address, 1, Integer::sum);
            }
            if (overBudget()) {
                whenOverBudget.run();
            }
        }

        private void keptUp() {
            synchronized (this) {
                if (behindSinceNanos != 0 && held.get() == 0) {
                    notBehind();
                }
            }
        }

        /** Its connection closed: whatever it held is freed. */
        void closed() {
            final long bytes = held.getAndSet(CLOSED);
            if (bytes == CLOSED) {
                return;
            }
            heldBytes.add(-bytes);
            synchronized (this) {
                if (behindSinceNanos != 0) {
                    notBehind();
                }
            }
        }

        private void notBehind() {
            behindSinceNanos = 0;
            heldBytes.add(-backlogBytes);
            backlogBytes = 0;
            behind.remove(this);
            behindByAddress.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
        }

        long behindSinceNanos() {
            return behindSinceNanos;
        }

        long progressNanos() {
            return progressNanos;
        }

        /** What it counts in the total now: its queued writes and, while behind, its backlog. */
        private long bytes() {
            return Math.max(0, held.get()) + backlogBytes;
        }

        long held() {
            return held.get();
        }
    }
}
