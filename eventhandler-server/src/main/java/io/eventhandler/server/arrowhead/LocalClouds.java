package io.eventhandler.server.arrowhead;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.ServerSecurity;

/** Picks the {@link LocalCloud} dialect the configuration asks for. */
public final class LocalClouds {

    private LocalClouds() {
    }

    /**
     * An Arrowhead 4.6 cloud when {@code sr_address} is set, else standalone.
     *
     * @param security the server's identity (TLS for calls to the core in secure mode), whose callers the dialect
     *                 identifies
     */
    public static LocalCloud of(final ArrowheadConfiguration arrowhead, final TlsConfiguration tls,
                                final ServerSecurity security, final ObjectMapper mapper, final Runner runner) {
        if (arrowhead.standalone()) {
            return new StandaloneCloud(arrowhead, security);
        }
        return new Arrowhead46Cloud(CoreSystems.create(arrowhead, tls, security.outgoing().sslContext(), mapper,
                runner), arrowhead, security, runner);
    }
}
