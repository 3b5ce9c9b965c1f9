package io.eventhandler.server.sse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer reused for every batch of one SSE stream (one writer at a time, so no locking). */
final class FrameBuffer {

    private byte[] bytes = new byte[1024];
    private int length;

    void reset() {
        length = 0;
        if (bytes.length > 64 * 1024) {
            bytes = new byte[1024];
        }
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
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + extra));
        }
    }
}
