package io.eventhandler.server.sse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.GapNotice;
import io.eventhandler.core.broker.Numbering;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;

import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The SSE wire format of the Event Handler: {@code id: <numbering>-<sequence>} (the {@link Numbering} token, so that
 * a resume from another numbering is recognised) and {@code data: <EventDTO JSON>} for events,
 * {@code event: gap} with a {@link GapNotice} for events a subscriber will not get, comment lines as heartbeats.
 * The event JSON is the one encoded at acceptance; it never contains a line break.
 */
final class SseFrames {

    private final ObjectWriter gapWriter;
    private final Numbering numbering;
    /** {@code "id: <token>-"} for the token it was made of (the token changes only while not serving). */
    private volatile IdPrefix idPrefix = new IdPrefix("", "id: -");

    SseFrames(final ObjectWriter gapWriter, final Numbering numbering) {
        this.gapWriter = gapWriter;
        this.numbering = numbering;
    }

    private record IdPrefix(String token, String text) {
    }

    static void retry(final FrameBuffer out, final long retryMs) {
        out.ascii("retry: ").number(retryMs).ascii("\n\n");
    }

    static void heartbeat(final FrameBuffer out) {
        out.ascii(":\n\n");
    }

    void event(final FrameBuffer out, final Event event) {
        final String token = numbering.token();
        IdPrefix prefix = idPrefix;
        if (!prefix.token().equals(token)) {
            prefix = new IdPrefix(token, "id: " + token + "-");
            idPrefix = prefix;
        }
        out.ascii(prefix.text()).number(event.sequence()).ascii("\ndata: ").bytes(event.encoded()).ascii("\n\n");
    }

    void gap(final FrameBuffer out, final Gap gap, final String eventType) {
        final GapNotice notice = new GapNotice(eventType, gap.firstMissingId(), gap.lastMissingId(), gap.missed(),
                gap.reason().name().toLowerCase(Locale.ROOT));
        try {
            out.ascii("event: ").ascii(EventHandlerApi.GAP_EVENT_NAME).ascii("\ndata: ")
                    .bytes(gapWriter.writeValueAsBytes(notice)).ascii("\n\n");
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
