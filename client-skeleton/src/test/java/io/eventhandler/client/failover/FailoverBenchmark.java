package io.eventhandler.client.failover;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * FRAME's fault experiments as a benchmark (not run by {@code mvn test}; enable with
 * {@code -Deh.failover.benchmark=true}): kill trials of FRAME, FRAME+ (N + 1 for categories 2 and 5), EDF
 * without Proposition 1 (every topic with a finite L replicated), FCFS
 * (arrival order, every lossy-intolerant topic replicated, with coordination) and FCFS- (the same without
 * coordination), interleaved so that they share the machine's conditions. Reports per configuration the failover
 * time distribution, losses against L, the peak latency around the failover (Fig. 3.9's shape), ReLate2, the copies
 * dispatched at recovery, and the replication bytes and primary CPU before the kill. Writes the report to
 * {@code eh.failover.report} (default benchmarks/results/failover-&lt;time&gt;.md) and fails if a FRAME trial broke
 * a topic's loss tolerance.
 */
@EnabledIfSystemProperty(named = "eh.failover.benchmark", matches = "true")
class FailoverBenchmark {

    private static final Logger LOG = LoggerFactory.getLogger(FailoverBenchmark.class);
    private static final Duration BEFORE_KILL = Duration.ofMillis(Long.getLong("eh.failover.before.ms", 3_000));
    private static final Duration AFTER_KILL = Duration.ofMillis(Long.getLong("eh.failover.after.ms", 2_000));
    /** Category 2 topics around the measured streams (FRAME's bulk; {@link BackgroundLoad}), 0 for none. */
    private static final int BACKGROUND_TOPICS = Integer.getInteger("eh.failover.background.topics", 0);

    private record Configuration(String name, Map<String, String> settings, Set<PaperCategory> plusOne, int trials) {
    }

    @Test
    void killTrials(@TempDir final Path dir) throws Exception {
        final int frameTrials = Integer.getInteger("eh.failover.frame.trials", 50);
        final int otherTrials = Integer.getInteger("eh.failover.trials", 10);
        final List<Configuration> configurations = List.of(
                new Configuration("FRAME", Map.of(), Set.of(), frameTrials),
                new Configuration("FRAME+", Map.of(), Set.of(PaperCategory.CAT2, PaperCategory.CAT5), otherTrials),
                new Configuration("EDF, no Prop. 1", Map.of("eh.delivery.replication", "ALL"), Set.of(),
                        otherTrials),
                new Configuration("FCFS", Map.of("eh.delivery.policy", "FCFS", "eh.delivery.replication", "ALL"),
                        Set.of(), otherTrials),
                new Configuration("FCFS-", Map.of("eh.delivery.policy", "FCFS", "eh.delivery.replication", "ALL",
                        "eh.delivery.coordination", "false", "eh.replication.buffer.per.topic", "10"), Set.of(),
                        otherTrials));
        final Map<String, List<FailoverTrial.Result>> results = new LinkedHashMap<>();
        configurations.forEach(c -> results.put(c.name(), new ArrayList<>()));
        final Path file = Path.of(System.getProperty("eh.failover.report",
                "../benchmarks/results/failover-" + Instant.now().toString().replace(':', '-') + ".md"));
        Files.createDirectories(file.toAbsolutePath().getParent());
        final Path trialsLog = file.resolveSibling(file.getFileName() + ".trials.txt");
        final Map<String, Integer> notRun = new LinkedHashMap<>();
        final int rounds = configurations.stream().mapToInt(Configuration::trials).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            for (final Configuration configuration : configurations) {
                if (round > configuration.trials()) {
                    continue;
                }
                final FailoverTrial.Result result;
                try {
                    result = FailoverTrial.run(Files.createDirectories(
                                    dir.resolve(configuration.name().replaceAll("[^A-Za-z0-9]", "_") + "-" + round)),
                            configuration.settings(), configuration.plusOne(), BEFORE_KILL, AFTER_KILL,
                            BACKGROUND_TOPICS);
                } catch (final RuntimeException | AssertionError e) {
                    // a pair that did not come up (e.g. the machine too loaded to start two JVMs in time) is not a
                    // trial: nothing was killed; counted and reported, and the run goes on
                    LOG.warn("{} trial {} not run: the pair did not come up: {}", configuration.name(), round,
                            e.getMessage());
                    notRun.merge(configuration.name(), 1, Integer::sum);
                    continue;
                }
                LOG.info("{} trial {}: {}", configuration.name(), round, result);
                Files.writeString(trialsLog, configuration.name() + " trial " + round + ": " + result + "\n",
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                results.get(configuration.name()).add(result);
            }
        }
        final String report = "Background: " + BACKGROUND_TOPICS
                + " category 2 topics by batch publish and webhook\n\n" + report(results) + "\nTrials not run (the pair did not come up): " + notRun + "\n";
        Files.writeString(file, report);
        LOG.info("report written to {}:\n{}", file.toAbsolutePath(), report);
        final long broken = results.get("FRAME").stream().filter(r -> !r.withinTolerance()).count();
        assertEquals(0, broken, "FRAME trials that broke a topic's loss tolerance");
    }

    private static String report(final Map<String, List<FailoverTrial.Result>> results) {
        final StringBuilder md = new StringBuilder();
        md.append("| configuration | trials | within L (all topics) | L = 0 topics lossless | failover p50 / p99 / max "
                + "(ms) | copies dispatched at recovery (median) | replication bytes before kill (median) | "
                + "primary CPU before kill (median ms) |\n|---|---|---|---|---|---|---|---|\n");
        results.forEach((name, trials) -> {
            final long within = trials.stream().filter(FailoverTrial.Result::withinTolerance).count();
            final long lossless = trials.stream().filter(r -> r.outcomes().values().stream()
                    .filter(o -> o.category().lossTolerance != null && o.category().lossTolerance == 0)
                    .allMatch(o -> o.lost() == 0)).count();
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %.1f / %.1f / %.1f | %.0f | %.0f | %.0f |%n",
                    name, trials.size(), within, lossless, percentile(trials, FailoverTrial.Result::failoverMs, 50),
                    percentile(trials, FailoverTrial.Result::failoverMs, 99),
                    percentile(trials, FailoverTrial.Result::failoverMs, 100),
                    percentile(trials, r -> r.recovered(), 50), percentile(trials, r -> r.replicationBytes(), 50),
                    percentile(trials, r -> r.primaryCpuMs(), 50)));
        });
        if (BACKGROUND_TOPICS > 0) {
            md.append("\nBackground topics (medians / max over the trials): peak end-to-end latency of new events "
                    + "from 1 s before to 2 s after the kill; copies delivered again\n\n| configuration | peak ms "
                    + "(median / max) | delivered again (median) |\n|---|---|---|\n");
            results.forEach((name, trials) -> md.append(String.format(Locale.ROOT, "| %s | %.1f / %.1f | %.0f |%n",
                    name, percentile(trials, FailoverTrial.Result::backgroundPeakMs, 50),
                    percentile(trials, FailoverTrial.Result::backgroundPeakMs, 100),
                    percentile(trials, r -> r.backgroundDuplicates(), 50))));
        }
        md.append("\nPer category (medians over the trials; peak = highest end-to-end latency from 1 s before to 2 s "
                + "after the kill; ReLate2 = mean latency × (percent lost + 1)):\n\n| configuration | category | "
                + "lost (max) | longest loss run (max) | mean latency ms | peak latency around the kill ms "
                + "(median / max) | ReLate2 ms |\n|---|---|---|---|---|---|---|\n");
        results.forEach((name, trials) -> {
            for (final PaperCategory category : PaperCategory.values()) {
                md.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.2f | %.1f / %.1f | %.2f |%n",
                        name, category, percentile(trials, r -> r.outcomes().get(category).lost(), 100),
                        percentile(trials, r -> r.outcomes().get(category).longestLossRun(), 100),
                        percentile(trials, r -> r.outcomes().get(category).meanLatencyMs(), 50),
                        percentile(trials, r -> r.outcomes().get(category).peakAroundKillMs(), 50),
                        percentile(trials, r -> r.outcomes().get(category).peakAroundKillMs(), 100),
                        percentile(trials, r -> r.outcomes().get(category).relate2Ms(), 50)));
            }
        });
        return md.toString();
    }

    /** Nearest-rank percentile (100 = max) of a value over the trials; NaN with none. */
    private static double percentile(final List<FailoverTrial.Result> trials,
                                     final ToDoubleFunction<FailoverTrial.Result> value, final int p) {
        if (trials.isEmpty()) {
            return Double.NaN;
        }
        final double[] values = trials.stream().mapToDouble(value).sorted().toArray();
        final int rank = (int) Math.ceil(p / 100.0 * values.length);
        return values[Math.max(0, rank - 1)];
    }
}
