package io.eventhandler.client;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.testing.TestCloud;
import io.eventhandler.security.certs.SubjectAltNames;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client library against the real Event Handler in secure mode, every connection mutual TLS with certificates
 * of one development local cloud: publish, SSE, webhook deliveries over HTTPS to a receiver that checks who sends.
 */
class SecureEndToEndTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final TestCloud CLOUD = TestCloud.get();
    private static final ClientTls PUBLISHER = CLOUD.tls("publisher");
    private static final ClientTls SUBSCRIBER = CLOUD.tls("subscriber");

    private EventHandlerServer server;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    private static EventHandlerServer startSecureServer(final Path eventHandlerKeyStore) {
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(TlsConfiguration.KEY_STORE.key(), eventHandlerKeyStore.toString());
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-secure-end-to-end-" + System.nanoTime());
        return EventHandlerServer.start(ServerConfiguration.fromMap(settings));
    }

    @BeforeEach
    void start() {
        server = startSecureServer(CLOUD.keyStore("eventhandler"));
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        server.close();
    }

    private <T extends AutoCloseable> T closeLater(final T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    private URI baseUri() {
        return URI.create("https://127.0.0.1:" + server.port());
    }

    private EventHandlerClient client(final ClientTls tls) {
        return closeLater(EventHandlerClient.builder(baseUri()).tls(tls).build());
    }

    private static List<String> payloads(final int from, final int to) {
        return LongStream.rangeClosed(from, to).mapToObj(i -> "reading " + i).toList();
    }

    private static void publish(final EventPublisher publisher, final String eventType, final int from, final int to) {
        for (int i = from; i <= to; i++) {
            publisher.publish(eventType, "reading " + i);
        }
    }

    @Test
    void publishOverMutualTlsReachesTheSseSubscriberOfTheCertificate() {
        final List<ReceivedEvent> received = new CopyOnWriteArrayList<>();
        final EventSubscriber sse = closeLater(EventSubscriber.builder(baseUri(), "TEMPERATURE").tls(SUBSCRIBER)
                .listener(received::add).lastEventId(0).reconnectDelay(Duration.ofMillis(100)).start());
        await().atMost(WAIT).until(sse::isConnected);
        final EventPublisher publisher = closeLater(new EventPublisher(client(PUBLISHER),
                PUBLISHER.system("127.0.0.1", 9001)));

        publish(publisher, "temperature", 1, 20);

        await().atMost(WAIT).until(() -> received.size() == 20);
        assertEquals(payloads(1, 20), received.stream().map(e -> e.event().payload()).toList());
        assertEquals(LongStream.rangeClosed(1, 20).boxed().toList(), received.stream().map(ReceivedEvent::sequence).toList());
        assertEquals(PUBLISHER.authenticationInfo(), publisher.source().authenticationInfo(),
                "the publisher sends its public key, as Arrowhead publishers do");
    }

    @Test
    void onePersistentTlsConnectionCarriesEveryPublish() throws Exception {
        final LoopbackProxy proxy = closeLater(new LoopbackProxy(server.port()));
        final EventHandlerClient client = closeLater(EventHandlerClient.builder(
                URI.create("https://127.0.0.1:" + proxy.baseUri().getPort())).tls(PUBLISHER).build());
        final EventPublisher publisher = closeLater(new EventPublisher(client, PUBLISHER.system("127.0.0.1", 9001)));

        publish(publisher, "PRESSURE", 1, 50);

        assertEquals(1, proxy.relayedConnections(), "no TLS handshake after the first");
    }

    @Test
    void publishingUnderAnotherSystemsNameIsRefused() {
        final EventHandlerClient client = client(PUBLISHER);

        final EventHandlerException e = assertThrows(EventHandlerException.class, () -> new EventPublisher(client,
                SystemRequestDTO.of("subscriber", "127.0.0.1", 9001)).publish("TEMPERATURE", "forged"));

        assertEquals(401, e.statusCode());
        assertEquals(ExceptionType.AUTH, e.exceptionType());
    }

    @Test
    void webhookDeliveriesComeOverHttpsFromTheEventHandlerAndNobodyElseIsAccepted() throws Exception {
        final List<ReceivedEvent> received = new CopyOnWriteArrayList<>();
        final WebhookReceiver receiver = closeLater(WebhookReceiver.startSecure("127.0.0.1", 0, "/notify/humidity",
                SUBSCRIBER, received::add));
        final EventHandlerClient subscriberClient = client(SUBSCRIBER);
        final SystemRequestDTO subscriber = SystemRequestDTO.of("subscriber", "127.0.0.1", receiver.port());
        subscriberClient.subscribe(new SubscriptionRequestDTO("HUMIDITY", subscriber, null, "/notify/humidity", false,
                null, null, null));
        final EventPublisher publisher = closeLater(new EventPublisher(client(PUBLISHER),
                PUBLISHER.system("127.0.0.1", 9001)));

        publish(publisher, "humidity", 1, 10);

        await().atMost(WAIT).until(() -> receiver.received() == 10);
        assertEquals(payloads(1, 10), received.stream().map(e -> e.event().payload()).toList());
        assertEquals(0, receiver.rejected(), "every delivery came with the eventhandler certificate");

        final HttpResponse<String> forged = HttpClient.newBuilder().sslContext(CLOUD.sslContext("publisher")).build()
                .send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + receiver.port() + "/notify/humidity"))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"eventType\":\"humidity\",\"payload\":\"forged\"}"))
                        .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, forged.statusCode(), forged.body());
        assertEquals(10, received.size());

        subscriberClient.unsubscribe("HUMIDITY", "subscriber", "127.0.0.1", receiver.port());
        publish(publisher, "humidity", 11, 12);
        await().during(Duration.ofMillis(500)).atMost(WAIT).until(() -> receiver.received() == 10);
    }

    @Test
    void withoutACertificateOfTheCloudThereIsNoConnection() {
        try (EventHandlerClient anonymous = EventHandlerClient.create(baseUri());
             EventHandlerClient foreign = EventHandlerClient.builder(baseUri()).tls(CLOUD.otherCloudTls("publisher"))
                     .build();
             EventHandlerClient plain = EventHandlerClient.create(URI.create("http://127.0.0.1:" + server.port()))) {
            assertThrows(UncheckedIOException.class, anonymous::echo, "the JVM's truststore does not know the cloud");
            assertThrows(UncheckedIOException.class, foreign::echo, "another cloud's certificate");
            assertThrows(RuntimeException.class, plain::echo, "plain HTTP to the TLS port");
        }
        client(PUBLISHER).echo();
    }

    @Test
    void theServersHostNameIsCheckedAgainstItsCertificateUnlessDisabled() {
        server.close();
        server = startSecureServer(CLOUD.keyStore("eventhandler", SubjectAltNames.parse("dns:elsewhere.example")));

        final UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> client(PUBLISHER).echo());
        assertTrue(e.getMessage().contains("127.0.0.1") || e.getCause() instanceof SSLException,
                e.getMessage());
        client(PUBLISHER.withoutHostnameVerification()).echo();
    }
}
