package io.eventhandler.benchmarks.frame;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** Text output: a block per run (raw numbers), and per topic count tables in the shape of the paper's Table 3.5. */
final class TopicMixReport {

    private TopicMixReport() {
    }

    static String run(final RunResult r) {
        final StringBuilder out = new StringBuilder();
        out.append(f("# run %s topics=%d rep=%d: published=%d failed=%d unsentBatches=%d maxLag=%.1fms trouble=%d "
                        + "attach=%dms load=%.1f%n", r.setting().label(), r.topics(), r.repetition(), r.published(),
                r.failed(), r.unsentBatches(), r.maxLagMicros() / 1000.0, r.trouble(), r.attachMs(), r.loadAverage()));
        out.append("#   cat D/L    expected received within%   p50ms   p99ms p99.9ms   maxms worstRun lossOk% |"
                + " broker delivered met missed dropped met%\n");
        r.categories().forEach((c, o) -> out.append(f("#   %d %3d/%s %9d %8d %8.3f %7.2f %7.2f %7.2f %7.1f %8d %7.1f |"
                        + " %16d %d %d %d %.3f%n", c.number(), c.deadlineMs(), c.lossToleranceText(), o.expected(),
                o.received(), o.latencySuccessPct(), o.p50Micros() / 1000.0, o.p99Micros() / 1000.0,
                o.p999Micros() / 1000.0, o.maxMicros() / 1000.0, o.worstLossRun(), o.lossOkTopicsPct(),
                o.broker().delivered(), o.broker().met(), o.broker().missed(), o.broker().dropped(),
                o.brokerMetPct())));
        out.append("#   categories 0-1 late per second: ").append(java.util.Arrays.toString(r.tightLatePerSecond()))
                .append('\n');
        final BrokerCounters b = r.broker();
        out.append(f("#   jobs: dispatches=%d replications enqueued=%d taken=%d cancelled=%d aborted=%d avoided=%d"
                        + " | cpu %% of one core: process=%.0f server=%.0f delivery=%.0f | jit=%dms gc=%dms%n",
                b.enqueuedDispatches(),
                b.enqueuedReplications(), b.takenReplications(), b.cancelledReplications(), b.replicationsAborted(),
                b.replicationsAvoided(), r.cpu().process(), r.cpu().server(), r.cpu().delivery(), r.cpu().jitMillis(),
                r.cpu().gcMillis()));
        if (r.replication() != null) {
            out.append(f("#   backup: %d bytes in %d batches sent to it; its process %.0f %% of one core%n",
                    r.replication().bytesSent(), r.replication().batches(), r.backupCpuPercent()));
        }
        return out.toString();
    }

