package io.eventhandler.petri.capacity;

/**
 * The machine's cores as a resource every stage's work takes. A pool runs at most as many of its threads at once as
 * there are cores, however many it has. And a pool with more threads than cores makes every event dearer: its
 * threads beyond the cores cannot add throughput, only switches between threads (wake, find the queue taken, park
 * again), so each such thread adds {@code threadCost} (a fraction) to the core time of every event.
 * <p>
 * A configuration at some rate therefore loads the cores as the calibrated one did at that rate times
 * {@link #loadFactor}: 1 for the calibrated pools and for any pools within the cores.
 * <p>
 * The calibration cannot tell {@code threadCost}: it measures one pool configuration, and on a machine with at
 * least as many cores as its pools have threads (the default) none of its pools has a thread beyond the cores. It
 * is therefore a setting, 0 unless given: with 0 the saturation of such pools is an upper bound.
 */
public final class CoreShare {

    private final int cores;
    private final Pools calibrated;
    private final double threadCost;

    public CoreShare(final int cores, final Pools calibrated, final double threadCost) {
        if (cores < 1) {
            throw new IllegalArgumentException("a machine has at least 1 core, not " + cores);
        }
        if (!(threadCost >= 0)) {
            throw new IllegalArgumentException("the cost of a thread beyond the cores is 0 or more, not " + threadCost);
        }
        this.cores = cores;
        this.calibrated = calibrated;
        this.threadCost = threadCost;
    }

    /** How many of a pool's {@code threads} can run at once. */
    public int running(final int threads) {
        return Math.min(threads, cores);
    }

    /** Threads beyond the cores, pool by pool: each pool's threads wait on that pool's queue. */
    public int threadsBeyondCores(final Pools pools) {
        return Math.max(0, pools.workers() - cores) + Math.max(0, pools.delivery() - cores);
    }

    /** Core time per event of {@code pools} over that of the calibrated pools. */
    public double loadFactor(final Pools pools) {
        return (1 + threadCost * threadsBeyondCores(pools)) / (1 + threadCost * threadsBeyondCores(calibrated));
    }

    public double threadCost() {
        return threadCost;
    }

    public int cores() {
        return cores;
    }
}
