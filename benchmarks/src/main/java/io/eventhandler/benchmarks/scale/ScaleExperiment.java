package io.eventhandler.benchmarks.scale;

/**
 * Scale experiments against a running Event Handler in a JVM of its own: {@code fanout} (thousands of SSE
 * subscribers on one topic, the server's idle cost per subscriber and delivery at given rates), {@code storm} (every
 * subscriber reconnects with {@code Last-Event-ID} at once while publishing goes on) and {@code topics} (publish cost
 * at few and at many topics). {@code benchmarks/scale.sh} starts the server and runs them; results and their reading
 * are in {@code lab/notebook/scale.md}.
 */
public final class ScaleExperiment {

    private ScaleExperiment() {
    }

    public static void main(final String[] args) throws Exception {
        final ScaleOptions options;
        try {
            options = ScaleOptions.parse(args);
        } catch (final IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(ScaleOptions.USAGE);
            System.exit(2);
            return;
        }
        final ScaleReport report = new ScaleReport(options.out());
        report.header(args);
        final ServerProcess process = new ServerProcess(options.serverPid());
        switch (options.scenario()) {
            case FANOUT -> new FanOutScenario(options, process, report).run();
            case STORM -> new StormScenario(options, process, report).run();
            case TOPICS -> new TopicsScenario(options, process, report).run();
            default -> throw new IllegalStateException("unreachable");
        }
    }
}
