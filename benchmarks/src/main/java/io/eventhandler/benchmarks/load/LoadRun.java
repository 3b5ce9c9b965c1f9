package io.eventhandler.benchmarks.load;

import io.eventhandler.client.EventHandlerClient;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run: check the Event Handler answers, connect the subscribers, start the publishers, let them warm up, wait for
 * the warm-up deliveries, open the measured phase, wait for the publishers, drain the deliveries, and account.
 *
 * <pre>
 *   P1 ─┐                       ┌─► S1   (every subscriber on every topic)
 *   P2 ─┼─ publish ─► [EH] ─────┼─► S2   P = publisher thread + own connection
 *   Pn ─┘   topic i mod K       └─► Sm   S = SSE streams or a webhook receiver
 * </pre>
 */
public final class LoadRun {

    private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);

    private final LoadOptions options;
    private final Transport transport;
    private final URI baseUri;
    private final int run;
    private final List<String> topics;
    private final ServerView serverView;
    private final ServerProcess server;
    private CpuReading serverCpuAtStart;

    /**
     * A run.
     *
     * @param options   the options
     * @param transport plain or TLS
     * @param baseUri   the Event Handler
     * @param run       run number, from 1
     * @param serverView asked what the server saw when deliveries are missing
     */
    LoadRun(final LoadOptions options, final Transport transport, final URI baseUri, final int run,
            final ServerView serverView) {
        this.serverView = serverView;
        this.options = options;
        this.transport = transport;
        this.baseUri = baseUri;
        this.run = run;
        this.topics = topicNames(options.topicPrefix(), options.topics());
        this.server = options.serverPid() > 0 ? new ServerProcess(options.serverPid()) : null;
    }

    /** Carries the run out; never throws for a failure of the target, which the result reports instead. */
    public RunResult execute() {
        if (options.broker() == Broker.EVENTHANDLER) {
            try (EventHandlerClient control = transport.client(baseUri)) {
                control.echo();
            } catch (final RuntimeException e) {
                return RunResult.failed(run, topics, "the Event Handler at " + baseUri + " is not reachable: " + e);
            }
        }
        try (SubscriberFleet fleet = SubscriberFleet.create(options, transport, baseUri, topics)) {
            try {
                fleet.start();
            } catch (final RuntimeException e) {
                return RunResult.failed(run, topics, "subscribing failed: " + e);
            }
            if (!fleet.awaitReady(options.readyTimeout())) {
                return RunResult.failed(run, topics, "subscribers were not connected within "
                        + options.readyTimeout().toMillis() + " ms");
            }
            LOG.info("run {}: {} {} subscriber(s) ready on {}", run, options.subscribers(), options.mode().label(),
                    topics);
            return publishAndAccount(fleet);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return RunResult.failed(run, topics, "interrupted");
        }
    }

    private RunResult publishAndAccount(final SubscriberFleet fleet) throws InterruptedException {
        final PhaseGate gate = new PhaseGate(options.publishers());
        final List<PublisherTask> tasks = new ArrayList<>();
        final List<PublishChannel> channels = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        try {
            for (int i = 0; i < options.publishers(); i++) {
                final PublishChannel channel = PublishChannel.open(options.client(), transport, baseUri, i,
                        options.apiKey());
                channels.add(channel);
                final PublisherTask task = new PublisherTask(i, topics.get(i % topics.size()), options, channel, gate);
                tasks.add(task);
                final Thread thread = new Thread(task, "load-publisher-" + i);
                thread.setDaemon(true);
                threads.add(thread);
            }
            threads.forEach(Thread::start);
            gate.awaitWarmups();
            if (tasks.stream().anyMatch(PublisherTask::aborted)) {
                gate.cancel();
            } else {
                awaitWarmupDeliveries(fleet);
                LOG.info("run {}: measured phase started", run);
                serverCpuAtStart = server == null ? null : server.cpu();
                gate.open();
            }
            for (final Thread thread : threads) {
                thread.join();
            }
        } finally {
            gate.cancel();
            channels.forEach(PublishChannel::close);
        }
        final List<PublisherResult> published = tasks.stream().map(PublisherTask::result).toList();
        final long expectedEach = published.stream().mapToLong(p -> p.attempted() - p.failedIndices().length).sum();
        final boolean drained = Waiter.until(options.drainTimeout(),
                () -> fleet.probes().stream().allMatch(p -> p.measuredUnique() >= expectedEach));
        if (!drained) {
            LOG.warn("run {}: not every delivery arrived within the drain timeout of {} ms", run,
                    options.drainTimeout().toMillis());
        }
        final CpuReading serverCpuAtEnd = server == null ? null : server.cpu();
        final List<String> view = drained ? List.of() : serverView.describe(topics);
        fleet.close();
        final RunResult result = account(fleet, published, drained, view);
        return serverCpuAtStart == null || serverCpuAtEnd == null || result.delivery() == null ? result
                : withServerUsage(result, serverCpuAtEnd.microsSince(serverCpuAtStart),
                        serverCpuAtEnd.perThreadSince(serverCpuAtStart));
    }

    private RunResult withServerUsage(final RunResult r, final long cpuMicros, final boolean perThread) {
        final ServerUsage usage = new ServerUsage(cpuMicros,
                (double) cpuMicros / Math.max(1, r.delivery().unique()), perThread, server.peakRssKib() / 1024.0);
        return new RunResult(r.run(), r.completed(), r.failure(), r.topics(), r.publish(), r.delivery(),
                r.publishers(), r.subscribers(), r.serverView(), usage);
    }

    private void awaitWarmupDeliveries(final SubscriberFleet fleet) {
        if (options.warmupPerPublisher() == 0 || fleet.probes().isEmpty()) {
            return;
        }
        final long expected = (long) options.publishers() * options.warmupPerPublisher();
        if (!Waiter.until(options.drainTimeout(),
                () -> fleet.probes().stream().allMatch(p -> p.warmupReceived() >= expected))) {
            LOG.warn("run {}: warm-up deliveries incomplete after {} ms; measuring anyway", run,
                    options.drainTimeout().toMillis());
        }
    }

    private RunResult account(final SubscriberFleet fleet, final List<PublisherResult> published,
                              final boolean drained, final List<String> view) {
        final List<SubscriberResult> subscribers = new ArrayList<>();
        final List<Histogram> endToEnd = new ArrayList<>();
        final List<Histogram> fromSchedule = new ArrayList<>();
        for (int n = 0; n < fleet.probes().size(); n++) {
            final SubscriberProbe probe = fleet.probes().get(n);
            subscribers.add(probe.result(published, fleet.clientDuplicates(n)));
            endToEnd.add(probe.endToEnd());
            fromSchedule.add(probe.fromSchedule());
        }
        final PublishSummary publish = RunAccounting.publish(published, options.paced());
        final Histogram merged = LatencyHistograms.merge(endToEnd);
        if (options.samplesCsv() != null) {
            LatencySamplesCsv.write(merged, LatencySamplesCsv.fileForRun(options.samplesCsv(), run, options.runs()));
        }
        final DeliverySummary delivery = RunAccounting.delivery(published, subscribers, drained,
                merged, options.paced() ? LatencyHistograms.merge(fromSchedule) : null);
        final String failure = publish.abortedPublishers() == 0 ? null
                : publish.abortedPublishers() + " publisher(s) gave up after " + PublisherTask.MAX_CONSECUTIVE_FAILURES
                        + " failed publishes in a row: " + published.stream().filter(PublisherResult::aborted)
                                .findFirst().map(PublisherResult::firstError).orElse("");
        return new RunResult(run, failure == null, failure, topics, publish, delivery,
                published.stream().map(PublisherLine::of).toList(), subscribers, view, null);
    }

    /**
     * The run's event types: unique per invocation so that runs never see each other's events, unless a prefix is
     * given (the same topics in every invocation, e.g. to measure a server whose topics are long-lived).
     */
    private static List<String> topicNames(final String prefix, final int count) {
        final String start = prefix != null ? prefix
                : "loadgen_" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        final List<String> names = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            names.add(start + "_t" + k);
        }
        return List.copyOf(names);
    }
}
