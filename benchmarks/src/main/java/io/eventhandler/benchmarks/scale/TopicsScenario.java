package io.eventhandler.benchmarks.scale;

import java.util.ArrayList;
import java.util.List;

/**
 * Many topics: one phase per topic count (e.g. 10, 10,000, 10 again), each on topics of its own with
 * {@code perTopic} streams each, at the same total publish rate. Streams of earlier phases stay attached, so the
 * last 10-topic phase runs on a server that holds every topic and stream of the 10,000-topic one: comparing it with
 * the first separates the cost of having many topics from the cost of publishing to many.
 */
final class TopicsScenario {

    private final ScaleOptions options;
    private final ServerProcess process;
    private final ScaleReport report;

    TopicsScenario(final ScaleOptions options, final ServerProcess process, final ScaleReport report) {
        this.options = options;
        this.process = process;
        this.report = report;
    }

    void run() throws Exception {
        final int perTopic = options.perTopic();
        final int streams = options.topicCounts().stream().mapToInt(Integer::intValue).sum() * perTopic;
        try (StreamFleet fleet = new StreamFleet(options.baseUri(), options.readers(), streams)) {
            final PublishPhase phase = new PublishPhase(options.baseUri(), process, fleet, options.drain());
            for (int p = 0; p < options.topicCounts().size(); p++) {
                final int count = options.topicCounts().get(p);
                final List<String> topics = new ArrayList<>(count);
                for (int t = 0; t < count; t++) {
                    topics.add("scale-p" + p + "-t" + t);
                }
                final int from = fleet.opened();
                // stream from + t * perTopic + k subscribes to topic t
                for (final String topic : topics) {
                    for (int k = 0; k < perTopic; k++) {
                        fleet.open(topic);
                    }
                }
                final long attachMs = fleet.awaitAttached(options.attachTimeout());
                Thread.sleep(2_000);
                final ServerProcess.Snapshot idle = process.sample();
                report.line("[topics phase %d] %d topics × %d streams attached in %d ms (%d streams in all); load %s; "
                                + "server RSS %s, threads %d", p, count, perTopic, attachMs, fleet.opened(),
                        ScaleReport.load(), ScaleReport.mib(idle.rssKiB()), idle.threads());
                final PublishPhase.Result r = phase.run(topics, options.rate(), options.duration(), from,
                        fleet.opened(), s -> (s - from) / perTopic, null);
                PhaseLines.print(report, "phase " + p + ": " + count + " topics × " + perTopic + " at "
                        + options.rate() + "/s", r);
            }
        }
    }
}
