package io.eventhandler.server.observability;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.replication.ReplicationService;
import io.eventhandler.server.runtime.Intake;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.grizzly.http.server.Request;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code /eventhandler/metrics} (Prometheus), {@code /health} (liveness), {@code /ready} (role-aware readiness) and
 * {@code /status} (the status page). Health and readiness answer anyone who reached the server (in secure mode: any
 * certificate the TLS handshake accepted), as a load balancer's probe must; metrics and the status page only
 * {@code eh.metrics.readers}.
 */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class ObservabilityResource {

    public static final String METRICS = "/metrics";
    public static final String HEALTH = "/health";
    public static final String READY = "/ready";
    public static final String STATUS = "/status";
    public static final String STATUS_STREAM = STATUS + "/stream";
    /** Prometheus text exposition format 0.0.4. */
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String PAGE = loadPage();

    private final EventHandlerMetrics metrics;
    private final MetricsAccess access;
    private final ReplicationService replication;
    private final Intake intake;
    private final ObservedState observed;

    @Inject
    public ObservabilityResource(final EventHandlerMetrics metrics, final MetricsAccess access,
                                 final ReplicationService replication, final Intake intake,
                                 final ObservedState observed) {
        this.intake = intake;
        this.observed = observed;
        this.metrics = metrics;
        this.access = access;
        this.replication = replication;
    }

    @GET
    @Path(METRICS)
    @Produces(PROMETHEUS_TEXT)
    public String metrics(@Context final Request http) {
        access.requireReader(http, EventHandlerApi.BASE_PATH + METRICS);
        return metrics.scrape();
    }

    /**
     * 200 when the process serves HTTP and delivers; 503 {@code DOWN} once a long-lived thread it depends on has died
     * (an error such as out of memory in a delivery or engine worker, the history writer, the replication link or
     * failover monitor, a webhook or timer thread): the process answers but no longer does all its work, and should
     * be restarted. The dead threads are logged as errors.
     */
    @GET
    @Path(HEALTH)
    @Produces(MediaType.APPLICATION_JSON)
    public Response health() {
        if (impaired()) {
            return Response.status(503).entity(new ReadinessDTO("DOWN", replication.role().name(), epoch()))
                    .cacheControl(noCache()).build();
        }
        return Response.ok(new ReadinessDTO("UP", replication.role().name(), epoch()))
                .cacheControl(noCache()).build();
    }

    private boolean impaired() {
        return !observed.deadThreads().isEmpty();
    }

    /**
     * 200 when this instance serves publishers and subscribers (standalone, or the serving primary), 503 when it
     * stands by as a backup (a load balancer then sends traffic to the primary only) or is stopping.
     */
    @GET
    @Path(READY)
    @Produces(MediaType.APPLICATION_JSON)
    public Response ready() {
        final boolean stopping = !intake.open();
        final boolean serving = replication.serving() && !stopping;
        final String state = impaired() ? "DOWN" : stopping ? "STOPPING" : serving ? "READY" : "STANDBY";
        return Response.status(state.equals("READY") ? 200 : 503)
                .entity(new ReadinessDTO(state, replication.role().name(), epoch()))
                .cacheControl(noCache()).build();
    }

    @GET
    @Path(STATUS)
    @Produces(MediaType.TEXT_HTML + "; charset=utf-8")
    public String status(@Context final Request http) {
        access.requireReader(http, EventHandlerApi.BASE_PATH + STATUS);
        return PAGE;
    }

    private long epoch() {
        return replication.statistics().epoch();
    }

    private static CacheControl noCache() {
        final CacheControl cache = new CacheControl();
        cache.setNoCache(true);
        cache.setNoStore(true);
        return cache;
    }

    private static String loadPage() {
        try (InputStream in = ObservabilityResource.class.getResourceAsStream("status.html")) {
            if (in == null) {
                throw new IllegalStateException("status.html missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
