package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.LoadShape;
import io.eventhandler.petri.capacity.RateStep;
import io.eventhandler.petri.capacity.ServerCurve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One fresh server driven by the {@link CalibrationPlan}: warm-up, the search for its saturation, and its latency
 * curve below it. The server is started here and stopped before this returns.
 */
public final class ServerCalibration {

    private static final Logger LOG = LoggerFactory.getLogger(ServerCalibration.class);
    /** Offered above the first rate the publishers could not keep up with, for the saturation runs. */
    private static final double OVERLOAD = 1.3;

    private final ServerSettings server;
    private final GeneratorSettings generator;
    private final LoadShape load;
    private final CalibrationPlan plan;

    public ServerCalibration(final ServerSettings server, final GeneratorSettings generator, final LoadShape load,
                             final CalibrationPlan plan) {
        this.server = server;
        this.generator = generator;
        this.load = load;
        this.plan = plan;
    }

    public ServerCurve run(final Path dir) throws IOException {
        try (ServerProcess process = server.running() != null ? ServerProcess.attach(server.running())
                : ServerProcess.start(server, dir.resolve("server"))) {
            final LoadGeneratorProcess driver = new LoadGeneratorProcess(generator, load, process);
            final LoadGeneratorProcess shortRuns = new LoadGeneratorProcess(
                    generator.withRuns(1, plan.probeSeconds()), load, process);
            if (plan.warmupSeconds() > 0) {
                LOG.info("warm-up: {}/s for {} s (discarded)", Math.round(plan.startRate()), plan.warmupSeconds());
                new LoadGeneratorProcess(generator.withRuns(1, plan.warmupSeconds()), load, process)
                        .measure(plan.startRate(), dir.resolve("warmup"), "warmup");
            }
            final double overloaded = rampUntilBehind(shortRuns, dir.resolve("ramp"));
            final Saturation saturation = saturation(process, overloaded, dir.resolve("saturation"));
            final List<RateStep> steps = new ArrayList<>();
            steps.add(saturation.step());
            for (final double fraction : plan.fractions()) {
                final double rate = fraction * saturation.step().rate();
                LOG.info("measuring {}/s ({} % of saturation), {} runs of {} s", Math.round(rate),
                        Math.round(fraction * 100), generator.runs(), generator.seconds());
                final RateStep step = StepSummary.of(driver.measure(rate, dir.resolve("rates"),
                        String.format(Locale.ROOT, "r%05.0f", rate)), false);
                LOG.info("  reached {}/s: p50 {} ms, p99 {} ms (runs {}), load average {}", Math.round(step.rate()),
                        round(step.p50()), round(step.p99()), format(step.runP99()), step.loadAverage());
                steps.add(step);
            }
            return new ServerCurve(saturation.runs(), steps);
        }
    }

    /** The first offered rate (from the ramp) the publishers could not keep up with. */
    private double rampUntilBehind(final LoadGeneratorProcess probe, final Path dir) throws IOException {
        for (double rate = plan.startRate(); rate <= plan.maxRate(); rate *= plan.growth()) {
            final RunMeasurement run = probe.measure(rate, dir, String.format(Locale.ROOT, "r%05.0f", rate)).get(0);
            LOG.info("ramp: offered {}/s, reached {}/s{}", Math.round(rate), Math.round(run.achievedPerSecond()),
                    run.keptUp() ? "" : ": behind");
            if (!run.keptUp()) {
                return Math.max(rate, OVERLOAD * run.achievedPerSecond());
            }
        }
        throw new IOException("the publishers kept up with every rate up to " + Math.round(plan.maxRate())
                + "/s: raise --max-rate");
    }

    /** Runs offered more than the server takes; each one's reached rate is a saturation run. */
    private Saturation saturation(final ServerProcess process, final double offered, final Path dir) throws IOException {
        final LoadGeneratorProcess overload = new LoadGeneratorProcess(
                generator.withRuns(plan.saturationRuns(), plan.probeSeconds()), load, process);
        double rate = offered;
        for (int attempt = 1; ; attempt++) {
            final List<RunMeasurement> runs = overload.measure(rate, dir, String.format(Locale.ROOT, "r%05.0f", rate));
            final long behind = runs.stream().filter(r -> !r.keptUp()).count();
            if (behind * 2 > runs.size() || attempt == 3) {
                final double[] reached = runs.stream().mapToDouble(RunMeasurement::achievedPerSecond).toArray();
                LOG.info("saturation: offered {}/s, reached {}/s", Math.round(rate), format(reached));
                return new Saturation(reached, StepSummary.of(runs, true));
            }
            rate *= OVERLOAD;
        }
    }

    /** The rates the saturation runs reached, and those runs as a step. */
    private record Saturation(double[] runs, RateStep step) {
    }

    private static String round(final double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String format(final double[] values) {
        final StringBuilder out = new StringBuilder();
        for (final double value : values) {
            out.append(out.length() == 0 ? "" : ", ").append(value >= 100 ? Long.toString(Math.round(value))
                    : round(value));
        }
        return out.toString();
    }
}
