package io.eventhandler.client.example;

import io.eventhandler.api.GapNotice;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.CallerIdentity;
import io.eventhandler.client.ClientTls;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.EventListener;
import io.eventhandler.client.EventPublisher;
import io.eventhandler.client.EventSubscriber;
import io.eventhandler.client.ReceivedEvent;
import io.eventhandler.client.WebhookReceiver;
import io.eventhandler.client.discovery.EventHandlerLocation;
import io.eventhandler.client.discovery.EventHandlerLocator;
import io.eventhandler.client.discovery.IdentityTokens;
import java.io.IOException;
import java.io.PrintStream;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A runnable demonstration of the client skeleton against a running Event Handler: it finds the Event Handler,
 * subscribes to one event type twice (SSE stream and webhook), publishes {@code --count} events, prints what both
 * receive, unsubscribes and exits 0 when every event arrived both ways (1 on timeout or error, 2 on bad arguments).
 *
 * <pre>
 * --url http://127.0.0.1:8455   the Event Handler, when no core system names one (https in secure mode)
 * --orchestrator URL            ask this Orchestrator for the Event Handler first
 * --service-registry URL        then this Service Registry
 * --event-type TEMPERATURE      the topic
 * --count 10                    events to publish
 * --timeout 30                  seconds to wait for them
 * --webhook-port 0              port of the webhook receiver (0 = any free one)
 * --keystore FILE               secure mode: this system's PKCS12 key store; its CN names the system
 * --truststore FILE             secure mode: the cloud's PKCS12 truststore
 * --password PW                 secure mode: the password of both stores
 * --disable-hostname-verifier false   secure mode: true accepts server certificates made for other host names
 * --service-orchestration URL   Arrowhead 5: pull the Event Handler from this orchestrator
 * --system NAME                 Arrowhead 5: the example's system, declared (Bearer SYSTEM//NAME) unless logging in
 * --authentication URL          Arrowhead 5 outsourced: log in here as --system ...
 * --system-password PW          ... with this password, and show the identity token
 * </pre>
 *
 * <p>In an Arrowhead 5 cloud the example publishes and subscribes as one system (--system, or its 5.x certificate),
 * which needs the {@code EVENT_TYPE} rule granting itself the event type and {@code SERVICE_DEF} rules on
 * {@code eventPublish} and {@code eventSubscribe} naming it (docs/arrowhead-5.md).
 *
 * <p>In secure mode everything is HTTPS with the certificate: the system publishes and subscribes under the name
 * its certificate's CN gives, and its webhook receiver takes notifications only from the Event Handler of its cloud.
 */
public final class ExampleApplication {

    static final String SUBSCRIBER_NAME = "example-subscriber";
    static final String PUBLISHER_NAME = "example-publisher";
    static final String LOCALHOST = "127.0.0.1";
    /** A publisher offers no service of its own, but Arrowhead requires a port in every system description. */
    static final int PUBLISHER_PORT = 8460;

    private ExampleApplication() {
    }

    /**
     * What {@link #run} saw.
     *
     * @param published       events published
     * @param sseReceived     events the SSE subscriber delivered
     * @param webhookReceived events the webhook receiver accepted
     * @param complete        whether all arrived both ways before the timeout
     */
    public record Result(int published, long sseReceived, long webhookReceived, boolean complete) {
    }

