package io.eventhandler.server.sse;

import java.util.Arrays;

/**
 * The bytes of one batch of one SSE stream, in an array that is handed to the stream's output with the write and
 * not reused: a stream keeps no buffer between writes (at 10,000 streams, buffers kept for the next batch were most
 * of the heap), and the output can frame the bytes in place rather than copy them. Room is left before the frames
 * and after them for the output's framing (an HTTP chunk's size line and its line end). One writer at a time.
 */
final class FrameBuffer {

    private static final byte[] NONE = new byte[0];
    private static final int MIN_CAPACITY = 256;

    private byte[] bytes = NONE;
    private int start;
    private int end;
    private int tailroom;

    /**
     * Starts a batch; the array is allocated with the first bytes.
     *
     * @param headroom bytes left free before the frames
     * @param tailroom bytes left free after them
     */
    void begin(final int headroom, final int tailroom) {
        this.bytes = NONE;
        this.start = headroom;
        this.end = headroom;
        this.tailroom = tailroom;
    }

    /** Makes room for about {@code expected} more bytes at once, rather than growing step by step. */
    void reserve(final int expected) {
        ensure(expected);
    }

    /** Gives the array up (it went out with a write, or there was nothing to write). */
    void release() {
        bytes = NONE;
        end = start;
    }

    FrameBuffer ascii(final String text) {
        ensure(text.length());
        for (int i = 0; i < text.length(); i++) {
            bytes[end++] = (byte) text.charAt(i);
        }
        return this;
    }

    FrameBuffer number(final long value) {
        return ascii(Long.toString(value));
    }

    FrameBuffer bytes(final byte[] data) {
        ensure(data.length);
        System.arraycopy(data, 0, bytes, end, data.length);
        end += data.length;
        return this;
    }

    /** The array: the frames are at [{@link #offset}, offset + {@link #length}), with the rooms around them. */
    byte[] array() {
        return bytes;
    }

    int offset() {
        return start;
    }

    int length() {
        return end - start;
    }

    private void ensure(final int extra) {
        final int needed = end + extra + tailroom;
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(start + MIN_CAPACITY + tailroom,
                    Math.max(bytes.length * 2, needed)));
        }
    }
}
