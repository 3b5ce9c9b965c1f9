package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;

/** Publishes through the client library's {@link EventHandlerClient}. */
final class SkeletonPublishChannel implements PublishChannel {

    private final EventHandlerClient client;
    private final SystemRequestDTO source;

    SkeletonPublishChannel(final EventHandlerClient client, final SystemRequestDTO source) {
        this.client = client;
        this.source = source;
    }

    /** {@inheritDoc} */
    @Override
    public void publish(final String topic, final String payload, final String timeStamp) {
        client.publish(new EventPublishRequestDTO(topic, source, null, payload, timeStamp));
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        client.close();
    }
}
