package io.eventhandler.petri.calibrate;

/**
 * What the kernel accounted to a set of threads ({@code /proc/<pid>/task/<tid>/schedstat}): nanoseconds on a core,
 * nanoseconds runnable but waiting for one (the run queue), and timeslices run.
 */
public record CpuTimes(long runNanos, long waitNanos, long slices) {

    public static final CpuTimes ZERO = new CpuTimes(0, 0, 0);

    public CpuTimes plus(final CpuTimes other) {
        return new CpuTimes(runNanos + other.runNanos, waitNanos + other.waitNanos, slices + other.slices);
    }

    /** This minus an earlier reading; a thread that ended in between can make a part negative, so each is floored. */
    public CpuTimes since(final CpuTimes earlier) {
        return new CpuTimes(Math.max(0, runNanos - earlier.runNanos), Math.max(0, waitNanos - earlier.waitNanos),
                Math.max(0, slices - earlier.slices));
    }
}
