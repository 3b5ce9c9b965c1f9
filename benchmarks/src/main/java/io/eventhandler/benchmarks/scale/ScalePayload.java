package io.eventhandler.benchmarks.scale;

/**
 * The payload of a scale event, {@code <n>.<created µs>}: the event's number on its topic (0, 1, …) and its
 * creation instant. Carrying the instant in the payload spares the readers parsing the ISO {@code timeStamp} a
 * million times a second.
 */
final class ScalePayload {

    private ScalePayload() {
    }

    static String of(final long n, final long createdMicros) {
        return n + "." + createdMicros;
    }

    /** The number, or -1 when the payload is not a scale payload. */
    static long number(final String payload) {
        final int dot = payload.indexOf('.');
        return dot <= 0 ? -1 : digits(payload, 0, dot);
    }

    /** The creation instant, or -1 when the payload is not a scale payload. */
    static long createdMicros(final String payload) {
        final int dot = payload.indexOf('.');
        return dot <= 0 || dot == payload.length() - 1 ? -1 : digits(payload, dot + 1, payload.length());
    }

    private static long digits(final String text, final int from, final int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            final char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
