package io.eventhandler.server.observability;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.security.AccessControl;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.grizzly.http.server.Request;

/** {@code GET /eventhandler/echo}: Arrowhead's liveness question, which any system of the local cloud may ask. */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class EchoResource {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.ECHO;

    private final AccessControl access;

    @Inject
    public EchoResource(final AccessControl access) {
        this.access = access;
    }

    @GET
    @Path(EventHandlerApi.ECHO)
    @Produces(MediaType.TEXT_PLAIN)
    public String echo(@Context final Request http) {
        access.requireLocalCloud(http, ORIGIN);
        return EventHandlerApi.ECHO_RESPONSE;
    }
}
