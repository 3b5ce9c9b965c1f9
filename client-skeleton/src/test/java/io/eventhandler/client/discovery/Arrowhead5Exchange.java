package io.eventhandler.client.discovery;

import static io.eventhandler.client.testing.LocalCloud5.DASHBOARD;
import static io.eventhandler.client.testing.LocalCloud5.SENSOR;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.CallerIdentity;
import io.eventhandler.client.testing.LocalCloud5;
import io.eventhandler.client.ClientTls;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.EventHandlerEndpoints;
import io.eventhandler.client.EventListener;
import io.eventhandler.client.EventSubscriber;
import io.eventhandler.client.ReceivedEvent;
import io.eventhandler.client.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What an Arrowhead 5 publisher and subscriber do with the client skeleton, the same in every identity mode: each
 * finds the Event Handler by orchestration pull as itself; the subscriber opens an SSE stream and subscribes a
 * webhook (HTTPS, taking notifications from the Event Handler's certificate only, in a {@code certificate} cloud); the publisher publishes two events, which reach both; the subscriber unsubscribes the webhook; a third
 * event reaches the stream only.
 */
final class Arrowhead5Exchange {

    static final String EVENT_TYPE = "temperatureAlarm";

    private Arrowhead5Exchange() {
    }

    /** Payloads handed to a listener, in order. */
    static final class Payloads implements EventListener {
        final List<String> received = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(final ReceivedEvent event) {
            received.add(event.event().payload());
        }
    }

    /**
     * @param sensorTls    the publisher's certificate in a {@code certificate} cloud, else null
     * @param dashboardTls the subscriber's, likewise
     */
    static void run(final LocalCloud5 cloud, final CallerIdentity sensor, final CallerIdentity dashboard,
                    final ClientTls sensorTls, final ClientTls dashboardTls, final Duration wait) {
        final EventHandlerEndpoints publishTo = locate(cloud, sensor, sensorTls);
        final EventHandlerEndpoints subscribeAt = locate(cloud, dashboard, dashboardTls);
        final Payloads stream = new Payloads();
        final Payloads webhook = new Payloads();
        try (WebhookReceiver receiver = dashboardTls == null
                ? WebhookReceiver.start("127.0.0.1", 0, "/notify", webhook)
                : WebhookReceiver.startSecure("127.0.0.1", 0, "/notify", dashboardTls, webhook);
             EventHandlerClient publisher = client(publishTo, sensor, sensorTls);
             EventHandlerClient subscriber = client(subscribeAt, dashboard, dashboardTls);
             EventSubscriber sse = subscriber(subscribeAt, dashboard, dashboardTls, receiver.port(), stream)) {
            await().atMost(wait).until(sse::isConnected);
            final SystemRequestDTO self = SystemRequestDTO.of(DASHBOARD, "127.0.0.1", receiver.port());
            subscriber.subscribe(new SubscriptionRequestDTO(EVENT_TYPE, self, null, "/notify", false, null, null,
                    null));

            publisher.publish(event("overheat-1"));
            publisher.publish(event("overheat-2"));
            await().atMost(wait).until(() -> stream.received.size() == 2 && webhook.received.size() == 2);
            assertEquals(List.of("overheat-1", "overheat-2"), stream.received);
            assertEquals(List.of("overheat-1", "overheat-2"), webhook.received);

            subscriber.unsubscribe(EVENT_TYPE, DASHBOARD, "127.0.0.1", receiver.port());
            publisher.publish(event("overheat-3"));
            await().atMost(wait).until(() -> stream.received.size() == 3);
            assertEquals(List.of("overheat-1", "overheat-2"), webhook.received);
        }
    }

    private static EventHandlerEndpoints locate(final LocalCloud5 cloud, final CallerIdentity identity,
                                                final ClientTls tls) {
        final EventHandlerLocator.Builder locator = EventHandlerLocator.builder().identity(identity)
                .serviceOrchestration(cloud.orchestrator());
        if (tls != null) {
            locator.tls(tls);
        }
        final EventHandlerLocation found = locator.build().locate();
        assertEquals(LocationSource.SERVICE_ORCHESTRATION, found.source());
        return found.endpoints();
    }

    private static EventHandlerClient client(final EventHandlerEndpoints endpoints, final CallerIdentity identity,
                                             final ClientTls tls) {
        final EventHandlerClient.Builder client = EventHandlerClient.builder(endpoints).identity(identity);
        return (tls == null ? client : client.tls(tls)).build();
    }

    private static EventSubscriber subscriber(final EventHandlerEndpoints endpoints, final CallerIdentity identity,
                                              final ClientTls tls, final int port, final EventListener listener) {
        final EventSubscriber.Builder subscriber = EventSubscriber.builder(endpoints, EVENT_TYPE).identity(identity)
                .subscriber(SystemRequestDTO.of(DASHBOARD, "127.0.0.1", port)).listener(listener)
                .reconnectDelay(Duration.ofMillis(50));
        return (tls == null ? subscriber : subscriber.tls(tls)).start();
    }

    private static EventPublishRequestDTO event(final String payload) {
        return new EventPublishRequestDTO(EVENT_TYPE, SystemRequestDTO.of(SENSOR, "127.0.0.1", 9001), Map.of(),
                payload, null);
    }
}
