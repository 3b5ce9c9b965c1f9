package io.eventhandler.client.discovery;

import java.net.URI;
import java.util.Optional;

/** One way to ask the local cloud where a service is. */
interface ServiceLookup {

    /** How results of this lookup are labelled. */
    LocationSource source();

    /** The core system asked. */
    URI uri();

    /**
     * The first provider of {@code service}, or empty when the core system knows none.
     *
     * @throws CoreSystemCallException when the core system gave no usable answer
     */
    Optional<ServiceLocation> find(CoreSystemHttp http, EventHandlerService service) throws CoreSystemCallException;
}
