package io.eventhandler.server.arrowhead;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.publish.PublishValidator;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.subscription.Subscriptions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.grizzly.http.server.Request;

/**
 * {@code POST /eventhandler/publish/authupdate} ({@code event-publish-auth-update}): the Authorization system says the
 * rules of one subscriber changed (payload = its id there); that subscriber's subscriptions are checked again. Only
 * {@code authorization.<cloud>} may call it; the body is validated as a publish, then as Arrowhead's service does.
 */
@Path(EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_AUTH_UPDATE)
@Singleton
public final class AuthorizationUpdateResource {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_AUTH_UPDATE;

    private final PublishValidator validator;
    private final Subscriptions subscriptions;
    private final AccessControl access;

    @Inject
    public AuthorizationUpdateResource(final PublishValidator validator, final Subscriptions subscriptions,
                                       final AccessControl access) {
        this.validator = validator;
        this.subscriptions = subscriptions;
        this.access = access;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public void update(@Context final Request http, final EventPublishRequestDTO request,
                       @Suspended final AsyncResponse async) {
        access.requireSystem(http, AccessControl.AUTHORIZATION, ORIGIN);
        validator.validate(request, ORIGIN);
        if (!EventHandlerApi.SUBSCRIBER_AUTH_UPDATE.equalsIgnoreCase(request.eventType().trim())) {
            throw ArrowheadException.invalidParameter("EventType is not valid.", ORIGIN);
        }
        final long subscriberId;
        try {
            subscriberId = Long.parseLong(request.payload().trim());
        } catch (final NumberFormatException e) {
            throw ArrowheadException.invalidParameter("Payload is not valid.", ORIGIN);
        }
        AsyncResponses.resume(async, subscriptions.authorizationChanged(subscriberId), count -> Response.ok().build());
    }
}
