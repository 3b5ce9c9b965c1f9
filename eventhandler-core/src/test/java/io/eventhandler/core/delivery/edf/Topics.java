package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.Admission;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.PaperTopics;

/** Job generators for the paper's Table 3.2 categories, under its worked-example latencies. */
final class Topics {

    static final long MS = PaperTopics.MS;

    private Topics() {
    }

    static JobGenerator generator(final int category, final ReplicationPolicy policy) {
        return generator(category, policy, LatencyBounds.PAPER_EXAMPLE);
    }

    static JobGenerator generator(final int category, final ReplicationPolicy policy, final LatencyBounds bounds) {
        return new JobGenerator(Admission.evaluate(PaperTopics.category(category), bounds), policy);
    }
}