    /** The tables of one topic count: every setting's runs at {@code topics}. */
    static String tables(final List<RunResult> all, final int topics, final List<FrameSetting> settings,
                         final double measureSeconds) {
        final TopicMix mix = TopicMix.of(topics);
        final StringBuilder out = new StringBuilder();
        out.append(f("%n## %d topics (%s), %.0f events/s; median over runs [min–max]%n", topics, split(mix),
                mix.eventsPerSecond()));
        out.append("\nLatency success rate (% of the measured phase's events received within D; a lost event "
                + "fails)\n\n");
        header(out, "| D ms | L |", settings);
        for (final TopicCategory c : TopicCategory.values()) {
            out.append(f("| %d | %s |", c.deadlineMs(), c.lossToleranceText()));
            for (final FrameSetting s : settings) {
                out.append(' ').append(cell(of(all, topics, s), r -> r.categories().get(c).latencySuccessPct(), "%.2f"))
                        .append(" |");
            }
            out.append('\n');
        }
        out.append("\nBroker-side dispatch deadlines met (%) and losses\n\n");
        header(out, "| D ms | L |", settings);
        for (final TopicCategory c : TopicCategory.values()) {
            out.append(f("| %d | %s |", c.deadlineMs(), c.lossToleranceText()));
            for (final FrameSetting s : settings) {
                final List<RunResult> runs = of(all, topics, s);
                out.append(' ').append(cell(runs, r -> r.categories().get(c).brokerMetPct(), "%.2f"))
                        .append(", lost ").append(cell(runs, r -> r.categories().get(c).expected()
                                - r.categories().get(c).received(), "%.0f"))
                        .append(", worst run ").append(cell(runs, r -> r.categories().get(c).worstLossRun(), "%.0f"))
                        .append(" |");
            }
            out.append('\n');
        }
        out.append(f("%nReplication and CPU from the start sample (half the warm-up, at most 5 s, before the measured phase) "
                + "to the end of the %.0f s measured phase; jobs and bytes until the subscribers drained%n%n", measureSeconds));
        header(out, "| |", settings);
        row(out, "replication jobs created", all, topics, settings, r -> r.broker().enqueuedReplications(), "%.0f");
        row(out, "replication jobs run", all, topics, settings, r -> r.broker().takenReplications(), "%.0f");
        row(out, "replication jobs cancelled (dispatched first)", all, topics, settings,
                r -> r.broker().cancelledReplications() + r.broker().replicationsAborted(), "%.0f");
        row(out, "replications avoided (Proposition 1)", all, topics, settings,
                r -> r.broker().replicationsAvoided(), "%.0f");
        row(out, "dispatch jobs", all, topics, settings, r -> r.broker().enqueuedDispatches(), "%.0f");
        row(out, "CPU, delivery threads (% of one core)", all, topics, settings, r -> r.cpu().delivery(), "%.0f");
        row(out, "CPU, server (process − generator threads)", all, topics, settings, r -> r.cpu().server(), "%.0f");
        row(out, "CPU, whole process", all, topics, settings, r -> r.cpu().process(), "%.0f");
        if (all.stream().anyMatch(r -> r.topics() == topics && r.replication() != null)) {
            row(out, "replication sent to the backup (kB)", all, topics, settings,
                    r -> r.replication() == null ? Double.NaN : r.replication().bytesSent() / 1000.0, "%.0f");
            row(out, "replication batches", all, topics, settings,
                    r -> r.replication() == null ? Double.NaN : r.replication().batches(), "%.0f");
            row(out, "CPU, backup process (% of one core)", all, topics, settings, RunResult::backupCpuPercent,
                    "%.0f");
        }
        row(out, "worst proxy lag (ms)", all, topics, settings, r -> r.maxLagMicros() / 1000.0, "%.1f");
        row(out, "machine load average (2 cores)", all, topics, settings, RunResult::loadAverage, "%.1f");
        return out.toString();
    }

    private static String split(final TopicMix mix) {
        final List<String> parts = new ArrayList<>();
        for (final TopicCategory c : TopicCategory.values()) {
            parts.add(c.number() + ":" + mix.count(c));
        }
        return "categories " + String.join(" ", parts) + ", " + mix.proxies().size() + " proxies";
    }

    private static void header(final StringBuilder out, final String first, final List<FrameSetting> settings) {
        out.append(first);
        settings.forEach(s -> out.append(' ').append(s.label()).append(" |"));
        out.append('\n').append("|---".repeat(first.split("\\|", -1).length - 2));
        out.append("|---".repeat(settings.size())).append("|\n");
    }

    private static void row(final StringBuilder out, final String name, final List<RunResult> all, final int topics,
                            final List<FrameSetting> settings, final ToDoubleFunction<RunResult> value,
                            final String format) {
        out.append("| ").append(name).append(" |");
        for (final FrameSetting s : settings) {
            out.append(' ').append(cell(of(all, topics, s), value, format)).append(" |");
        }
        out.append('\n');
    }

    private static List<RunResult> of(final List<RunResult> all, final int topics, final FrameSetting setting) {
        return all.stream().filter(r -> r.topics() == topics && r.setting() == setting).toList();
    }

    /** The median and, with several runs, the range. */
    static String cell(final List<RunResult> runs, final ToDoubleFunction<RunResult> value, final String format) {
        if (runs.isEmpty()) {
            return "–";
        }
        final List<Double> values = runs.stream().map(r -> value.applyAsDouble(r)).toList();
        final String median = f(format, SuccessRate.median(values));
        if (values.size() == 1) {
            return median;
        }
        final double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        final double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return median + " [" + f(format, min) + "–" + f(format, max) + "]";
    }

    private static String f(final String format, final Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
