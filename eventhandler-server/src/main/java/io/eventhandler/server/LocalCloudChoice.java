package io.eventhandler.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.arrowhead.LocalCloud;
import io.eventhandler.server.arrowhead.LocalClouds;
import io.eventhandler.server.arrowhead5.Arrowhead5Cloud;
import io.eventhandler.server.config.ArrowheadDialect;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.ServerSecurity;

/**
 * The local cloud the configuration names: an Arrowhead 4.6 cloud (or none: standalone) or an Arrowhead 5 cloud.
 * Chosen here, at the root, because the seam's package ({@code arrowhead}) cannot import the 5.x package that
 * implements it without a cycle.
 */
final class LocalCloudChoice {

    private LocalCloudChoice() {
    }

    static LocalCloud of(final ServerConfiguration c, final ServerSecurity security, final ObjectMapper mapper,
                         final Runner runner) {
        return c.arrowhead().dialect() == ArrowheadDialect.ARROWHEAD5
                ? Arrowhead5Cloud.of(c.arrowhead(), c.mqtt(), security, mapper, runner)
                : LocalClouds.of(c.arrowhead(), c.tls(), security, mapper, runner);
    }
}
