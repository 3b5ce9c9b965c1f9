package io.eventhandler.benchmarks.load;

import java.io.PrintStream;
import java.util.Locale;

/** Writes the human-readable report: the environment header once, then one block per run. */
public final class TextReport {

    private final PrintStream out;

    /**
     * A report writer.
     *
     * @param out where to write, normally {@code System.out}
     */
    public TextReport(final PrintStream out) {
        this.out = out;
    }

    /**
     * The header: environment, target and load shape.
     *
     * @param env     the environment
     * @param options the options
     * @param target  the Event Handler actually loaded
     */
    public void header(final EnvironmentInfo env, final LoadOptions options, final String target) {
        out.println("# Event Handler load generator");
        line("date", env.date());
        line("cpu", env.cpuModel() + ", " + env.cores() + " cores");
        line("os", env.os());
        line("jvm", env.jvm() + ", max heap " + env.maxHeapMb() + " MiB");
        line("command", env.commandLine());
        line("target", target);
        line("load", loadShape(options));
        if (options.paced()) {
            line("pacing", "open loop; publish latency also reported with HdrHistogram "
                    + "recordValueWithExpectedInterval (interval " + options.intervalNanos() / 1000 + " us); "
                    + "end-to-end also reported from each event's intended send instant");
        }
        final int threads = options.publishers() + options.subscribers() * (options.mode() == DeliveryMode.SSE
                ? options.topics() : 1);
        if (env.cores() < threads + (options.embedded() ? 2 : 0)) {
            out.println("*** warning: " + env.cores() + " cores for " + threads + " publisher/subscriber threads"
                    + (options.embedded() ? " plus the embedded server" : "")
                    + ": client and server share the CPUs, latencies include scheduling delays");
        }
        out.println();
    }

    /**
     * One run's block.
     *
     * @param result the run
     */
    public void run(final RunResult result) {
        out.println("## run " + result.run() + (result.completed() ? "" : "  INCOMPLETE: " + result.failure()));
        line("topics", String.join(", ", result.topics()));
        final PublishSummary p = result.publish();
        final DeliverySummary d = result.delivery();
        if (p == null || d == null) {
            out.println();
            return;
        }
        line("publish", String.format(Locale.ROOT, "%d events acknowledged in %.3f s = %.1f events/s (failed %d)",
                p.acknowledged(), p.seconds(), p.eventsPerSecond(), p.failed()));
        line("", "publish call latency ms: " + brief(p.latency()));
        if (p.latencyCorrected() != null) {
            line("", "publish call latency ms, CO-corrected: " + brief(p.latencyCorrected()));
        }
        line("delivery", String.format(Locale.ROOT,
                "%d/%d unique in %.3f s = %.1f deliveries/s; lost %d, duplicated %d, out of order %d, gaps %d%s",
                d.unique(), d.expected(), d.seconds(), d.deliveriesPerSecond(), d.lost(), d.duplicates(),
                d.outOfOrder(), d.gaps(), d.drained() ? "" : " (drain timed out)"));
        line("e2e ms", full(d.endToEnd()) + "  (creation stamp -> receipt)");
        if (d.fromSchedule() != null) {
            line("", full(d.fromSchedule()) + "  (intended send -> receipt)");
        }
        out.println(String.format(Locale.ROOT, "  %-12s %9s %9s %9s %7s %6s %6s %5s %5s %9s %9s %9s",
                "subscriber", "expected", "received", "unique", "lost", "dup", "ooo", "gaps", "disc", "mean ms",
                "p99 ms", "max ms"));
        for (final SubscriberResult s : result.subscribers()) {
            out.println(String.format(Locale.ROOT, "  %-12s %9d %9d %9d %7d %6d %6d %5d %5d %9.3f %9.3f %9.3f",
                    s.name(), s.expected(), s.received(), s.unique(), s.lost(), s.duplicates(), s.outOfOrder(),
                    s.gaps(), s.disconnects(), s.endToEnd().meanMs(), s.endToEnd().p99Ms(), s.endToEnd().maxMs()));
        }
        if (result.server() != null) {
            line("server", String.format(Locale.ROOT, "CPU %.1f us per delivery (%d ms in the measured phase, %s); "
                    + "peak RSS %.1f MiB", result.server().cpuMicrosPerDelivery(), result.server().cpuMicros() / 1000,
                    result.server().cpuPerThread() ? "per thread" : "10-ms ticks", result.server().peakRssMib()));
        }
        for (final String line : result.serverView()) {
            line("server", line);
        }
        for (final PublisherLine publisher : result.publishers()) {
            if (publisher.failed() > 0 || publisher.aborted()) {
                line("!", "publisher " + publisher.id() + ": " + publisher.failed() + " failed"
                        + (publisher.aborted() ? ", gave up" : "") + "; first error: " + publisher.firstError());
            }
        }
        out.println();
    }

    private static String loadShape(final LoadOptions o) {
        final StringBuilder text = new StringBuilder();
        if (o.preset() != null) {
            text.append("preset ").append(o.preset().name()).append(" (").append(o.preset().description())
                    .append("); ");
        }
        text.append(o.publishers()).append(" publisher(s) -> ").append(o.subscribers()).append(' ')
                .append(o.mode().label()).append(" subscriber(s) on ").append(o.topics()).append(" topic(s); ")
                .append(o.client().label()).append(" client; ");
        text.append(o.timed() ? o.duration().toMillis() + " ms" : o.eventsPerPublisher() + " events")
                .append(" per publisher, ");
        text.append(o.paced() ? String.format(Locale.ROOT, "%.1f events/s each", o.ratePerPublisher())
                : "back-to-back");
        text.append("; payload ").append(o.payloadBytes()).append(" B; warm-up ").append(o.warmupPerPublisher())
                .append(" per publisher; runs ").append(o.runs());
        return text.toString();
    }

    private static String brief(final LatencySummary s) {
        return String.format(Locale.ROOT, "p50 %.3f  p99 %.3f  max %.3f  (n=%d)", s.p50Ms(), s.p99Ms(), s.maxMs(),
                s.count());
    }

    private static String full(final LatencySummary s) {
        return String.format(Locale.ROOT, "mean %.3f  p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  (n=%d)",
                s.meanMs(), s.p50Ms(), s.p90Ms(), s.p99Ms(), s.p999Ms(), s.maxMs(), s.count());
    }

    private void line(final String label, final String text) {
        out.println(String.format(Locale.ROOT, "%-9s %s", label, text));
    }
}
