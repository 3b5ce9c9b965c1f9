package io.eventhandler.server.replication;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.grizzly.http.server.Request;

/**
 * The replication protocol between the two instances ({@code /eventhandler/replication/batch} and {@code /status}:
 * in secure mode only a caller with this Event Handler's own system name; in plain mode see {@link PeerGate}), and its management view
 * {@code GET /eventhandler/mgmt/replication} (system operator).
 */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class ReplicationResource {

    /** The name under which the binder provides this instance's own system name. */
    public static final String SELF = "eventhandler.self.system";
    static final String MANAGEMENT = "/mgmt/replication";
    /** The batch endpoint's absolute path, which has a body limit of its own ({@code eh.replication.body.max.bytes}). */
    public static final String BATCH_PATH = PeerClient.BATCH;

    private final ReplicationService replication;
    private final AccessControl access;
    private final String self;

    @Inject
    public ReplicationResource(final ReplicationService replication, final AccessControl access,
                               @Named(SELF) final String self) {
        this.replication = replication;
        this.access = access;
        this.self = self;
    }

    @POST
    @Path("/replication/batch")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response batch(@Context final Request http, final ReplicationBatchDTO batch) {
        requirePeer(http, PeerClient.BATCH);
        if (batch == null) {
            throw ArrowheadException.badPayload("The replication batch is missing.", PeerClient.BATCH);
        }
        final ReplicationService.Received received = replication.receive(batch);
        return Response.status(received.accepted() ? 200 : 409).entity(received.status()).build();
    }

    @GET
    @Path("/replication/status")
    @Produces(MediaType.APPLICATION_JSON)
    public PeerStatusDTO status(@Context final Request http) {
        requirePeer(http, PeerClient.STATUS);
        return replication.peerStatus();
    }

    /** Secure mode: the caller's certificate names this Event Handler; plain mode: the {@link PeerGate}. */
    private void requirePeer(final Request http, final String origin) {
        if (access.isSecure()) {
            access.requireSystem(http, self, origin);
        } else {
            replication.gate().check(http.getHeader(PeerGate.SECRET_HEADER), http.getRemoteAddr(), origin);
        }
    }

    @GET
    @Path(MANAGEMENT)
    @Produces(MediaType.APPLICATION_JSON)
    public ReplicationStatusDTO statistics(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, EventHandlerApi.BASE_PATH + MANAGEMENT);
        return replication.statistics();
    }
}
