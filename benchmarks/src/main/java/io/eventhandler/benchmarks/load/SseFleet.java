package io.eventhandler.benchmarks.load;

import io.eventhandler.client.EventSubscriber;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Subscribers over Server-Sent Events: subscriber {@code n} opens one {@link EventSubscriber} stream per topic, all
 * feeding the same probe. Ready when every stream is open (the server attaches the stream before it answers).
 */
final class SseFleet implements SubscriberFleet {

    private final LoadOptions options;
    private final URI baseUri;
    private final List<String> topics;
    private final List<SubscriberProbe> probes = new ArrayList<>();
    private final List<List<EventSubscriber>> streams = new ArrayList<>();

    SseFleet(final LoadOptions options, final URI baseUri, final List<String> topics) {
        this.options = options;
        this.baseUri = baseUri;
        this.topics = topics;
    }

    /** {@inheritDoc} */
    @Override
    public void start() {
        for (int n = 0; n < options.subscribers(); n++) {
            final SubscriberProbe probe = new SubscriberProbe("sse-" + n, options.publishers(),
                    options.warmupPerPublisher());
            probes.add(probe);
            final List<EventSubscriber> own = new ArrayList<>();
            streams.add(own);
            for (final String topic : topics) {
                own.add(EventSubscriber.builder(baseUri, topic).listener(probe).start());
            }
        }
    }

    /** {@inheritDoc} */
    @Override
    public boolean awaitReady(final Duration timeout) {
        return Waiter.until(timeout,
                () -> streams.stream().flatMap(List::stream).allMatch(EventSubscriber::isConnected));
    }

    /** {@inheritDoc} */
    @Override
    public List<SubscriberProbe> probes() {
        return probes;
    }

    /** {@inheritDoc} */
    @Override
    public long clientDuplicates(final int index) {
        return streams.get(index).stream().mapToLong(EventSubscriber::duplicatesDropped).sum();
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        for (final List<EventSubscriber> own : streams) {
            own.forEach(EventSubscriber::close);
        }
    }
}
