package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PayloadCodecTest {

    @Test
    void shouldRoundTripTheHeader() {
        final String payload = new PayloadCodec(100).encode(7, 123_456, 1_700_000_000_123_456L);
        assertEquals(new PayloadCodec.Decoded(7, 123_456, 1_700_000_000_123_456L), PayloadCodec.decode(payload));
    }

    @Test
    void shouldPadToThePayloadSize() {
        assertEquals(256, new PayloadCodec(256).encode(0, 0, 0).length());
        assertEquals(1024, new PayloadCodec(1024).encode(9, 99_999, 1_700_000_000_000_000L).length());
    }

    @Test
    void shouldKeepTheWholeHeaderWhenTheSizeIsSmaller() {
        final String payload = new PayloadCodec(1).encode(12, 34, 56);
        assertEquals("p=12;n=34;t=56;", payload);
        assertEquals(new PayloadCodec.Decoded(12, 34, 56), PayloadCodec.decode(payload));
    }

    @Test
    void shouldRejectForeignPayloads() {
        assertNull(PayloadCodec.decode(null));
        assertNull(PayloadCodec.decode(""));
        assertNull(PayloadCodec.decode("hello"));
        assertNull(PayloadCodec.decode("p=1;n=2;"));
        assertNull(PayloadCodec.decode("p=x;n=2;t=3;"));
        assertNull(PayloadCodec.decode("p=-1;n=2;t=3;"));
    }

    @Test
    void shouldBeAscii() {
        final String payload = new PayloadCodec(64).encode(1, 2, 3);
        assertTrue(payload.chars().allMatch(c -> c < 128));
    }
}
