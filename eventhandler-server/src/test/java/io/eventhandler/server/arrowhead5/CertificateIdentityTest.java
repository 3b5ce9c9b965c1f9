package io.eventhandler.server.arrowhead5;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The real server over TLS in an Arrowhead 5 cloud with {@code eh.ah5.identity=certificate}: callers are the systems
 * their 5.x certificates name (profile {@code sy} in the {@code dnQualifier}; {@code op} is the operator, Sysop), and
 * anything else is refused with the 5.2.0 core's {@code CertificateFilter} texts. The Event Handler's own
 * certificate is a 5.x system certificate issued by the project's certificate code.
 */
class CertificateIdentityTest {

    private static final TestCloud PKI = TestCloud.get();

    @TempDir
    Path dataDir;

    private EventHandlerServer server;
    private String publishUrl;

    @BeforeEach
    void start() {
        final Map<String, String> settings = new HashMap<>(PKI.serverSettings("eventhandler"));
        settings.put("server.ssl.key-store", PKI.arrowhead5KeyStore("EventHandler", "sy").toString());
        // every cloud under the master passes TLS: the cloud check is the Event Handler's own
        settings.put("server.ssl.trust-store", PKI.trustStoreWithMaster().toString());
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.DIALECT.key(), "arrowhead5");
        settings.put(Arrowhead5Configuration.IDENTITY.key(), "certificate");
        // no 5.x core over TLS here: registration keeps retrying in the background, identity is what is tested
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(ScriptedWebhookReceiver.deadPort()));
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        publishUrl = server.baseUri() + EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aSystemCertificateMayPublishAsItsSystem() {
        final HttpResponse<String> published = publish(PKI.arrowhead5SslContext("TemperatureSensor", "sy"),
                "TemperatureSensor");

        assertEquals(200, published.statusCode(), published::body);
    }

    @Test
    void aCertificateWithoutAProfileIsUnauthenticated() {
        assertError(publish(PKI.sslContext("temperaturesensor"), "temperaturesensor"), 401, ExceptionType.AUTH,
                "Unauthenticated access attempt: " + publishUrl);
    }

    @Test
    void aDeviceCertificateIsForbidden() {
        assertError(publish(PKI.arrowhead5SslContext("DeviceOne", "de"), "DeviceOne"), 403, ExceptionType.FORBIDDEN,
                "Unauthorized access: " + publishUrl + ", invalid certificate type: DEVICE");
    }

    @Test
    void aSystemCertificateOfAnotherCloudIsForbidden() {
        final HttpResponse<String> refused = publish(PKI.otherCloudArrowhead5SslContext("TemperatureSensor"),
                "TemperatureSensor");
        assertEquals(403, refused.statusCode(), refused::body);
        assertEquals("Unauthorized access: " + publishUrl + ", from foreign cloud",
                EhHttp.error(refused).errorMessage());
    }

    @Test
    void aSystemPublishingAsAnotherIsRefused() {
        assertError(publish(PKI.arrowhead5SslContext("Intruder", "sy"), "TemperatureSensor"), 401,
                ExceptionType.AUTH, "Requester system name (TemperatureSensor) and the system name of the certificate"
                        + " (intruder) do not match");
    }

    @Test
    void onlyTheOperatorCertificateManagesAndAHeaderChangesNothing() {
        final String subscriptions = EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_SUBSCRIPTIONS;

        assertEquals(200, new EhHttp(server::baseUri, PKI.arrowhead5SslContext("Sysop", "op"))
                .get(subscriptions).statusCode());
        final HttpResponse<String> declared = new EhHttp(server::baseUri,
                PKI.arrowhead5SslContext("TemperatureSensor", "sy"))
                .request("GET", subscriptions, null, null, "Authorization", "Bearer SYSTEM//Sysop");
        assertEquals(403, declared.statusCode(), declared::body);
        assertEquals(ExceptionType.FORBIDDEN, EhHttp.error(declared).exceptionType());
    }

    private HttpResponse<String> publish(final SSLContext tls, final String source) {
        final EventPublishRequestDTO event = new EventPublishRequestDTO("temperatureReading",
                SystemRequestDTO.of(source, "127.0.0.1", 9001), null, "21.5", null);
        return new EhHttp(server::baseUri, tls).request("POST", EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH,
                "application/json", EhHttp.json(event));
    }

    private static void assertError(final HttpResponse<String> response, final int status, final ExceptionType type,
                                    final String message) {
        assertEquals(status, response.statusCode(), response::body);
        assertEquals(type, EhHttp.error(response).exceptionType());
        assertEquals(message, EhHttp.error(response).errorMessage());
    }
}
