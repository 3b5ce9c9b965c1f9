package io.eventhandler.client.example;

import io.eventhandler.api.GapNotice;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.EventListener;
import io.eventhandler.client.EventPublisher;
import io.eventhandler.client.EventSubscriber;
import io.eventhandler.client.ReceivedEvent;
import io.eventhandler.client.WebhookReceiver;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A runnable demonstration of the client skeleton against a running Event Handler: it subscribes to one event
 * type twice (SSE stream and webhook), publishes {@code --count} events, prints what both receive, unsubscribes
 * and exits 0 when every event arrived both ways (1 on timeout, 2 on bad arguments).
 *
 * <pre>
 * --url http://127.0.0.1:8455   the Event Handler
 * --event-type TEMPERATURE      the topic
 * --count 10                    events to publish
 * --timeout 30                  seconds to wait for them
 * --webhook-port 0              port of the webhook receiver (0 = any free one)
 * </pre>
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

    /**
     * The command-line options.
     *
     * @param url         base URI of the Event Handler
     * @param eventType   topic to publish and subscribe to
     * @param count       events to publish
     * @param timeout     how long to wait for the events (and for the stream to open)
     * @param webhookPort port of the webhook receiver, 0 for any free one
     */
    public record Options(URI url, String eventType, int count, Duration timeout, int webhookPort) {

        /** Parses {@code --url U --event-type T --count N [--timeout S] [--webhook-port P]}. */
        public static Options parse(final String... args) {
            URI url = URI.create("http://127.0.0.1:8455");
            String eventType = "TEMPERATURE";
            int count = 10;
            int timeoutSeconds = 30;
            int webhookPort = 0;
            for (int i = 0; i < args.length; i++) {
                final String name = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + name);
                }
                final String value = args[++i];
                switch (name) {
                    case "--url" -> url = URI.create(value);
                    case "--event-type" -> eventType = value;
                    case "--count" -> count = Integer.parseInt(value);
                    case "--timeout" -> timeoutSeconds = Integer.parseInt(value);
                    case "--webhook-port" -> webhookPort = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            if (count < 0 || timeoutSeconds <= 0 || eventType.isBlank()) {
                throw new IllegalArgumentException("need --count >= 0, --timeout > 0, non-blank --event-type");
            }
            return new Options(url, eventType, count, Duration.ofSeconds(timeoutSeconds), webhookPort);
        }
    }

    /** Runs the example and exits with its status. */
    public static void main(final String[] args) {
        final Options options;
        try {
            options = Options.parse(args);
        } catch (final IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: --url http://127.0.0.1:8455 --event-type TEMPERATURE --count 10"
                    + " [--timeout 30] [--webhook-port 0]");
            System.exit(2);
            return;
        }
        try {
            final Result result = run(options, System.out);
            System.exit(result.complete() ? 0 : 1);
        } catch (final RuntimeException e) {
            System.err.println("example failed: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Subscribes (SSE and webhook), publishes, waits for the events, unsubscribes.
     *
     * @param options what to do
     * @param out     where to print what is received
     * @return counts and whether everything arrived in time
     * @throws io.eventhandler.client.EventHandlerException when the Event Handler rejects a request
     * @throws InterruptedRuntimeException when interrupted while waiting
     */
    public static Result run(final Options options, final PrintStream out) {
        final String eventType = options.eventType();
        final String notifyUri = "/notify/" + eventType.toLowerCase(Locale.ROOT);
        final CountDownLatch connected = new CountDownLatch(1);
        final CountDownLatch sseDone = new CountDownLatch(options.count());
        final CountDownLatch webhookDone = new CountDownLatch(options.count());
        final AtomicLong sseCount = new AtomicLong();
        final AtomicLong webhookCount = new AtomicLong();
        final long deadline = System.nanoTime() + options.timeout().toNanos();

        try (EventHandlerClient client = EventHandlerClient.create(options.url());
             WebhookReceiver webhook = WebhookReceiver.start(LOCALHOST, options.webhookPort(), notifyUri,
                     event -> print(out, "webhook", event, webhookCount, webhookDone))) {
            client.echo();
            out.printf("Event Handler at %s is up%n", options.url());

            final SystemRequestDTO subscriber = SystemRequestDTO.of(SUBSCRIBER_NAME, LOCALHOST, webhook.port());
            client.subscribe(new SubscriptionRequestDTO(eventType, subscriber, null, notifyUri, false, null, null, null));
            out.printf("webhook subscribed: %s at http://%s:%d%s%n", SUBSCRIBER_NAME, LOCALHOST, webhook.port(), notifyUri);
            try (EventSubscriber sse = EventSubscriber.builder(options.url(), eventType)
                    .listener(sseListener(out, connected, sseCount, sseDone)).start();
                 EventPublisher publisher = new EventPublisher(client,
                         SystemRequestDTO.of(PUBLISHER_NAME, LOCALHOST, PUBLISHER_PORT))) {
                if (!await(connected, deadline)) {
                    out.println("TIMEOUT: the SSE stream did not open");
                    return new Result(0, sseCount.get(), webhookCount.get(), false);
                }
                out.printf("SSE stream of %s open%n", eventType);
                for (int i = 1; i <= options.count(); i++) {
                    final String payload = String.format(Locale.ROOT, "{\"celsius\":%.1f,\"reading\":%d}",
                            20.0 + (i % 10) / 2.0, i);
                    publisher.publish(eventType, payload, Map.of("unit", "celsius"));
                }
                out.printf("published %d events as %s%n", options.count(), PUBLISHER_NAME);
                final boolean complete = await(sseDone, deadline) && await(webhookDone, deadline);
                final Result result = new Result(options.count(), sseCount.get(), webhookCount.get(), complete);
                out.printf("SSE stream: last id %d, %d reconnects, %d duplicates dropped, %d gaps%n",
                        sse.lastEventId(), sse.reconnects(), sse.duplicatesDropped(), sse.gapsSeen());
                out.printf("%s: published %d, received %d via SSE and %d via webhook%n",
                        complete ? "OK" : "TIMEOUT", result.published(), result.sseReceived(), result.webhookReceived());
                return result;
            } finally {
                client.unsubscribe(eventType, subscriber.systemName(), subscriber.address(), subscriber.port());
                out.printf("unsubscribed %s from %s%n", SUBSCRIBER_NAME, eventType);
            }
        }
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
