package io.eventhandler.server.config;

import io.eventhandler.server.config.Setting.IntRule;

import java.util.Map;
import java.util.regex.Pattern;

import static io.eventhandler.server.config.Setting.atLeast;
import static io.eventhandler.server.config.Setting.rule;

/**
 * Bounds on what one request may carry: a hostile or broken client gets a 4xx naming the limit instead of costing
 * memory, CPU or a database error. Also how far its time stamps may be from now.
 *
 * @param maxBodyBytes          {@link #MAX_BODY_BYTES} — largest request body (65536)
 * @param timeStampToleranceSeconds {@link #TIME_STAMP_TOLERANCE_SECONDS} — allowed clock difference of event stamps
 *                              and subscription dates (120, as Arrowhead)
 * @param maxHeaderBytes        {@link #MAX_HEADER_BYTES} — request line and headers together (8192)
 * @param maxJsonDepth          {@link #MAX_JSON_DEPTH} — nesting of objects and arrays in a body (32)
 * @param maxJsonStringLength   {@link #MAX_JSON_STRING_LENGTH} — characters of one JSON string or field name, e.g.
 *                              an event payload or a metadata key (1048576; it matters when the body limit is raised
 *                              above it)
 * @param maxMetadataEntries    {@link #MAX_METADATA_ENTRIES} — entries of one metadata map (event metadata,
 *                              filter, system metadata) (64)
 * @param maxEventTypeLength    {@link #MAX_EVENT_TYPE_LENGTH} — characters of an event type (255, the store's
 *                              column)
 * @param eventTypePattern      {@link #EVENT_TYPE_PATTERN} — characters an event type may consist of, as a regular
 *                              expression matched against the trimmed name (checked to compile)
 * @param maxSystemNameLength   {@link #MAX_SYSTEM_NAME_LENGTH} — characters of a system name (255, the store's
 *                              column)
 * @param maxAddressLength      {@link #MAX_ADDRESS_LENGTH} — characters of a system address (255, the store's
 *                              column)
 * @param publishEventsPerSecond {@link #PUBLISH_RATE_LIMIT} — events one publisher may publish per second, in
 *                              bursts of up to that many; more get 429 (0 = no limit, the default)
 * @param publishBytesPerSecond {@link #PUBLISH_BYTES_LIMIT} — request body bytes one publisher may publish per
 *                              second (0 = no limit, the default; else at least the body limit)
 * @param publishBatchMax       {@link #PUBLISH_BATCH_MAX} — events one batch publish may carry; more get 413 (1000)
 * @param publishBatchMaxBytes  {@link #PUBLISH_BATCH_MAX_BYTES} — body bytes of one batch publish; larger gets 413
 *                              (1048576; never below the body limit, so that a batch of one full-size event fits)
 * @param maxSseStreams         {@link #SSE_MAX_STREAMS} — SSE streams open at once; one more gets 503 with
 *                              {@code Retry-After} instead of the heap running out (0, the default: from the heap,
 *                              see {@link #effectiveMaxSseStreams})
 * @param maxTopics             {@link #MAX_TOPICS} — event types known at once; a publish or subscription that would
 *                              add one more gets 409 (0, the default: from the heap, see {@link #effectiveMaxTopics})
 * @param topicIdleForgetSeconds {@link #TOPIC_IDLE_FORGET_S} — a topic with no subscriber, no event left in its
 *                              history and no activity for this long is forgotten but for its last number, so that it
 *                              no longer counts against the topic limit (600; 0: never)
 */
