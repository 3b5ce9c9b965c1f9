package io.eventhandler.core.delivery.edf;

import java.util.Comparator;

/** The order in which the {@link JobQueue} hands out jobs. */
public enum SchedulingPolicy {
    /** Earliest absolute deadline first; equal deadlines in arrival order. */
    EDF(Comparator.<DeliveryJob<?>>comparingLong(DeliveryJob::deadlineMicros).thenComparingLong(DeliveryJob::ticket)),
    /**
     * First come, first served: arrival order, a message's replication before its dispatch (the paper's FCFS
     * baseline). Kept for comparison; it uses the same heap as EDF so the two cost the same per operation.
     */
    FCFS(Comparator.comparingLong(DeliveryJob::ticket));

    private final Comparator<DeliveryJob<?>> order;

    SchedulingPolicy(final Comparator<DeliveryJob<?>> order) {
        this.order = order;
    }

    Comparator<DeliveryJob<?>> order() {
        return order;
    }
}
