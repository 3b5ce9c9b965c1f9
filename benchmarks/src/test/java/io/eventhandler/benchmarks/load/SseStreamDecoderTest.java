package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Events come out whole and in order however the reads split the chunked or plain body. */
class SseStreamDecoderTest {

    private static final String BODY = "retry: 3000\n\n"
            + "id: 1\ndata: {\"payload\":\"one\"}\n\n"
            + ": heartbeat\n\n"
            + "id: 2\r\ndata: {\"payload\":\"two\"}\r\n\r\n"
            + "event: gap\ndata: {\"from\":3,\"to\":5}\n\n"
            + "data: first line\ndata:second line\n\n"
            + "id: 6\ndata: " + "x".repeat(700) + "\n\n";

    private static final List<String> EXPECTED = List.of("null|{\"payload\":\"one\"}", "null|{\"payload\":\"two\"}",
            "gap|{\"from\":3,\"to\":5}", "null|first line\nsecond line", "null|" + "x".repeat(700));

    @Test
    void decodesAChunkedBodySplitAtEveryPosition() {
        final byte[] body = chunked(BODY, 37);
        for (int split = 0; split <= body.length; split++) {
            final Recorder recorder = new Recorder();
            final SseStreamDecoder decoder = new SseStreamDecoder(true, recorder);
            decoder.feed(body, 0, split, 1);
            decoder.feed(body, split, body.length - split, 2);
            assertEquals(EXPECTED, recorder.events, "split at " + split);
            assertFalse(decoder.ended());
        }
    }

    @Test
    void decodesAChunkedBodyByteByByteAndSeesItsEnd() {
        final byte[] body = concat(chunked(BODY, 5), "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        final Recorder recorder = new Recorder();
        final SseStreamDecoder decoder = new SseStreamDecoder(true, recorder);
        for (int i = 0; i < body.length; i++) {
            decoder.feed(body, i, 1, i);
        }
        assertEquals(EXPECTED, recorder.events);
        assertTrue(decoder.ended());
    }

    @Test
    void keepsTheLastEventIdForAReconnect() {
        final SseStreamDecoder decoder = new SseStreamDecoder(false, new Recorder());
        assertEquals(null, decoder.lastEventId());
        final byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
        decoder.feed(body, 0, body.length, 1);
        assertEquals("6", decoder.lastEventId());
        final byte[] longer = "id: 123456789012345678901234567890123\ndata: z\n\n".getBytes(StandardCharsets.UTF_8);
        decoder.feed(longer, 0, longer.length, 2);
        assertEquals("123456789012345678901234567890123", decoder.lastEventId());
    }

    @Test
    void acceptsChunkExtensionsAndUpperCaseHex() {
        final Recorder recorder = new Recorder();
        final SseStreamDecoder decoder = new SseStreamDecoder(true, recorder);
        final String event = "data: " + "y".repeat(20) + "\n\n";
        final byte[] body = (Integer.toHexString(event.length()).toUpperCase() + ";name=value\r\n" + event + "\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        decoder.feed(body, 0, body.length, 7);
        assertEquals(List.of("null|" + "y".repeat(20)), recorder.events);
        assertEquals(List.of(7L), recorder.receipts);
    }

    @Test
    void decodesAPlainBodyAndStampsEachEventWithTheReadThatCompletedIt() {
        final byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
        final Recorder recorder = new Recorder();
        final SseStreamDecoder decoder = new SseStreamDecoder(false, recorder);
        final int firstEventEnd = BODY.indexOf("one\"}\n\n") + 7;
        decoder.feed(body, 0, firstEventEnd - 1, 10);
        decoder.feed(body, firstEventEnd - 1, body.length - firstEventEnd + 1, 20);
        assertEquals(EXPECTED, recorder.events);
        assertEquals(20L, recorder.receipts.get(0));
    }

    @Test
    void rejectsAMalformedChunkHeader() {
        final SseStreamDecoder decoder = new SseStreamDecoder(true, new Recorder());
        final byte[] body = "zz\r\n".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IllegalStateException.class, () -> decoder.feed(body, 0, body.length, 0));
    }

    @Test
    void rejectsAChunkWithoutItsTrailingCrlf() {
        final SseStreamDecoder decoder = new SseStreamDecoder(true, new Recorder());
        final byte[] body = "3\r\nabcX".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IllegalStateException.class, () -> decoder.feed(body, 0, body.length, 0));
    }

    private static byte[] chunked(final String text, final int chunkSize) {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < bytes.length; i += chunkSize) {
            final int n = Math.min(chunkSize, bytes.length - i);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes, i, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    private static byte[] concat(final byte[] a, final byte[] b) {
        final byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static final class Recorder implements SseStreamDecoder.Handler {
        final List<String> events = new ArrayList<>();
        final List<Long> receipts = new ArrayList<>();

        @Override
        public void onEvent(final String eventName, final byte[] data, final int length, final long receivedMicros) {
            events.add(eventName + "|" + new String(data, 0, length, StandardCharsets.UTF_8));
            receipts.add(receivedMicros);
        }
    }
}
