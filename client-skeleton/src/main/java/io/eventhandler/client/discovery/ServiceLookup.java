package io.eventhandler.client.discovery;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One way to ask the local cloud where a service is. */
interface ServiceLookup {

    /** How results of this lookup are labelled. */
    LocationSource source();

    /** The core system asked. */
    URI uri();

    /**
     * The services that locate a provider, tried in turn until one has providers: {@code event-publish} in 4.6
     * (a source that names none has no Event Handler).
     */
    default List<EventHandlerService> anchors() {
        return List.of(EventHandlerService.PUBLISH);
    }

    /** How this source names the service, for messages: the 4.6 service definition, e.g. {@code event-publish}. */
    default String nameOf(final EventHandlerService service) {
        return service.definition();
    }

    /**
     * Every provider of {@code service}, in the core system's order (with a primary and a backup Event Handler
     * registered, both); empty when the core system knows none.
     *
     * @throws CoreSystemCallException when the core system gave no usable answer
     */
    List<ServiceLocation> findAll(CoreSystemHttp http, EventHandlerService service) throws CoreSystemCallException;

    /**
     * The first provider of {@code service}, or empty when the core system knows none.
     *
     * @throws CoreSystemCallException when the core system gave no usable answer
     */
    default Optional<ServiceLocation> find(final CoreSystemHttp http, final EventHandlerService service)
            throws CoreSystemCallException {
        return findAll(http, service).stream().findFirst();
    }

    /** How one entry of a core system's answer names a provider; refused, with the reason, when it names none. */
    @FunctionalInterface
    interface Provider<T> {
        ServiceLocation of(T entry) throws CoreSystemCallException;
    }

    /** The providers the entries of an answer name, in the answer's order; none when the answer has no list. */
    static <T> List<ServiceLocation> providers(final List<T> entries, final Provider<T> provider)
            throws CoreSystemCallException {
        final List<ServiceLocation> all = new ArrayList<>();
        if (entries != null) {
            for (final T entry : entries) {
                all.add(provider.of(entry));
            }
        }
        return all;
    }
}
