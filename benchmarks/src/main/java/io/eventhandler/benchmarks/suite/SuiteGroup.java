package io.eventhandler.benchmarks.suite;

import java.util.Locale;
import java.util.Optional;

/**
 * The groups of JMH benchmarks the suite runs by name, each a regular expression over the benchmarks' full names.
 * The minutes are what the benchmarks' own warm-up and measurement settings take, forks' start-up aside.
 */
public enum SuiteGroup {

    /** The publish path: parse, validate, accept, hand-off to 0, 1 and 10 subscribers; the stamp parse. */
    PUBLISH("\\.(PublishPathBenchmark|PublishRequestParseBenchmark|TimestampParseBenchmark)\\.", 1.5,
            "publish path: parse + validate + accept + hand-off to 0/1/10 subscribers; JSON parse; stamp parse"),
    /** An SSE stream's framing of a batch. */
    SSE("\\.SseFramingBenchmark\\.", 0.5, "SSE framing: a batch of 1 or 32 events, a gap notice"),
    /** FRAME's delivery job queue, EDF against FCFS. */
    EDF("\\.JobQueueBenchmark\\.", 0.6, "EDF job queue: schedule + take, dispatch only and with replication"),
    /** The engine's InputQ, PendingQ, MovingQ and scheduler. */
    ENGINE_QUEUES("\\.EngineQueueBenchmark\\.", 1.1, "operator engine queues (CPEP Table 2.2): enqueue, dequeue"),
    /** Each built-in operator of the engine. */
    OPERATORS("\\.OperatorBenchmark\\.", 2.8,
            "each operator: fft, concat, aes-gcm (512-2048 samples), ekf, threshold, moving-average"),
    /** The publish path over 10 and 10,000 topics. */
    TOPICS("\\.TopicCountBenchmark\\.", 0.5, "publish path over 10 and 10,000 topics"),
    /** All of the above. */
    ALL("\\.(PublishPathBenchmark|PublishRequestParseBenchmark|TimestampParseBenchmark|SseFramingBenchmark"
            + "|JobQueueBenchmark|EngineQueueBenchmark|OperatorBenchmark|TopicCountBenchmark)\\.", 7.0,
            "all of the above"),
    /** One short benchmark, to check that the jar and the JVM work; its figure means nothing. */
    SMOKE("\\.TimestampParseBenchmark\\.isoInstantsParse$", 0.2,
            "one benchmark, 1 s warm-up and 1 s measured: checks that JMH runs (the figure means nothing)");

    private final String include;
    private final double minutes;
    private final String description;

    SuiteGroup(final String include, final double minutes, final String description) {
        this.include = include;
        this.minutes = minutes;
        this.description = description;
    }

    /** The group's name on the command line: lower case, words joined by hyphens. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The regular expression JMH selects the group's benchmarks with. */
    public String include() {
        return include;
    }

    /** About how long the group runs, in minutes. */
    public double minutes() {
        return minutes;
    }

    /** What it measures. */
    public String description() {
        return description;
    }

    /** Whether the group only checks that JMH runs: one short warm-up and measured iteration. */
    public boolean quick() {
        return this == SMOKE;
    }

    /** The group of that label. */
    public static Optional<SuiteGroup> byLabel(final String label) {
        for (final SuiteGroup group : values()) {
            if (group.label().equals(label)) {
                return Optional.of(group);
            }
        }
        return Optional.empty();
    }
}
