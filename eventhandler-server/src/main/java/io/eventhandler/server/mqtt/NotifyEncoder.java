package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.GapNotice;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * A subscription's messages in the 5.x {@code MqttNotifyTemplate}: {@code {"receiver":"<subscriber>",
 * "sender":"<Event Handler>","payload":<EventDTO>}}, the event's JSON as encoded once at acceptance (the same bytes a
 * webhook gets); a gap as {@code "payload":{"gap":<GapNotice>}}, the notice an SSE stream sends as {@code event: gap}.
 */
final class NotifyEncoder {

    private static final byte[] END = "}".getBytes(StandardCharsets.US_ASCII);

    private final ObjectWriter writer;
    private final String receiver;
    private final String sender;
    private final String eventType;
    /** {@code {"receiver":...,"sender":...,"payload":}: the same for every event of the subscription. */
    private final byte[] head;

    NotifyEncoder(final ObjectWriter writer, final String receiver, final String sender, final String eventType) {
        this.writer = writer;
        this.receiver = receiver;
        this.sender = sender;
        this.eventType = eventType;
        final String whole = write(new MqttEnvelopes.Notify(receiver, sender, 0));
        if (!whole.endsWith(":0}")) {
            throw new IllegalStateException("unexpected envelope layout: " + whole);
        }
        // the envelope with a placeholder payload, cut before it: "...,"payload":0}" -> "...,"payload":"
        this.head = whole.substring(0, whole.length() - 2).getBytes(StandardCharsets.UTF_8);
    }

    byte[] event(final Event event) {
        final byte[] body = event.encoded();
        final byte[] message = Arrays.copyOf(head, head.length + body.length + END.length);
        System.arraycopy(body, 0, message, head.length, body.length);
        System.arraycopy(END, 0, message, head.length + body.length, END.length);
        return message;
    }

    byte[] gap(final Gap gap) {
        final GapNotice notice = new GapNotice(eventType, gap.firstMissingId(), gap.lastMissingId(), gap.missed(),
                gap.reason().name().toLowerCase(Locale.ROOT));
        return write(new MqttEnvelopes.Notify(receiver, sender, Map.of("gap", notice)))
                .getBytes(StandardCharsets.UTF_8);
    }

    private String write(final Object value) {
        try {
            return writer.writeValueAsString(value);
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
