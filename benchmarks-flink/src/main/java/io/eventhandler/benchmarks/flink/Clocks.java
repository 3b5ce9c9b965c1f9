package io.eventhandler.benchmarks.flink;

/** The benchmark's one time base, as the engine experiment's: {@code System.nanoTime} in microseconds. */
final class Clocks {

    private Clocks() {
    }

    static long micros() {
        return System.nanoTime() / 1_000L;
    }
}
