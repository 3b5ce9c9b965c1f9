package io.eventhandler.benchmarks.load;

import io.eventhandler.api.SystemRequestDTO;
import java.net.URI;

/** One publisher's connection to the Event Handler. Used by one thread. */
interface PublishChannel extends AutoCloseable {

    /**
     * A channel of the given kind, publishing as system {@code loadpublisher<id>} (in secure mode as the
     * certificate's system, at port {@code 40000 + id} all the same).
     *
     * @param kind      which client
     * @param transport plain or TLS
     * @param baseUri the Event Handler
     * @param id      the publisher id
     * @return the channel; connections are opened lazily
     */
    static PublishChannel open(final ClientKind kind, final Transport transport, final URI baseUri, final int id) {
        return open(kind, transport, baseUri, id, null);
    }

    /**
     * As {@link #open(ClientKind, Transport, URI, int)}, or to Centrifugo's HTTP API when {@code centrifugoApiKey}
     * is given.
     */
    static PublishChannel open(final ClientKind kind, final Transport transport, final URI baseUri, final int id,
                               final String centrifugoApiKey) {
        if (centrifugoApiKey != null) {
            return RawPublishChannel.toCentrifugo(baseUri, centrifugoApiKey);
        }
        final SystemRequestDTO source = SystemRequestDTO.of(transport.systemName("loadpublisher" + id), "127.0.0.1",
                40_000 + id);
        return kind == ClientKind.LEAN
                ? new RawPublishChannel(transport, baseUri, source)
                : new SkeletonPublishChannel(transport.client(baseUri), source);
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
