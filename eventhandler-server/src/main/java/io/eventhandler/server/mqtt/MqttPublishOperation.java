package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.JsonErrors;
import io.eventhandler.server.publish.PublishEntry;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code publish} over MQTT: the payload is the {@code EventPublishRequestDTO} of {@code POST /eventhandler/publish},
 * checked, counted and accepted by the same {@link PublishEntry}; {@code "params":{"durable":"true"}} asks what the
 * {@code Eh-Durable: true} header asks. The answer's payload is empty, as the HTTP answer's body.
 */
final class MqttPublishOperation implements MqttOperation {

    /**
     * Every MQTT request comes over the Event Handler's one broker connection: in plain mode (where a system name
     * is only a claim) the publishers over MQTT share this client key's limit, as clients behind one address do.
     */
    static final String CLIENT_KEY = "@mqtt";
    static final String DURABLE_PARAM = "durable";

    private final PublishEntry entry;
    private final ObjectMapper mapper;

    MqttPublishOperation(final PublishEntry entry, final ObjectMapper mapper) {
        this.entry = entry;
        this.mapper = mapper;
    }

    @Override
    public CompletableFuture<Object> run(final MqttEnvelopes.Request request, final Optional<SystemIdentity> caller,
                                         final String origin, final int bytes) {
        final EventPublishRequestDTO dto = payload(mapper, request, EventPublishRequestDTO.class, origin);
        final boolean durable = request.params() != null
                && "true".equalsIgnoreCase(request.params().get(DURABLE_PARAM));
        return entry.publish(caller, dto, bytes, CLIENT_KEY, durable, origin).thenApply(retention -> null);
    }

    /** The request's payload as the HTTP body's DTO; null when there is none (refused as HTTP refuses no body). */
    static <T> T payload(final ObjectMapper mapper, final MqttEnvelopes.Request request, final Class<T> type,
                         final String origin) {
        if (request.payload() == null || request.payload().isNull()) {
            return null;
        }
        try {
            return mapper.treeToValue(request.payload(), type);
        } catch (final JsonProcessingException e) {
            throw ArrowheadException.badPayload(JsonErrors.describe(e), origin);
        } catch (final IllegalArgumentException e) {
            throw ArrowheadException.badPayload("The payload cannot be read as " + type.getSimpleName(), origin);
        }
    }
}
