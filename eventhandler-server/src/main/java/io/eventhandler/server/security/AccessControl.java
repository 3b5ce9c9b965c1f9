package io.eventhandler.server.security;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Who is calling, and whether it may act as the system it names. Publish, subscribe, SSE and management ask only
 * this; the local cloud's dialect decides how callers are identified ({@link CertificateAccessControl}: Arrowhead
 * 4.6's certificate names). Refusals are 401 {@code AUTH} {@link ArrowheadException}s; with no identities (plain
 * mode) everything is allowed.
 */
public interface AccessControl {

    /** The system operator, who alone may manage. */
    String SYSOP = "sysop";
    /** The Authorization system, which alone may send authorization updates. */
    String AUTHORIZATION = "authorization";

    /** Whether callers are identified at all. */
    boolean isSecure();

    /**
     * The calling system of this cloud; empty when callers are not identified.
     *
     * @throws ArrowheadException 401 if the caller is not a system of this cloud
     */
    Optional<SystemIdentity> requireLocalCloud(Request request, String origin);

    /**
     * {@link #requireLocalCloud(Request, String)} for a request read below the HTTP server (the SSE stream).
     *
     * @param target the request URL, for the 401 message
     */
    Optional<SystemIdentity> requireLocalCloud(Connection<?> connection, Supplier<String> target, String origin);

    /**
     * {@link #requireLocalCloud(Connection, Supplier, String)} where the dialect identifies callers by a request header
     * (Arrowhead 5's declared identity): {@code header} gives a header of the request by name, null if absent.
     */
    default Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection, final Supplier<String> target,
                                                       final Function<String, String> header, final String origin) {
        return requireLocalCloud(connection, target, origin);
    }

    /**
     * The caller of a request that came as a message (Arrowhead 5 over MQTT) rather than over a connection of its
     * own, from the envelope's {@code authentication}: by default whom an {@code Authorization} header
     * {@code Bearer <authentication>} would name (declared names, identity tokens).
     *
     * @param topic the request's topic, for the refusal texts
     */
    default Optional<SystemIdentity> requireMessageCaller(final String authentication, final String topic,
                                                          final String origin) {
        return requireLocalCloud(null, () -> topic, header -> "Authorization".equalsIgnoreCase(header)
                && authentication != null ? "Bearer " + authentication : null, origin);
    }

    /** A local-cloud caller whose name is {@code requesterSystemName} (publish source, subscriber). */
    default void requireRequester(final Request request, final String requesterSystemName, final String origin) {
        requireRequester(requireLocalCloud(request, origin), requesterSystemName, origin);
    }

    /** {@link #requireRequester(Request, String, String)} given the caller {@link #requireLocalCloud} found. */
    void requireRequester(Optional<SystemIdentity> caller, String requesterSystemName, String origin);

    /**
     * The name the Event Handler keeps an event type under, as a caller gave it at an entry point (publish,
     * subscribe, unsubscribe, SSE). The cloud's naming rules apply here, next to its identity rules: as given in
     * Arrowhead 4.6; in Arrowhead 5 only 5.x names or explicitly mapped ones.
     *
     * @throws ArrowheadException 400 when the cloud has no such event type name
     */
    default String eventTypeName(final String given, final String origin) {
        return given;
    }

    /** Only that system of this cloud, e.g. {@link #AUTHORIZATION} or {@link #SYSOP}. */
    void requireSystem(Request request, String system, String origin);
}
