package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.client.testing.TestCloud;
import io.eventhandler.security.certs.Pkcs12Stores;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTPS webhook receiver takes notifications only from the Event Handler of its own cloud, as Arrowhead's
 * {@code SubscriberNotificationAccessControlFilter} does: client certificates are required, and of those the
 * truststore accepts only {@code eventhandler.<own cloud>} may deliver.
 */
class SecureWebhookReceiverTest {

    private static final TestCloud CLOUD = TestCloud.get();
    private static final String EVENT = "{\"eventType\":\"temperature\",\"payload\":\"21.5\",\"timeStamp\":\"2024-03-19T10:31:17Z\"}";

    private final List<ReceivedEvent> events = new CopyOnWriteArrayList<>();
    private WebhookReceiver receiver;

    @AfterEach
    void close() {
        if (receiver != null) {
            receiver.close();
        }
    }

    private WebhookReceiver start(final ClientTls tls) {
        receiver = WebhookReceiver.startSecure("127.0.0.1", 0, "/notify/temperature", tls, events::add);
        return receiver;
    }

    private HttpResponse<String> deliverAs(final SSLContext sender) throws IOException, InterruptedException {
        final HttpClient http = HttpClient.newBuilder().sslContext(sender).connectTimeout(Duration.ofSeconds(5)).build();
        return http.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + receiver.port() + "/notify/temperature"))
                        .timeout(Duration.ofSeconds(5))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(EVENT)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theEventHandlerOfTheOwnCloudDelivers() throws Exception {
        start(CLOUD.tls("subscriber"));

        final HttpResponse<String> response = deliverAs(CLOUD.sslContext("eventhandler"));

        assertEquals(200, response.statusCode(), response.body());
        assertEquals(1, receiver.received());
        assertEquals("21.5", events.get(0).event().payload());
        assertTrue(receiver.isSecure());
    }

    @Test
    void anotherSystemOfTheOwnCloudIsRefusedWith401() throws Exception {
        start(CLOUD.tls("subscriber"));

        final HttpResponse<String> response = deliverAs(CLOUD.sslContext("publisher"));

        assertEquals(401, response.statusCode());
        final ErrorMessageDTO error = JsonMapper.create().readValue(response.body(), ErrorMessageDTO.class);
        assertEquals(ExceptionType.AUTH, error.exceptionType());
        assertEquals(401, error.errorCode());
        assertTrue(error.errorMessage().contains(TestCloud.commonName("publisher")), error.errorMessage());
        assertEquals(List.of(), events);
        assertEquals(1, receiver.rejected());
    }

    @Test
    void theEventHandlerOfAnotherCloudIsRefusedEvenWhenItsChainIsTrusted() throws Exception {
        final ClientTls trustsEveryCloud = ClientTls.fromStores(CLOUD.keyStore("subscriber"),
                CLOUD.trustStoreWithMaster(), TestCloud.PASSWORD.toCharArray());
        start(trustsEveryCloud);

        final HttpResponse<String> response = deliverAs(CLOUD.otherCloudTls("eventhandler").sslContext());

        assertEquals(401, response.statusCode());
        assertTrue(response.body().contains("eventhandler.othercloud.company.arrowhead.eu"), response.body());
        assertEquals(List.of(), events);
    }

    @Test
    void aCertificateOutsideTheTruststoreOrNoneFailsTheHandshake() throws Exception {
        start(CLOUD.tls("subscriber"));
        final SSLContext noCertificate = SSLContext.getInstance("TLS");
        noCertificate.init(null, new TrustManager[] {trustingOwnCloud()}, null);

        assertThrows(IOException.class, () -> deliverAs(CLOUD.otherCloudTls("eventhandler").sslContext()));
        assertThrows(IOException.class, () -> deliverAs(noCertificate));
        assertEquals(List.of(), events);
    }

    @Test
    void aSecureReceiverNeedsToKnowItsCloud() throws Exception {
        final ClientTls unknownCertificate = ClientTls.of(CLOUD.sslContext("subscriber"), null);

        assertThrows(IllegalArgumentException.class, () -> start(unknownCertificate));
    }

    private static TrustManager trustingOwnCloud() throws Exception {
        final TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(Pkcs12Stores.load(CLOUD.trustStore(), TestCloud.PASSWORD.toCharArray()));
        return factory.getTrustManagers()[0];
    }
}
