package io.eventhandler.server.webhook;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.config.ServerConfiguration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import javax.net.ssl.SSLContext;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Arrowhead-style delivery: one {@link WebhookSink} per subscription, all sharing one asynchronous HTTP client with
 * pooled persistent connections, so a slow subscriber holds a connection, not a thread. In secure mode a subscriber
 * that registered authentication info is called over HTTPS, presenting the Event Handler's certificate and checking
 * the subscriber's against the truststore (and its SAN against the address, unless disabled), as Arrowhead does.
 */
public final class WebhookDispatcher implements AutoCloseable {

    private final Broker broker;
    private final CloseableHttpAsyncClient client;
    private final ScheduledExecutorService retryScheduler;
    private final RetryPolicy retryPolicy;
    private final int circuitFailures;
    private final long circuitOpenMs;
    private final boolean tls;
    private final DeliveryProblemLog problems;

    /**
     * @param sslContext the Event Handler's TLS context in secure mode, null in plain mode
     * @param problems   where retries, give-ups and open circuits are logged
     */
    public WebhookDispatcher(final ServerConfiguration configuration, final Broker broker,
                             final SSLContext sslContext, final DeliveryProblemLog problems) {
        this.broker = broker;
        this.problems = problems;
        this.tls = sslContext != null;
        final PoolingAsyncClientConnectionManagerBuilder builder = PoolingAsyncClientConnectionManagerBuilder.create();
        if (sslContext != null) {
            builder.setTlsStrategy(ClientTlsStrategyBuilder.create()
                    .setSslContext(sslContext)
                    .setHostnameVerifier(configuration.tls().hostnameVerification()
                            ? null : NoopHostnameVerifier.INSTANCE)
                    .buildAsync());
        }
        final PoolingAsyncClientConnectionManager connections = builder
                .setMaxConnTotal(configuration.webhookMaxConnections())
                .setMaxConnPerRoute(2)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofMilliseconds(configuration.webhookConnectTimeoutMs()))
                        .setSocketTimeout(Timeout.ofMilliseconds(configuration.webhookResponseTimeoutMs()))
                        .setTimeToLive(TimeValue.ofMinutes(10))
                        .build())
                .build();
        final HttpAsyncClientBuilder clientBuilder = HttpAsyncClients.custom();
        if (sslContext != null) {
            // one client identity only: without this every mutual-TLS connection is tagged with our certificate's
            // principal, a new request (with no state yet) never matches it, and each delivery does a new handshake
            clientBuilder.disableConnectionState();
        }
        this.client = clientBuilder
                .setConnectionManager(connections)
                .setIOReactorConfig(IOReactorConfig.custom()
                        .setIoThreadCount(configuration.webhookIoThreads())
                        .setTcpNoDelay(true)
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setResponseTimeout(Timeout.ofMilliseconds(configuration.webhookResponseTimeoutMs()))
                        .build())
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableRedirectHandling()
                .build();
        this.client.start();
        this.retryScheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            final Thread thread = new Thread(r, "eh-webhook-retry");
            thread.setDaemon(true);
            return thread;
        });
        this.retryPolicy = new RetryPolicy(configuration.webhookMaxRetries(), configuration.webhookRetryBackoffMs());
        this.circuitFailures = configuration.webhookCircuitFailures();
        this.circuitOpenMs = configuration.webhookCircuitOpenMs();
    }

    /** Attach the subscription to its topic, replacing the subscriber's previous one for that topic. */
    public void subscribe(final WebhookSubscription subscription) {
        final String description = "webhook " + subscription.subscriber() + subscription.notifyPath();
        final WebhookSink sink = new WebhookSink(client, retryScheduler, retryPolicy,
                WebhookTarget.of(subscription, tls), new CircuitBreaker(circuitFailures,
                        TimeUnit.MILLISECONDS.toNanos(circuitOpenMs), System::nanoTime),
                TopicName.normalise(subscription.eventType()), description, problems);
        broker.subscribe(new SubscribeRequest(subscription.eventType(), subscription.subscriber(),
                description, subscription.filter(), sink, -1, subscription.requirements()));
    }

    @Override
    public void close() {
        retryScheduler.shutdownNow();
        client.close(CloseMode.GRACEFUL);
    }
}
