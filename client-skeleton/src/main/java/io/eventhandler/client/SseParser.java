package io.eventhandler.client;

import io.eventhandler.api.EpochMicros;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Incremental parser of a {@code text/event-stream} (WHATWG HTML, "Server-sent events", §9.2.6 interpretation of
 * the stream), fed with the raw bytes as they come off the socket.
 *
 * <p>Lines end with CRLF, LF or CR (also when a CRLF is split between two reads). Fields: {@code data} (several
 * lines are joined with LF), {@code event}, {@code id} (ignored if it contains NUL), {@code retry} (ASCII digits
 * only); lines starting with a colon are comments; unknown fields are ignored; a single space after the colon is
 * dropped. A blank line dispatches the event if it has data. A UTF-8 byte order mark at the start is skipped. The
 * data is handed over as UTF-8 bytes so that it can be parsed as JSON without an intermediate string.
 *
 * <p>Not thread-safe: one reader thread feeds it.
 */
final class SseParser {

    /** Receives what the parser recognizes. */
    interface Handler {
        /**
         * A complete event.
         *
         * @param id                   the value of this event's own {@code id} field, or null if it had none
         * @param eventName            the {@code event} field, or null for a default ("message") event
         * @param data                 the data as UTF-8; only {@code data[0..dataLength)} is valid, and only during
         *                             this call
         * @param dataLength           number of valid bytes in {@code data}
         * @param completedEpochMicros clock reading taken when the blank line ending the event was seen
         */
        void onEvent(String id, String eventName, byte[] data, int dataLength, long completedEpochMicros);

        /** A {@code retry} field: the reconnection time the server asks for. */
        default void onRetry(long millis) {
        }

        /** A comment line (heartbeat), without the leading colon. */
        default void onComment(String comment) {
        }
    }

    /** Largest line or event data accepted by default; beyond it the stream is considered broken. */
    static final int DEFAULT_MAX_EVENT_BYTES = 16 * 1024 * 1024;

    private static final byte[] DATA = ascii("data");
    private static final byte[] EVENT = ascii("event");
    private static final byte[] ID = ascii("id");
    private static final byte[] RETRY = ascii("retry");

    private final Handler handler;
    private final LongSupplier clock;
    private final int maxEventBytes;

    private byte[] line = new byte[256];
    private int lineLength;
    private byte[] data = new byte[1024];
    private int dataLength;
    private String eventName;
    private String eventId;
    private String lastEventId = "";
    private boolean lastWasCr;
    private boolean atStreamStart = true;

    SseParser(final Handler handler) {
        this(handler, EpochMicros::now, DEFAULT_MAX_EVENT_BYTES);
    }

    SseParser(final Handler handler, final LongSupplier epochMicrosClock, final int maxEventBytes) {
        this.handler = handler;
        this.clock = epochMicrosClock;
        this.maxEventBytes = maxEventBytes;
    }

    /**
     * Parses {@code buffer[offset..offset+length)}, calling the handler for every complete event, retry and comment.
     *
     * @throws IllegalStateException when a line or an event's data exceeds the size limit
     */
    void feed(final byte[] buffer, final int offset, final int length) {
        final int end = offset + length;
        int lineStart = offset;
        for (int i = offset; i < end; i++) {
            final byte b = buffer[i];
            if (b == '\n' || b == '\r') {
                if (b == '\n' && lastWasCr) {
                    // second half of a CRLF: the line already ended at the CR
                    lastWasCr = false;
                    lineStart = i + 1;
                    continue;
                }
                lastWasCr = b == '\r';
                if (lineLength == 0) {
                    processLine(buffer, lineStart, i - lineStart);
                } else {
                    appendLine(buffer, lineStart, i - lineStart);
                    processLine(line, 0, lineLength);
                    lineLength = 0;
                }
                lineStart = i + 1;
            } else {
                lastWasCr = false;
            }
        }
        if (lineStart < end) {
            appendLine(buffer, lineStart, end - lineStart);
        }
    }

    /** Forgets a partial line and event, as at the start of a new connection. The last event id is kept. */
    void reset() {
        lineLength = 0;
        dataLength = 0;
        eventName = null;
        eventId = null;
        lastWasCr = false;
        atStreamStart = true;
    }

