package io.eventhandler.server.http;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.server.internal.ContainerUtils;

import io.eventhandler.server.runtime.Intake;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The one root handler: the hot paths (publish, SSE) by exact path to their Grizzly handlers, everything else to
 * Jersey. Being the only handler keeps Grizzly from decoding the path itself, which answers a malformed escape with
 * an empty 500; here a path or query Jersey could not turn into a URI (raw non-ASCII, a stray {@code %}) is a 400
 * {@code ErrorMessageDTO}, before Jersey fails on it with a 500 and a logged warning; and a Content-Type that is not
 * a media type is a 415 like any other unsupported one.
 */
public final class RequestRouter extends ErrorAnsweringHandler {

    private static final String REPLICATION = EventHandlerApi.BASE_PATH + "/replication/";

    static final String RETRY_AFTER = "Retry-After";
    /** The answer of a primary fenced off from its backup (see {@code PairRoles}). */
    public static final String FENCED = "This Event Handler has lost contact with its backup, which may be taking "
            + "over: it acknowledges nothing until it knows which instance is primary. Retry in a moment, here or at "
            + "the other instance; a publish refused here was not acknowledged.";

    private final Map<String, HttpHandler> exactPaths;
    private final Map<String, HttpHandler> readPaths;
    private final HttpHandler jersey;
    private final BooleanSupplier serving;
    private final BooleanSupplier fenced;
    private final Runnable fencedRefusal;
    private final Intake intake;
    private final long retryAfterSeconds;

    /**
     * @param exactPaths the hot paths, refused while this instance stands by
     * @param readPaths  Grizzly handlers of read-only paths, served in any role (the status stream)
     * @param serving whether this instance serves publishers and subscribers now (false: a backup, which answers
     *                them 503 so that they go to the primary, and only reads and the replication protocol here)
     * @param fenced  whether this primary is fenced off from its lost backup now (the same requests get 503)
     * @param fencedRefusal counts a request refused by the fence
     * @param intake  closed once an orderly stop began: what a backup refuses is then refused with 503 and
     *                {@code Retry-After: retryAfterSeconds}; every request served is counted in it
     */
    public RequestRouter(final Map<String, HttpHandler> exactPaths, final Map<String, HttpHandler> readPaths,
                         final HttpHandler jersey, final GrizzlyResponses responses, final BooleanSupplier serving,
                         final BooleanSupplier fenced, final Runnable fencedRefusal, final Intake intake,
                         final long retryAfterSeconds) {
        super(responses);
        this.fenced = fenced;
        this.fencedRefusal = fencedRefusal;
        this.intake = intake;
        this.retryAfterSeconds = retryAfterSeconds;
        this.exactPaths = Map.copyOf(exactPaths);
        this.readPaths = Map.copyOf(readPaths);
        this.jersey = jersey;
        this.serving = serving;
        setDecodeUrl(false);
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        final HttpHandler read = readPaths.get(request.getRequestURI());
        if (read != null) {
            read.service(request, response);
            return;
        }
        final HttpHandler exact = exactPaths.get(request.getRequestURI());
        if (!intake.enter()) {
            if (refusedWhileStandingBy(request, exact != null)) {
                refuseWhileStopping(request, response);
                return;
            }
            // a read while stopping: served, not counted
            route(request, response, exact);
            return;
        }
        try {
            route(request, response, exact);
        } finally {
            intake.exit();
        }
    }

    private void refuseWhileStopping(final Request request, final Response response) throws IOException {
        response.setHeader("Retry-After", Long.toString(retryAfterSeconds));
        responses.error(response, 503, ExceptionType.UNAVAILABLE, "This Event Handler is stopping and accepts no "
                + "new events, subscriptions or changes: retry after " + retryAfterSeconds + " s, here or at "
                + "another instance.", request.getRequestURI());
    }

    private void route(final Request request, final Response response, final HttpHandler exact) throws Exception {
        if (!serving.getAsBoolean() && refusedWhileStandingBy(request, exact != null)) {
            responses.error(response, 503, ExceptionType.UNAVAILABLE, "This Event Handler is the backup of a "
                    + "primary/backup pair and does not serve publishers or subscribers now: use the primary.",
                    request.getRequestURI());
            return;
        }
        if (fenced.getAsBoolean() && refusedWhileStandingBy(request, exact != null)) {
            fencedRefusal.run();
            response.setHeader(RETRY_AFTER, "1");
            responses.error(response, 503, ExceptionType.UNAVAILABLE, FENCED, request.getRequestURI());
            return;
        }
        if (exact != null) {
            exact.service(request, response);
            return;
        }
        final String query = request.getQueryString();
        try {
            // the URI Jersey's container builds of the request, and the same checks
            new URI("http://localhost" + request.getRequestURI()
                    + (query == null ? "" : "?" + ContainerUtils.encodeUnsafeCharacters(query)));
        } catch (final URISyntaxException e) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD,
                    "The request target is not a valid URI: " + e.getReason() + ".", null);
            return;
        }
        final String contentType = request.getHeader(Header.ContentType);
        if (contentType != null) {
            try {
                // Jersey answers a Content-Type it cannot parse with an empty 400, outside the exception mappers
                MediaType.valueOf(contentType);
            } catch (final IllegalArgumentException e) {
                responses.error(response, 415, ExceptionType.BAD_PAYLOAD,
                        "Content-Type '" + contentType + "' is not a media type.", request.getRequestURI());
                return;
            }
        }
        jersey.service(request, response);
    }

    private static boolean refusedWhileStandingBy(final Request request, final boolean hotPath) {
        if (hotPath) {
            return true; // publish and the SSE stream
        }
        if (request.getRequestURI().startsWith(REPLICATION)) {
            return false;
        }
        return request.getMethod() != Method.GET && request.getMethod() != Method.HEAD;
    }

    @Override
    public void start() {
        jersey.start();
        exactPaths.values().forEach(HttpHandler::start);
        readPaths.values().forEach(HttpHandler::start);
    }

    @Override
    public void destroy() {
        jersey.destroy();
        exactPaths.values().forEach(HttpHandler::destroy);
        readPaths.values().forEach(HttpHandler::destroy);
    }
}
