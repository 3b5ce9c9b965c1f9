package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.MqttConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.Closing;
import io.eventhandler.server.testing.MqttTestClient;
import io.eventhandler.server.testing.Mosquitto;
import io.eventhandler.server.testing.Pem;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead5.FakeConsumerAuthorization5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The real server in an Arrowhead 5 {@code certificate} cloud with a real Mosquitto that takes only TLS with the
 * cloud's client certificates: an MQTT request's caller is the 5.x system certificate the envelope's
 * {@code authentication} carries (Base64 of its PEM), checked as the 5.x {@code CertificateMqttFilter} checks it and
 * refused with its texts; the Event Handler itself connects with its own certificate.
 */
class MqttCertificateIdentityTest {

    private static final String PUBLISH = "arrowhead/event-handler/event-publish/publish";
    private static final String SUBSCRIBE = "arrowhead/event-handler/event-subscribe/subscribe";
    private static final TestCloud PKI = TestCloud.get();

    @TempDir
    static Path dir;

    private static Mosquitto mosquitto;
    private static FakeServiceRegistry5 registry;
    private static FakeConsumerAuthorization5 authorization;
    private static EventHandlerServer server;
    private static MqttTestClient sensor;
    private static MqttTestClient dashboard;

    @BeforeAll
    static void start() {
        mosquitto = Mosquitto.startTls(dir.resolve("mosquitto"));
        registry = new FakeServiceRegistry5(PKI.arrowhead5SslContext("ServiceRegistry", "sy"));
        authorization = new FakeConsumerAuthorization5(PKI.arrowhead5SslContext("ConsumerAuthorization", "sy"));
        authorization.grantManagement("EventHandler");
        final Map<String, String> settings = new HashMap<>(PKI.serverSettings("eventhandler"));
        settings.put("server.ssl.key-store", PKI.arrowhead5KeyStore("EventHandler", "sy").toString());
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(HttpConfiguration.ADDRESS.key(), "127.0.0.1");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        settings.put(ArrowheadConfiguration.DIALECT.key(), "arrowhead5");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(Arrowhead5Configuration.IDENTITY.key(), "certificate");
        settings.put(Arrowhead5Configuration.AUTHORIZATION_PORT.key(), Integer.toString(authorization.port()));
        settings.put(MqttConfiguration.ENABLED.key(), "true");
        settings.put(MqttConfiguration.BROKER_URL.key(), mosquitto.url());
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        sensor = MqttTestClient.connect(mosquitto.url(), "AH-TemperatureSensor", true,
                PKI.arrowhead5SslContext("TemperatureSensor", "sy"));
        dashboard = MqttTestClient.connect(mosquitto.url(), "AH-AlarmDashboard", true,
                PKI.arrowhead5SslContext("AlarmDashboard", "sy"));
        // the Event Handler answers once it has connected over TLS and subscribed its request topics
        eventually().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> sensor.request(PUBLISH,
                key(PKI.arrowhead5KeyStore("TemperatureSensor", "sy")), event("warmUp", "0"), null,
                Duration.ofSeconds(1)).path("status").asInt() == 200);
    }

    @AfterAll
    static void stop() {
        Closing.all(sensor, dashboard, server, registry, authorization, mosquitto);
    }

    /** The envelope's {@code authentication} in a certificate cloud: Base64 of the key store's certificate PEM. */
    private static String key(final Path keyStore) {
        try {
            final String pem = Pem.certificate(Pkcs12Stores.readKeyEntry(keyStore,
                    TestCloud.PASSWORD.toCharArray()).chain().get(0));
            return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII));
        } catch (final java.io.IOException | java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String system(final String name, final String profile) {
        return key(PKI.arrowhead5KeyStore(name, profile));
    }

    private static Map<String, Object> event(final String eventType, final String payload) {
        final Map<String, Object> event = Requests.event(eventType, payload);
        Requests.nested(event, "source").put("systemName", "TemperatureSensor");
        return event;
    }

    @Test
    void theCertificatesInTheEnvelopesNamePublisherAndSubscriber() {
        final String type = "boilerAlarm" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        final String topic = "plant/alarm-dashboard/" + type;
        authorization.grant("TemperatureSensor", type, "AlarmDashboard");
        dashboard.subscribe(topic);
        final JsonNode subscribed = dashboard.request(SUBSCRIBE, system("AlarmDashboard", "sy"),
                Requests.subscription(type, Requests.system("AlarmDashboard", "127.0.0.1", 9500), topic), null);
        assertEquals(200, subscribed.path("status").asInt(), subscribed::toString);

        for (int i = 1; i <= 3; i++) {
            final JsonNode published = sensor.request(PUBLISH, system("TemperatureSensor", "sy"),
                    event(type, "c" + i), null);
            assertEquals(200, published.path("status").asInt(), published::toString);
        }

        eventually().until(() -> dashboard.messages(topic).size() >= 3);
        assertEquals(List.of("c1", "c2", "c3"), dashboard.messages(topic).stream()
                .map(m -> m.path("payload").path("payload").asText()).toList());
    }

    @Test
    void envelopesWithoutAUsableCertificateGetTheFiveTexts() {
        final Map<String, Object> event = event("boilerAlarm", "refused");
        assertError(sensor.request(PUBLISH, null, event, null), 401, "AUTH",
                "No authentication key has been provided");
        assertError(sensor.request(PUBLISH, "SYSTEM//TemperatureSensor", event, null), 401, "AUTH",
                "Invalid authentication key has been provided");
        assertError(sensor.request(PUBLISH, key(PKI.keyStore("temperaturesensor")), event, null), 401, "AUTH",
                "Unauthenticated access attempt: arrowhead/event-handler/event-publish/");
        assertError(sensor.request(PUBLISH, system("DeviceOne", "de"), event, null), 403, "FORBIDDEN",
                "Unauthorized access: " + PUBLISH + ", invalid certificate type: DEVICE");
        assertError(sensor.request(PUBLISH, key(PKI.otherCloudArrowhead5KeyStore("TemperatureSensor")), event,
                null), 403, "FORBIDDEN", "Unauthorized access: " + PUBLISH + ", from foreign cloud");
        assertError(sensor.request(PUBLISH, system("Intruder", "sy"), event, null), 401, "AUTH",
                "Requester system name (TemperatureSensor) and the system name of the certificate (intruder) do not"
                        + " match");
    }

    @Test
    void aClientWithoutACertificateOfTheCloudCannotReachTheBroker() {
        assertThrows(IllegalStateException.class, () -> MqttTestClient.connect(mosquitto.url(), "AH-Anonymous",
                true, PKI.anonymousSslContext()).close());
    }

    private static void assertError(final JsonNode answer, final int status, final String type,
                                     final String message) {
        assertEquals(status, answer.path("status").asInt(), answer::toString);
        assertEquals(type, answer.path("payload").path("exceptionType").asText(), answer::toString);
        assertEquals(message, answer.path("payload").path("errorMessage").asText(), answer::toString);
    }
}
