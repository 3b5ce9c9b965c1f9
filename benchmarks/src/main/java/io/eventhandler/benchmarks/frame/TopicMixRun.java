package io.eventhandler.benchmarks.frame;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.benchmarks.load.EmbeddedServer;
import io.eventhandler.benchmarks.load.SseSelectorReader;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One run: a fresh embedded Event Handler with the mix's QoS under one setting, one SSE stream per topic, the
 * proxies in phase, a warm-up, the measured phase, then a drain until the subscribers stop receiving.
 */
final class TopicMixRun {

    /** Until the first batch, after every stream is attached: lets the server settle after the subscriptions. */
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
        try (EmbeddedServer server = EmbeddedServer.start(config)) {
            final URI baseUri = server.baseUri();
            final List<SseSelectorReader> readers = new ArrayList<>();
            try {
                final long startMicros = EpochMicros.now();
                // the window is fixed once the streams are attached; the subscriber needs it now, so it gets a holder
                final MeasurementWindow[] window = new MeasurementWindow[1];
                final MixSubscriber subscriber = attach(mix, baseUri, readers, window);
                final long attachMs = (EpochMicros.now() - startMicros) / 1_000;
                return measure(setting, total, repetition, mix, baseUri, subscriber, window[0], readers, attachMs);
            } finally {
                for (final SseSelectorReader reader : readers) {
                    reader.close();
                }
                Files.deleteIfExists(topicsFile);
            }
        }
    }

    private MixSubscriber attach(final TopicMix mix, final URI baseUri, final List<SseSelectorReader> readers,
                                 final MeasurementWindow[] window) throws IOException, InterruptedException {
        // batch 0 starts on a whole second after the subscriptions have had time to attach
        final long estimatedAttachMicros = 2_000_000 + mix.topics().size() * 2_000L;
        final long start = (EpochMicros.now() + estimatedAttachMicros + LEAD_IN_MICROS) / 1_000_000 * 1_000_000;
        window[0] = new MeasurementWindow(start, options.warmupMicros(), options.measureMicros());
        final MixSubscriber subscriber = new MixSubscriber(mix, window[0], options.readers());
        for (int r = 0; r < options.readers(); r++) {
            readers.add(new SseSelectorReader(baseUri, Integer.toString(r), subscriber.listener(r)));
        }
        for (final TopicMix.Topic topic : mix.topics()) {
            readers.get(topic.index() % readers.size()).open(topic.index(), topic.name());
        }
        readers.forEach(SseSelectorReader::start);
        final long deadline = System.currentTimeMillis() + ATTACH_TIMEOUT_MS;
        while (readers.stream().mapToInt(SseSelectorReader::attached).sum() < mix.topics().size()) {
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("only " + readers.stream().mapToInt(SseSelectorReader::attached).sum() + " of "
                        + mix.topics().size() + " SSE streams attached");
            }
            Thread.sleep(20);
        }
        if (EpochMicros.now() > start - LEAD_IN_MICROS / 2) {
            throw new IOException("attaching the streams took longer than planned; the schedule has begun");
        }
        return subscriber;
    }

    private RunResult measure(final FrameSetting setting, final int total, final int repetition, final TopicMix mix,
                              final URI baseUri, final MixSubscriber subscriber, final MeasurementWindow window,
                              final List<SseSelectorReader> readers, final long attachMs) throws Exception {
        final List<ProxyPublisher> proxies = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (final TopicMix.Proxy proxy : mix.proxies()) {
            final ProxyPublisher publisher = new ProxyPublisher(proxy, window, baseUri);
            proxies.add(publisher);
            final Thread thread = new Thread(publisher, "frame-proxy-" + proxy.id());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        sleepUntil(window.measureFrom());
        final BrokerCounters brokerStart = BrokerCounters.read(baseUri, mix);
        final CpuSample cpuStart = CpuSample.take();
        sleepUntil(window.measureUntil());
        final CpuSample cpuEnd = CpuSample.take();
        final BrokerCounters brokerEnd = BrokerCounters.read(baseUri, mix);
        for (final Thread thread : threads) {
            thread.join();
        }
        drain(subscriber);
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
        return new RunResult(setting, total, repetition, outcomes(mix, window, subscriber, broker), broker,
                cpuEnd.since(cpuStart), published, failed, unsent, lag, subscriber.trouble(), attachMs);
    }

    private static Map<TopicCategory, CategoryOutcome> outcomes(final TopicMix mix, final MeasurementWindow window,
                                                                final MixSubscriber subscriber,
                                                                final BrokerCounters broker) {
        final Map<TopicCategory, CategoryOutcome> outcomes = new EnumMap<>(TopicCategory.class);
        for (final TopicCategory c : TopicCategory.values()) {
            final List<TopicMix.Topic> topics = mix.topics().stream().filter(t -> t.category() == c).toList();
            long received = 0;
            final long[] runs = new long[topics.size()];
            for (int i = 0; i < topics.size(); i++) {
                received += subscriber.receivedMeasured(topics.get(i).index());
                runs[i] = subscriber.longestLossRun(topics.get(i).index());
            }
            final Histogram latency = subscriber.latency(c);
            outcomes.put(c, new CategoryOutcome(window.measuredBatches(c.periodMicros()) * topics.size(), received,
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
