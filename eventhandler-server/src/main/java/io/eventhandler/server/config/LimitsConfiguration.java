package io.eventhandler.server.config;

import java.util.regex.Pattern;

/**
 * Bounds on what one request may carry, beyond the body size ({@code eh.max.body.bytes}): a hostile or broken client
 * gets a 4xx naming the limit instead of costing memory, CPU or a database error.
 *
 * @param maxHeaderBytes        {@value ServerConfiguration#MAX_HEADER_BYTES} — request line and headers together
 *                              (8192)
 * @param maxJsonDepth          {@value ServerConfiguration#MAX_JSON_DEPTH} — nesting of objects and arrays in a
 *                              body (32)
 * @param maxJsonStringLength   {@value ServerConfiguration#MAX_JSON_STRING_LENGTH} — characters of one JSON string
 *                              or field name, e.g. an event payload or a metadata key (1048576; it matters
 *                              when the body limit is raised above it)
 * @param maxMetadataEntries    {@value ServerConfiguration#MAX_METADATA_ENTRIES} — entries of one metadata map
 *                              (event metadata, filter, system metadata) (64)
 * @param maxEventTypeLength    {@value ServerConfiguration#MAX_EVENT_TYPE_LENGTH} — characters of an event type
 *                              (255, the store's column)
 * @param eventTypePattern      {@value ServerConfiguration#EVENT_TYPE_PATTERN} — characters an event type may
 *                              consist of, as a regular expression matched against the trimmed name
 * @param maxSystemNameLength   {@value ServerConfiguration#MAX_SYSTEM_NAME_LENGTH} — characters of a system name
 *                              (255, the store's column)
 * @param maxAddressLength      {@value ServerConfiguration#MAX_ADDRESS_LENGTH} — characters of a system address
 *                              (255, the store's column)
 * @param publishEventsPerSecond {@value ServerConfiguration#PUBLISH_RATE_LIMIT} — events one publisher may publish
 *                              per second, in bursts of up to that many; more get 429 (0 = no limit, the default)
 * @param publishBytesPerSecond {@value ServerConfiguration#PUBLISH_BYTES_LIMIT} — request body bytes one publisher
 *                              may publish per second (0 = no limit, the default; else at least the body limit)
 * @param publishBatchMax       {@value ServerConfiguration#PUBLISH_BATCH_MAX} — events one batch publish may carry;
 *                              more get 413 (1000)
 * @param publishBatchMaxBytes  {@value ServerConfiguration#PUBLISH_BATCH_MAX_BYTES} — body bytes of one batch
 *                              publish; larger gets 413 (1048576; never below the body limit, so that a
 *                              batch of one full-size event fits)
 * @param maxSseStreams         {@value ServerConfiguration#SSE_MAX_STREAMS} — SSE streams open at once; one more
 *                              gets 503 with {@code Retry-After} instead of the heap running out (0, the default:
 *                              from the heap, see {@link #effectiveMaxSseStreams})
 */
