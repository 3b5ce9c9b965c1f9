package io.eventhandler.benchmarks.load;

/**
 * The generator's event payload: {@code p=<publisher>;n=<counter>;t=<intended µs>;} padded with {@code x} to the
 * configured size. The publisher id and its counter let a subscriber detect loss, duplicates and reordering per
 * publisher; {@code t} is the instant the event was scheduled to be sent (epoch microseconds), which under open-loop
 * pacing may be earlier than its {@code timeStamp} when the publisher fell behind. Stateless and thread-safe.
 */
public final class PayloadCodec {

    private final int payloadBytes;

    /**
     * A codec padding to {@code payloadBytes}; payloads are never shorter than their header.
     *
     * @param payloadBytes the target size in bytes (the payload is ASCII)
     */
    public PayloadCodec(final int payloadBytes) {
        this.payloadBytes = payloadBytes;
    }

    /**
     * The payload of one event.
     *
     * @param publisher      publisher id
     * @param counter        the publisher's counter, from 0 (warm-up events first)
     * @param intendedMicros when the event was scheduled, epoch microseconds
     * @return the payload, {@code max(payloadBytes, header length)} characters
     */
    public String encode(final int publisher, final long counter, final long intendedMicros) {
        final StringBuilder out = new StringBuilder(Math.max(payloadBytes, 48));
        out.append("p=").append(publisher).append(";n=").append(counter).append(";t=").append(intendedMicros)
                .append(';');
        while (out.length() < payloadBytes) {
            out.append('x');
        }
        return out.toString();
    }

    /**
     * Reads a payload written by {@link #encode}.
     *
     * @param payload the received payload
     * @return the decoded header, or null when the payload is not the generator's
     */
    public static Decoded decode(final String payload) {
        if (payload == null || !payload.startsWith("p=")) {
            return null;
        }
        final int n = payload.indexOf(";n=", 2);
        final int t = n < 0 ? -1 : payload.indexOf(";t=", n + 3);
        final int end = t < 0 ? -1 : payload.indexOf(';', t + 3);
        if (end < 0) {
            return null;
        }
        try {
            final int publisher = Integer.parseInt(payload, 2, n, 10);
            final long counter = Long.parseLong(payload, n + 3, t, 10);
            final long intended = Long.parseLong(payload, t + 3, end, 10);
            return publisher < 0 || counter < 0 ? null : new Decoded(publisher, counter, intended);
        } catch (final NumberFormatException e) {
            return null;
        }
    }

    /**
     * A decoded payload header.
     *
     * @param publisher      publisher id
     * @param counter        the publisher's counter
     * @param intendedMicros scheduled send instant, epoch microseconds
     */
    public record Decoded(int publisher, long counter, long intendedMicros) {
    }
}
