package io.eventhandler.server.arrowhead;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import io.eventhandler.server.runtime.Runner;

import javax.net.ssl.SSLContext;

/** Picks the {@link LocalCloud} dialect the configuration asks for. */
public final class LocalClouds {

    private LocalClouds() {
    }

    /**
     * An Arrowhead 4.6 cloud when {@code sr_address} is set, else standalone.
     *
     * @param sslContext TLS for calls to the core in secure mode (the server's own identity), null in plain mode
     */
    public static LocalCloud of(final ArrowheadConfiguration arrowhead, final TlsConfiguration tls,
                                final SSLContext sslContext, final ObjectMapper mapper, final Runner runner) {
        if (arrowhead.standalone()) {
            return new StandaloneCloud(arrowhead);
        }
        return new Arrowhead46Cloud(CoreSystems.create(arrowhead, tls, sslContext, mapper, runner), arrowhead, runner);
    }
}
