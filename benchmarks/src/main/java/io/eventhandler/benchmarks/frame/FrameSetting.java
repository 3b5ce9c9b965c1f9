package io.eventhandler.benchmarks.frame;

import java.util.Locale;

/**
 * The three configurations of FRAME's experiments (§3.6.1) as Event Handler settings. FCFS is the paper's FCFS:
 * arrival order and every loss-tolerant topic replicated (dispatch–replicate coordination stays on).
 */
enum FrameSetting {
    FRAME_PLUS("FRAME+", "EDF", "SELECTIVE", true),
    FRAME("FRAME", "EDF", "SELECTIVE", false),
    FCFS("FCFS", "FCFS", "ALL", false);

    private final String label;
    private final String policy;
    private final String replication;
    private final boolean retentionPlusOne;

    FrameSetting(final String label, final String policy, final String replication, final boolean retentionPlusOne) {
        this.label = label;
        this.policy = policy;
        this.replication = replication;
        this.retentionPlusOne = retentionPlusOne;
    }

    String label() {
        return label;
    }

    /** Value of {@code eh.delivery.policy}. */
    String policy() {
        return policy;
    }

    /** Value of {@code eh.delivery.replication}. */
    String replication() {
        return replication;
    }

    boolean retentionPlusOne() {
        return retentionPlusOne;
    }

    /** A setting by its label or name, case-insensitive ({@code FRAME+}, {@code frame_plus}, {@code fcfs}). */
    static FrameSetting parse(final String text) {
        final String wanted = text.trim().toUpperCase(Locale.ROOT);
        for (final FrameSetting setting : values()) {
            if (setting.label.equals(wanted) || setting.name().equals(wanted)) {
                return setting;
            }
        }
        throw new IllegalArgumentException("unknown setting " + text + " (FRAME+, FRAME or FCFS)");
    }
}
