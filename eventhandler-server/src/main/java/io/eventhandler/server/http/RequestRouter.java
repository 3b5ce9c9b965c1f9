package io.eventhandler.server.http;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.RequestExecutorProvider;
import org.glassfish.grizzly.threadpool.Threads;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.server.internal.ContainerUtils;
import org.glassfish.grizzly.http.util.DataChunk;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.runtime.Intake;

import java.io.CharConversionException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * The one root handler: the hot paths (publish, SSE) by exact path to their Grizzly handlers, everything else to
 * Jersey. Being the only handler keeps Grizzly from decoding the path itself, which answers a malformed escape with
 * an empty 500; here a path or query Jersey could not turn into a URI (raw non-ASCII, a stray {@code %}) is a 400
 * {@code ErrorMessageDTO}, before Jersey fails on it with a 500 and a logged warning; and a Content-Type that is not
 * a media type is a 415 like any other unsupported one.
 *
 * <p>A request the selector thread that parsed it may serve ({@code onSelector}: a small publish, answered at once)
 * is served right there; every other one is handed to a worker, as Grizzly would hand them all.
 */
public final class RequestRouter extends ErrorAnsweringHandler {

    private static final String REPLICATION = EventHandlerApi.BASE_PATH + "/replication/";

    static final String RETRY_AFTER = "Retry-After";
    /** The answer of a primary fenced off from its backup (see {@code PairRoles}). */
    public static final String FENCED = "This Event Handler has lost contact with its backup, which may be taking "
            + "over: it acknowledges nothing until it knows which instance is primary. Retry in a moment, here or at "
            + "the other instance; a publish refused here was not acknowledged.";

    private static final String NOT_UTF8 = "The query string is not valid UTF-8: percent-encode each byte of a "
            + "non-ASCII character (é is %C3%A9).";

    private final Map<String, HttpHandler> exactPaths;
    private final Map<String, HttpHandler> readPaths;
    private final HttpHandler jersey;
    private final BooleanSupplier serving;
    private final BooleanSupplier fenced;
    private final Runnable fencedRefusal;
    private final Intake intake;
    private final long retryAfterSeconds;
    private final DeliveryProblemLog problems;
    private final RequestExecutorProvider executors;

    /**
     * @param exactPaths the hot paths, refused while this instance stands by
     * @param readPaths  Grizzly handlers of read-only paths, served in any role (the status stream)
     * @param serving whether this instance serves publishers and subscribers now (false: a backup, which answers
     *                them 503 so that they go to the primary, and only reads and the replication protocol here)
     * @param fenced  whether this primary is fenced off from its lost backup now (the same requests get 503)
     * @param fencedRefusal counts a request refused by the fence
     * @param intake  closed once an orderly stop began: what a backup refuses is then refused with 503 and
     *                {@code Retry-After: retryAfterSeconds}; every request served is counted in it
     * @param problems where refused and failed requests are logged, within its rate budget
     * @param onSelector whether a request parsed on a selector thread is served there (never blocks, answers at once)
     */
    public RequestRouter(final Map<String, HttpHandler> exactPaths, final Map<String, HttpHandler> readPaths,
                         final HttpHandler jersey, final GrizzlyResponses responses, final BooleanSupplier serving,
                         final BooleanSupplier fenced, final Runnable fencedRefusal, final Intake intake,
                         final long retryAfterSeconds, final DeliveryProblemLog problems,
                         final Predicate<Request> onSelector) {
        super(responses);
        this.executors = request -> !Threads.isService() || onSelector.test(request) ? null
                : request.getContext().getConnection().getTransport().getWorkerThreadPool();
        this.problems = problems;
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

    /** Where a request is served: here, or on a worker (see the class comment). */
    @Override
    public RequestExecutorProvider getRequestExecutorProvider() {
        return executors;
    }

    /**
     * Serves the request; whatever a handler throws is answered here as an {@code ErrorMessageDTO} and logged within
     * the problem log's budget. Thrown on, Grizzly would log its stack trace on every request and answer with its
     * HTML page (with its version).
     */
    @Override
    public void service(final Request request, final Response response) throws Exception {
        try {
            dispatch(request, response);
        } catch (final Exception e) {
            failed(request, response, e);
        }
    }

    private void failed(final Request request, final Response response, final Exception failure)
            throws IOException {
        final boolean undecodable = causedBy(failure, CharConversionException.class);
        problems.report(undecodable ? DeliveryProblemLog.Problem.REQUEST_REFUSED
                        : DeliveryProblemLog.Problem.REQUEST_FAILED, printable(request.getRequestURI()),
                request.getRemoteAddr(), 0, undecodable ? "UNDECODABLE" : failure.getClass().getSimpleName(),
                undecodable ? "" : "error=\"" + printable(String.valueOf(failure.getMessage())) + "\"");
        if (response.isCommitted() || response.isSuspended()) {
            return; // answered, or answering asynchronously: nothing more to say
        }
        response.reset();
        if (undecodable) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD, NOT_UTF8, null);
        } else {
            responses.error(response, 500, ExceptionType.GENERIC, "The Event Handler could not serve this request; "
                    + "retry it, and tell the operator if it keeps failing.", null);
        }
    }

    /**
     * Whether the query's raw bytes are UTF-8 (the usual all-ASCII query at the cost of a scan; none at all for
     * free). Grizzly fails on other bytes only when a handler asks for a parameter, with an exception.
     */
    private static boolean utf8Query(final Request request) {
        final DataChunk query = request.getRequest().getQueryStringDC();
        if (query.isNull()) {
            return true;
        }
        final String latin1 = query.toString(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < latin1.length(); i++) {
            if (latin1.charAt(i) >= 0x80) {
                try {
                    StandardCharsets.UTF_8.newDecoder().decode(
                            ByteBuffer.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1)));
                    return true;
                } catch (final CharacterCodingException e) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean causedBy(final Throwable failure, final Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** At most 100 characters of printable ASCII, for a log line. */
    private static String printable(final String text) {
        final String cut = text.length() > 100 ? text.substring(0, 100) : text;
        return cut.replaceAll("[^\\x20\\x21\\x23-\\x7e]", "?");
    }

    private void dispatch(final Request request, final Response response) throws Exception {
        if (!utf8Query(request)) {
            problems.report(DeliveryProblemLog.Problem.REQUEST_REFUSED, printable(request.getRequestURI()),
                    request.getRemoteAddr(), 0, "QUERY_NOT_UTF8", "");
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD, NOT_UTF8, request.getRequestURI());
            return;
        }
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
