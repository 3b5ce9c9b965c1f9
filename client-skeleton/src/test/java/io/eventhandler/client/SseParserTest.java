package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SseParserTest {

    private record Parsed(String id, String name, String data, long micros) {
    }

    private final List<Parsed> events = new ArrayList<>();
    private final List<Long> retries = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong();

    private final SseParser parser = new SseParser(new SseParser.Handler() {
        @Override
        public void onEvent(final String id, final String eventName, final byte[] data, final int dataLength,
                            final long completedEpochMicros) {
            events.add(new Parsed(id, eventName, new String(data, 0, dataLength, StandardCharsets.UTF_8),
                    completedEpochMicros));
        }

        @Override
        public void onRetry(final long millis) {
            retries.add(millis);
        }

        @Override
        public void onComment(final String comment) {
            comments.add(comment);
        }
    }, clock::get, 1024);

    private void feed(final String text) {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        parser.feed(bytes, 0, bytes.length);
    }

    @Test
    void eventWithIdAndJsonData() {
        feed("id: 1\ndata: {\"payload\":\"x\"}\n\n");

        assertEquals(List.of(new Parsed("1", null, "{\"payload\":\"x\"}", 0)), events);
    }

    @Test
    void multiLineDataIsJoinedWithLineFeeds() {
        feed("data: first\ndata: second\ndata\ndata: third\n\n");

        assertEquals(1, events.size());
        assertEquals("first\nsecond\n\nthird", events.get(0).data());
    }

    @Test
    void onlyOneSpaceAfterTheColonIsDropped() {
        feed("data:nospace\n\ndata:  two spaces\n\n");

        assertEquals("nospace", events.get(0).data());
        assertEquals(" two spaces", events.get(1).data());
    }

    @Test
    void commentsAreReportedButAreNotEvents() {
        feed(": heartbeat\n\n:\n\ndata: x\n: in between\n\n");

        assertEquals(List.of(" heartbeat", "", " in between"), comments);
        assertEquals(1, events.size());
        assertEquals("x", events.get(0).data());
    }

    @Test
    void crlfAndCrLineEndingsAreLineEndings() {
        feed("id: 1\r\ndata: crlf\r\n\r\nid: 2\rdata: cr\r\rid: 3\ndata: lf\n\n");

        assertEquals(List.of("crlf", "cr", "lf"), events.stream().map(Parsed::data).toList());
        assertEquals(List.of("1", "2", "3"), events.stream().map(Parsed::id).toList());
    }

    @Test
    void retryTakesDigitsOnly() {
        feed("retry: 2500\nretry: 25x\nretry:\nretry: -1\nretry:10\n");

        assertEquals(List.of(2500L, 10L), retries);
        assertTrue(events.isEmpty());
    }

    @Test
    void eventNameAppliesToOneEventOnly() {
        feed("event: gap\ndata: {\"missed\":3}\n\ndata: next\nid: 4\n\n");

        assertEquals(new Parsed(null, "gap", "{\"missed\":3}", 0), events.get(0));
        assertEquals(new Parsed("4", null, "next", 0), events.get(1));
    }

    @Test
    void blockWithoutDataIsNotDispatchedButUpdatesLastEventId() {
        feed("id: 5\n\nevent: gap\n\n");

        assertTrue(events.isEmpty());
        assertEquals("5", parser.lastEventId());
        feed("data: x\n\n");
        assertEquals(new Parsed(null, null, "x", 0), events.get(0), "name and id must not leak from empty blocks");
        assertEquals("5", parser.lastEventId(), "the WHATWG last event id carries over");
    }

    @Test
    void idWithNulIsIgnoredAndUnknownFieldsAreSkipped() {
        feed("id: 1\u0000\nfoo: bar\ndata: x\n\n");

        assertEquals(new Parsed(null, null, "x", 0), events.get(0));
        assertEquals("", parser.lastEventId());
    }

    @Test
    void byteOrderMarkAtStreamStartIsSkipped() {
        final byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        parser.feed(bom, 0, 3);
        feed("data: after bom\n\n");

        assertEquals("after bom", events.get(0).data());
    }

    @Test
    void incompleteEventIsNotDispatchedAndResetDropsIt() {
        feed("id: 9\ndata: partial\n");
        assertTrue(events.isEmpty());

        parser.reset();
        feed("\ndata: fresh\n\n");

        assertEquals(List.of(new Parsed(null, null, "fresh", 0)), events);
    }

    @Test
    void receiveTimeIsTakenWhenTheBlankLineArrives() {
        clock.set(100);
        feed("id: 1\ndata: x\n");
        clock.set(200);
        feed("\n");
        clock.set(300);

        assertEquals(200, events.get(0).micros());
    }

    @Test
    void oversizedEventIsRejected() {
        final String big = "x".repeat(2000);

        assertThrows(IllegalStateException.class, () -> feed("data: " + big + "\n\n"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 7, 13, 64})
    void resultDoesNotDependOnHowTheBytesAreSplit(final int chunk) {
        final String stream = "retry: 3000\r\n: hb\r\nid: 1\r\ndata: h\u00e9llo \u20ac \uD83D\uDE00\r\n\r\n"
                + "event: gap\rdata: {}\r\rid: 2\ndata: a\ndata: b\n\n";
        final byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += chunk) {
            parser.feed(bytes, i, Math.min(chunk, bytes.length - i));
        }

        assertEquals(List.of(
                new Parsed("1", null, "h\u00e9llo \u20ac \uD83D\uDE00", 0),
                new Parsed(null, "gap", "{}", 0),
                new Parsed("2", null, "a\nb", 0)), events);
        assertEquals(List.of(3000L), retries);
        assertEquals(List.of(" hb"), comments);
    }
}
