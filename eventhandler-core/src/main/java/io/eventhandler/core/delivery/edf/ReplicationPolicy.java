package io.eventhandler.core.delivery.edf;

/** Which messages get a replication job. Best-effort topics are never replicated. */
public enum ReplicationPolicy {
    /** Only topics for which Proposition 1 requires it (D^d &gt; D^r): FRAME. */
    SELECTIVE,
    /** Every topic with a finite loss tolerance: the paper's FCFS baselines, for comparison. */
    ALL
}
