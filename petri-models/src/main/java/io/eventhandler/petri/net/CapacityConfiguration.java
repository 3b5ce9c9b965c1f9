package io.eventhandler.petri.net;

/**
 * The deployment a prediction is for: CPU cores, the server's two pools (Grizzly workers that accept publishes,
 * delivery workers that write to subscribers), the publish rate, the fan-out (subscribers per event) and how the
 * publishes arrive.
 */
public record CapacityConfiguration(int cores, int workerThreads, int deliveryThreads, double publishesPerSecond,
                                    int subscribers, Arrivals arrivals) {

    public CapacityConfiguration {
        if (cores < 1 || workerThreads < 1 || deliveryThreads < 1 || subscribers < 1 || !(publishesPerSecond > 0)) {
            throw new IllegalArgumentException("cores, pools and subscribers must be >= 1 and the rate > 0: " + this);
        }
        if (arrivals == null) {
            throw new IllegalArgumentException("arrivals must be given");
        }
    }

    /** Poisson arrivals. */
    public CapacityConfiguration(final int cores, final int workerThreads, final int deliveryThreads,
                                 final double publishesPerSecond, final int subscribers) {
        this(cores, workerThreads, deliveryThreads, publishesPerSecond, subscribers, Arrivals.POISSON);
    }

    /** Arrival rate per millisecond, the nets' time unit. */
    public double ratePerMs() {
        return publishesPerSecond / 1000;
    }

    public CapacityConfiguration withDeliveryThreads(final int threads) {
        return new CapacityConfiguration(cores, workerThreads, threads, publishesPerSecond, subscribers, arrivals);
    }
}
