package io.eventhandler.server.sse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer reused for every batch of one SSE stream (one writer at a time, so no locking). An idle
 * stream gives its array back ({@link #release}): most streams are idle most of the time.
 */
final class FrameBuffer {

    private static final byte[] NONE = new byte[0];
    private static final int MIN_CAPACITY = 256;

    private byte[] bytes = NONE;
    private int length;

    void reset() {
        length = 0;
        if (bytes.length > 64 * 1024) {
            bytes = NONE;
        }
    }

    /** Drops the array until the next batch. */
    void release() {
        length = 0;
        bytes = NONE;
    }

    FrameBuffer ascii(final String text) {
        ensure(text.length());
        for (int i = 0; i < text.length(); i++) {
            bytes[length++] = (byte) text.charAt(i);
        }
        return this;
    }

    FrameBuffer utf8(final String text) {
        return bytes(text.getBytes(StandardCharsets.UTF_8));
    }

    FrameBuffer number(final long value) {
        return ascii(Long.toString(value));
    }

    FrameBuffer bytes(final byte[] data) {
        ensure(data.length);
        System.arraycopy(data, 0, bytes, length, data.length);
        length += data.length;
        return this;
    }

    byte[] array() {
        return bytes;
    }

    int length() {
        return length;
    }

    private void ensure(final int extra) {
        if (length + extra > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(MIN_CAPACITY, Math.max(bytes.length * 2, length + extra)));
        }
    }
}
