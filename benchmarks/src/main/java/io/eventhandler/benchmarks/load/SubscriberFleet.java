package io.eventhandler.benchmarks.load;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** The subscribers of one run, all subscribed to every topic of the run. */
public interface SubscriberFleet extends AutoCloseable {

    /**
     * The fleet for {@code options.mode()}.
     *
     * @param options   the run's options
     * @param transport plain or TLS
     * @param baseUri   the Event Handler
     * @param topics  the run's event types
     * @return a fleet, not yet started
     */
    static SubscriberFleet create(final LoadOptions options, final Transport transport, final URI baseUri,
                                  final List<String> topics) {
        return options.mode() == DeliveryMode.SSE
                ? new SseFleet(options, transport, baseUri, topics)
                : new WebhookFleet(options, transport, baseUri, topics);
    }

    /** Connects or subscribes every subscriber; failures surface as exceptions. */
    void start();

    /**
     * Waits until every subscriber will receive events published from now on.
     *
     * @param timeout how long to wait
     * @return whether they all are ready
     */
    boolean awaitReady(Duration timeout);

    /** The subscribers' probes, in subscriber order. */
    List<SubscriberProbe> probes();

    /** Duplicates the client library dropped for subscriber {@code index} (SSE only). */
    long clientDuplicates(int index);

    /** Disconnects and unsubscribes everything; errors are logged, not thrown. */
    @Override
    void close();
}
