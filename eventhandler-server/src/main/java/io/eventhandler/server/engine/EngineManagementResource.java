package io.eventhandler.server.engine;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.core.engine.graph.GraphException;
import io.eventhandler.core.engine.runtime.EngineStatistics;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.grizzly.http.server.Request;

/**
 * {@code /eventhandler/mgmt/engine}: read and replace the operator graph at runtime, and the engine's counters (every
 * shed, violation and replacement per operator and topic). System operator only, as all management.
 */
@Path(EventHandlerApi.BASE_PATH + EngineManagementResource.PATH)
@Singleton
public final class EngineManagementResource {

    static final String PATH = "/mgmt/engine";
    private static final String ORIGIN = EventHandlerApi.BASE_PATH + PATH;

    private final EngineService engine;
    private final AccessControl access;

    @Inject
    public EngineManagementResource(final EngineService engine, final AccessControl access) {
        this.engine = engine;
        this.access = access;
    }

    @GET
    @Path("graph")
    @Produces(MediaType.APPLICATION_JSON)
    public OperatorGraphDTO graph(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN + "/graph");
        return GraphDocuments.toDocument(engine.graph());
    }

    /** Validates the whole graph (every problem reported at once) and installs it without a restart. */
    @PUT
    @Path("graph")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public OperatorGraphDTO replace(@Context final Request http, final OperatorGraphDTO document) {
        final String origin = ORIGIN + "/graph";
        access.requireSystem(http, AccessControl.SYSOP, origin);
        try {
            engine.load(GraphDocuments.toSpec(document));
        } catch (final IllegalArgumentException e) {
            throw ArrowheadException.badPayload(e.getMessage(), origin);
        } catch (final GraphException e) {
            throw ArrowheadException.invalidParameter(String.join("; ", e.problems()), origin);
        }
        return GraphDocuments.toDocument(engine.graph());
    }

    @GET
    @Path("statistics")
    @Produces(MediaType.APPLICATION_JSON)
    public EngineStatistics statistics(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN + "/statistics");
        return engine.statistics();
    }
}