    /** Runs the example and exits with its status. */
    public static void main(final String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the example from its command line: 0 when every event arrived both ways (or after {@code --help}), 1 on a
     * timeout or error, 2 on bad arguments.
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.println(ExampleOptions.USAGE);
            return 0;
        }
        final ExampleOptions options;
        try {
            options = ExampleOptions.parse(args);
        } catch (final IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(ExampleOptions.USAGE);
            return 2;
        }
        try {
            return run(options, out).complete() ? 0 : 1;
        } catch (final RuntimeException e) {
            err.println("example failed: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Finds the Event Handler, subscribes (SSE and webhook), publishes, waits for the events, unsubscribes.
     *
     * @param options what to do
     * @param out     where to print what is received
     * @return counts and whether everything arrived in time
     * @throws io.eventhandler.client.EventHandlerException when the Event Handler rejects a request
     * @throws IllegalStateException when the key or trust store cannot be used
     * @throws InterruptedRuntimeException when interrupted while waiting
     */
    public static Result run(final ExampleOptions options, final PrintStream out) {
        final ClientTls tls = options.secure() ? loadTls(options) : null;
        final ExampleOptions.Arrowhead5 five = options.arrowhead5();
        final IdentityTokens tokens = five == null || five.authentication() == null ? null
                : IdentityTokens.login(five.authentication(), five.systemName(), five.systemPassword(), tls);
        try {
            return run(options, tls, tokens != null ? tokens
                    : five == null || five.systemName() == null ? CallerIdentity.none()
                    : CallerIdentity.declared(five.systemName()), out);
        } finally {
            if (tokens != null) {
                tokens.close();
            }
        }
    }

    private static Result run(final ExampleOptions options, final ClientTls tls, final CallerIdentity identity,
                              final PrintStream out) {
        final String eventType = options.eventType();
        final String notifyUri = "/notify/" + eventType.toLowerCase(Locale.ROOT);
        final CountDownLatch connected = new CountDownLatch(1);
        final CountDownLatch sseDone = new CountDownLatch(options.count());
        final CountDownLatch webhookDone = new CountDownLatch(options.count());
        final AtomicLong sseCount = new AtomicLong();
        final AtomicLong webhookCount = new AtomicLong();
        final long deadline = System.nanoTime() + options.timeout().toNanos();
        final EventListener toWebhookCount = event -> print(out, "webhook", event, webhookCount, webhookDone);

        try (WebhookReceiver webhook = tls == null
                ? WebhookReceiver.start(LOCALHOST, options.webhookPort(), notifyUri, toWebhookCount)
                : WebhookReceiver.startSecure(LOCALHOST, options.webhookPort(), notifyUri, tls, toWebhookCount)) {
            final SystemRequestDTO subscriber = system(options, tls, SUBSCRIBER_NAME, webhook.port());
            final SystemRequestDTO source = system(options, tls, PUBLISHER_NAME, PUBLISHER_PORT);
            final EventHandlerLocation location = locate(options, tls, identity, subscriber);
            final EventHandlerClient.Builder clientBuilder = EventHandlerClient.builder(location.endpoints())
                    .identity(identity);
            final EventSubscriber.Builder sseBuilder = stream(location, eventType, subscriber).identity(identity);
            if (tls != null) {
                clientBuilder.tls(tls);
                sseBuilder.tls(tls);
                out.printf("secure mode as %s%n", tls.requireIdentity().commonName());
            }
            try (EventHandlerClient client = clientBuilder.build()) {
                client.echo();
                out.printf("Event Handler at %s is up (%s)%n", location.baseUri(), describe(location));

                client.subscribe(new SubscriptionRequestDTO(eventType, subscriber, null, notifyUri, false, null, null, null));
                out.printf("webhook subscribed: %s at %s://%s:%d%s%n", subscriber.systemName(),
                        webhook.isSecure() ? "https" : "http", LOCALHOST, webhook.port(), notifyUri);
                try (EventSubscriber sse = sseBuilder.listener(sseListener(out, connected, sseCount, sseDone)).start();
                     EventPublisher publisher = new EventPublisher(client, source)) {
                    if (!await(connected, deadline)) {
                        out.println("TIMEOUT: the SSE stream did not open");
                        return new Result(0, sseCount.get(), webhookCount.get(), false);
                    }
                    out.printf("SSE stream of %s open%n", eventType);
                    publishReadings(publisher, eventType, options.count());
                    out.printf("published %d events as %s%n", options.count(), source.systemName());
                    final boolean complete = await(sseDone, deadline) && await(webhookDone, deadline);
                    final Result result = new Result(options.count(), sseCount.get(), webhookCount.get(), complete);
                    out.printf("SSE stream: last id %d, %d reconnects, %d duplicates dropped, %d gaps%n",
                            sse.lastEventId(), sse.reconnects(), sse.duplicatesDropped(), sse.gapsSeen());
                    out.printf("%s: published %d, received %d via SSE and %d via webhook%n",
                            complete ? "OK" : "TIMEOUT", result.published(), result.sseReceived(), result.webhookReceived());
                    return result;
                } finally {
                    client.unsubscribe(eventType, subscriber.systemName(), subscriber.address(), subscriber.port());
                    out.printf("unsubscribed %s from %s%n", subscriber.systemName(), eventType);
                }
            }
        }
    }

    private static void publishReadings(final EventPublisher publisher, final String eventType, final int count) {
        for (int i = 1; i <= count; i++) {
            final String payload = String.format(Locale.ROOT, "{\"celsius\":%.1f,\"reading\":%d}",
                    20.0 + (i % 10) / 2.0, i);
            publisher.publish(eventType, payload, Map.of("unit", "celsius"));
        }
    }

    /** The stream names the subscriber as registered: in a local cloud the Authorization is asked about it. */
    private static EventSubscriber.Builder stream(final EventHandlerLocation location, final String eventType,
                                                  final SystemRequestDTO subscriber) {
        return EventSubscriber.builder(location.endpoints(), eventType).subscriber(subscriber);
    }

    private static ClientTls loadTls(final ExampleOptions options) {
        final ClientTls tls;
        try {
            tls = ClientTls.fromStores(options.keyStore(), options.trustStore(), options.password().toCharArray());
        } catch (final IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot use " + options.keyStore() + " and " + options.trustStore()
                    + ": " + e.getMessage(), e);
        }
        tls.requireIdentity();
        return options.verifyHostname() ? tls : tls.withoutHostnameVerification();
    }

    /**
     * The example as a system: named by its certificate in secure mode, else by {@code --system} in an Arrowhead 5
     * cloud (publisher and subscriber alike, as the identity it shows), else by {@code plainName}.
     */
    private static SystemRequestDTO system(final ExampleOptions options, final ClientTls tls, final String plainName,
                                           final int port) {
        if (tls != null) {
            return tls.system(LOCALHOST, port);
        }
        final String name = options.arrowhead5() == null ? plainName : options.arrowhead5().systemName();
        return SystemRequestDTO.of(name, LOCALHOST, port);
    }

    /** The Orchestrator or the 5.x orchestrator, then the Service Registry (those given), then {@code --url}. */
    private static EventHandlerLocation locate(final ExampleOptions options, final ClientTls tls,
                                               final CallerIdentity identity, final SystemRequestDTO requester) {
        final EventHandlerLocator.Builder locator = EventHandlerLocator.builder()
                .requester(requester)
                .identity(identity)
                .fallback(options.url());
        if (options.arrowhead5() != null) {
            locator.serviceOrchestration(options.arrowhead5().serviceOrchestration());
        }
        if (tls != null) {
            locator.tls(tls);
        }
        if (options.orchestrator() != null) {
            locator.orchestrator(options.orchestrator());
        }
        if (options.serviceRegistry() != null) {
            locator.serviceRegistry(options.serviceRegistry());
        }
        return locator.build().locate();
    }

    private static String describe(final EventHandlerLocation location) {
        return switch (location.source()) {
            case ORCHESTRATOR -> "named by the Orchestrator " + location.askedAt();
            case SERVICE_ORCHESTRATION -> "named by the Arrowhead 5 orchestration " + location.askedAt();
            case SERVICE_REGISTRY -> "named by the Service Registry " + location.askedAt();
            case CONFIGURED -> "as configured";
        };
    }

    private static EventListener sseListener(final PrintStream out, final CountDownLatch connected,
                                             final AtomicLong count, final CountDownLatch done) {
        return new EventListener() {
            @Override
            public void onEvent(final ReceivedEvent event) {
                print(out, "sse", event, count, done);
            }

            @Override
            public void onGap(final GapNotice gap) {
                out.printf("[sse    ] gap %d..%d (%s)%n", gap.firstMissingId(), gap.lastMissingId(), gap.reason());
            }

            @Override
            public void onConnected() {
                connected.countDown();
            }
        };
    }

    private static void print(final PrintStream out, final String via, final ReceivedEvent event,
                              final AtomicLong count, final CountDownLatch done) {
        out.printf("[%-7s] #%d %s %s (latency %d us)%n", via, event.sequence(), event.event().eventType(),
                event.event().payload(), event.latencyMicros());
        count.incrementAndGet();
        done.countDown();
    }

    private static boolean await(final CountDownLatch latch, final long deadlineNanos) {
        try {
            return latch.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedRuntimeException(e);
        }
    }

    /** Waiting for events was interrupted. */
    public static final class InterruptedRuntimeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InterruptedRuntimeException(final InterruptedException cause) {
            super("interrupted while waiting for events", cause);
        }
    }
}
