package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.store.NewSubscription;
import io.eventhandler.server.subscription.SubscriptionResource;
import io.eventhandler.server.subscription.SubscriptionValidator;
import io.eventhandler.server.subscription.Subscriptions;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code subscribe} over MQTT: the payload is the {@code SubscriptionRequestDTO} of {@code POST
 * /eventhandler/subscribe}, checked by the same access control and validator and authorized, stored and attached by
 * the same {@link Subscriptions}; its {@code notifyUri} is the MQTT topic the events are published to (stored as
 * {@code mqtt:<topic>}, delivered by {@link MqttDelivery}).
 */
final class MqttSubscribeOperation implements MqttOperation {

    private static final int MAX_TOPIC_BYTES = 65_535;

    private final AccessControl access;
    private final SubscriptionValidator validator;
    private final Subscriptions subscriptions;
    private final ObjectMapper mapper;
    /** The 5.x service topics ({@code arrowhead/<system>/...}, where systems take requests): no delivery goes there. */
    static final String SERVICE_TOPICS = "arrowhead/";

    MqttSubscribeOperation(final AccessControl access, final SubscriptionValidator validator,
                           final Subscriptions subscriptions, final ObjectMapper mapper) {
        this.access = access;
        this.validator = validator;
        this.subscriptions = subscriptions;
        this.mapper = mapper;
    }

    @Override
    public CompletableFuture<Object> run(final MqttEnvelopes.Request request, final Optional<SystemIdentity> caller,
                                         final String origin, final int bytes) {
        final SubscriptionRequestDTO given = MqttPublishOperation.payload(mapper, request,
                SubscriptionRequestDTO.class, origin);
        if (given != null) {
            access.requireRequester(caller, given.subscriberSystem() == null ? null
                    : given.subscriberSystem().systemName(), origin);
        }
        // the event type as the cloud names it, as on POST /subscribe
        final SubscriptionRequestDTO dto = given == null ? null : SubscriptionResource.named(access, given, origin);
        final NewSubscription validated = validator.validate(dto, origin);
        final String topic = deliveryTopic(dto.notifyUri().trim(), origin);
        return subscriptions.subscribe(validated.withNotifyUri(MqttDelivery.TARGET_PREFIX + topic), origin)
                .thenApply(stored -> null);
    }

    /**
     * The topic events go to: a plain topic name (no wildcards, not a broker's {@code $} topic), and none where a
     * system takes requests, which the Event Handler would otherwise send there under its own name.
     */
    private String deliveryTopic(final String topic, final String origin) {
        if (topic.contains("+") || topic.contains("#") || topic.startsWith("$") || topic.indexOf('\0') >= 0) {
            throw ArrowheadException.invalidParameter("Request.NotifyUri must be an MQTT topic name without"
                    + " wildcards (+, #), not starting with $: the topic the events are published to.", origin);
        }
        if (topic.getBytes(StandardCharsets.UTF_8).length > MAX_TOPIC_BYTES) {
            throw ArrowheadException.invalidParameter("Request.NotifyUri is longer than an MQTT topic may be.",
                    origin);
        }
        if (topic.startsWith(SERVICE_TOPICS) || topic.isEmpty()) {
            throw ArrowheadException.invalidParameter("Request.NotifyUri must be a topic of the subscriber's own,"
                    + " not under " + SERVICE_TOPICS + " where systems take requests.", origin);
        }
        return topic;
    }
}
