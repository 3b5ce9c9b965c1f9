package io.eventhandler.server.security;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SubscriptionListResponseDTO;
import io.eventhandler.api.SubscriptionResponseDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.time.Instant;

import static io.eventhandler.server.testing.EhHttp.error;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The management and authorization-update endpoints in secure mode: subscriptions are managed by the system operator
 * only, authorization updates come from the Authorization system only, with Arrowhead's checks of the update.
 */
class SecureManagementTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(CLOUD.serverSettings("eventhandler"));

    private static final EhHttp sysop = new EhHttp(server::baseUri, CLOUD.sslContext("sysop"));
    private static final EhHttp subscriber = sysop.as(CLOUD.sslContext("subscriber"));
    private static final EhHttp authorization = sysop.as(CLOUD.sslContext("authorization"));

    private static SubscriptionResponseDTO subscribe(final String topic) {
        subscriber.subscribeOk(EhHttp.subscription(topic, SystemRequestDTO.of("subscriber", "127.0.0.1", 9000),
                "/notify"));
        return EhHttp.read(sysop.get("/eventhandler/mgmt/subscriptions?page=0&item_per_page=100&direction=DESC")
                .body(), SubscriptionListResponseDTO.class).data().stream()
                .filter(s -> s.eventType().eventTypeName().equalsIgnoreCase(topic)).findFirst().orElseThrow();
    }

    @Test
    void theSystemOperatorReadsReplacesAndDeletesSubscriptions() {
        final String topic = uniqueTopic("mgmt");
        final SubscriptionResponseDTO created = subscribe(topic);
        final String path = "/eventhandler/mgmt/subscriptions/" + created.id();

        assertEquals(200, sysop.get(path).statusCode());
        final HttpResponse<String> replaced = sysop.request("PUT", path, "application/json", EhHttp.json(
                EhHttp.subscription(topic, SystemRequestDTO.of("subscriber", "127.0.0.1", 9000), "/other")));
        assertEquals(200, replaced.statusCode(), replaced.body());
        assertEquals("/other", EhHttp.read(replaced.body(), SubscriptionResponseDTO.class).notifyUri());
        assertEquals(1, sysop.statistics().subscribersOf(topic).size());
        assertTrue(sysop.statistics().subscribersOf(topic).get(0).subscriber().endsWith("/other"),
                "the attached subscription follows the replacement");

        assertEquals(200, sysop.request("DELETE", path, null, null).statusCode());
        assertEquals(0, sysop.statistics().subscribersOf(topic).size(), "deleting detaches it");
        final HttpResponse<String> gone = sysop.get(path);
        assertEquals(400, gone.statusCode());
        assertEquals("Subscription with id of '" + created.id() + "' not exists", error(gone).errorMessage());
    }

    @Test
    void otherSystemsMayNotManage() {
        final HttpResponse<String> refused = subscriber.get("/eventhandler/mgmt/subscriptions");
        assertEquals(401, refused.statusCode());
        assertEquals(TestCloud.commonName("subscriber") + " is unauthorized to access " + server.baseUri()
                + "/eventhandler/mgmt/subscriptions", error(refused).errorMessage());
    }

    @Test
    void onlyTheAuthorizationSystemSendsAuthorizationUpdates() {
        final EventPublishRequestDTO update = new EventPublishRequestDTO("SUBSCRIBER_AUTH_UPDATE",
                SystemRequestDTO.of("authorization", "127.0.0.1", 8445), null, "42", Instant.now().toString());
        assertEquals(200, authorization.request("POST", "/eventhandler/publish/authupdate", "application/json",
                EhHttp.json(update)).statusCode());

        final HttpResponse<String> refused = subscriber.request("POST", "/eventhandler/publish/authupdate",
                "application/json", EhHttp.json(update));
        assertEquals(401, refused.statusCode());
        assertEquals(ExceptionType.AUTH, error(refused).exceptionType());

        final HttpResponse<String> wrongType = authorization.request("POST", "/eventhandler/publish/authupdate",
                "application/json", EhHttp.json(new EventPublishRequestDTO("TEMPERATURE", update.source(), null,
                        "42", null)));
        assertEquals(400, wrongType.statusCode());
        assertEquals("EventType is not valid.", error(wrongType).errorMessage());
        final HttpResponse<String> wrongPayload = authorization.request("POST", "/eventhandler/publish/authupdate",
                "application/json", EhHttp.json(new EventPublishRequestDTO("subscriber_auth_update",
                        update.source(), null, "forty-two", null)));
        assertEquals(400, wrongPayload.statusCode());
        assertEquals("Payload is not valid.", error(wrongPayload).errorMessage());
    }
}
