package io.eventhandler.server.mqtt;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.subscription.SubscriptionResource;
import io.eventhandler.server.subscription.Subscriptions;
import io.eventhandler.server.validation.RequestLimits;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code unsubscribe} over MQTT: what {@code DELETE /eventhandler/unsubscribe} takes as query parameters comes, as
 * the 5.x MQTT convention carries them, in the envelope's {@code params}: {@code event_type}, {@code system_name},
 * {@code address}, {@code port}; checked and removed by the same code, for a subscription made over MQTT or HTTP.
 * Any system of the cloud may, as over HTTP and in Arrowhead 4.6. An unknown subscription is no error.
 */
final class MqttUnsubscribeOperation implements MqttOperation {

    private final AccessControl access;
    private final RequestLimits limits;
    private final Subscriptions subscriptions;

    MqttUnsubscribeOperation(final AccessControl access, final RequestLimits limits,
                             final Subscriptions subscriptions) {
        this.access = access;
        this.limits = limits;
        this.subscriptions = subscriptions;
    }

    @Override
    public CompletableFuture<Object> run(final MqttEnvelopes.Request request, final Optional<SystemIdentity> caller,
                                         final String origin, final int bytes) {
        final Map<String, String> params = request.params() == null ? Map.of() : request.params();
        return SubscriptionResource.unsubscribe(subscriptions, access, limits,
                params.get(EventHandlerApi.UNSUBSCRIBE_EVENT_TYPE), params.get(EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME),
                params.get(EventHandlerApi.UNSUBSCRIBE_ADDRESS), params.get(EventHandlerApi.UNSUBSCRIBE_PORT), origin)
                .thenApply(removed -> null);
    }
}
