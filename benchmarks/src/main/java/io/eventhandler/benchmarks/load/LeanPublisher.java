package io.eventhandler.benchmarks.load;

import io.eventhandler.api.SystemRequestDTO;
import java.net.URI;
import java.util.List;

/**
 * The lean client's plain-HTTP publish connection for experiments outside this package: one persistent socket,
 * one request at a time. Used by one thread.
 */
public final class LeanPublisher implements AutoCloseable {

    private final RawPublishChannel channel;

    /**
     * A publisher; the connection opens on the first event.
     *
     * @param baseUri    the Event Handler, {@code http://host:port}
     * @param systemName the source system's name
     * @param port       the source system's port (only reported)
     */
    public LeanPublisher(final URI baseUri, final String systemName, final int port) {
        this.channel = new RawPublishChannel(Transport.PLAIN, baseUri, SystemRequestDTO.of(systemName, "127.0.0.1",
                port));
    }

    /**
     * Publishes one event and returns once the Event Handler accepted it.
     *
     * @throws RuntimeException when it was not accepted, with the reason
     */
    public void publish(final String topic, final String payload, final String timeStamp) {
        channel.publish(topic, payload, timeStamp);
    }

    /**
     * Publishes the events in one request ({@code POST /eventhandler/publish/batch}) and returns once the Event
     * Handler accepted them, all or none.
     *
     * @throws RuntimeException when they were not accepted, with the reason
     */
    public void publishBatch(final List<BatchEvent> events) {
        channel.publishBatch(events);
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        channel.close();
    }
}