public record LimitsConfiguration(
        int maxBodyBytes,
        int timeStampToleranceSeconds,
        int maxHeaderBytes,
        int maxJsonDepth,
        int maxJsonStringLength,
        int maxMetadataEntries,
        int maxEventTypeLength,
        String eventTypePattern,
        int maxSystemNameLength,
        int maxAddressLength,
        int publishEventsPerSecond,
        int publishBytesPerSecond,
        int publishBatchMax,
        int publishBatchMaxBytes,
        int maxSseStreams,
        int maxTopics,
        int topicIdleForgetSeconds) {

    /** Heap one topic costs with its counters, history ring and delivery plan (measured 5.3 KiB), with a margin. */
    static final long HEAP_PER_TOPIC_BYTES = 8 * 1024;

    /**
     * The configured topic limit, or with 0 the topics that fit in an eighth of {@code maxHeapBytes} at
     * {@value #HEAP_PER_TOPIC_BYTES} bytes each (at least 100); the histories' events get another eighth (see
     * {@link HistoryConfiguration#effectiveMemoryMaxBytes}).
     */
    public int effectiveMaxTopics(final long maxHeapBytes) {
        return maxTopics > 0 ? maxTopics
                : (int) Math.max(100, Math.min(Integer.MAX_VALUE, maxHeapBytes / 8 / HEAP_PER_TOPIC_BYTES));
    }

    /**
     * Heap an SSE stream holds over plain HTTP, with a margin: measured 4.5 KiB idle and 7–9 KiB once it has received
     * events (its delivery accounting and frame buffer grow), 5,000 and 10,000 streams (lab/notebook/scale.md).
     */
    static final long HEAP_PER_SSE_STREAM_BYTES = 12 * 1024;
    /**
     * The same over TLS, with a margin: measured 40–43 KiB idle with 1,000 and 2,000 streams, each its own TLS
     * session ({@code TlsStreamHeapProbe}; lab/notebook/scale.md).
     */
    static final long HEAP_PER_TLS_SSE_STREAM_BYTES = 64 * 1024;

    /**
     * The configured stream limit, or with 0 the streams that fit in three quarters of {@code maxHeapBytes} at
     * {@value #HEAP_PER_SSE_STREAM_BYTES} bytes each, {@value #HEAP_PER_TLS_SSE_STREAM_BYTES} over TLS (at least
     * 100).
     */
    public int effectiveMaxSseStreams(final long maxHeapBytes, final boolean tls) {
        if (maxSseStreams > 0) {
            return maxSseStreams;
        }
        final long perStream = tls ? HEAP_PER_TLS_SSE_STREAM_BYTES : HEAP_PER_SSE_STREAM_BYTES;
        return (int) Math.max(100, Math.min(Integer.MAX_VALUE, maxHeapBytes / 4 * 3 / perStream));
    }

    /** The store keeps event types, system names and addresses in 255-character columns. */
    public static final int STORED_NAME_COLUMN = 255;
    /** The store's column for a system's authentication info. */
    public static final int STORED_AUTHENTICATION_INFO_COLUMN = 2047;
    public static final String DEFAULT_EVENT_TYPE_PATTERN = "[A-Za-z0-9_.:/-]+";

    private static final Settings<LimitsConfiguration> SETTINGS = new Settings<>();
    private static final IntRule STORED = rule(v -> v >= 1 && v <= STORED_NAME_COLUMN,
            "between 1 and " + STORED_NAME_COLUMN + " (the store's column)");

    public static final Setting<Integer> MAX_BODY_BYTES = SETTINGS.add(
            Setting.integer("eh.max.body.bytes", 65_536, atLeast(256)), LimitsConfiguration::maxBodyBytes);
    public static final Setting<Integer> TIME_STAMP_TOLERANCE_SECONDS = SETTINGS.add(
            Setting.integer("time_stamp_tolerance_seconds", 120, atLeast(0)),
            LimitsConfiguration::timeStampToleranceSeconds);
    public static final Setting<Integer> MAX_HEADER_BYTES = SETTINGS.add(
            Setting.integer("eh.max.header.bytes", 8192, atLeast(1024)), LimitsConfiguration::maxHeaderBytes);
    public static final Setting<Integer> MAX_JSON_DEPTH = SETTINGS.add(
            Setting.integer("eh.max.json.depth", 32, atLeast(4)), LimitsConfiguration::maxJsonDepth);
    public static final Setting<Integer> MAX_JSON_STRING_LENGTH = SETTINGS.add(
            Setting.integer("eh.max.json.string.length", 1_048_576, atLeast(256)),
            LimitsConfiguration::maxJsonStringLength);
    public static final Setting<Integer> MAX_METADATA_ENTRIES = SETTINGS.add(
            Setting.integer("eh.max.metadata.entries", 64, atLeast(0)), LimitsConfiguration::maxMetadataEntries);
    public static final Setting<Integer> MAX_EVENT_TYPE_LENGTH = SETTINGS.add(
            Setting.integer("eh.max.event.type.length", STORED_NAME_COLUMN, STORED),
            LimitsConfiguration::maxEventTypeLength);
    public static final Setting<String> EVENT_TYPE_PATTERN = SETTINGS.add(
            Setting.string("eh.event.type.pattern", DEFAULT_EVENT_TYPE_PATTERN), LimitsConfiguration::eventTypePattern);
    public static final Setting<Integer> MAX_SYSTEM_NAME_LENGTH = SETTINGS.add(
            Setting.integer("eh.max.system.name.length", STORED_NAME_COLUMN, STORED),
            LimitsConfiguration::maxSystemNameLength);
    public static final Setting<Integer> MAX_ADDRESS_LENGTH = SETTINGS.add(
            Setting.integer("eh.max.address.length", STORED_NAME_COLUMN, STORED), LimitsConfiguration::maxAddressLength);
    public static final Setting<Integer> PUBLISH_RATE_LIMIT = SETTINGS.add(
            Setting.integer("eh.publish.rate.limit", 0, atLeast(0)), LimitsConfiguration::publishEventsPerSecond);
    public static final Setting<Integer> PUBLISH_BYTES_LIMIT = SETTINGS.add(
            Setting.integer("eh.publish.bytes.limit", 0, atLeast(0)), LimitsConfiguration::publishBytesPerSecond);
    public static final Setting<Integer> PUBLISH_BATCH_MAX = SETTINGS.add(
            Setting.integer("eh.publish.batch.max", 1000, atLeast(1)), LimitsConfiguration::publishBatchMax);
    public static final Setting<Integer> PUBLISH_BATCH_MAX_BYTES = SETTINGS.add(
            Setting.integer("eh.publish.batch.max.bytes", 1_048_576, atLeast(256)),
            LimitsConfiguration::publishBatchMaxBytes);
    public static final Setting<Integer> SSE_MAX_STREAMS = SETTINGS.add(
            Setting.integer("eh.sse.max.streams", 0, atLeast(0)), LimitsConfiguration::maxSseStreams);
    public static final Setting<Integer> MAX_TOPICS = SETTINGS.add(
            Setting.integer("eh.max.topics", 0, atLeast(0)), LimitsConfiguration::maxTopics);
    public static final Setting<Integer> TOPIC_IDLE_FORGET_S = SETTINGS.add(
            Setting.integer("eh.topic.idle.forget.s", 600, atLeast(0)), LimitsConfiguration::topicIdleForgetSeconds);

    static LimitsConfiguration read(final ConfigSource source) {
        final int maxBodyBytes = source.get(MAX_BODY_BYTES);
        final int tolerance = source.get(TIME_STAMP_TOLERANCE_SECONDS);
        final LimitsConfiguration limits = new LimitsConfiguration(maxBodyBytes, tolerance,
                source.get(MAX_HEADER_BYTES), source.get(MAX_JSON_DEPTH), source.get(MAX_JSON_STRING_LENGTH),
                source.get(MAX_METADATA_ENTRIES), source.get(MAX_EVENT_TYPE_LENGTH), eventTypePattern(source),
                source.get(MAX_SYSTEM_NAME_LENGTH), source.get(MAX_ADDRESS_LENGTH), source.get(PUBLISH_RATE_LIMIT),
                source.get(PUBLISH_BYTES_LIMIT), source.get(PUBLISH_BATCH_MAX), source.get(PUBLISH_BATCH_MAX_BYTES),
                source.get(SSE_MAX_STREAMS), source.get(MAX_TOPICS), source.get(TOPIC_IDLE_FORGET_S));
        final int bytesLimit = limits.publishBytesPerSecond();
        if (bytesLimit > 0 && bytesLimit < maxBodyBytes) {
            // a bucket holds one second's bytes: a larger event could never pass
            source.problem(PUBLISH_BYTES_LIMIT + "=" + bytesLimit + " must be 0 (none) or at least "
                    + MAX_BODY_BYTES + " (" + maxBodyBytes + ")");
        }
        return limits;
    }

    /** The pattern's text, once it is known to compile (the default's otherwise, with the problem reported). */
    private static String eventTypePattern(final ConfigSource source) {
        final String pattern = source.get(EVENT_TYPE_PATTERN);
        try {
            Pattern.compile(pattern);
            return pattern;
        } catch (final IllegalArgumentException e) {
            source.problem(EVENT_TYPE_PATTERN + "=" + pattern + " is not a regular expression");
            return DEFAULT_EVENT_TYPE_PATTERN;
        }
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
