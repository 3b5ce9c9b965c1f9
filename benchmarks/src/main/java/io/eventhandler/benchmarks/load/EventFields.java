package io.eventhandler.benchmarks.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The two fields of an {@code EventDTO} the probe needs, {@code payload} and {@code timeStamp}, found by scanning
 * the JSON bytes instead of binding the whole object. The scan is exact for what the Event Handler writes (compact
 * JSON): without a backslash anywhere no string can contain a quote, so {@code "payload":"} can only be a key. It
 * declines, and Jackson decides, when the JSON has an escape or a {@code metaData} object that could hold a key of
 * the same name.
 */
final class EventFields {

    private static final ObjectMapper MAPPER = JsonMapper.create();
    private static final byte[] PAYLOAD = "\"payload\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TIME_STAMP = "\"timeStamp\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] META_DATA_OBJECT = "\"metaData\":{".getBytes(StandardCharsets.US_ASCII);

    /**
     * The fields.
     *
     * @param payload   the payload, or null
     * @param timeStamp the timeStamp, or null
     */
    record Fields(String payload, String timeStamp) {
    }

    private EventFields() {
    }

    /**
     * Extracts the fields from one event's JSON.
     *
     * @return the fields, or null when the JSON is not an event
     */
    static Fields of(final byte[] json, final int length) {
        if (!hasBackslash(json, length) && indexOf(json, length, META_DATA_OBJECT, 0) < 0) {
            final String payload = stringValue(json, length, PAYLOAD);
            final String timeStamp = stringValue(json, length, TIME_STAMP);
            if (payload != null && timeStamp != null) {
                return new Fields(payload, timeStamp);
            }
        }
        try {
            final EventDTO event = MAPPER.readValue(json, 0, length, EventDTO.class);
            return new Fields(event.payload(), event.timeStamp());
        } catch (final IOException e) {
            return null;
        }
    }

    private static boolean hasBackslash(final byte[] json, final int length) {
        for (int i = 0; i < length; i++) {
            if (json[i] == '\\') {
                return true;
            }
        }
        return false;
    }

    /** The value of {@code key}, or null when absent. */
    private static String stringValue(final byte[] json, final int length, final byte[] key) {
        final int at = indexOf(json, length, key, 0);
        if (at < 0) {
            return null;
        }
        final int start = at + key.length;
        for (int i = start; i < length; i++) {
            if (json[i] == '"') {
                return new String(json, start, i - start, StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static int indexOf(final byte[] json, final int length, final byte[] key, final int from) {
        outer:
        for (int i = from; i + key.length <= length; i++) {
            for (int k = 0; k < key.length; k++) {
                if (json[i + k] != key[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
