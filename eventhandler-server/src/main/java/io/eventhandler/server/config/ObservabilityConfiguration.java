package io.eventhandler.server.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Metrics, the status page and the delivery-problem log: who may read them in secure mode, how many topics get
 * series of their own, and how often a repeated delivery problem is logged.
 *
 * @param metricsReaders        {@value #METRICS_READERS} — systems (the first label of their certificate's CN)
 *                              allowed to read {@code /metrics} and {@code /status} in secure mode; {@code *} for
 *                              any system of the local cloud (sysop)
 * @param metricsTopicLimit     {@value #METRICS_TOPIC_LIMIT} — topics with series of their own; later topics are
 *                              summed into {@code topic="_other"}, so that many topics cannot flood the scraper (100)
 * @param logRepeatIntervalMs   {@value #LOG_REPEAT_INTERVAL_MS} — a delivery problem of one kind, topic and
 *                              subscriber is logged once per interval; repeats are counted and summarised in one line
 *                              (10000; 0 = every occurrence)
 * @param logMaxLines           {@value #LOG_MAX_LINES} — lines the delivery-problem log writes per interval at most,
 *                              over all topics and subscribers; the rest are counted and reported in one line (100,
 *                              i.e. 10 a second at the default interval; 0 = no limit)
 */
public record ObservabilityConfiguration(List<String> metricsReaders, int metricsTopicLimit,
                                         int logRepeatIntervalMs, int logMaxLines) {

    public static final String METRICS_READERS = "eh.metrics.readers";
    public static final String METRICS_TOPIC_LIMIT = "eh.metrics.topic.limit";
    public static final String LOG_REPEAT_INTERVAL_MS = "eh.log.repeat.interval.ms";
    public static final String LOG_MAX_LINES = "eh.log.max.lines";
    /** In {@link #METRICS_READERS}: any system of the local cloud. */
    public static final String ANY_SYSTEM = "*";

    public ObservabilityConfiguration {
        metricsReaders = List.copyOf(metricsReaders);
    }

    /** Whether {@code system} may read metrics and the status page (secure mode). */
    public boolean mayReadMetrics(final String system) {
        return metricsReaders.contains(ANY_SYSTEM) || metricsReaders.contains(system.toLowerCase(Locale.ROOT));
    }

    static ObservabilityConfiguration read(final ConfigSource source) {
        final String readers = source.string(METRICS_READERS, "sysop");
        final List<String> names = Arrays.stream(readers.split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(s -> s.toLowerCase(Locale.ROOT)).toList();
        if (names.isEmpty()) {
            source.problem(METRICS_READERS + " is blank: name at least one system, or * for any");
        }
        return new ObservabilityConfiguration(names,
                source.integer(METRICS_TOPIC_LIMIT, 100, v -> v >= 0, "at least 0"),
                source.integer(LOG_REPEAT_INTERVAL_MS, 10_000, v -> v >= 0, "at least 0"),
                source.integer(LOG_MAX_LINES, 100, v -> v >= 0, "at least 0"));
    }

    void describe(final Map<String, Object> d) {
        d.put(METRICS_READERS, String.join(",", metricsReaders));
        d.put(METRICS_TOPIC_LIMIT, metricsTopicLimit);
        d.put(LOG_REPEAT_INTERVAL_MS, logRepeatIntervalMs);
        d.put(LOG_MAX_LINES, logMaxLines);
    }
}
