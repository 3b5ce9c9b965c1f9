package io.eventhandler.server.subscription;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.validation.RequestLimits;
import io.eventhandler.server.validation.Text;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.grizzly.http.server.Request;

import java.util.concurrent.CompletableFuture;

/**
 * The Arrowhead 4.6 Event Handler API's webhook subscriptions: subscribe (delivery by POST to the subscriber's
 * notify URI) and unsubscribe. Publish, the hot path, is a Grizzly handler of its own.
 */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class SubscriptionResource {

    private static final String SUBSCRIBE_ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE;
    private static final String UNSUBSCRIBE_ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.UNSUBSCRIBE;

    private final SubscriptionValidator subscriptionValidator;
    private final Subscriptions subscriptions;
    private final AccessControl access;
    private final RequestLimits limits;

    @Inject
    public SubscriptionResource(final SubscriptionValidator subscriptionValidator,
                                final Subscriptions subscriptions, final AccessControl access,
                                final RequestLimits limits) {
        this.subscriptionValidator = subscriptionValidator;
        this.subscriptions = subscriptions;
        this.access = access;
        this.limits = limits;
    }

    /**
     * Creates or replaces the subscription of this subscriber to this event type, once the Authorization system (or
     * the local policy) has said which publishers may reach it; answered when it is stored and attached.
     */
    @POST
    @Path(EventHandlerApi.SUBSCRIBE)
    @Consumes(MediaType.APPLICATION_JSON)
    public void subscribe(@Context final Request http, final SubscriptionRequestDTO request,
                          @Suspended final AsyncResponse async) {
        SubscriptionRequestDTO named = request;
        if (request != null) {
            access.requireRequester(http, request.subscriberSystem() == null ? null
                    : request.subscriberSystem().systemName(), SUBSCRIBE_ORIGIN);
            named = named(request);
        }
        AsyncResponses.resume(async, subscriptions.subscribe(subscriptionValidator.validate(named, SUBSCRIBE_ORIGIN),
                SUBSCRIBE_ORIGIN),
                stored -> Response.ok().build());
    }

    /** Removes the subscription; unknown subscriptions are not an error, as in Arrowhead. */
    @DELETE
    @Path(EventHandlerApi.UNSUBSCRIBE)
    public void unsubscribe(@Context final Request http, @Suspended final AsyncResponse async,
                                @QueryParam(EventHandlerApi.UNSUBSCRIBE_EVENT_TYPE) final String eventType,
                                @QueryParam(EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME) final String systemName,
                                @QueryParam(EventHandlerApi.UNSUBSCRIBE_ADDRESS) final String address,
                                @QueryParam(EventHandlerApi.UNSUBSCRIBE_PORT) final String port) {
        // any system of the cloud, as in Arrowhead (which does not check that the caller is the subscriber)
        access.requireLocalCloud(http, UNSUBSCRIBE_ORIGIN);
        AsyncResponses.resume(async, unsubscribe(subscriptions, access, limits, eventType, systemName, address, port,
                UNSUBSCRIBE_ORIGIN), removed -> Response.ok().build());
    }

    /**
     * The parameters of an unsubscribe checked as Arrowhead checks them (blank ones refused, the port a number from
     * 1), the event type as the cloud names it, and the subscription removed; also for unsubscribing over MQTT.
     */
    public static CompletableFuture<Boolean> unsubscribe(final Subscriptions subscriptions,
                                                         final AccessControl access, final RequestLimits limits,
                                                         final String eventType, final String systemName,
                                                         final String address, final String port,
                                                         final String origin) {
        if (Text.isBlank(eventType)) {
            throw ArrowheadException.badPayload("Event Type is blank", origin);
        }
        if (Text.isBlank(systemName)) {
            throw ArrowheadException.badPayload("Name of the subscriber system is blank", origin);
        }
        if (Text.isBlank(address)) {
            throw ArrowheadException.badPayload("Address of the subscriber system is blank", origin);
        }
        final int subscriberPort = parsePort(port, origin);
        limits.eventType(eventType, "Event Type", origin);
        limits.systemName(systemName, "Name of the subscriber system", origin);
        limits.address(address, "Address of the subscriber system", origin);
        return subscriptions.unsubscribe(access.eventTypeName(eventType.trim(), origin),
                SystemRef.of(systemName, address, subscriberPort));
    }

    private SubscriptionRequestDTO named(final SubscriptionRequestDTO request) {
        return named(access, request, SUBSCRIBE_ORIGIN);
    }

    /** The request with the event type as the cloud names it (unchanged in 4.6); also for subscribing over MQTT. */
    public static SubscriptionRequestDTO named(final AccessControl access, final SubscriptionRequestDTO request,
                                               final String origin) {
        if (request.eventType() == null || request.eventType().isBlank()) {
            return request; // the validator's 400
        }
        final String name = access.eventTypeName(request.eventType(), origin);
        return name.equals(request.eventType()) ? request : new SubscriptionRequestDTO(name,
                request.subscriberSystem(), request.filterMetaData(), request.notifyUri(), request.matchMetaData(),
                request.startDate(), request.endDate(), request.sources(), request.requirements());
    }

    private static int parsePort(final String port, final String origin) {
        if (Text.isBlank(port)) {
            throw ArrowheadException.badPayload("Port of the subscriber system is blank", origin);
        }
        final int value;
        try {
            value = Integer.parseInt(port.trim());
        } catch (final NumberFormatException e) {
            throw ArrowheadException.badPayload("Port of the subscriber system is not a number", origin);
        }
        if (value < 1) {
            // Arrowhead's service layer (checkUnsubscribeParameters)
            throw ArrowheadException.invalidParameter("System port is less than one.", origin);
        }
        return value;
    }
}
