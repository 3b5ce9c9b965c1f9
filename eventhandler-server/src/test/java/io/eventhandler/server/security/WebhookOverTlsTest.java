package io.eventhandler.server.security;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In secure mode a subscriber that registered authentication info is notified over HTTPS: the Event Handler presents
 * its {@code eventhandler.<cloud>} certificate, which is what Arrowhead subscribers accept notifications from.
 */
class WebhookOverTlsTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(CLOUD.serverSettings("eventhandler"));

    private final List<String> callerNames = new CopyOnWriteArrayList<>();
    private final List<EventDTO> received = new CopyOnWriteArrayList<>();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private HttpsServer subscriber;

    @BeforeEach
    void startSubscriber() throws IOException {
        final SSLContext tls = CLOUD.sslContext("subscriber");
        subscriber = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        subscriber.setHttpsConfigurator(new HttpsConfigurator(tls) {
            @Override
            public void configure(final HttpsParameters parameters) {
                // through SSLParameters: the JDK server's own setNeedClientAuth is undone by its want flag
                final SSLParameters ssl = tls.getDefaultSSLParameters();
                ssl.setNeedClientAuth(true);
                parameters.setSSLParameters(ssl);
            }
        });
        subscriber.createContext("/notify", exchange -> {
            final X509Certificate caller = (X509Certificate) ((HttpsExchange) exchange).getSSLSession()
                    .getPeerCertificates()[0];
            callerNames.add(ArrowheadName.commonName(caller).orElse("?"));
            clientPorts.add(exchange.getRemoteAddress().getPort());
            received.add(EhHttp.read(new String(exchange.getRequestBody().readAllBytes()), EventDTO.class));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        subscriber.start();
    }

    @AfterEach
    void stopSubscriber() {
        subscriber.stop(0);
    }

    @Test
    void aSecureSubscriberIsNotifiedOverMutualTlsByTheEventHandlersCertificate() {
        final String topic = uniqueTopic("tls-webhook");
        final SystemRequestDTO subscriberSystem = new SystemRequestDTO("subscriber", "127.0.0.1",
                subscriber.getAddress().getPort(), "MIIB-public-key", null);
        final EhHttp asSubscriber = new EhHttp(server::baseUri, CLOUD.sslContext("subscriber"));
        asSubscriber.subscribeOk(new SubscriptionRequestDTO(topic, subscriberSystem, null, "/notify", false, null,
                null, null));
        final EhHttp asPublisher = asSubscriber.as(CLOUD.sslContext("publisher"));
        asPublisher.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("publisher", "127.0.0.1", 1),
                null, "over-tls", null));

        eventually().until(() -> received.size() == 1);
        assertEquals("over-tls", received.get(0).payload());
        assertEquals(List.of(TestCloud.commonName("eventhandler")), callerNames);

        for (int i = 0; i < 20; i++) {
            asPublisher.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("publisher", "127.0.0.1", 1),
                    null, "again-" + i, null));
        }
        eventually().until(() -> received.size() == 21);
        // one request in flight; the next may be leased before the previous connection is back in the pool, and on
        // a loaded machine a connection may be retired once: a handful, not one handshake per notification
        assertTrue(clientPorts.size() <= 4, "persistent TLS connections carry the notifications, not one "
                + "handshake each: " + clientPorts.size() + " connections for 21 requests");
    }
}
