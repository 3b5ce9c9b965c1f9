package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.EventDTO;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.EventEncoder;

import java.io.UncheckedIOException;

/** Encodes an accepted event once as the Arrowhead {@code EventDTO} JSON that webhooks and SSE streams carry. */
public final class EventDtoEncoder implements EventEncoder {

    private final ObjectWriter writer;

    public EventDtoEncoder(final ObjectMapper mapper) {
        this.writer = mapper.writerFor(EventDTO.class);
    }

    @Override
    public byte[] encode(final EventDraft draft) {
        try {
            return writer.writeValueAsBytes(
                    new EventDTO(draft.eventType(), draft.metaData(), draft.payload(), draft.timeStamp()));
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
