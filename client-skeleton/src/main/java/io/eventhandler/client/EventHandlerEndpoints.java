package io.eventhandler.client;

import io.eventhandler.api.EventHandlerApi;
import java.net.URI;
import java.util.Objects;

/**
 * Where each Event Handler service is. Normally all are the standard paths under one base URI ({@link #of});
 * a Service Registry or Orchestrator may name each service's URI on its own
 * ({@link io.eventhandler.client.discovery.EventHandlerLocator}).
 *
 * @param baseUri      scheme, host and port of the Event Handler, e.g. {@code https://127.0.0.1:8455}
 * @param echo         {@code GET}: answers {@code Got it!}
 * @param publish      {@code POST}: service {@code event-publish}
 * @param subscribe    {@code POST}: service {@code event-subscribe}
 * @param unsubscribe  {@code DELETE}: service {@code event-unsubscribe}
 * @param subscription {@code GET}: the SSE stream, service {@code event-subscribe-sse}
 */
public record EventHandlerEndpoints(URI baseUri, URI echo, URI publish, URI subscribe, URI unsubscribe,
                                    URI subscription) {

    public EventHandlerEndpoints {
        for (final URI uri : new URI[] {baseUri, echo, publish, subscribe, unsubscribe, subscription}) {
            Objects.requireNonNull(uri, "every endpoint URI is required");
            HttpClientFactory.trimmedBase(uri);
        }
    }

    /** The standard paths ({@code /eventhandler/publish}, ...) under {@code baseUri}. */
    public static EventHandlerEndpoints of(final URI baseUri) {
        final String base = HttpClientFactory.trimmedBase(baseUri);
        return new EventHandlerEndpoints(URI.create(base), standard(base, EventHandlerApi.ECHO),
                standard(base, EventHandlerApi.PUBLISH), standard(base, EventHandlerApi.SUBSCRIBE),
                standard(base, EventHandlerApi.UNSUBSCRIBE), standard(base, EventHandlerApi.SUBSCRIPTION));
    }

    /** Whether every endpoint is the standard path under {@link #baseUri()}. */
    public boolean isStandard() {
        return equals(of(baseUri));
    }

    private static URI standard(final String base, final String endpoint) {
        return URI.create(base + EventHandlerApi.BASE_PATH + endpoint);
    }

    /**
     * {@code POST} of a batch of events, all or none: this Event Handler's extension of the publish service (not in
     * Arrowhead 4.6), at {@code /batch} under the publish URI.
     */
    public URI publishBatch() {
        return URI.create(publish.toString().replaceAll("/+$", "") + "/batch");
    }
}
