package io.eventhandler.core.outbox;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounded queue and the logical writer of one subscriber.
 *
 * <p>Threading: one producer at a time, always under the topic's lock: the topic's fan-out on the delivery worker
 * that runs a dispatch job ({@link #offer}), or the replay when the subscriber attaches ({@link #prefill}). One
 * drain at a time, on the executor it was given: the drain a fan-out starts runs on that delivery worker once its
 * fan-out is over ({@link DeferredDeliveryExecutor}), the drain after a write that completed later (and one a
 * heartbeat's {@link #wake} or a {@link #close} starts) on the drain pool. At most one batch is in flight to the
 * {@link EventSink}; the next drain starts when the sink completes it (on the same thread if it completed at once).
 * A slow subscriber therefore occupies no thread and delays nobody else: its queue fills, and what does not fit is
 * dropped, counted, and announced to it as a {@link Gap} ahead of the next event that fits, or as soon as its queue
 * has drained if no event comes. What becomes of each event is reported to its {@link OutboxListener}.
 */
public final class SubscriberOutbox {

    private static final Logger LOG = LoggerFactory.getLogger(SubscriberOutbox.class);

    private static final int IDLE = 0;
    private static final int SCHEDULED = 1;

    private static final int DELIVERING = 0;
    private static final int COMPLETED_INLINE = 1;
    private static final int WAITING_ASYNC = 2;

    private final long id;
    private final String topic;
    private final Object subscriberKey;
    private final String description;
    private final int capacity;
    private final int maxBatch;
    private final Executor executor;
    private final EventSink sink;
    /** The sink's {@link EventSink#maxBatchBytes}, read once. */
    private final int maxBatchBytes;
    /** The sink's {@link EventSink#writesWithoutBlocking}, read once. */
    private final boolean writesWithoutBlocking;
    private final OutboxListener listener;
    /** The batch handed to the sink and not completed yet: read by its completion only. */
    private volatile List<OutboxItem> inFlight = List.of();
    /** When the batch in flight was handed to the sink, or 0 when none is. */
    private volatile long inFlightSinceNanos;
    /** When this subscriber first lost an event since its last completed batch, or 0. */
    private volatile long droppingSinceNanos;

    /** What an item adds to a batch's bytes besides an event's notification, about (an SSE frame's id and names). */
    static final int FRAMING_BYTES = 64;

    private final ConcurrentLinkedQueue<OutboxItem> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final AtomicInteger drainState = new AtomicInteger(IDLE);
    private final AtomicInteger batchState = new AtomicInteger(DELIVERING);
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final DeliveryCallback callback = new DeliveryCallback() {
        @Override
        public void completed(final int deliveredCount, final int failedCount) {
            onBatchCompleted(deliveredCount, failedCount);
        }

        @Override
        public void eventDone(final Event event, final boolean deliveredToSubscriber) {
            onEventDone(event, deliveredToSubscriber);
        }
    };
    /**
     * Events of the batch in flight the sink reported one by one ({@link DeliveryCallback#eventDone}), and how many
     * of them it delivered: their reports are not repeated at the batch's completion. Reset by the drain before it
     * hands a batch over, then touched only by the sink's reports of that batch, which come after (plain fields).
     */
    private int doneEarly;
    private int deliveredEarly;
    private final Runnable drainTask = this::drain;

    private volatile CloseReason closeReason;
    private volatile boolean wakeRequested;
    private boolean sinkClosed;

    // The dropped range not yet announced: written by the producer, and by the drain when the queue ran empty
    // (under gapLock, so a gap always lands in the queue before the event that follows it).
    private final Object gapLock = new Object();
    private volatile long pendingGapFirst;
    private long pendingGapLast;

    public SubscriberOutbox(final long id, final String topic, final Object subscriberKey, final String description,
                            final int capacity, final int maxBatch, final Executor executor, final EventSink sink) {
        this(id, topic, subscriberKey, description, capacity, maxBatch, executor, sink, OutboxListener.NONE);
    }

    public SubscriberOutbox(final long id, final String topic, final Object subscriberKey, final String description,
                            final int capacity, final int maxBatch, final Executor executor, final EventSink sink,
                            final OutboxListener listener) {
        if (capacity < 2) {
            throw new IllegalArgumentException("capacity=" + capacity + " < 2");
        }
        this.id = id;
        this.topic = topic;
        this.subscriberKey = subscriberKey;
        this.description = description;
        this.capacity = capacity;
        this.maxBatch = maxBatch;
        this.executor = executor;
        this.sink = sink;
        this.writesWithoutBlocking = sink.writesWithoutBlocking();
        this.maxBatchBytes = sink.maxBatchBytes();
        this.listener = listener;
    }

    /** Whether its drain never blocks the thread that runs it ({@link EventSink#writesWithoutBlocking}). */
    public boolean writesWithoutBlocking() {
        return writesWithoutBlocking;
    }

    /**
     * Queue an event for this subscriber, or drop it if the queue is full. Producer side: call with the topic's lock
     * held.
     *
     * @return whether the event was queued
     */
    public boolean offer(final Event event) {
        if (closeReason != null) {
            listener.dropped(event, OutboxListener.DropReason.CLOSED);
            return false;
        }
        synchronized (gapLock) {
            if (pendingGapFirst != 0) {
                if (size.get() >= capacity - 1) {
                    pendingGapLast = event.sequence();
                    dropped.incrementAndGet();
                    markDropping();
                    listener.dropped(event, OutboxListener.DropReason.OVERFLOW);
                    return false;
                }
                enqueuePendingGap();
            } else if (size.get() >= capacity) {
                pendingGapFirst = event.sequence();
                pendingGapLast = event.sequence();
                dropped.incrementAndGet();
                markDropping();
                listener.dropped(event, OutboxListener.DropReason.OVERFLOW);
                return false;
            }
            enqueue(event);
        }
        queued.incrementAndGet();
        signal();
        return true;
    }

    private void markDropping() {
        if (droppingSinceNanos == 0) {
            droppingSinceNanos = nonZero(System.nanoTime());
        }
    }

    private static long nonZero(final long nanos) {
        return nanos == 0 ? 1 : nanos;
    }

    /**
     * For how long this subscriber has not been keeping up at {@code nowNanos}: since its batch in flight was handed
     * to the sink (a write that does not complete), or since it first lost an event without completing a batch
     * since; 0 when it is keeping up.
     */
    public long stalledNanos(final long nowNanos) {
        final long writing = inFlightSinceNanos;
        final long dropping = droppingSinceNanos;
        long since = 0;
        if (writing != 0) {
            since = writing;
        }
        if (dropping != 0 && (since == 0 || dropping - since < 0)) {
            since = dropping;
        }
        return since == 0 ? 0 : Math.max(0, nowNanos - since);
    }

    /** Drain side: the queue ran empty with drops not yet announced, so announce them now rather than never. */
    private void announcePendingGap() {
        synchronized (gapLock) {
            if (pendingGapFirst != 0 && size.get() < capacity) {
                enqueuePendingGap();
            }
        }
    }

    private void enqueuePendingGap() {
        enqueue(new Gap(topic, pendingGapFirst, pendingGapLast, Gap.Reason.OVERFLOW));
        pendingGapFirst = 0;
    }

    /**
     * Queue what a resuming subscriber must get before live events (replayed history and gap notices), whatever the
     * capacity. Producer side: call with the topic's lock held, before the outbox is attached to the topic.
     */
    public void prefill(final List<? extends OutboxItem> items) {
        prefill(items, 0);
    }

    /**
     * As {@link #prefill(List)}, for a subscriber resuming when the topic had accepted events through
     * {@code acceptedThrough}: every one of them predates it and is replayed to it, whether the history brings it
     * (queued here) or its dispatch does (accepted, not dispatched yet), so none is held to a live deadline.
     */
    public void prefill(final List<? extends OutboxItem> items, final long acceptedThrough) {
        long last = acceptedThrough;
        for (final OutboxItem item : items) {
            if (item instanceof Event event) {
                last = Math.max(last, event.sequence());
            }
        }
        if (last > 0) {
            listener.replaying(last);
        }
        for (final OutboxItem item : items) {
            enqueue(item);
            if (item instanceof Event) {
                queued.incrementAndGet();
            }
        }
        signal();
    }

    /** Run the sink with an empty batch if nothing is queued (a heartbeat tick). Any thread. */
    public void wake() {
        wakeRequested = true;
        signal();
    }

    /** End delivery: the sink is closed from the drain, after any batch in flight. Any thread; idempotent. */
    public void close(final CloseReason reason) {
        if (closeReason == null) {
            closeReason = reason;
            if (reason == CloseReason.TOO_SLOW && inFlightSinceNanos != 0) {
                // its write may never complete, and the drain closes the sink only after it: close it now
                closeSink();
            }
            signal();
        }
    }

    private void enqueue(final OutboxItem item) {
        queue.add(item);
        size.incrementAndGet();
    }

    private void signal() {
        if (drainState.compareAndSet(IDLE, SCHEDULED)) {
            try {
                executor.execute(drainTask);
            } catch (final RejectedExecutionException e) {
                drainState.set(IDLE);
                LOG.debug("delivery executor rejected the drain of {}", description);
            }
        }
    }

    private void drain() {
        while (true) {
            if (closeReason != null) {
                closeSink();
                return;
            }
            final List<OutboxItem> batch = pollBatch();
            if (batch.isEmpty() && pendingGapFirst != 0) {
                announcePendingGap();
                continue;
            }
            if (batch.isEmpty() && !wakeRequested) {
                drainState.set(IDLE);
                final boolean nothingToDo = queue.isEmpty() && closeReason == null && !wakeRequested;
                if (nothingToDo || !drainState.compareAndSet(IDLE, SCHEDULED)) {
                    return;
                }
                continue;
            }
            wakeRequested = false;
            batchState.set(DELIVERING);
            inFlight = batch;
            inFlightSinceNanos = batch.isEmpty() ? 0 : nonZero(System.nanoTime());
            doneEarly = 0;
            deliveredEarly = 0;
            try {
                sink.deliver(batch, callback);
            } catch (final RuntimeException e) {
                LOG.warn(DeliveryProblemLog.line(DeliveryProblemLog.Problem.SINK_FAILED, topic, description,
                        OutboxItem.firstSequence(batch), e.getClass().getSimpleName(), "closing=true"), e);
                inFlight = List.of();
                failed.addAndGet(OutboxItem.countEvents(batch));
                report(batch, 0);
                closeReason = CloseReason.WRITE_FAILED;
                continue;
            }
            if (batchState.compareAndSet(DELIVERING, WAITING_ASYNC)) {
                return;
            }
        }
    }

    /** One event of the batch in flight is done with, before the batch completes (a slow webhook's, one by one). */
    private void onEventDone(final Event event, final boolean deliveredToSubscriber) {
        doneEarly++;
        if (deliveredToSubscriber) {
            deliveredEarly++;
            droppingSinceNanos = 0;
            listener.delivered(event);
        } else {
            listener.dropped(event, OutboxListener.DropReason.SINK_FAILED);
        }
    }

    private void onBatchCompleted(final int deliveredCount, final int failedCount) {
        delivered.addAndGet(deliveredCount);
        failed.addAndGet(failedCount);
        final List<OutboxItem> completed = inFlight;
        inFlight = List.of();
        inFlightSinceNanos = 0;
        if (deliveredCount > 0) {
            droppingSinceNanos = 0; // it is making progress again
        }
        report(completed, deliveredCount);
        if (!batchState.compareAndSet(DELIVERING, COMPLETED_INLINE)) {
            try {
                executor.execute(drainTask);
            } catch (final RejectedExecutionException e) {
                drainState.set(IDLE);
            }
        }
    }

    private List<OutboxItem> pollBatch() {
        final List<OutboxItem> batch = new ArrayList<>(Math.min(maxBatch, Math.max(1, size.get())));
        if (maxBatchBytes == Integer.MAX_VALUE) {
            OutboxItem item;
            while (batch.size() < maxBatch && (item = queue.poll()) != null) {
                batch.add(item);
            }
        } else {
            pollBounded(batch);
        }
        if (!batch.isEmpty()) {
            size.addAndGet(-batch.size());
        }
        return batch;
    }

    /** As many items as fit in {@link #maxBatchBytes}, one at least. */
    private void pollBounded(final List<OutboxItem> batch) {
        long bytes = 0;
        OutboxItem next;
        while (batch.size() < maxBatch && (next = queue.peek()) != null) {
            bytes += bytesOf(next);
            if (!batch.isEmpty() && bytes > maxBatchBytes) {
                return;
            }
            final OutboxItem item = queue.poll(); // the one consumer: the item peeked, unless a close emptied the queue
            if (item == null) {
                return;
            }
            batch.add(item);
        }
    }

    private static long bytesOf(final OutboxItem item) {
        return item instanceof Event event ? event.encoded().length + FRAMING_BYTES : FRAMING_BYTES;
    }

    /** Once, from the drain or (for a hopeless subscriber) from {@link #close}. */
    private synchronized void closeSink() {
        if (!sinkClosed) {
            sinkClosed = true;
            final int abandoned = size.getAndSet(0);
            queue.clear();
            if (abandoned > 0) {
                dropped.addAndGet(abandoned);
            }
            try {
                sink.close(closeReason);
            } catch (final RuntimeException e) {
                LOG.debug("closing the sink of {} failed", description, e);
            }
            listener.closed();
        }
    }

    /** The first {@code deliveredCount} events of a completed batch were delivered, the rest were given up on. */
    /** What became of the batch's events, but for those the sink already reported one by one. */
    private void report(final List<OutboxItem> completed, final int completedDelivered) {
        final List<OutboxItem> batch = doneEarly == 0 ? completed : afterEvents(completed, doneEarly);
        final int deliveredCount = completedDelivered - deliveredEarly;
        if (deliveredCount > 0) {
            listener.delivered(batch, deliveredCount);
        }
        int n = 0;
        for (final OutboxItem item : batch) {
            if (item instanceof Event event && n++ >= deliveredCount) {
                listener.dropped(event, OutboxListener.DropReason.SINK_FAILED);
            }
        }
    }

    /** The items of {@code batch} after its first {@code events} events. */
    private static List<OutboxItem> afterEvents(final List<OutboxItem> batch, final int events) {
        int n = 0;
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i) instanceof Event && ++n == events) {
                return batch.subList(i + 1, batch.size());
            }
        }
        return List.of();
    }


    /**
     * The sequence number of the oldest event not delivered yet (in flight or queued), 0 when there is none; for
     * logs. Any thread.
     */
    public long oldestUndeliveredSequence() {
        final long inFlightFirst = OutboxItem.firstSequence(inFlight);
        if (inFlightFirst > 0) {
            return inFlightFirst;
        }
        for (final OutboxItem item : queue) {
            if (item instanceof Event event) {
                return event.sequence();
            }
        }
        return 0;
    }

    /**
     * When the oldest event not delivered yet (in flight or queued) was accepted, as {@link System#nanoTime()}, or 0
     * when there is none; for the status page. Any thread.
     */
    public long oldestUndeliveredAcceptedNanos() {
        for (final OutboxItem item : inFlight) {
            if (item instanceof Event event) {
                return event.acceptedNanos();
            }
        }
        for (final OutboxItem item : queue) {
            if (item instanceof Event event) {
                return event.acceptedNanos();
            }
        }
        return 0;
    }

    /** The most items its queue holds. */
    public int capacity() {
        return capacity;
    }

    /** What its sink says of the peer ({@link EventSink#condition()}), blank if nothing. */
    public String sinkCondition() {
        return sink.condition();
    }


    public long id() {
        return id;
    }

    public String topic() {
        return topic;
    }

    /** What identifies the subscriber within its topic; a new subscription with an equal key replaces this one. */
    public Object subscriberKey() {
        return subscriberKey;
    }

    public String description() {
        return description;
    }

    /** Events queued (accepted into the queue), including replayed ones. */
    public long queued() {
        return queued.get();
    }

    /** Events the sink delivered. */
    public long delivered() {
        return delivered.get();
    }

    /** Events dropped because the queue was full or the subscriber closed with events still queued. */
    public long dropped() {
        return dropped.get();
    }

    /** Events the sink gave up on. */
    public long failed() {
        return failed.get();
    }

    /**
     * Whether it has nothing left to do: no item queued, no batch in flight or being taken, no drop to announce, or
     * it is closed. Any thread; for an orderly stop, which waits for every outbox to be idle.
     */
    public boolean idle() {
        return closeReason != null
                || size.get() == 0 && drainState.get() == IDLE && pendingGapFirst == 0;
    }

    /** Events queued or in flight now, not delivered yet. Any thread; approximate while it delivers. */
    public int undelivered() {
        int n = OutboxItem.countEvents(inFlight);
        for (final OutboxItem item : queue) {
            if (item instanceof Event) {
                n++;
            }
        }
        return n;
    }

    /** Items waiting in the queue now. */
    public int pending() {
        return size.get();
    }

    /** Why delivery ended, or null while open. */
    public CloseReason closeReason() {
        return closeReason;
    }

    @Override
    public String toString() {
        return "SubscriberOutbox{id=" + id + ", topic=" + topic + ", subscriber=" + description + "}";
    }
}
