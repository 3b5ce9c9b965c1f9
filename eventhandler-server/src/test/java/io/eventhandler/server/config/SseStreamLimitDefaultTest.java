package io.eventhandler.server.config;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The default SSE stream limit comes from the heap: three quarters of it at the measured cost of a stream, which is
 * higher over TLS; a configured limit is taken as it is.
 */
class SseStreamLimitDefaultTest {

    private static final long MIB = 1024 * 1024;

    private static LimitsConfiguration limits(final String maxStreams) {
        return ServerConfiguration.fromMap(Map.of(LimitsConfiguration.SSE_MAX_STREAMS.key(), maxStreams)).limits();
    }

    @Test
    void aPlainStreamIsCountedAtTwelveKibAndATlsStreamAtSixtyFour() {
        assertEquals(8_192, limits("0").effectiveMaxSseStreams(128 * MIB, false));
        assertEquals(1_536, limits("0").effectiveMaxSseStreams(128 * MIB, true));
    }

    @Test
    void aSmallHeapStillAllowsAHundredStreams() {
        assertEquals(100, limits("0").effectiveMaxSseStreams(MIB, true));
    }

    @Test
    void aConfiguredLimitIsKept() {
        assertEquals(7, limits("7").effectiveMaxSseStreams(128 * MIB, false));
        assertEquals(7, limits("7").effectiveMaxSseStreams(128 * MIB, true));
    }
}