public record LimitsConfiguration(
        int maxHeaderBytes,
        int maxJsonDepth,
        int maxJsonStringLength,
        int maxMetadataEntries,
        int maxEventTypeLength,
        Pattern eventTypePattern,
        int maxSystemNameLength,
        int maxAddressLength,
        int publishEventsPerSecond,
        int publishBytesPerSecond,
        int publishBatchMax,
        int publishBatchMaxBytes,
        int maxSseStreams) {

    /**
     * Heap an SSE stream holds over plain HTTP, with a margin: measured 4.5 KiB idle and 7–9 KiB once it has received
     * events (its delivery accounting and frame buffer grow), 5,000 and 10,000 streams (docs/benchmarks.md, scale).
     */
    static final long HEAP_PER_SSE_STREAM_BYTES = 12 * 1024;
    /**
     * The same over TLS, with a margin: measured 40–43 KiB idle with 1,000 and 2,000 streams, each its own TLS
     * session ({@code TlsStreamHeapProbe}; docs/benchmarks.md, scale).
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

    static LimitsConfiguration read(final ConfigSource source) {
        final String pattern = source.string(ServerConfiguration.EVENT_TYPE_PATTERN, DEFAULT_EVENT_TYPE_PATTERN);
        Pattern compiled = Pattern.compile(DEFAULT_EVENT_TYPE_PATTERN);
        try {
            compiled = Pattern.compile(pattern);
        } catch (final IllegalArgumentException e) {
            source.problem(ServerConfiguration.EVENT_TYPE_PATTERN + "=" + pattern + " is not a regular expression");
        }
        final String stored = "between 1 and " + STORED_NAME_COLUMN + " (the store's column)";
        return new LimitsConfiguration(
                source.integer(ServerConfiguration.MAX_HEADER_BYTES, 8192, v -> v >= 1024, "at least 1024"),
                source.integer(ServerConfiguration.MAX_JSON_DEPTH, 32, v -> v >= 4, "at least 4"),
                source.integer(ServerConfiguration.MAX_JSON_STRING_LENGTH, 1_048_576, v -> v >= 256, "at least 256"),
                source.integer(ServerConfiguration.MAX_METADATA_ENTRIES, 64, v -> v >= 0, "at least 0"),
                source.integer(ServerConfiguration.MAX_EVENT_TYPE_LENGTH, STORED_NAME_COLUMN,
                        v -> v >= 1 && v <= STORED_NAME_COLUMN, stored),
                compiled,
                source.integer(ServerConfiguration.MAX_SYSTEM_NAME_LENGTH, STORED_NAME_COLUMN,
                        v -> v >= 1 && v <= STORED_NAME_COLUMN, stored),
                source.integer(ServerConfiguration.MAX_ADDRESS_LENGTH, STORED_NAME_COLUMN,
                        v -> v >= 1 && v <= STORED_NAME_COLUMN, stored),
                source.integer(ServerConfiguration.PUBLISH_RATE_LIMIT, 0, v -> v >= 0, "at least 0"),
                source.integer(ServerConfiguration.PUBLISH_BYTES_LIMIT, 0, v -> v >= 0, "at least 0"),
                source.integer(ServerConfiguration.PUBLISH_BATCH_MAX, 1000, v -> v >= 1, "at least 1"),
                source.integer(ServerConfiguration.PUBLISH_BATCH_MAX_BYTES, 1_048_576, v -> v >= 256,
                        "at least 256"),
                source.integer(ServerConfiguration.SSE_MAX_STREAMS, 0, v -> v >= 0, "at least 0"));
    }

    /** Patterns compare by their text (a record of {@link Pattern}s would compare by identity). */
    @Override
    public boolean equals(final Object other) {
        return other instanceof LimitsConfiguration o && maxHeaderBytes == o.maxHeaderBytes
                && maxJsonDepth == o.maxJsonDepth && maxJsonStringLength == o.maxJsonStringLength
                && maxMetadataEntries == o.maxMetadataEntries && maxEventTypeLength == o.maxEventTypeLength
                && eventTypePattern.pattern().equals(o.eventTypePattern.pattern())
                && maxSystemNameLength == o.maxSystemNameLength && maxAddressLength == o.maxAddressLength
                && publishEventsPerSecond == o.publishEventsPerSecond
                && publishBytesPerSecond == o.publishBytesPerSecond && publishBatchMax == o.publishBatchMax
                && publishBatchMaxBytes == o.publishBatchMaxBytes && maxSseStreams == o.maxSseStreams;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(maxHeaderBytes, maxJsonDepth, maxJsonStringLength, maxMetadataEntries,
                maxEventTypeLength, eventTypePattern.pattern(), maxSystemNameLength, maxAddressLength,
                publishEventsPerSecond, publishBytesPerSecond, publishBatchMax, publishBatchMaxBytes, maxSseStreams);
    }
}
