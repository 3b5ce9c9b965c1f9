package io.eventhandler.benchmarks.load;

import io.eventhandler.client.EventSubscriber;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Subscribers over Server-Sent Events: subscriber {@code n} opens one stream per topic, all feeding the same probe,
 * with the lean client or the client library's {@link EventSubscriber}. Ready when every stream is open (the server
 * attaches the stream before it answers).
 */
final class SseFleet implements SubscriberFleet {

    /** One open stream, whichever client holds it. */
    interface Stream extends AutoCloseable {
        /** Whether the response head has arrived and the stream is being read. */
        boolean isConnected();

        /** Duplicates the client itself dropped after reconnecting. */
        long duplicatesDropped();

        /** Closes the stream; errors are ignored. */
        @Override
        void close();
    }

    private final LoadOptions options;
    private final Transport transport;
    private final URI baseUri;
    private final List<String> topics;
    private final List<SubscriberProbe> probes = new ArrayList<>();
    private final List<List<Stream>> streams = new ArrayList<>();

    SseFleet(final LoadOptions options, final Transport transport, final URI baseUri, final List<String> topics) {
        this.options = options;
        this.transport = transport;
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
            final List<Stream> own = new ArrayList<>();
            streams.add(own);
            for (final String topic : topics) {
                own.add(open(topic, probe));
            }
        }
    }

    private Stream open(final String topic, final SubscriberProbe probe) {
        if (options.broker() == Broker.CENTRIFUGO) {
            return RawSseStream.toCentrifugo(baseUri, topic, probe).start();
        }
        if (options.client() == ClientKind.LEAN) {
            return new RawSseStream(transport, baseUri, topic, probe).start();
        }
        final EventSubscriber.Builder builder = EventSubscriber.builder(baseUri, topic).listener(probe);
        if (transport.secure()) {
            builder.tls(transport.tls());
        }
        final EventSubscriber subscriber = builder.start();
        return new Stream() {
            @Override
            public boolean isConnected() {
                return subscriber.isConnected();
            }

            @Override
            public long duplicatesDropped() {
                return subscriber.duplicatesDropped();
            }

            @Override
            public void close() {
                subscriber.close();
            }
        };
    }

    /** {@inheritDoc} */
    @Override
    public boolean awaitReady(final Duration timeout) {
        return Waiter.until(timeout, () -> streams.stream().flatMap(List::stream).allMatch(Stream::isConnected));
    }

    /** {@inheritDoc} */
    @Override
    public List<SubscriberProbe> probes() {
        return probes;
    }

    /** {@inheritDoc} */
    @Override
    public long clientDuplicates(final int index) {
        return streams.get(index).stream().mapToLong(Stream::duplicatesDropped).sum();
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        for (final List<Stream> own : streams) {
            own.forEach(Stream::close);
        }
    }
}
