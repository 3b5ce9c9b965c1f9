package io.eventhandler.server.history;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.history.HistoryPageDTO;
import io.eventhandler.server.config.HistoryMode;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.grizzly.http.server.Request;

/**
 * {@code GET /eventhandler/mgmt/events?eventtype=X&after=SEQ&limit=N}: a topic's recent events, oldest first, paged
 * by sequence number (MEMORY and DURABLE modes); {@code GET /eventhandler/mgmt/history}: the mode, bounds and the
 * durable writer's counters and failure. System operator only, as all management.
 */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class HistoryResource {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    private static final String EVENTS_ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_EVENTS;
    private static final String HISTORY_ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_HISTORY;

    private final HistoryService history;
    private final AccessControl access;

    @Inject
    public HistoryResource(final HistoryService history, final AccessControl access) {
        this.history = history;
        this.access = access;
    }

    @GET
    @Path(EventHandlerApi.MGMT_EVENTS)
    @Produces(MediaType.APPLICATION_JSON)
    public HistoryPageDTO events(@Context final Request http, @QueryParam("eventtype") final String eventType,
                                 @QueryParam("after") final String after, @QueryParam("limit") final String limit) {
        access.requireSystem(http, AccessControl.SYSOP, EVENTS_ORIGIN);
        if (eventType == null || eventType.isBlank()) {
            throw ArrowheadException.badPayload("The eventtype query parameter is missing.", EVENTS_ORIGIN);
        }
        final long afterSequence = number("after", after, 0, 0, Long.MAX_VALUE);
        final int pageSize = (int) number("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        if (history.mode() == HistoryMode.OFF) {
            throw ArrowheadException.refused("The history is off (eh.history.mode=OFF): no events are kept.",
                    EVENTS_ORIGIN);
        }
        return history.page(eventType.trim(), afterSequence, pageSize).orElseThrow(() ->
                ArrowheadException.dataNotFound("Event type " + eventType.trim() + " has no events.", EVENTS_ORIGIN));
    }

    @GET
    @Path(EventHandlerApi.MGMT_HISTORY)
    @Produces(MediaType.APPLICATION_JSON)
    public HistoryStatus status(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, HISTORY_ORIGIN);
        return history.status();
    }

    private static long number(final String name, final String raw, final long absent, final long min,
                               final long max) {
        if (raw == null || raw.isBlank()) {
            return absent;
        }
        try {
            final long value = Long.parseLong(raw.trim());
            if (value < min || value > max) {
                throw ArrowheadException.invalidParameter("The " + name + " query parameter must be between " + min
                        + " and " + max + ", not " + raw.trim() + ".", EVENTS_ORIGIN);
            }
            return value;
        } catch (final NumberFormatException e) {
            throw ArrowheadException.badPayload("The " + name + " query parameter is not a whole number: " + raw
                    + ".", EVENTS_ORIGIN);
        }
    }
}
