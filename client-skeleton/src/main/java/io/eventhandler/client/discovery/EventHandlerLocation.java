package io.eventhandler.client.discovery;

import io.eventhandler.client.EventHandlerEndpoints;
import java.net.URI;
import java.util.Objects;

/**
 * The Event Handler an {@link EventHandlerLocator} found.
 *
 * @param source    how it was found
 * @param askedAt   the core system that named it; for {@link LocationSource#CONFIGURED}, the configured base URI
 * @param endpoints where each service is; give them to {@code EventHandlerClient.builder(endpoints)} and
 *                  {@code EventSubscriber.builder(endpoints, eventType)}
 */
public record EventHandlerLocation(LocationSource source, URI askedAt, EventHandlerEndpoints endpoints) {

    public EventHandlerLocation {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(askedAt, "askedAt");
        Objects.requireNonNull(endpoints, "endpoints");
    }

    /** Scheme, host and port of the Event Handler (of its {@code event-publish} service). */
    public URI baseUri() {
        return endpoints.baseUri();
    }

    @Override
    public String toString() {
        return baseUri() + " (" + source + " " + askedAt
                + (endpoints.isStandard() ? "" : "; service URIs " + endpoints) + ")";
    }
}
