package io.eventhandler.benchmarks.scale;

import io.eventhandler.api.EpochMicros;
import java.util.List;

/**
 * Reconnect storm: N streams on one topic while a publisher publishes at a steady rate; after {@code duration} every
 * stream is closed at once and reopened with {@code Last-Event-ID}, the reopenings spread over {@code stormSpread};
 * publishing goes on for another {@code duration}. Every stream should still get every event (the history replays
 * what it missed), and the publish latency during the storm is compared with the latency before it.
 */
final class StormScenario {

    static final String TOPIC = "scale-storm";

    private final ScaleOptions options;
    private final ServerProcess process;
    private final ScaleReport report;

    StormScenario(final ScaleOptions options, final ServerProcess process, final ScaleReport report) {
        this.options = options;
        this.process = process;
        this.report = report;
    }

    void run() throws Exception {
        final int n = options.subscribers().get(0);
        try (StreamFleet fleet = new StreamFleet(options.baseUri(), options.readers(), n)) {
            for (int i = 0; i < n; i++) {
                fleet.open(TOPIC);
            }
            final long attachMs = fleet.awaitAttached(options.attachTimeout());
            final ServerProcess.Snapshot idle = process.sample();
            report.line("[storm] %d streams attached in %d ms; load %s; server RSS %s, threads %d", n, attachMs,
                    ScaleReport.load(), ScaleReport.mib(idle.rssKiB()), idle.threads());
            final long[] marks = new long[3]; // storm start, all closed, all back (epoch µs)
            final PublishPhase phase = new PublishPhase(options.baseUri(), process, fleet, options.drain());
            final PublishPhase.Result r = phase.run(List.of(TOPIC), options.rate(), options.duration().multipliedBy(2),
                    0, n, s -> 0, publisher -> storm(fleet, n, marks));
            PhaseLines.print(report, "storm " + n + " × " + options.rate() + "/s", r);
            report.line("[storm] all %d streams closed at once; %.0f ms later all were down; all back (attached again) "
                            + "%.0f ms after the close (reconnects spread over %d ms)", n,
                    (marks[1] - marks[0]) / 1000.0, (marks[2] - marks[0]) / 1000.0, options.stormSpread().toMillis());
            // the publisher's windows: before the storm, from it until 1 s after all were back, the rest
            final long stormEnd = marks[2] + 1_000_000;
            report.line("[storm] publish call before:   %s", ScaleReport.percentiles(
                    r.publishCallIn(marks[0] - options.duration().toNanos() / 1000, marks[0])));
            report.line("[storm] publish call during:   %s", ScaleReport.percentiles(r.publishCallIn(marks[0],
                    stormEnd)));
            report.line("[storm] publish call after:    %s", ScaleReport.percentiles(r.publishCallIn(stormEnd,
                    Long.MAX_VALUE)));
            report.line("[storm] publish from due, before: %s", ScaleReport.percentiles(
                    r.publishFromDueIn(marks[0] - options.duration().toNanos() / 1000, marks[0])));
            report.line("[storm] publish from due, during: %s", ScaleReport.percentiles(r.publishFromDueIn(marks[0],
                    stormEnd)));
        }
    }

    private void storm(final StreamFleet fleet, final int n, final long[] marks) throws InterruptedException {
        Thread.sleep(options.duration().toMillis());
        marks[0] = EpochMicros.now();
        fleet.reconnectAll(options.stormSpread());
        final long deadline = System.nanoTime() + options.attachTimeout().toNanos();
        // every reader closes its streams in one go before it reopens any: wait for the trough, then the return
        while (fleet.attached() > n - Math.max(1, n / 100) && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        marks[1] = EpochMicros.now();
        while (fleet.attached() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        marks[2] = EpochMicros.now();
        if (fleet.attached() < n) {
            report.line("[storm] only %d of %d streams back within %d s", fleet.attached(), n,
                    options.attachTimeout().toSeconds());
        }
    }
}
