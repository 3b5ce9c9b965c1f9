package io.eventhandler.core.delivery.accounting;

/**
 * The accounting handle of one subscriber's stream of one topic; keep it with the subscription so that recording
 * costs no map look-up. Thread-safe.
 */
public final class StreamAccount {

    private final LossRunTracker losses;
    private final DeliveryCounters topic;
    private final DeliveryCounters subscriber;

    StreamAccount(final LossRunTracker losses, final DeliveryCounters topic, final DeliveryCounters subscriber) {
        this.losses = losses;
        this.topic = topic;
        this.subscriber = subscriber;
    }

    /**
     * A message reached the subscriber (or its sink).
     *
     * @param createdMicros   t_c, epoch microseconds
     * @param deliveredMicros delivery time, epoch microseconds
     * @param deadlineMicros  the topic's end-to-end deadline D: met when delivered ≤ t_c + D
     * @return whether the deadline was met
     */
    public boolean delivered(final long sequence, final long createdMicros, final long deliveredMicros,
                          final long deadlineMicros) {
        final long latency = deliveredMicros - createdMicros;
        final boolean met = latency <= deadlineMicros;
        topic.delivered(latency, met);
        subscriber.delivered(latency, met);
        losses.delivered(sequence);
        publishLossRun();
        return met;
    }

    /**
     * A message replayed from the history reached the subscriber: counted apart, not against the deadline (it was
     * published before the subscriber attached), but in its loss runs.
     */
    public void deliveredFromHistory(final long sequence) {
        topic.deliveredFromHistory();
        subscriber.deliveredFromHistory();
        losses.delivered(sequence);
        publishLossRun();
    }

    /** A message was dropped for this subscriber. */
    public void dropped(final long sequence) {
        topic.dropped();
        subscriber.dropped();
        losses.dropped(sequence);
        publishLossRun();
    }

    /** Settles reports still waiting for missing sequences (e.g. before a snapshot that must be final). */
    public void flush() {
        losses.flush();
        publishLossRun();
    }

    /** A report can settle waiting ones, so any report may lengthen the longest run. */
    private void publishLossRun() {
        final long run = losses.longestRun();
        topic.lossRun(run);
        subscriber.lossRun(run);
    }

    /** This stream's loss-run tracker. */
    public LossRunTracker losses() {
        return losses;
    }
}
