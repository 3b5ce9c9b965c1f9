package io.eventhandler.benchmarks.frame;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.EpochMicros;
import io.eventhandler.benchmarks.load.EmbeddedServer;
import io.eventhandler.benchmarks.load.SseSelectorReader;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run: a fresh embedded Event Handler with the mix's QoS under one setting, SSE streams per topic, the
 * proxies in phase, a warm-up, the measured phase, then a drain until the subscribers stop receiving.
 */
final class TopicMixRun {

    /** At least this long from the last stream attached to the first batch, so the server settles first. */
    private static final long LEAD_IN_MICROS = 1_000_000;
    private static final long ATTACH_TIMEOUT_MS = 60_000;
    private static final long DRAIN_QUIET_MS = 1_000;
    private static final long DRAIN_MAX_MS = 15_000;

    private final TopicMixOptions options;

    TopicMixRun(final TopicMixOptions options) {
        this.options = options;
    }

    RunResult run(final FrameSetting setting, final int total, final int repetition) throws Exception {
        final TopicMix mix = TopicMix.of(total);
        final Path topicsFile = QosTopicsFile.write(mix, setting);
        final Map<String, String> config = new LinkedHashMap<>(options.serverConfig());
        config.put("eh.delivery.policy", setting.policy());
        config.put("eh.delivery.replication", setting.replication());
        config.put("eh.qos.topics", topicsFile.toString());
        if (!options.backup()) {
            try (EmbeddedServer server = EmbeddedServer.start(config)) {
                return streamAndMeasure(setting, total, repetition, mix, server.baseUri(), null);
            } finally {
                Files.deleteIfExists(topicsFile);
            }
        }
        // the primary in this process, its backup a process of its own; the primary starts first, so that the
        // backup finds it serving and stands by
        final int[] ports = freePorts();
        config.put(HttpConfiguration.PORT.key(), Integer.toString(ports[0]));
        config.put("eh.replication.role", "PRIMARY");
        config.put("eh.replication.peer", "http://127.0.0.1:" + ports[1]);
        config.put("eh.replication.loopback.only", "true");
        final Map<String, String> backupConfig = new LinkedHashMap<>(config);
        backupConfig.remove(HttpConfiguration.PORT.key());
        backupConfig.put("eh.replication.role", "BACKUP");
        backupConfig.put("eh.replication.peer", "http://127.0.0.1:" + ports[0]);
        backupConfig.put("eh.replication.loopback.only", "true");
        backupConfig.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:frame-backup");
        try (EmbeddedServer server = EmbeddedServer.start(config);
             BackupProcess backup = BackupProcess.start(backupConfig, ports[1])) {
            awaitPair(server.baseUri());
            return streamAndMeasure(setting, total, repetition, mix, server.baseUri(), backup);
        } finally {
            Files.deleteIfExists(topicsFile);
        }
    }

    private RunResult streamAndMeasure(final FrameSetting setting, final int total, final int repetition,
                                       final TopicMix mix, final URI baseUri, final BackupProcess backup)
            throws Exception {
        final List<SseSelectorReader> readers = new ArrayList<>();
        try {
            final long attachStart = EpochMicros.now();
            final MixSubscriber subscriber = attach(mix, baseUri, readers);
            final long attachMs = (EpochMicros.now() - attachStart) / 1_000;
            // batch 0 of every proxy on a whole second, at least the lead-in after the last stream attached
            final long start = (EpochMicros.now() + LEAD_IN_MICROS) / 1_000_000 * 1_000_000 + 1_000_000;
            final MeasurementWindow window = new MeasurementWindow(start, options.warmupMicros(),
                    options.measureMicros());
            subscriber.schedule(window);
            return measure(setting, total, repetition, mix, baseUri, subscriber, window, readers, attachMs,
                    options.subscribersPerTopic(), backup);
        } finally {
            for (final SseSelectorReader reader : readers) {
                reader.close();
            }
        }
    }

    /** Waits until the primary serves with its link to the backup connected. */
    private static void awaitPair(final URI primary) throws IOException, InterruptedException {
        final long deadline = System.currentTimeMillis() + ATTACH_TIMEOUT_MS;
        while (true) {
            final JsonNode view = ReplicationCounters.view(primary);
            if (view != null && view.path("serving").asBoolean() && "PRIMARY".equals(view.path("role").asText())
                    && view.path("link").path("connected").asBoolean()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("the primary's link to its backup did not connect: " + view);
            }
            Thread.sleep(50);
        }
    }

    private static int[] freePorts() throws IOException {
        try (ServerSocket a = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket b = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new int[] {a.getLocalPort(), b.getLocalPort()};
        }
    }

