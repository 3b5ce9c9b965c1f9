package io.eventhandler.server.observability;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.server.security.AccessControl;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.grizzly.http.server.Request;

/** {@code GET /eventhandler/mgmt/statistics}: the broker's totals, topics and subscribers (system operator only). */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class StatisticsResource {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.STATISTICS;

    private final Broker broker;
    private final AccessControl access;

    @Inject
    public StatisticsResource(final Broker broker, final AccessControl access) {
        this.broker = broker;
        this.access = access;
    }

    @GET
    @Path(EventHandlerApi.STATISTICS)
    @Produces(MediaType.APPLICATION_JSON)
    public Statistics statistics(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        return Statistics.of(broker.topics(), broker.subscribers(), broker.disconnects());
    }
}
