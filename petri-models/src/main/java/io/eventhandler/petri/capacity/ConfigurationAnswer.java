package io.eventhandler.petri.capacity;

import java.util.List;

/**
 * What the model says about one pool configuration: its saturation and what limits it, the latency curve from
 * light load to near saturation, the knee of that curve, and the highest rate whose p99 stays under the deadline
 * (null without a deadline; its value 0 when even light load passes it).
 *
 * @param limitedBy "cores" (the CPU the server and the generator share), "worker pool" or "delivery pool"
 */
public record ConfigurationAnswer(Pools pools, Interval saturation, String limitedBy, List<RatePoint> curve,
                                  RatePoint knee, Interval maxRateUnderDeadline) {

    public ConfigurationAnswer {
        curve = List.copyOf(curve);
    }
}
