package io.eventhandler.server.observability;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.config.ObservabilityConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import org.glassfish.grizzly.http.server.Request;

import java.util.Optional;

/**
 * Who may read metrics and the status page: in secure mode the systems named by {@code eh.metrics.readers}
 * (sysop by default, like the rest of management; a Prometheus with a certificate of its own can be added); in
 * plain mode anyone.
 */
public final class MetricsAccess {

    private final AccessControl access;
    private final ObservabilityConfiguration configuration;

    public MetricsAccess(final AccessControl access, final ObservabilityConfiguration configuration) {
        this.access = access;
        this.configuration = configuration;
    }

    /**
     * @throws ArrowheadException 401 if, in secure mode, the caller is not a reader
     */
    public void requireReader(final Request request, final String origin) {
        final Optional<SystemIdentity> caller = access.requireLocalCloud(request, origin);
        if (caller.isPresent() && !configuration.mayReadMetrics(caller.get().systemName())) {
            throw ArrowheadException.auth(caller.get().commonName() + " is unauthorized to access "
                    + request.getRequestURL(), origin);
        }
    }
}
