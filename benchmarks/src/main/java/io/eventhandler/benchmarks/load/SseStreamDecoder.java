package io.eventhandler.benchmarks.load;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns the bytes of an SSE response body, optionally in HTTP/1.1 chunked transfer coding, into events, wherever
 * the reads happen to split them. Lines end in LF or CRLF; {@code data:} lines of one event are joined with LF;
 * comments and {@code retry:} are skipped (the generator identifies events by their payload); the last {@code id:} is
 * kept for a reconnect with {@code Last-Event-ID}. One instance per stream, used by its reader thread only.
 */
final class SseStreamDecoder {

    /** Receives each complete event. */
    interface Handler {
        /**
         * One event.
         *
         * @param eventName      the {@code event:} field, or null for a plain message
         * @param data           the joined {@code data:} lines (valid until the call returns)
         * @param length         how many bytes of {@code data} are the event's
         * @param receivedMicros when the read that completed the event returned, epoch µs
         */
        void onEvent(String eventName, byte[] data, int length, long receivedMicros);
    }

    private enum ChunkState { SIZE, SIZE_EXTENSION, SIZE_LF, DATA, DATA_CR, DATA_LF, DONE }

    private final boolean chunked;
    private final Handler handler;
    private ChunkState chunkState = ChunkState.SIZE;
    private long chunkRemaining;
    private boolean sizeHasDigits;

    private byte[] line = new byte[256];
    private int lineLength;
    private boolean lastWasCr;
    private byte[] data = new byte[1024];
    private int dataLength;
    private boolean hasData;
    private String eventName;
    /** The last id, kept as bytes: a String per event would be garbage at a million events a second. */
    private byte[] lastId = new byte[32];
    private int lastIdLength = -1;

    SseStreamDecoder(final boolean chunked, final Handler handler) {
        this.chunked = chunked;
        this.handler = handler;
    }

    /** The last {@code id:} field seen (the SSE "last event ID buffer"), or null when none came. */
    String lastEventId() {
        return lastIdLength < 0 ? null : new String(lastId, 0, lastIdLength, StandardCharsets.UTF_8);
    }

    /** Whether the chunked body ended (the zero-size chunk arrived). */
    boolean ended() {
        return chunkState == ChunkState.DONE;
    }

    /**
     * Decodes the next bytes of the body.
     *
     * @throws IllegalStateException on a malformed chunk header
     */
    void feed(final byte[] bytes, final int offset, final int length, final long receivedMicros) {
        if (!chunked) {
            lines(bytes, offset, length, receivedMicros);
            return;
        }
        int i = offset;
        final int end = offset + length;
        while (i < end && chunkState != ChunkState.DONE) {
            switch (chunkState) {
                case SIZE -> {
                    final byte b = bytes[i++];
                    final int digit = Character.digit(b, 16);
                    if (digit >= 0) {
                        chunkRemaining = chunkRemaining * 16 + digit;
                        sizeHasDigits = true;
                    } else if (b == ';' || b == ' ') {
                        chunkState = ChunkState.SIZE_EXTENSION;
                    } else if (b == '\r') {
                        chunkState = ChunkState.SIZE_LF;
                    } else {
                        throw new IllegalStateException("bad chunk size byte " + b);
                    }
                }
                case SIZE_EXTENSION -> {
                    if (bytes[i++] == '\r') {
                        chunkState = ChunkState.SIZE_LF;
                    }
                }
                case SIZE_LF -> {
                    if (bytes[i++] != '\n' || !sizeHasDigits) {
                        throw new IllegalStateException("bad chunk header");
                    }
                    sizeHasDigits = false;
                    chunkState = chunkRemaining == 0 ? ChunkState.DONE : ChunkState.DATA;
                }
                case DATA -> {
                    final int n = (int) Math.min(chunkRemaining, end - i);
                    lines(bytes, i, n, receivedMicros);
                    i += n;
                    chunkRemaining -= n;
                    if (chunkRemaining == 0) {
                        chunkState = ChunkState.DATA_CR;
                    }
                }
                case DATA_CR -> {
                    if (bytes[i++] != '\r') {
                        throw new IllegalStateException("chunk not followed by CRLF");
                    }
                    chunkState = ChunkState.DATA_LF;
                }
                case DATA_LF -> {
                    if (bytes[i++] != '\n') {
                        throw new IllegalStateException("chunk not followed by CRLF");
                    }
                    chunkState = ChunkState.SIZE;
                }
                default -> throw new IllegalStateException("unreachable");
            }
        }
    }

    private void lines(final byte[] bytes, final int offset, final int length, final long receivedMicros) {
        for (int i = offset; i < offset + length; i++) {
            final byte b = bytes[i];
            if (b == '\n') {
                if (!lastWasCr) {
                    line(receivedMicros);
                }
                lastWasCr = false;
            } else if (b == '\r') {
                line(receivedMicros);
                lastWasCr = true;
            } else {
                lastWasCr = false;
                if (lineLength == line.length) {
                    line = Arrays.copyOf(line, line.length * 2);
                }
                line[lineLength++] = b;
            }
        }
    }

    private void line(final long receivedMicros) {
        final int length = lineLength;
        lineLength = 0;
        if (length == 0) {
            if (hasData) {
                handler.onEvent(eventName, data, dataLength, receivedMicros);
            }
            hasData = false;
            dataLength = 0;
            eventName = null;
            return;
        }
        if (line[0] == ':') {
            return;
        }
        int colon = 0;
        while (colon < length && line[colon] != ':') {
            colon++;
        }
        int valueStart = Math.min(colon + 1, length);
        if (valueStart < length && line[valueStart] == ' ') {
            valueStart++;
        }
        if (isField("data", colon)) {
            if (hasData) {
                appendData((byte) '\n');
            }
            hasData = true;
            final int n = length - valueStart;
            ensureData(n);
            System.arraycopy(line, valueStart, data, dataLength, n);
            dataLength += n;
        } else if (isField("event", colon)) {
            eventName = new String(line, valueStart, length - valueStart, StandardCharsets.UTF_8);
        } else if (isField("id", colon)) {
            lastIdLength = length - valueStart;
            if (lastIdLength > lastId.length) {
                lastId = new byte[lastIdLength];
            }
            System.arraycopy(line, valueStart, lastId, 0, lastIdLength);
        }
    }

    private boolean isField(final String name, final int nameLength) {
        if (nameLength != name.length()) {
            return false;
        }
        for (int i = 0; i < nameLength; i++) {
            if (line[i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private void appendData(final byte b) {
        ensureData(1);
        data[dataLength++] = b;
    }

    private void ensureData(final int extra) {
        if (dataLength + extra > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, dataLength + extra));
        }
    }
}
