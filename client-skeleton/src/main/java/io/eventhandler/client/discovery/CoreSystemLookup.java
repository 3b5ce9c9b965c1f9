package io.eventhandler.client.discovery;

import java.net.URI;

/** A lookup that asks one core system at one address: which it is, and where, fixed when it is made. */
abstract class CoreSystemLookup implements ServiceLookup {

    private final LocationSource source;
    private final URI uri;

    /** @param base the core system's base URI (trailing slashes ignored); {@code path} its operation's path */
    CoreSystemLookup(final LocationSource source, final URI base, final String path) {
        this.source = source;
        this.uri = URI.create(OrchestratorLookup.trimmed(base) + path);
    }

    @Override
    public final LocationSource source() {
        return source;
    }

    @Override
    public final URI uri() {
        return uri;
    }
}
