package io.eventhandler.benchmarks.load;

import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.WebhookReceiver;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Subscribers over Arrowhead webhooks: subscriber {@code n} runs a receiver (the lean {@link RawWebhookReceiver} or
 * the client library's {@link WebhookReceiver}) on an ephemeral loopback
 * port with notify path {@code /notify/<n>} and subscribes to every topic as system {@code loadsubscriber<n>} (in
 * secure mode as the certificate's system, whose public key as {@code authenticationInfo} makes the Event Handler
 * deliver over HTTPS). Ready as soon as the subscriptions are accepted; unsubscribed on close.
 */
final class WebhookFleet implements SubscriberFleet {

    /** One subscriber's receiving end, whichever client runs it. */
    interface Receiver extends AutoCloseable {
        /** The loopback port it listens on. */
        int port();

        /** Stops listening and closes its connections; errors are ignored. */
        @Override
        void close();
    }

    private static final Logger LOG = LoggerFactory.getLogger(WebhookFleet.class);
    private static final String ADDRESS = "127.0.0.1";

    private final LoadOptions options;
    private final Transport transport;
    private final List<String> topics;
    private final EventHandlerClient control;
    private final List<SubscriberProbe> probes = new ArrayList<>();
    private final List<Receiver> receivers = new ArrayList<>();
    private final List<String[]> subscriptions = new ArrayList<>();
    private boolean closed;

    WebhookFleet(final LoadOptions options, final Transport transport, final URI baseUri, final List<String> topics) {
        this.options = options;
        this.transport = transport;
        this.topics = topics;
        this.control = transport.client(baseUri);
    }

    /** {@inheritDoc} */
    @Override
    public void start() {
        for (int n = 0; n < options.subscribers(); n++) {
            final String path = "/notify/" + n;
            final SubscriberProbe probe = new SubscriberProbe("webhook-" + n, options.publishers(),
                    options.warmupPerPublisher());
            probes.add(probe);
            final Receiver receiver = open(path, probe);
            receivers.add(receiver);
            final String system = transport.systemName("loadsubscriber" + n);
            for (final String topic : topics) {
                control.subscribe(new SubscriptionRequestDTO(topic, SystemRequestDTO.of(system, ADDRESS,
                        receiver.port()), null, path, false, null, null, null));
                subscriptions.add(new String[] {topic, system, Integer.toString(receiver.port())});
            }
        }
    }

    private Receiver open(final String path, final SubscriberProbe probe) {
        if (options.client() == ClientKind.LEAN) {
            return RawWebhookReceiver.start(transport, path, probe);
        }
        final WebhookReceiver receiver = transport.secure()
                ? WebhookReceiver.startSecure(ADDRESS, 0, path, transport.tls(), probe)
                : WebhookReceiver.start(ADDRESS, 0, path, probe);
        return new Receiver() {
            @Override
            public int port() {
                return receiver.port();
            }

            @Override
            public void close() {
                receiver.close();
            }
        };
    }

    /** {@inheritDoc} */
    @Override
    public boolean awaitReady(final Duration timeout) {
        return subscriptions.size() == options.subscribers() * topics.size();
    }

    /** {@inheritDoc} */
    @Override
    public List<SubscriberProbe> probes() {
        return probes;
    }

    /** {@inheritDoc} */
    @Override
    public long clientDuplicates(final int index) {
        return 0;
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (final String[] subscription : subscriptions) {
            try {
                control.unsubscribe(subscription[0], subscription[1], ADDRESS, Integer.parseInt(subscription[2]));
            } catch (final RuntimeException e) {
                LOG.warn("unsubscribing {} from {} failed: {}", subscription[1], subscription[0], e.toString());
            }
        }
        subscriptions.clear();
        receivers.forEach(Receiver::close);
        control.close();
    }
}
