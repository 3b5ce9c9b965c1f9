package io.eventhandler.server.history;

import io.eventhandler.core.broker.EventJournal;
import io.eventhandler.core.broker.JournalAck;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.topic.HistoryBounds;
import io.eventhandler.server.runtime.Loop;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.runtime.RunningLoop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Writes accepted events to the {@link HistoryStore} behind the hot path: the accepting thread only offers the event
 * to a bounded queue; the writer, a loop of the runner ({@code eh-history-writer}), takes what has gathered (up to a
 * batch), writes it, trims to the bounds and commits once for the batch (group commit), then tells the waiting
 * publishers on {@code eh-history-ack}. It is never interrupted (that would close the file under a write): a stop
 * wakes it with a marker, and what is queued then is still written. A write that fails closes the store:
 * delivery goes on from memory, the failure is logged once with its reason and counted, publishers waiting for
 * durability are told at once that it is unavailable, and the store is reopened (at most once a second) until it
 * works again.
 */
final class HistoryWriter implements EventJournal, Loop, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HistoryWriter.class);
    private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Pending STOP = new Pending(null, JournalAck.NONE);
    /** The longest one round gathers: a long commit interval is waited out over several rounds. */
    private static final long ROUND_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** A round waits up to a second for events; a commit that takes seconds more is a stall of the writer. */
    private static final Duration STALL_BOUND = Duration.ofSeconds(5);
    /** How long a stop waits for the writer to write what is queued and close the file. */
    private static final Duration STOP_WITHIN = Duration.ofSeconds(30);

    private record Pending(Event event, JournalAck ack) {
    }

    private final Path file;
    private final HistoryBounds bounds;
    private final boolean fsync;
    private final int batchMax;
    /**
     * After a batch nobody waited for, the writer gathers for this long before the next commit: fewer, larger
     * commits, fewer bytes written, and while it gathers the publishing threads' offers wake nobody. A publish
     * awaiting durability, a full batch or the stop ends the gathering at once.
     */
    private final long gatherNanos;
    private final Supplier<HistoryStore> reopen;
    private final BlockingQueue<Pending> queue;
    private final List<Pending> batch;
    private final RunningLoop loop;
    /** Acknowledgements answer HTTP requests: not on the writer thread, which goes on to the next batch. */
    private final ExecutorService acks;

    private HistoryStore store;
    /** Why writing fails now; null while it works. */
    private volatile String failure;
    private volatile String lastFailure;
    private long lastAttemptNanos;
    private long lastExpiryNanos;
    /** When the gathering after the last commit ends; 0 when the writer is not gathering. Writer thread only. */
    private long gatherUntilNanos;
    /** Events offered and not yet taken by the writer (the queue's size, without its lock). */
    private final AtomicInteger unwritten = new AtomicInteger();
    /** Set by a publish that must not wait for the gathering (awaited, or a batch's worth queued), and the stop. */
    private volatile boolean hurry;
    /** Whether the writer is parked gathering, so that a hurry must wake it. */
    private volatile boolean gathering;
    private volatile Thread writerThread;

    private final AtomicLong written = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong lastCommitMicros = new AtomicLong();

    /**
     * @param store  the open store, or null if it could not be opened (the writer starts as failing)
     * @param reopen opens the store file again after a failure (throws if it still cannot)
     */
    HistoryWriter(final HistoryStore store, final String openFailure, final Path file, final HistoryBounds bounds,
                  final boolean fsync, final int queueCapacity, final int batchMax, final int commitIntervalMillis,
                  final Supplier<HistoryStore> reopen, final Runner runner) {
        this.store = store;
        this.failure = store == null ? openFailure : null;
        this.lastFailure = failure;
        this.file = file;
        this.bounds = bounds;
        this.fsync = fsync;
        this.batchMax = batchMax;
        this.gatherNanos = TimeUnit.MILLISECONDS.toNanos(commitIntervalMillis);
        this.reopen = reopen;
        this.queue = new ArrayBlockingQueue<>(queueCapacity);
        this.batch = new ArrayList<>(batchMax);
        this.lastAttemptNanos = System.nanoTime();
        if (store == null) {
            failures.incrementAndGet();
        }
        this.acks = runner.pool("eh-history-ack", 1, STALL_BOUND);
        this.loop = runner.loop("eh-history-writer", STALL_BOUND, this);
    }

    @Override
    public void append(final Event event, final JournalAck ack) {
        final String reason = failure;
        if (reason != null && ack != JournalAck.NONE) {
            ack.failed(reason); // do not keep a publisher waiting for a commit that fails
        }
        final JournalAck awaited = reason == null ? ack : JournalAck.NONE;
        if (!queue.offer(new Pending(event, awaited))) {
            dropped.incrementAndGet();
            if (reason == null) {
                ack.failed("the durable history's queue is full");
            }
            return;
        }
        if (unwritten.incrementAndGet() >= batchMax || awaited != JournalAck.NONE) {
            hurry();
        }
    }

    /** Ends the writer's gathering: it takes what is queued now. */
    private void hurry() {
        hurry = true;
        if (gathering) {
            LockSupport.unpark(writerThread);
        }
    }

    /** Whether events are being written now. */
    boolean healthy() {
        return failure == null;
    }

    HistoryWriterStatus status() {
        return new HistoryWriterStatus(failure == null, failure == null ? null : failure, lastFailure, queue.size(),
                written.get(), commits.get(), lastCommitMicros.get(), dropped.get(), lost.get(), failures.get());
    }

    /**
     * One batch: what gathered, waiting at most a second for the first (the age bound is kept meanwhile); or, while
     * the writer gathers after a commit nobody waited for, up to a second more of that.
     */
    @Override
    public void round() throws InterruptedException {
        if (gatherUntilNanos != 0 && gather()) {
            return;
        }
        hurry = false; // before taking: a hurry from now on ends the next gathering
        final Pending first = queue.poll(1, TimeUnit.SECONDS);
        if (first != null) {
            batch.add(first);
            queue.drainTo(batch, batchMax - 1);
        }
        final boolean stopping = batch.remove(STOP);
        unwritten.addAndGet(-batch.size());
        final boolean awaited = batch.stream().anyMatch(pending -> pending.ack() != JournalAck.NONE);
        final boolean full = batch.size() >= batchMax;
        final boolean empty = batch.isEmpty();
        write(batch);
        batch.clear();
        // after a commit of events nobody waited for; an idle writer takes the next event at once
        if (!empty && !awaited && !full && !stopping && gatherNanos > 0) {
            gatherUntilNanos = System.nanoTime() + gatherNanos;
        }
    }

    /** Gathers for up to a second of what is left of the interval; false once it is over or hurried. */
    private boolean gather() {
        final long left = gatherUntilNanos - System.nanoTime();
        if (left <= 0 || hurry || unwritten.get() >= batchMax) {
            gatherUntilNanos = 0;
            return false;
        }
        writerThread = Thread.currentThread();
        gathering = true;
        try {
            if (!hurry) { // a hurry after this check sees gathering set and unparks
                LockSupport.parkNanos(this, Math.min(left, ROUND_NANOS));
            }
        } finally {
            gathering = false;
        }
        return true;
    }

    /** The stop's marker: wakes a writer waiting for events without interrupting a write. */
    @Override
    public void wake(final Thread thread) {
        queue.offer(STOP);
        hurry();
    }

    /** What was accepted before the stop is still written; then the store is committed and closed. */
    @Override
    public void finish() {
        queue.drainTo(batch);
        batch.remove(STOP);
        write(batch);
        batch.clear();
        closeStore();
    }

    private void write(final List<Pending> batch) {
        if (store == null && !tryReopen()) {
            lost.addAndGet(batch.size());
            fail(batch, failure);
            return;
        }
        try {
            final long start = System.nanoTime();
            final long nowMillis = System.currentTimeMillis();
            final Set<String> touched = new HashSet<>();
            for (final Pending pending : batch) {
                final Event event = pending.event();
                // the monotonic acceptance instant, as wall-clock time: the only one meaningful after a restart
                final long acceptedMillis = nowMillis - (start - event.acceptedNanos()) / 1_000_000L;
                store.put(event.topic(), event.sequence(), HistoryRecords.encode(event, acceptedMillis));
                touched.add(event.topic());
            }
            touched.forEach(topic -> store.trim(topic, bounds));
            int expired = 0;
            if (start - lastExpiryNanos >= RETRY_NANOS) { // the age bound is kept to the second
                lastExpiryNanos = start;
                expired = store.expire(bounds, nowMillis);
            }
            if (!batch.isEmpty() || expired > 0) {
                store.commit(fsync);
            }
            if (failure != null) {
                LOG.info("Durable history: {} is written again ({} events were not kept meanwhile)", file,
                        lost.get());
                failure = null;
            }
            if (!batch.isEmpty()) {
                written.addAndGet(batch.size());
                commits.incrementAndGet();
                lastCommitMicros.set((System.nanoTime() - start) / 1_000);
                final List<Pending> done = List.copyOf(batch);
                acks.execute(() -> done.forEach(pending -> pending.ack().durable(pending.event())));
            }
        } catch (final RuntimeException e) {
            final String reason = "writing " + file + " failed: " + describe(e);
            failures.incrementAndGet();
            lastFailure = reason;
            if (failure == null) { // once per outage, not per batch or retry
                LOG.error("Durable history: {}. Events are still delivered and replayed from memory but not kept "
                        + "on disk; publishes awaiting durability are answered 503 until the store can be written "
                        + "again (retried every second).", reason, e);
            } else {
                LOG.debug("Durable history: {} (still failing)", reason);
            }
            failure = reason;
            lost.addAndGet(batch.size());
            fail(batch, reason);
            store.abandon();
            store = null;
            lastAttemptNanos = System.nanoTime();
        }
    }

    private boolean tryReopen() {
        final long now = System.nanoTime();
        if (now - lastAttemptNanos < RETRY_NANOS) {
            return false;
        }
        lastAttemptNanos = now;
        try {
            store = reopen.get(); // still failing until a commit succeeds: durable acknowledgements wait for that
            return true;
        } catch (final RuntimeException e) {
            failure = "reopening " + file + " failed: " + describe(e);
            return false;
        }
    }

    private void fail(final List<Pending> batch, final String reason) {
        if (batch.stream().anyMatch(p -> p.ack() != JournalAck.NONE)) {
            final List<Pending> failed = List.copyOf(batch);
            acks.execute(() -> failed.forEach(pending -> pending.ack().failed(reason)));
        }
    }

    static String describe(final Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        final String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return cause == e ? message : e.getMessage() + " (" + message + ")";
    }

    private void closeStore() {
        if (store != null) {
            try {
                store.close();
            } catch (final RuntimeException e) {
                LOG.warn("Durable history: closing {} failed: {}", file, describe(e));
                store.abandon();
            }
            store = null;
        }
    }

    /** Write what is queued, commit and close the store. */
    @Override
    public void close() {
        if (!loop.stop(STOP_WITHIN)) {
            LOG.warn("Durable history: the writer did not finish within {} s; the last events may not be on disk",
                    STOP_WITHIN.toSeconds());
        }
        acks.shutdown();
    }
}
