package io.eventhandler.server.subscription;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.store.PageRequest;
import io.eventhandler.server.store.SubscriptionIds;
import io.eventhandler.server.store.SubscriptionResponses;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.grizzly.http.server.Request;

/**
 * Arrowhead's subscription management, {@code /eventhandler/mgmt/subscriptions[/{id}]}: list with paging, read,
 * replace and delete stored subscriptions. Only {@code sysop.<cloud>} may call it in secure mode.
 */
@Path(EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_SUBSCRIPTIONS)
@Singleton
public final class SubscriptionManagementResource {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_SUBSCRIPTIONS;

    private final Subscriptions subscriptions;
    private final SubscriptionValidator validator;
    private final AccessControl access;

    @Inject
    public SubscriptionManagementResource(final Subscriptions subscriptions, final SubscriptionValidator validator,
                                          final AccessControl access) {
        this.subscriptions = subscriptions;
        this.validator = validator;
        this.access = access;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public void list(@Context final Request http, @QueryParam("page") final String page,
                     @QueryParam("item_per_page") final String itemPerPage,
                     @QueryParam("direction") final String direction,
                     @QueryParam("sort_field") final String sortField, @Suspended final AsyncResponse async) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        final PageRequest request = PageRequest.parse(page, itemPerPage, direction, sortField, ORIGIN);
        AsyncResponses.resume(async, subscriptions.page(request),
                result -> Response.ok(SubscriptionResponses.toDto(result)).build());
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public void get(@Context final Request http, @PathParam("id") final String id,
                    @Suspended final AsyncResponse async) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        AsyncResponses.resume(async, subscriptions.get(SubscriptionIds.parse(id, ORIGIN)),
                stored -> Response.ok(SubscriptionResponses.toDto(stored)).build());
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public void update(@Context final Request http, @PathParam("id") final String id,
                       final SubscriptionRequestDTO request, @Suspended final AsyncResponse async) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        final long subscriptionId = SubscriptionIds.parse(id, ORIGIN);
        AsyncResponses.resume(async, subscriptions.update(subscriptionId, validator.validate(request, ORIGIN), ORIGIN),
                stored -> Response.ok(SubscriptionResponses.toDto(stored)).build());
    }

    @DELETE
    @Path("{id}")
    public void delete(@Context final Request http, @PathParam("id") final String id,
                       @Suspended final AsyncResponse async) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        AsyncResponses.resume(async, subscriptions.delete(SubscriptionIds.parse(id, ORIGIN)),
                deleted -> Response.ok().build());
    }
}
