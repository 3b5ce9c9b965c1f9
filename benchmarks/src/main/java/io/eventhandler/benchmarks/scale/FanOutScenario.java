package io.eventhandler.benchmarks.scale;

import java.util.List;

/**
 * Many subscribers on one topic: the subscribers are added in steps (e.g. 1,000 → 5,000 → 10,000); at each step
 * the server's idle cost is measured (RSS, heap after a full GC, threads) and then one publishing phase is run at
 * each rate, every stream expected to receive every event.
 */
final class FanOutScenario {

    static final String TOPIC = "scale-fanout";

    private final ScaleOptions options;
    private final ServerProcess process;
    private final ScaleReport report;

    FanOutScenario(final ScaleOptions options, final ServerProcess process, final ScaleReport report) {
        this.options = options;
        this.process = process;
        this.report = report;
    }

    void run() throws Exception {
        final int max = options.subscribers().stream().mapToInt(Integer::intValue).max().orElse(0);
        try (StreamFleet fleet = new StreamFleet(options.baseUri(), options.readers(), max)) {
            final PublishPhase phase = new PublishPhase(options.baseUri(), process, fleet, options.drain());
            final ServerProcess.Snapshot zero = process.sampleWithHeap();
            report.line("[idle 0] load %s; server RSS %s, heap after GC %s, threads %d", ScaleReport.load(),
                    ScaleReport.mib(zero.rssKiB()), ScaleReport.mib(zero.heapUsedKiB()), zero.threads());
            for (final int level : options.subscribers()) {
                while (fleet.opened() < level) {
                    fleet.open(TOPIC);
                }
                final long attachMs = fleet.awaitAttached(options.attachTimeout());
                Thread.sleep(2_000); // let the attach work settle before the idle figures
                final ServerProcess.Snapshot idle = process.sampleWithHeap();
                report.line("[idle %d] attached in %d ms; load %s; server RSS %s, heap after GC %s, threads %d; "
                                + "per subscriber over 0: RSS %.2f KiB, heap %.2f KiB",
                        level, attachMs, ScaleReport.load(), ScaleReport.mib(idle.rssKiB()),
                        ScaleReport.mib(idle.heapUsedKiB()), idle.threads(),
                        (idle.rssKiB() - zero.rssKiB()) / (double) level,
                        (idle.heapUsedKiB() - zero.heapUsedKiB()) / (double) level);
                for (final int rate : options.rates()) {
                    final PublishPhase.Result r = phase.run(List.of(TOPIC), rate, options.duration(), 0, level,
                            s -> 0, null);
                    PhaseLines.print(report, level + " subscribers × " + rate + "/s", r);
                }
                // a subscriber's delivery accounting grows with its first deliveries: idle again, after them
                final ServerProcess.Snapshot used = process.sampleWithHeap();
                report.line("[idle %d after delivering] load %s; server RSS %s, heap after GC %s, threads %d; "
                                + "per subscriber over 0: RSS %.2f KiB, heap %.2f KiB",
                        level, ScaleReport.load(), ScaleReport.mib(used.rssKiB()),
                        ScaleReport.mib(used.heapUsedKiB()), used.threads(),
                        (used.rssKiB() - zero.rssKiB()) / (double) level,
                        (used.heapUsedKiB() - zero.heapUsedKiB()) / (double) level);
            }
        }
    }
}
