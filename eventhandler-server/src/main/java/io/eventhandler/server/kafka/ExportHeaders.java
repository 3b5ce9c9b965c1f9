package io.eventhandler.server.kafka;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.replication.ResendStamp;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The headers of an exported record, each a UTF-8 string: what a consumer needs to order and de-duplicate
 * (docs/kafka.md, "Reading the records").
 */
public final class ExportHeaders {

    /** The event's sequence number in its topic, decimal. */
    public static final String SEQUENCE = "eh-sequence";
    /** The numbering the sequence belongs to: the Event Handler's numbering token (SSE ids are token-sequence). */
    public static final String EPOCH = "eh-epoch";
    /** The publishing system's name. */
    public static final String SOURCE = "eh-source";
    /** The event's {@code timeStamp} as published. */
    public static final String TIMESTAMP = "eh-timestamp";
    /**
     * The publisher's own id ({@code eh-origin} of the event's metaData), when the publisher stamps its events (the
     * client library does): with {@link #ORIGIN_SEQUENCE} the event's identity across numberings.
     */
    public static final String ORIGIN = "eh-origin";
    /** The publisher's own counter of the event in its topic ({@code eh-seq} of the event's metaData). */
    public static final String ORIGIN_SEQUENCE = "eh-origin-seq";

    private ExportHeaders() {
    }

    /** The record of an accepted event: key the event type, value its {@code EventDTO} JSON as subscribers get it. */
    static ProducerRecord<String, byte[]> record(final String kafkaTopic, final Event event, final String epoch) {
        final ProducerRecord<String, byte[]> record = new ProducerRecord<>(kafkaTopic, event.eventType(),
                event.encoded());
        final Headers headers = record.headers();
        headers.add(SEQUENCE, utf8(Long.toString(event.sequence())));
        headers.add(EPOCH, utf8(epoch));
        headers.add(SOURCE, utf8(event.source().name()));
        headers.add(TIMESTAMP, utf8(event.timeStamp() == null ? "" : event.timeStamp()));
        final ResendStamp stamp = stamp(event);
        if (stamp != null) {
            headers.add(ORIGIN, utf8(stamp.origin()));
            headers.add(ORIGIN_SEQUENCE, utf8(Long.toString(stamp.originSequence())));
        }
        return record;
    }

    /** The publisher's stamp of the event, or null if it carries none (or not a whole one). */
    static ResendStamp stamp(final Event event) {
        final Map<String, String> metaData = event.metaData();
        if (metaData == null) {
            return null;
        }
        return ResendStamp.parse(metaData.get(EventHandlerApi.ORIGIN_META),
                metaData.get(EventHandlerApi.ORIGIN_SEQUENCE_META));
    }

    /** The publisher's stamp a record carries, or null. */
    public static ResendStamp stamp(final Headers headers) {
        return ResendStamp.parse(text(headers, ORIGIN), text(headers, ORIGIN_SEQUENCE));
    }

    private static byte[] utf8(final String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The header's value as text, or null if absent. */
    public static String text(final Headers headers, final String name) {
        final Header header = headers.lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** The sequence header, if present and a number. */
    public static OptionalLong sequence(final Headers headers) {
        final String text = text(headers, SEQUENCE);
        try {
            return text == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
        } catch (final NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
