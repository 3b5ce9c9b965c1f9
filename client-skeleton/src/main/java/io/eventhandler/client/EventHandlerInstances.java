package io.eventhandler.client;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The Event Handler instances a client may use, primary first: normally one; with a standby backup, the primary and
 * the backup. Clients start with the first and, when it refuses or is gone, move on to the next (round robin).
 *
 * @param endpoints where each instance's services are, in order of preference; at least one
 */
public record EventHandlerInstances(List<EventHandlerEndpoints> endpoints) {

    public EventHandlerInstances {
        endpoints = List.copyOf(Objects.requireNonNull(endpoints, "endpoints"));
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("at least one Event Handler instance is needed");
        }
    }

    /** The instances at the standard paths under these base URIs, primary first. */
    public static EventHandlerInstances of(final URI primary, final URI... others) {
        final URI[] all = new URI[others.length + 1];
        all[0] = primary;
        System.arraycopy(others, 0, all, 1, others.length);
        return ofBaseUris(Arrays.asList(all));
    }

    /** The instances at the standard paths under these base URIs (e.g. from configuration), primary first. */
    public static EventHandlerInstances ofBaseUris(final List<URI> baseUris) {
        return new EventHandlerInstances(baseUris.stream()
                .map(uri -> EventHandlerEndpoints.of(Objects.requireNonNull(uri, "baseUri"))).toList());
    }

    /** The first instance, used until it fails. */
    public EventHandlerEndpoints primary() {
        return endpoints.get(0);
    }

    /** How many instances there are. */
    public int size() {
        return endpoints.size();
    }

    /** Instance {@code index}, counted round robin ({@code index} may exceed the size). */
    public EventHandlerEndpoints get(final long index) {
        return endpoints.get((int) Math.floorMod(index, (long) endpoints.size()));
    }

    /** Whether there is another instance to fail over to. */
    public boolean hasBackup() {
        return endpoints.size() > 1;
    }

    @Override
    public String toString() {
        return endpoints.stream().map(e -> e.baseUri().toString()).toList().toString();
    }
}
