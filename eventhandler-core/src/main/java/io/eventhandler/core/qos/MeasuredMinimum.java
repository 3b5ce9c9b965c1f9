package io.eventhandler.core.qos;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A latency lower bound learnt from measurements, e.g. one subscriber's Δ_BS: the smallest sample seen, or the
 * configured value until there is one. The minimum, not a mean, because the bounds must never be overestimated
 * (an overestimated Δ_BS shortens dispatch deadlines and may wrongly suppress replication). Lock-free.
 */
public final class MeasuredMinimum {

    private static final long NONE = Long.MAX_VALUE;

    private final long configuredMicros;
    private final AtomicLong minimum = new AtomicLong(NONE);

    public MeasuredMinimum(final long configuredMicros) {
        if (configuredMicros < 0) {
            throw new IllegalArgumentException("configured lower bound must be ≥ 0 µs, was " + configuredMicros);
        }
        this.configuredMicros = configuredMicros;
    }

    /** One measured latency; negative samples (clock skew) are ignored. */
    public void record(final long micros) {
        if (micros >= 0 && micros < minimum.get()) {
            minimum.accumulateAndGet(micros, Math::min);
        }
    }

    /** The smallest sample, or the configured value before the first one. */
    public long currentMicros() {
        final long measured = minimum.get();
        return measured == NONE ? configuredMicros : measured;
    }

    public boolean isMeasured() {
        return minimum.get() != NONE;
    }
}
