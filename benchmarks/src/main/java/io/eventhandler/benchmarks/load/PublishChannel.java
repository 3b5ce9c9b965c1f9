package io.eventhandler.benchmarks.load;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;
import java.net.URI;

/** One publisher's connection to the Event Handler. Used by one thread. */
interface PublishChannel extends AutoCloseable {

    /**
     * A channel of the given kind, publishing as system {@code loadpublisher<id>}.
     *
     * @param kind    which client
     * @param baseUri the Event Handler
     * @param id      the publisher id
     * @return the channel; connections are opened lazily
     */
    static PublishChannel open(final ClientKind kind, final URI baseUri, final int id) {
        final SystemRequestDTO source = SystemRequestDTO.of("loadpublisher" + id, "127.0.0.1", 40_000 + id);
        return kind == ClientKind.LEAN
                ? new RawPublishChannel(baseUri, source)
                : new SkeletonPublishChannel(EventHandlerClient.create(baseUri), source);
    }

    /**
     * Publishes one event and returns once the Event Handler accepted it.
     *
     * @param topic     the event type
     * @param payload   the payload
     * @param timeStamp the event's creation stamp, ISO-8601
     * @throws RuntimeException when the event was not accepted, with the reason
     */
    void publish(String topic, String payload, String timeStamp);

    /** Closes the connection; errors are ignored. */
    @Override
    void close();
}
