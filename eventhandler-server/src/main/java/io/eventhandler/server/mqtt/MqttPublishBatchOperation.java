package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.JsonErrors;
import io.eventhandler.server.publish.PublishEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code publish-batch} over MQTT: the payload is the JSON array of {@code EventPublishRequestDTO}s of
 * {@code POST /eventhandler/publish/batch}, checked, counted and accepted all or none by the same
 * {@link PublishEntry}; the first refused event is answered with its index. {@code "params":{"durable":"true"}} is
 * refused, as {@code Eh-Durable: true} is for an HTTP batch. The answer's payload is empty.
 */
final class MqttPublishBatchOperation implements MqttOperation {

    private final PublishEntry entry;
    private final ObjectMapper mapper;
    private final int maxEvents;

    /** @param maxEvents events one batch may carry ({@code eh.publish.batch.max}) */
    MqttPublishBatchOperation(final PublishEntry entry, final ObjectMapper mapper, final int maxEvents) {
        this.entry = entry;
        this.mapper = mapper;
        this.maxEvents = maxEvents;
    }

    @Override
    public CompletableFuture<Object> run(final MqttEnvelopes.Request request, final Optional<SystemIdentity> caller,
                                         final String origin, final int bytes) {
        if (request.params() != null
                && "true".equalsIgnoreCase(request.params().get(MqttPublishOperation.DURABLE_PARAM))) {
            throw ArrowheadException.badPayload("durable=true is not supported for batches; publish singly for a"
                    + " durable acknowledgement.", origin);
        }
        final JsonNode payload = request.payload();
        if (payload == null || !payload.isArray()) {
            throw ArrowheadException.badPayload("A batch publish is a JSON array of event publish requests.",
                    origin);
        }
        final List<EventPublishRequestDTO> events = new ArrayList<>();
        final List<Integer> sizes = new ArrayList<>();
        for (final JsonNode element : payload) {
            try {
                events.add(mapper.treeToValue(element, EventPublishRequestDTO.class));
                sizes.add(mapper.writeValueAsBytes(element).length);
            } catch (final JsonProcessingException | IllegalArgumentException e) {
                throw ArrowheadException.badPayload("Event at index " + events.size() + " of the batch: "
                        + (e instanceof JsonProcessingException json ? JsonErrors.describe(json)
                        : "cannot be read as EventPublishRequestDTO"), origin);
            }
        }
        return entry.publishBatch(caller, events, sizes, MqttPublishOperation.CLIENT_KEY, maxEvents, origin)
                .thenApply(retention -> null);
    }
}
