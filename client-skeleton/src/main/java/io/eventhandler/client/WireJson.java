package io.eventhandler.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.GapNotice;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.api.SubscriptionRequestDTO;

/** The one Jackson configuration of the client, with pre-built (thread-safe, reusable) readers and writers. */
final class WireJson {

    static final ObjectMapper MAPPER = JsonMapper.create();

    static final ObjectReader EVENT_READER = MAPPER.readerFor(EventDTO.class);
    static final ObjectReader GAP_READER = MAPPER.readerFor(GapNotice.class);
    /** Unknown {@code exceptionType} values become null instead of losing the whole error body. */
    static final ObjectReader ERROR_READER = MAPPER.readerFor(ErrorMessageDTO.class)
            .with(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL);

    static final ObjectWriter PUBLISH_WRITER = MAPPER.writerFor(EventPublishRequestDTO.class);
    static final ObjectWriter PUBLISH_BATCH_WRITER = MAPPER.writerFor(
            new com.fasterxml.jackson.core.type.TypeReference<java.util.List<EventPublishRequestDTO>>() { });
    static final ObjectWriter SUBSCRIBE_WRITER = MAPPER.writerFor(SubscriptionRequestDTO.class);
    static final ObjectWriter ERROR_WRITER = MAPPER.writerFor(ErrorMessageDTO.class);

    private WireJson() {
    }
}
