package io.eventhandler.core.qos;

/** Where a topic's subscribers are: it selects the default broker → subscriber latency Δ_BS. */
public enum Destination {
    /** Subscribers on the local network (sub-millisecond Δ_BS). */
    EDGE,
    /** Subscribers in a remote cloud (tens of milliseconds Δ_BS). */
    CLOUD
}