    private MixSubscriber attach(final TopicMix mix, final URI baseUri, final List<SseSelectorReader> readers)
            throws IOException, InterruptedException {
        final int streams = mix.topics().size() * options.subscribersPerTopic();
        final MixSubscriber subscriber = new MixSubscriber(mix, options.readers(), options.subscribersPerTopic());
        for (int r = 0; r < options.readers(); r++) {
            readers.add(new SseSelectorReader(baseUri, Integer.toString(r), subscriber.listener(r)));
        }
        for (int stream = 0; stream < streams; stream++) {
            readers.get(stream % readers.size()).open(stream, mix.topics().get(stream % mix.topics().size()).name());
        }
        readers.forEach(SseSelectorReader::start);
        final long deadline = System.currentTimeMillis() + ATTACH_TIMEOUT_MS;
        while (readers.stream().mapToInt(SseSelectorReader::attached).sum() < streams) {
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("only " + readers.stream().mapToInt(SseSelectorReader::attached).sum() + " of "
                        + streams + " SSE streams attached");
            }
            Thread.sleep(20);
        }
        return subscriber;
    }

    /** How long before the measured phase the start samples are taken: half the warm-up, at most 5 s. */
    private long sampleLeadMicros() {
        return Math.min(5_000_000, options.warmupMicros() / 2);
    }

    private RunResult measure(final FrameSetting setting, final int total, final int repetition, final TopicMix mix,
                              final URI baseUri, final MixSubscriber subscriber, final MeasurementWindow window,
                              final List<SseSelectorReader> readers, final long attachMs, final int perTopic,
                              final BackupProcess backup) throws Exception {
        final List<ProxyPublisher> proxies = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (final TopicMix.Proxy proxy : mix.proxies()) {
            final ProxyPublisher publisher = new ProxyPublisher(proxy, window, baseUri, options.spread(),
                    options.batch());
            proxies.add(publisher);
            final Thread thread = new Thread(publisher, "frame-proxy-" + proxy.id());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        // The start samples are taken a second before the measured phase and the broker's end counters only after
        // the publishers stopped: serving GET /mgmt/delivery (hundreds of topics and subscribers, in this process)
        // and the thread-CPU safepoint delayed the deliveries around them, which made the first measured batches
        // miss their deadlines (the flaw of the first runs of this experiment).
        sleepUntil(window.measureFrom() - sampleLeadMicros());
        final BrokerCounters brokerStart = BrokerCounters.read(baseUri, mix);
        final ReplicationCounters replicationStart = backup == null ? null
                : ReplicationCounters.read(baseUri, backup);
        final CpuSample cpuStart = CpuSample.take();
        sleepUntil(window.measureUntil());
        final CpuSample cpuEnd = CpuSample.take();
        final ReplicationCounters replication = backup == null ? null
                : ReplicationCounters.read(baseUri, backup).minus(replicationStart);
        final double loadAverage = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage();
        for (final Thread thread : threads) {
            thread.join();
        }
        drain(subscriber);
        final BrokerCounters brokerEnd = BrokerCounters.read(baseUri, mix);
        readers.forEach(SseSelectorReader::close);
        long published = 0;
        long failed = 0;
        long unsent = 0;
        long lag = 0;
        for (final ProxyPublisher proxy : proxies) {
            published += proxy.sent();
            failed += proxy.failed();
            unsent += proxy.unsentBatches();
            lag = Math.max(lag, proxy.maxLagMicros());
        }
        final BrokerCounters broker = brokerEnd.minus(brokerStart);
        return new RunResult(setting, total, repetition, outcomes(mix, window, subscriber, broker, perTopic), broker,
                cpuEnd.since(cpuStart), published, failed, unsent, lag, subscriber.trouble(), attachMs,
                subscriber.tightLatePerSecond(), loadAverage, replication,
                (cpuEnd.wallNanos() - cpuStart.wallNanos()) / 1_000_000);
    }

    private static Map<TopicCategory, CategoryOutcome> outcomes(final TopicMix mix, final MeasurementWindow window,
                                                                final MixSubscriber subscriber,
                                                                final BrokerCounters broker, final int perTopic) {
        final Map<TopicCategory, CategoryOutcome> outcomes = new EnumMap<>(TopicCategory.class);
        for (final TopicCategory c : TopicCategory.values()) {
            final List<TopicMix.Topic> topics = mix.topics().stream().filter(t -> t.category() == c).toList();
            long received = 0;
            final long[] runs = new long[topics.size() * perTopic];
            for (int i = 0; i < runs.length; i++) {
                final int stream = topics.get(i % topics.size()).index() + i / topics.size() * mix.topics().size();
                received += subscriber.receivedMeasured(stream);
                runs[i] = subscriber.longestLossRun(stream);
            }
            final Histogram latency = subscriber.latency(c);
            outcomes.put(c, new CategoryOutcome(window.measuredBatches(c.periodMicros()) * runs.length, received,
                    subscriber.withinDeadline(c), latency.getValueAtPercentile(50),
                    latency.getValueAtPercentile(99), latency.getValueAtPercentile(99.9), latency.getMaxValue(),
                    java.util.Arrays.stream(runs).max().orElse(0), SuccessRate.lossTolerance(runs, c.lossTolerance()),
                    broker.categories().get(c)));
        }
        return outcomes;
    }

    /** Waits until the subscribers received nothing new for a second (or 15 s passed). */
    private static void drain(final MixSubscriber subscriber) throws InterruptedException {
        final long deadline = System.currentTimeMillis() + DRAIN_MAX_MS;
        long seen = -1;
        while (System.currentTimeMillis() < deadline) {
            final long now = subscriber.received();
            if (now == seen) {
                return;
            }
            seen = now;
            Thread.sleep(DRAIN_QUIET_MS);
        }
    }

    private static void sleepUntil(final long epochMicros) throws InterruptedException {
        long now;
        while ((now = EpochMicros.now()) < epochMicros) {
            Thread.sleep(Math.max(1, (epochMicros - now) / 1_000));
        }
    }
}
