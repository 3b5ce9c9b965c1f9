package io.eventhandler.server.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * Metrics, the status page and the delivery-problem log: who may read them in secure mode, how many topics get
 * series of their own, and how often a repeated delivery problem is logged.
 *
 * @param metricsReaders        {@link #METRICS_READERS} — systems (the first label of their certificate's CN)
 *                              allowed to read {@code /metrics} and {@code /status} in secure mode; {@code *} for
 *                              any system of the local cloud (sysop)
 * @param metricsTopicLimit     {@link #METRICS_TOPIC_LIMIT} — topics with series of their own; later topics are
 *                              summed into {@code topic="_other"}, so that many topics cannot flood the scraper (100)
 * @param logRepeatIntervalMs   {@link #LOG_REPEAT_INTERVAL_MS} — a delivery problem of one kind, topic and
 *                              subscriber is logged once per interval; repeats are counted and summarised in one line
 *                              (10000; 0 = every occurrence)
 * @param logMaxLines           {@link #LOG_MAX_LINES} — lines the delivery-problem log writes per interval at most,
 *                              over all topics and subscribers; the rest are counted and reported in one line (100,
 *                              i.e. 10 a second at the default interval; 0 = no limit)
 */
public record ObservabilityConfiguration(List<String> metricsReaders, int metricsTopicLimit,
                                         int logRepeatIntervalMs, int logMaxLines) {

    private static final Settings<ObservabilityConfiguration> SETTINGS = new Settings<>();

    public static final Setting<String> METRICS_READERS = SETTINGS.add(Setting.string("eh.metrics.readers", "sysop"),
            o -> String.join(",", o.metricsReaders()));
    public static final Setting<Integer> METRICS_TOPIC_LIMIT = SETTINGS.add(
            Setting.integer("eh.metrics.topic.limit", 100, atLeast(0)), ObservabilityConfiguration::metricsTopicLimit);
    public static final Setting<Integer> LOG_REPEAT_INTERVAL_MS = SETTINGS.add(
            Setting.integer("eh.log.repeat.interval.ms", 10_000, atLeast(0)),
            ObservabilityConfiguration::logRepeatIntervalMs);
    public static final Setting<Integer> LOG_MAX_LINES = SETTINGS.add(
            Setting.integer("eh.log.max.lines", 100, atLeast(0)), ObservabilityConfiguration::logMaxLines);
    /** In {@code eh.metrics.readers}: any system of the local cloud. */
    public static final String ANY_SYSTEM = "*";

    public ObservabilityConfiguration {
        metricsReaders = List.copyOf(metricsReaders);
    }

    /** Whether {@code system} may read metrics and the status page (secure mode). */
    public boolean mayReadMetrics(final String system) {
        return metricsReaders.contains(ANY_SYSTEM) || metricsReaders.contains(system.toLowerCase(Locale.ROOT));
    }

    static ObservabilityConfiguration read(final ConfigSource source) {
        final String readers = source.get(METRICS_READERS);
        final List<String> names = Arrays.stream(readers.split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(s -> s.toLowerCase(Locale.ROOT)).toList();
        if (names.isEmpty()) {
            source.problem(METRICS_READERS + " is blank: name at least one system, or * for any");
        }
        return new ObservabilityConfiguration(names, source.get(METRICS_TOPIC_LIMIT), source.get(LOG_REPEAT_INTERVAL_MS),
                source.get(LOG_MAX_LINES));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
