package io.eventhandler.server.webhook;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.config.WebhookConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.OutgoingTls;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.function.Callback;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Arrowhead-style delivery: one {@link WebhookSink} per subscription, all sharing one asynchronous HTTP client with
 * pooled persistent connections, so a slow subscriber holds a connection, not a thread. In secure mode a subscriber
 * that registered authentication info is called over HTTPS, presenting the Event Handler's certificate and checking
 * the subscriber's against the truststore (and its SAN against the address, unless disabled), as Arrowhead does.
 */
public final class WebhookDispatcher implements PushDelivery, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookDispatcher.class);

    private final Broker broker;
    private final CloseableHttpAsyncClient client;
    private final ScheduledExecutorService retryScheduler;
    private final RetryPolicy retryPolicy;
    private final int circuitFailures;
    private final long circuitOpenMs;
    private final boolean tls;
    private final DeliveryProblemLog problems;
    /** Set before the client closes: what fails from then on is the stop's doing, not the subscribers'. */
    private volatile boolean closing;

    /**
     * @param tls      in secure mode, subscribers that registered authentication info are called over HTTPS as the
     *                 Event Handler
     * @param problems where retries, give-ups and open circuits are logged
     * @param runner   makes the client's I/O threads ({@code eh-webhook-io}) and the retry timer
     */
    public WebhookDispatcher(final WebhookConfiguration configuration, final OutgoingTls tls, final Broker broker,
                             final DeliveryProblemLog problems, final Runner runner) {
        this.broker = broker;
        this.problems = problems;
        this.tls = tls.secure();
        this.client = client(configuration, tls, runner, this::ioFailure);
        this.client.start();
        // a retry is only scheduled here; one that runs longer than a second holds up every other retry
        this.retryScheduler = runner.timer("eh-webhook-retry", Duration.ofSeconds(1));
        this.retryPolicy = new RetryPolicy(configuration.maxRetries(), configuration.retryBackoffMs());
        this.circuitFailures = configuration.circuitFailures();
        this.circuitOpenMs = configuration.circuitOpenMs();
    }

    /**
     * What the client's I/O threads fail with outside a request (a request's own failure goes to its sink). Once the
     * stop closes the client, its selectors may end under them: that is expected, not an error.
     */
    private void ioFailure(final Exception failure) {
        if (closing) {
            LOG.debug("webhook client I/O ended by the stop: {}", failure.toString());
        } else {
            LOG.error("webhook client I/O failed", failure);
        }
    }

    private static CloseableHttpAsyncClient client(final WebhookConfiguration configuration, final OutgoingTls tls,
                                                   final Runner runner, final Callback<Exception> ioFailure) {
        final PoolingAsyncClientConnectionManagerBuilder builder = PoolingAsyncClientConnectionManagerBuilder.create();
        if (tls.secure()) {
            builder.setTlsStrategy(ClientTlsStrategyBuilder.create()
                    .setSslContext(tls.sslContext())
                    .setHostnameVerifier(tls.hostnameVerification() ? null : NoopHostnameVerifier.INSTANCE)
                    .buildAsync());
        }
        final PoolingAsyncClientConnectionManager connections = builder
                .setMaxConnTotal(configuration.maxConnections())
                .setMaxConnPerRoute(2)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofMilliseconds(configuration.connectTimeoutMs()))
                        .setSocketTimeout(Timeout.ofMilliseconds(configuration.responseTimeoutMs()))
                        .setTimeToLive(TimeValue.ofMinutes(10))
                        .build())
                .build();
        final HttpAsyncClientBuilder clientBuilder = HttpAsyncClients.custom();
        if (tls.secure()) {
            // one client identity only: without this every mutual-TLS connection is tagged with our certificate's
            // principal, a new request (with no state yet) never matches it, and each delivery does a new handshake
            clientBuilder.disableConnectionState();
        }
        return clientBuilder
                .setConnectionManager(connections)
                .setIOReactorConfig(IOReactorConfig.custom()
                        .setIoThreadCount(configuration.ioThreads())
                        .setTcpNoDelay(true)
                        .build())
                .setThreadFactory(runner.threads("eh-webhook-io"))
                .setIoReactorExceptionCallback(ioFailure)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setResponseTimeout(Timeout.ofMilliseconds(configuration.responseTimeoutMs()))
                        .build())
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableRedirectHandling()
                .build();
    }

    /** Attach the subscription to its topic for live events, replacing the subscriber's previous one for it. */
    public void subscribe(final WebhookSubscription subscription) {
        subscribe(subscription, -1, DeliveredPositions.untracked());
    }

    @Override
    public void subscribe(final WebhookSubscription subscription, final long resumeAfter,
                          final DeliveredPositions.Position position) {
        final String description = "webhook " + subscription.subscriber() + subscription.notifyPath();
        final WebhookSink sink = new WebhookSink(client, retryScheduler, retryPolicy,
                WebhookTarget.of(subscription, tls), new CircuitBreaker(circuitFailures,
                        TimeUnit.MILLISECONDS.toNanos(circuitOpenMs), System::nanoTime),
                TopicName.normalise(subscription.eventType()), description, problems, position, () -> closing);
        broker.subscribe(new SubscribeRequest(subscription.eventType(), subscription.subscriber(),
                description, subscription.filter(), sink, resumeAfter, subscription.requirements()));
    }

    /**
     * Called after the delivery drain, when the orderly stop's grace period is over. A POST still in flight gets the
     * client's graceful close (up to 5 s) to be answered: cancelled, it would count as not delivered while the
     * subscriber may have it, and a kept subscription would get it again after the restart (a duplicate). So a stop
     * with a slow or stalled webhook subscriber may take up to 5 s beyond {@code eh.shutdown.grace.ms}.
     */
    @Override
    public void close() {
        closing = true;
        retryScheduler.shutdownNow();
        client.close(CloseMode.GRACEFUL);
    }
}
