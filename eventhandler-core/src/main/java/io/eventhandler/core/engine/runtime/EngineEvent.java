package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.OperatorSpec;

/**
 * One event inside the engine: a supplier event or an operator's result. Immutable and shared by reference by every
 * operator that reads it, so no consumer ever gets a copy.
 *
 * @param type     {@code topic:<TOPIC>} (normalised) for a supplier event, else the producing operator's id
 * @param payload  the payload
 * @param tbMicros start of the absolute validity interval (CPEP Eqs. 2.1, 2.2)
 * @param teMicros end of the absolute validity interval, exclusive (Eq. 2.3); {@link Long#MAX_VALUE} for forever
 * @param marked   whether a violation was found upstream under policy MARK
 */
public record EngineEvent(String type, String payload, long tbMicros, long teMicros, boolean marked) {

    /** A supplier event created at {@code createdMicros} and valid for {@code validityMicros}. */
    static EngineEvent supplied(final String topic, final String payload, final long createdMicros,
                                final long validityMicros) {
        final long end = validityMicros == Long.MAX_VALUE ? Long.MAX_VALUE
                : saturatedAdd(createdMicros, validityMicros);
        return new EngineEvent(supplierType(topic), payload, createdMicros, end, false);
    }

    /** The type of a supplier topic's events, named as operator inputs name it. */
    static String supplierType(final String normalisedTopic) {
        return OperatorSpec.TOPIC_PREFIX + normalisedTopic;
    }

    /** Whether the event is no longer valid at {@code nowMicros} (CPEP reports a violation iff t > t_e). */
    boolean expiredAt(final long nowMicros) {
        return nowMicros > teMicros;
    }

    private static long saturatedAdd(final long a, final long b) {
        final long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
