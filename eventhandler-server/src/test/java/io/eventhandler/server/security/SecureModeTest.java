package io.eventhandler.server.security;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.TlsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.assertOkEmpty;
import static io.eventhandler.server.testing.EhHttp.error;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secure mode over real mutual TLS: the Event Handler serves HTTPS with its {@code eventhandler.testcloud} certificate
 * and requires a client certificate; callers are identified by their certificate's CN and checked where, and with
 * the messages, the stock Event Handler checks them.
 */
class SecureModeTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(CLOUD.serverSettings("eventhandler"));

    /** Trusts the master as well, so another cloud's certificate passes TLS and meets the cloud check. */
    @RegisterExtension
    static final RunningServer trustingMaster = RunningServer.with(withMasterTrusted());

    private static final EhHttp publisher = new EhHttp(server::baseUri, CLOUD.sslContext("publisher"));
    private static final EhHttp sysop = new EhHttp(server::baseUri, CLOUD.sslContext("sysop"));

    private static Map<String, String> withMasterTrusted() {
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(TlsConfiguration.TRUST_STORE.key(), CLOUD.trustStoreWithMaster().toString());
        return settings;
    }

    private static EventPublishRequestDTO eventFrom(final String systemName, final String eventType) {
        return new EventPublishRequestDTO(eventType, SystemRequestDTO.of(systemName, "127.0.0.1", 9001), null,
                "21.5", null);
    }

    @Test
    void servesHttpsAsItsCertificateSays() {
        assertEquals("https", server.baseUri().getScheme());
        final HttpResponse<String> echo = publisher.get(EhHttp.ECHO_PATH);
        assertEquals(200, echo.statusCode());
        assertEquals("Got it!", echo.body());
    }

    @Test
    void aPublisherPublishesUnderItsOwnNameOnly() {
        final String topic = uniqueTopic("secure");
        assertOkEmpty(publisher.publish(eventFrom("publisher", topic)));
        assertOkEmpty(publisher.publish(eventFrom("PUBLISHER", topic)));

        final HttpResponse<String> impostor = publisher.publish(eventFrom("sensor", topic));
        assertEquals(401, impostor.statusCode());
        assertEquals(ExceptionType.AUTH, error(impostor).exceptionType());
        assertEquals("Requester system name(sensor) and client name from certificate (publisher) do not match!",
                error(impostor).errorMessage());
        assertEquals("/eventhandler/publish", error(impostor).origin());

        final HttpResponse<String> nameless = publisher.publish(eventFrom(" ", topic));
        assertEquals(401, nameless.statusCode());
        assertEquals("Requester system name or client name from certificate is null or blank!",
                error(nameless).errorMessage());
        assertEquals(2, sysop.statistics().topic(topic).accepted(), "refused events are not accepted");
    }

    @Test
    void aBatchIsRefusedWholeWhenOneOfItsEventsNamesAnotherSystem() {
        final String topic = uniqueTopic("secure-batch");
        final String path = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH;
        final HttpResponse<String> impostor = publisher.request("POST", path, "application/json", EhHttp.json(
                List.of(eventFrom("publisher", topic), eventFrom("sensor", topic))));
        assertEquals(401, impostor.statusCode(), impostor::body);
        assertEquals(ExceptionType.AUTH, error(impostor).exceptionType());
        assertEquals("Event at index 1 of the batch: Requester system name(sensor) and client name from certificate "
                + "(publisher) do not match!", error(impostor).errorMessage());
        assertEquals(path, error(impostor).origin());
        assertTrue(sysop.statistics().topics().stream().noneMatch(t -> t.topic().equalsIgnoreCase(topic)),
                "nothing of the refused batch is accepted");

        assertOkEmpty(publisher.request("POST", path, "application/json", EhHttp.json(
                List.of(eventFrom("publisher", topic), eventFrom("PUBLISHER", topic)))));
        assertEquals(2, sysop.statistics().topic(topic).accepted());
    }

    @Test
    void aSubscriberSubscribesUnderItsOwnNameOnly() {
        final String topic = uniqueTopic("secure-subscribe");
        final EhHttp subscriber = publisher.as(CLOUD.sslContext("subscriber"));
        assertOkEmpty(subscriber.subscribe(EhHttp.subscription(topic,
                SystemRequestDTO.of("subscriber", "127.0.0.1", 9999), "/notify")));
        final HttpResponse<String> impostor = subscriber.subscribe(EhHttp.subscription(topic,
                SystemRequestDTO.of("dashboard", "127.0.0.1", 9999), "/notify"));
        assertEquals(401, impostor.statusCode());
        assertEquals("Requester system name(dashboard) and client name from certificate (subscriber) do not match!",
                error(impostor).errorMessage());
        assertEquals("/eventhandler/subscribe", error(impostor).origin());
    }

    @Test
    void managementIsForTheSystemOperatorOnly() {
        assertEquals(200, sysop.get("/eventhandler/mgmt/statistics").statusCode());
        final HttpResponse<String> refused = publisher.get("/eventhandler/mgmt/statistics");
        assertEquals(401, refused.statusCode());
        assertEquals(ExceptionType.AUTH, error(refused).exceptionType());
        assertEquals(TestCloud.commonName("publisher") + " is unauthorized to access " + server.baseUri()
                + "/eventhandler/mgmt/statistics", error(refused).errorMessage());
    }

    @Test
    void aClientWithoutCertificateFailsTheHandshake() {
        final EhHttp anonymous = publisher.as(CLOUD.anonymousSslContext());
        final UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> anonymous.get(EhHttp.ECHO_PATH));
        assertTrue(isTlsRefusal(e.getCause()), "refused during the handshake: " + e.getCause());
    }

    /**
     * A client without a certificate is told why by a TLS alert that names the certificate, so that it reports a
     * certificate problem instead of an empty reply. Over TLS 1.3 (what the JDK and curl use by default) the server's
     * JDK sends {@code certificate_required} or, in older JDK 17 updates (17.0.15 of Debian 12, for one),
     * {@code bad_certificate}. (Over TLS 1.2 the server sends {@code bad_certificate} too, but a JDK client writes the
     * rest of its flight after the refused certificate and fails on the closed connection before it reads the alert.)
     */
    @Test
    void aClientWithoutCertificateIsToldByAnAlert() throws IOException {
        try (SSLSocket socket = (SSLSocket) CLOUD.anonymousSslContext().getSocketFactory()
                .createSocket(server.baseUri().getHost(), server.baseUri().getPort())) {
            socket.setEnabledProtocols(new String[] {"TLSv1.3"});
            socket.setSoTimeout(30_000);
            final SSLException e = assertThrows(SSLException.class, () -> {
                socket.startHandshake();
                socket.getOutputStream().write("GET /eventhandler/echo HTTP/1.1\r\nHost: x\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                socket.getInputStream().read();
            }, "the connection ends with an alert, not with an empty reply");
            final String message = e.getMessage();
            assertTrue(message.endsWith("Received fatal alert: certificate_required")
                    || message.endsWith("Received fatal alert: bad_certificate"), message);
        }
    }

    @Test
    void anotherCloudFailsTheHandshakeWhenOnlyTheCloudIsTrusted() {
        final EhHttp stranger = publisher.as(CLOUD.otherCloudSslContext("publisher"));
        final UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> stranger.get(EhHttp.ECHO_PATH));
        assertTrue(isTlsRefusal(e.getCause()), "refused during the handshake: " + e.getCause());
    }

    @Test
    void anotherCloudIsRefusedByNameWhenTheMasterIsTrusted() {
        final EhHttp stranger = new EhHttp(trustingMaster::baseUri, CLOUD.otherCloudSslContext("publisher"));
        final String otherCn = "publisher." + TestCloud.OTHER_CLOUD + "." + TestCloud.OPERATOR + ".arrowhead.eu";
        final HttpResponse<String> echo = stranger.get(EhHttp.ECHO_PATH);
        assertEquals(401, echo.statusCode());
        assertEquals(otherCn + " is unauthorized to access " + trustingMaster.baseUri() + "/eventhandler/echo",
                error(echo).errorMessage());
        final HttpResponse<String> publish = stranger.publish(eventFrom("publisher", uniqueTopic("stranger")));
        assertEquals(401, publish.statusCode());
        assertEquals(otherCn + " is unauthorized to access " + trustingMaster.baseUri() + "/eventhandler/publish",
                error(publish).errorMessage());

        try (SseTestClient stream = SseTestClient.openQuery(trustingMaster.baseUri(),
                CLOUD.otherCloudSslContext("subscriber"), "?eventtype=x")) {
            assertEquals(401, stream.status());
            assertTrue(stream.errorBody().contains("is unauthorized to access"), stream.errorBody());
        }
        // the same server serves its own cloud
        assertEquals(200, new EhHttp(trustingMaster::baseUri, CLOUD.sslContext("publisher"))
                .get(EhHttp.ECHO_PATH).statusCode());
    }

    @Test
    void anSseStreamIsOpenedWithTheSubscribersCertificate() {
        final String topic = uniqueTopic("secure-sse");
        try (SseTestClient stream = SseTestClient.openQuery(server.baseUri(), CLOUD.sslContext("subscriber"),
                "?eventtype=" + topic)) {
            assertEquals(200, stream.status());
            publisher.publishOk(eventFrom("publisher", topic));
            eventually().until(() -> stream.payloads().size() == 1);
            assertEquals("21.5", stream.payloads().get(0));
            assertTrue(sysop.statistics().subscribersOf(topic).get(0).subscriber().contains("subscriber@"),
                    "the stream is named after the certificate's system");
        }
    }

    private static boolean isTlsRefusal(final Throwable e) {
        // the server aborts the handshake; depending on timing the client sees an alert or a reset connection
        return e instanceof SSLHandshakeException || e instanceof javax.net.ssl.SSLException
                || e instanceof IOException;
    }
}