    /** The stream's last event ID as the WHATWG rules define it (carried over events without an id); "" if none. */
    String lastEventId() {
        return lastEventId;
    }

    private void processLine(final byte[] buf, final int start, final int length) {
        int offset = start;
        int len = length;
        if (atStreamStart) {
            atStreamStart = false;
            if (len >= 3 && buf[offset] == (byte) 0xEF && buf[offset + 1] == (byte) 0xBB && buf[offset + 2] == (byte) 0xBF) {
                offset += 3;
                len -= 3;
            }
        }
        if (len == 0) {
            dispatch();
            return;
        }
        if (buf[offset] == ':') {
            handler.onComment(new String(buf, offset + 1, len - 1, StandardCharsets.UTF_8));
            return;
        }
        final int end = offset + len;
        int colon = -1;
        for (int i = offset; i < end; i++) {
            if (buf[i] == ':') {
                colon = i;
                break;
            }
        }
        final int nameLength = colon < 0 ? len : colon - offset;
        int valueStart = colon < 0 ? end : colon + 1;
        if (valueStart < end && buf[valueStart] == ' ') {
            valueStart++;
        }
        final int valueLength = end - valueStart;
        if (is(buf, offset, nameLength, DATA)) {
            appendData(buf, valueStart, valueLength);
        } else if (is(buf, offset, nameLength, EVENT)) {
            eventName = new String(buf, valueStart, valueLength, StandardCharsets.UTF_8);
        } else if (is(buf, offset, nameLength, ID)) {
            if (!contains(buf, valueStart, valueLength, (byte) 0)) {
                eventId = new String(buf, valueStart, valueLength, StandardCharsets.UTF_8);
                lastEventId = eventId;
            }
        } else if (is(buf, offset, nameLength, RETRY)) {
            final long retry = parseDigits(buf, valueStart, valueLength);
            if (retry >= 0) {
                handler.onRetry(retry);
            }
        }
        // any other field is ignored
    }

    private void dispatch() {
        if (dataLength == 0) {
            // no data field since the last dispatch: nothing to deliver
            eventName = null;
            eventId = null;
            return;
        }
        final long completed = clock.getAsLong();
        final String id = eventId;
        final String name = eventName == null || eventName.isEmpty() ? null : eventName;
        final int length = dataLength - 1; // drop the LF appended after the last data line
        dataLength = 0;
        eventName = null;
        eventId = null;
        handler.onEvent(id, name, data, length, completed);
    }

    private void appendData(final byte[] buf, final int offset, final int length) {
        final int needed = dataLength + length + 1;
        if (needed > maxEventBytes) {
            throw new IllegalStateException("SSE event data longer than " + maxEventBytes + " bytes");
        }
        if (needed > data.length) {
            data = Arrays.copyOf(data, Math.max(needed, Math.min(maxEventBytes, data.length * 2)));
        }
        System.arraycopy(buf, offset, data, dataLength, length);
        dataLength += length;
        data[dataLength++] = '\n';
    }

    private void appendLine(final byte[] buf, final int offset, final int length) {
        final int needed = lineLength + length;
        if (needed > maxEventBytes) {
            throw new IllegalStateException("SSE line longer than " + maxEventBytes + " bytes");
        }
        if (needed > line.length) {
            line = Arrays.copyOf(line, Math.max(needed, Math.min(maxEventBytes, line.length * 2)));
        }
        System.arraycopy(buf, offset, line, lineLength, length);
        lineLength = needed;
    }

    private static boolean is(final byte[] buf, final int offset, final int length, final byte[] name) {
        return length == name.length && Arrays.equals(buf, offset, offset + length, name, 0, name.length);
    }

    private static boolean contains(final byte[] buf, final int offset, final int length, final byte value) {
        for (int i = offset; i < offset + length; i++) {
            if (buf[i] == value) {
                return true;
            }
        }
        return false;
    }

    /** The value as a non-negative number, or -1 if it is empty, has a non-digit, or is too long. */
    private static long parseDigits(final byte[] buf, final int offset, final int length) {
        if (length == 0 || length > 18) {
            return -1;
        }
        long value = 0;
        for (int i = offset; i < offset + length; i++) {
            final byte b = buf[i];
            if (b < '0' || b > '9') {
                return -1;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }

    private static byte[] ascii(final String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
