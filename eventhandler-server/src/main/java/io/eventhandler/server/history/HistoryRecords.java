package io.eventhandler.server.history;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.StoredEvent;
import io.eventhandler.core.event.SystemRef;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The value of one event in the durable store: a version byte, the acceptance instant and the size of the encoded
 * notification (read without decoding the rest, for the age and byte bounds), then the event's content. The
 * notification itself is not stored: it is encoded again from the content when the history is reloaded.
 *
 * <pre>
 * byte version(1) | long acceptedEpochMillis | int encodedLength | long createdEpochMicros
 * | str eventType | str sourceName | str sourceAddress | int sourcePort
 * | int metaDataCount (-1 = none) | (str key, str value)* | str payload | str timeStamp
 * str = int length (-1 = null) + UTF-8 bytes
 * </pre>
 */
final class HistoryRecords {

    private static final byte VERSION = 1;
    private static final int ACCEPTED_AT = 1;
    private static final int ENCODED_LENGTH_AT = 9;

    private HistoryRecords() {
    }

    static byte[] encode(final Event event, final long acceptedEpochMillis) {
        final byte[][] strings = new byte[6 + 2 * size(event.metaData())][];
        int n = 0;
        strings[n++] = utf8(event.eventType());
        strings[n++] = utf8(event.source().name());
        strings[n++] = utf8(event.source().address());
        if (event.metaData() != null) {
            for (final Map.Entry<String, String> entry : event.metaData().entrySet()) {
                strings[n++] = utf8(entry.getKey());
                strings[n++] = utf8(entry.getValue());
            }
        }
        strings[n++] = utf8(event.payload());
        strings[n] = utf8(event.timeStamp());
        int length = 1 + 8 + 4 + 8 + 4 + 4;
        for (final byte[] string : strings) {
            length += 4 + (string == null ? 0 : string.length);
        }
        final ByteBuffer out = ByteBuffer.allocate(length);
        out.put(VERSION).putLong(acceptedEpochMillis).putInt(event.encoded().length)
                .putLong(event.createdEpochMicros());
        put(out, strings[0]);
        put(out, strings[1]);
        put(out, strings[2]);
        out.putInt(event.source().port());
        out.putInt(event.metaData() == null ? -1 : event.metaData().size());
        for (int i = 3; i < strings.length; i++) {
            put(out, strings[i]);
        }
        return out.array();
    }

    static StoredEvent decode(final long sequence, final byte[] record) {
        final ByteBuffer in = ByteBuffer.wrap(record);
        final byte version = in.get();
        if (version != VERSION) {
            throw new IllegalStateException("unknown history record version " + version + " (event " + sequence
                    + ")");
        }
        final long acceptedEpochMillis = in.getLong();
        in.getInt(); // encoded length: the notification is encoded again
        final long createdEpochMicros = in.getLong();
        final String eventType = string(in);
        final SystemRef source = SystemRef.of(string(in), string(in), in.getInt());
        final int entries = in.getInt();
        Map<String, String> metaData = null;
        if (entries >= 0) {
            final Map<String, String> map = new LinkedHashMap<>();
            for (int i = 0; i < entries; i++) {
                map.put(string(in), string(in));
            }
            metaData = Collections.unmodifiableMap(map);
        }
        final String payload = string(in);
        final String timeStamp = string(in);
        return new StoredEvent(sequence, new EventDraft(eventType, source, metaData, payload, timeStamp,
                createdEpochMicros), acceptedEpochMillis);
    }

    static long acceptedEpochMillis(final byte[] record) {
        return ByteBuffer.wrap(record).getLong(ACCEPTED_AT);
    }

    /** The size of the event's notification, which the byte bound counts. */
    static int encodedLength(final byte[] record) {
        return ByteBuffer.wrap(record).getInt(ENCODED_LENGTH_AT);
    }

    private static int size(final Map<String, String> metaData) {
        return metaData == null ? 0 : metaData.size();
    }

    private static byte[] utf8(final String value) {
        return value == null ? null : value.getBytes(StandardCharsets.UTF_8);
    }

    private static void put(final ByteBuffer out, final byte[] string) {
        if (string == null) {
            out.putInt(-1);
        } else {
            out.putInt(string.length).put(string);
        }
    }

    private static String string(final ByteBuffer in) {
        final int length = in.getInt();
        if (length < 0) {
            return null;
        }
        final String value = new String(in.array(), in.position(), length, StandardCharsets.UTF_8);
        in.position(in.position() + length);
        return value;
    }
}
