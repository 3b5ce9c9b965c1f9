package io.eventhandler.server.kafka;

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

/** {@code GET /eventhandler/mgmt/kafka}: the bridge's state, per exported topic and for the import (system operator). */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class KafkaResource {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_KAFKA;

    private final KafkaBridge bridge;
    private final AccessControl access;

    @Inject
    public KafkaResource(final KafkaBridge bridge, final AccessControl access) {
        this.bridge = bridge;
        this.access = access;
    }

    @GET
    @Path(EventHandlerApi.MGMT_KAFKA)
    @Produces(MediaType.APPLICATION_JSON)
    public KafkaStatus status(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        return bridge.status();
    }
}
