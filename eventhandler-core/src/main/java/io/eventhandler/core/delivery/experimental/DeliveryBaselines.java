package io.eventhandler.core.delivery.experimental;

import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;

/**
 * The baselines FRAME's experiments compare the product against (dissertation §3.6), for measurement only: jobs in
 * arrival order instead of earliest deadline first, a replication job for every loss-tolerant topic instead of only
 * where Proposition 1 requires one, and no Table 3.3 coordination (the FCFS- configuration: no replication is
 * aborted or cancelled because its event was dispatched, and the backup is never asked to discard). The product runs
 * {@link #NONE}; anything else is handed in by an experiment.
 *
 * @param ordering     EDF (the product) or FCFS
 * @param replication  SELECTIVE (the product) or ALL
 * @param coordination true (the product); false for FCFS-
 */
public record DeliveryBaselines(SchedulingPolicy ordering, ReplicationPolicy replication, boolean coordination) {

    /** No baseline: FRAME as the product runs it. */
    public static final DeliveryBaselines NONE = new DeliveryBaselines(SchedulingPolicy.EDF,
            ReplicationPolicy.SELECTIVE, true);

    public DeliveryBaselines {
        if (ordering == null || replication == null) {
            throw new IllegalArgumentException("ordering and replication are required");
        }
    }

    /** Whether any baseline is on. */
    public boolean experimental() {
        return !equals(NONE);
    }
}
