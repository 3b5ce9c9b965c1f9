package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.EventDTO;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.EventEncoder;

import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Encodes an accepted event once as the Arrowhead {@code EventDTO} JSON that webhooks and SSE streams carry.
 *
 * <p>Every accepted event passes here, so the JSON is written by hand into one array of exactly its length (a
 * first pass measures, the second writes): Jackson's writer allocated a generator, its contexts and buffers and a
 * DTO per event, about a fifth of all the publish path allocated. The bytes are Jackson's own for this record: fields
 * in declaration order, {@code null} written as such, {@code "} and {@code \} and the control characters escaped as
 * Jackson escapes them, everything else as UTF-8. A string with a surrogate char goes to Jackson, whose handling of
 * an unpaired one is the reference.
 */
public final class EventDtoEncoder implements EventEncoder {

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] EVENT_TYPE = ascii("{\"eventType\":");
    private static final byte[] META_DATA = ascii(",\"metaData\":");
    private static final byte[] PAYLOAD = ascii(",\"payload\":");
    private static final byte[] TIME_STAMP = ascii(",\"timeStamp\":");
    private static final byte[] NULL = ascii("null");

    private final ObjectWriter writer;

    public EventDtoEncoder(final ObjectMapper mapper) {
        this.writer = mapper.writerFor(EventDTO.class);
    }

    @Override
    public byte[] encode(final EventDraft draft) {
        final long size = size(draft);
        if (size < 0 || size > Integer.MAX_VALUE - 16) {
            return withJackson(draft);
        }
        final Output out = new Output(new byte[(int) size]);
        out.raw(EVENT_TYPE).string(draft.eventType()).raw(META_DATA);
        final Map<String, String> metaData = draft.metaData();
        if (metaData == null) {
            out.raw(NULL);
        } else {
            out.put('{');
            boolean first = true;
            for (final Map.Entry<String, String> entry : metaData.entrySet()) {
                if (!first) {
                    out.put(',');
                }
                first = false;
                out.string(entry.getKey()).put(':').string(entry.getValue());
            }
            out.put('}');
        }
        out.raw(PAYLOAD).string(draft.payload()).raw(TIME_STAMP).string(draft.timeStamp()).put('}');
        return out.bytes;
    }

    /** The encoded length, or -1 when a string holds a surrogate or the metadata a null key. */
    private static long size(final EventDraft draft) {
        final long eventType = stringSize(draft.eventType());
        final long payload = stringSize(draft.payload());
        final long timeStamp = stringSize(draft.timeStamp());
        if (eventType < 0 || payload < 0 || timeStamp < 0) {
            return -1;
        }
        long size = EVENT_TYPE.length + META_DATA.length + PAYLOAD.length + TIME_STAMP.length + 1
                + eventType + payload + timeStamp;
        final Map<String, String> metaData = draft.metaData();
        if (metaData == null) {
            return size + NULL.length;
        }
        size += 2 + Math.max(0, metaData.size() - 1);
        for (final Map.Entry<String, String> entry : metaData.entrySet()) {
            final long key = entry.getKey() == null ? -1 : stringSize(entry.getKey());
            final long value = stringSize(entry.getValue());
            if (key < 0 || value < 0) {
                return -1;
            }
            size += key + 1 + value;
        }
        return size;
    }

    /** Bytes of a string value with its quotes ({@code null} without), or -1 for a surrogate. */
    private static long stringSize(final String value) {
        if (value == null) {
            return NULL.length;
        }
        long size = 2;
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (c < 0x80) {
                size += c >= 0x20 ? (c == '"' || c == '\\' ? 2 : 1) : shortEscape(c) != 0 ? 2 : 6;
            } else if (c < 0x800) {
                size += 2;
            } else if (Character.isSurrogate(c)) {
                return -1;
            } else {
                size += 3;
            }
        }
        return size;
    }

    /** The letter of Jackson's two-character escape of a control character, or 0 when it uses {@code \\u00XX}. */
    private static char shortEscape(final char c) {
        return switch (c) {
            case '\b' -> 'b';
            case '\t' -> 't';
            case '\n' -> 'n';
            case '\f' -> 'f';
            case '\r' -> 'r';
            default -> 0;
        };
    }

    private byte[] withJackson(final EventDraft draft) {
        try {
            return writer.writeValueAsBytes(
                    new EventDTO(draft.eventType(), draft.metaData(), draft.payload(), draft.timeStamp()));
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] ascii(final String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Writes into an array sized by {@link #size}. */
    private static final class Output {
        final byte[] bytes;
        int at;

        Output(final byte[] bytes) {
            this.bytes = bytes;
        }

        Output raw(final byte[] part) {
            System.arraycopy(part, 0, bytes, at, part.length);
            at += part.length;
            return this;
        }

        Output put(final char c) {
            bytes[at++] = (byte) c;
            return this;
        }

        Output string(final String value) {
            if (value == null) {
                return raw(NULL);
            }
            put('"');
            for (int i = 0; i < value.length(); i++) {
                final char c = value.charAt(i);
                if (c < 0x80) {
                    ascii(c);
                } else if (c < 0x800) {
                    bytes[at++] = (byte) (0xC0 | c >> 6);
                    bytes[at++] = (byte) (0x80 | c & 0x3F);
                } else {
                    bytes[at++] = (byte) (0xE0 | c >> 12);
                    bytes[at++] = (byte) (0x80 | c >> 6 & 0x3F);
                    bytes[at++] = (byte) (0x80 | c & 0x3F);
                }
            }
            return put('"');
        }

        private void ascii(final char c) {
            if (c >= 0x20) {
                if (c == '"' || c == '\\') {
                    bytes[at++] = '\\';
                }
                bytes[at++] = (byte) c;
                return;
            }
            bytes[at++] = '\\';
            final char letter = shortEscape(c);
            if (letter != 0) {
                bytes[at++] = (byte) letter;
                return;
            }
            bytes[at++] = 'u';
            bytes[at++] = '0';
            bytes[at++] = '0';
            bytes[at++] = HEX[c >> 4];
            bytes[at++] = HEX[c & 0xF];
        }
    }
}
