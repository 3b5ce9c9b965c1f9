package io.eventhandler.benchmarks.scale;

import java.util.Locale;

/** The report lines of one {@link PublishPhase.Result}, the same for every scenario. */
final class PhaseLines {

    private PhaseLines() {
    }

    static void print(final ScaleReport report, final String label, final PublishPhase.Result r) {
        final StreamLoss l = r.loss();
        report.line("[%s] load before: %s | after: %s", label, r.loadBefore(), r.loadAfter());
        report.line("[%s] published %d accepted in %.1f s (%d failed); streams %d", label, r.accepted(),
                r.publishMillis() / 1000.0, r.failedPublishes(), l.streams());
        // "missing": not received by the end of the drain, whether the server dropped it (its counters say) or it
        // was still on its way
        report.line("[%s] deliveries: expected %d, received %d, missing %d (%.4f%%), streams missing some %d, "
                        + "worst stream %.4f, median stream %.4f, duplicates %d, gap notices/broken %d",
                label, l.expected(), l.received(), l.lost(), l.expected() == 0 ? 0.0 : 100.0 * l.lost() / l.expected(),
                l.streamsWithLoss(), l.minReceivedFraction(), l.medianReceivedFraction(), l.duplicates(),
                l.troubles());
        report.line("[%s] deliveries/s while publishing %.0f (target %s); per second: %s; drain after publishing "
                + "%d ms", label, r.deliveriesPerSecond(), target(r, l), r.perSecond(), r.drainMillis());
        report.line("[%s] end-to-end (receipt − creation): %s", label, ScaleReport.percentiles(r.endToEnd()));
        report.line("[%s] publish call: %s", label, ScaleReport.percentiles(r.publishCall()));
        report.line("[%s] publish from due instant: %s", label, ScaleReport.percentiles(r.publishFromDue()));
        report.line("[%s] server: CPU %d ms (%.3f ms/event accepted), %.0f%% of a core while publishing; RSS max %s; "
                        + "threads max %d", label, r.serverCpuMillis(),
                r.accepted() == 0 ? 0.0 : (double) r.serverCpuMillis() / r.accepted(), r.serverCpuPercentPublishing(),
                ScaleReport.mib(r.rssMaxKiB()), r.threadsMax());
        report.line("[%s] generator (readers + publisher): %.0f%% of a core while publishing", label,
                r.generatorCpuPercentPublishing());
        report.line("[%s] server counters: accepted %d, queued %d, dropped %d, disconnects %s, subscribers now %d",
                label, r.server().accepted(), r.server().deliveriesQueued(), r.server().deliveriesDropped(),
                r.server().disconnects(), r.server().subscribers());
    }

    private static String target(final PublishPhase.Result r, final StreamLoss l) {
        return r.publishMillis() == 0 ? "n/a"
                : String.format(Locale.ROOT, "%.0f", l.expected() * 1000.0 / r.publishMillis());
    }
}
