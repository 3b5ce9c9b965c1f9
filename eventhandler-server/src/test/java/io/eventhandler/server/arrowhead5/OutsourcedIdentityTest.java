package io.eventhandler.server.arrowhead5;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.arrowhead5.FakeAuthentication5;
import io.eventhandler.server.testing.arrowhead5.FakeConsumerAuthorization5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real server in an Arrowhead 5 cloud with {@code eh.ah5.identity=outsourced}: it logs in to the Authentication
 * double with its password and calls the core with its own identity token; callers show theirs, which it verifies
 * with the Authentication system (once per token while the answer is kept) and refuses with the 5.x filter's texts;
 * a caller's token is never passed on (a webhook delivery carries no {@code Authorization} header).
 */
class OutsourcedIdentityTest {

    private static final String SENSOR = "TemperatureSensor";
    private static final String DASHBOARD = "AlarmDashboard";

    @TempDir
    Path dataDir;

    private final FakeAuthentication5 authentication = new FakeAuthentication5();
    private final FakeServiceRegistry5 registry = new FakeServiceRegistry5();
    private final FakeConsumerAuthorization5 authorization = new FakeConsumerAuthorization5();
    private final ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
    private EventHandlerServer server;
    private EhHttp http;

    @BeforeEach
    void start() {
        authentication.identity("EventHandler", "123456");
        registry.identifyWith(authentication::systemOf);
        authorization.identifyWith(authentication::systemOf);
        authorization.grantManagement("EventHandler");
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.DIALECT.key(), "arrowhead5");
        settings.put(Arrowhead5Configuration.IDENTITY.key(), "outsourced");
        settings.put(Arrowhead5Configuration.PASSWORD.key(), "123456");
        settings.put(Arrowhead5Configuration.AUTHENTICATION_PORT.key(), Integer.toString(authentication.port()));
        settings.put(Arrowhead5Configuration.AUTHORIZATION_PORT.key(), Integer.toString(authorization.port()));
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "50");
        settings.put(ArrowheadConfiguration.SR_RETRY_MAX_MS.key(), "200");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        http = new EhHttp(server::baseUri);
    }

    @AfterEach
    void stop() {
        server.close();
        receiver.close();
        authorization.close();
        registry.close();
        authentication.close();
    }

    @Test
    void itLogsInAndRegistersWithItsOwnToken() {
        EhHttp.eventually().until(() -> registry.instances().size() == 2);

        assertEquals(List.of("EventHandler"), authentication.logins());
        // registered only once logged in, each call with its own token
        assertTrue(registry.requests().stream().filter(r -> r.path().endsWith("/register"))
                .allMatch(r -> "EventHandler".equals(authentication.systemOf(r.caller()))), () -> registry.requests().toString());
    }

    @Test
    void aCallersTokenIsVerifiedOnceWithTheEventHandlersOwnToken() {
        loggedIn();
        final String token = authentication.login(SENSOR);

        assertEquals(200, publish(SENSOR, "Bearer IDENTITY-TOKEN//" + token).statusCode());
        assertEquals(200, publish(SENSOR, "Bearer IDENTITY-TOKEN//" + token).statusCode());

        assertEquals(1, authentication.verifies().size());
        assertEquals(token, authentication.verifies().get(0).token());
        assertEquals("EventHandler", authentication.systemOf(authentication.verifies().get(0).caller()));
    }

    @Test
    void callersWithoutAValidTokenGetTheFiveTexts() {
        loggedIn();

        assertAuth(publish(SENSOR, null), "No authorization header has been provided");
        assertAuth(publish(SENSOR, "Bearer SYSTEM//" + SENSOR), "Invalid authorization header");
        assertAuth(publish(SENSOR, "Bearer IDENTITY-TOKEN//not-a-token"), "Invalid authorization header");
        final String other = authentication.login(DASHBOARD);
        assertAuth(publish(SENSOR, "Bearer IDENTITY-TOKEN//" + other), "Requester system name (" + SENSOR
                + ") and the system name of the identity token (" + DASHBOARD + ") do not match");
    }

    @Test
    void aSubscribersTokenIsNeverPassedOnToItsWebhook() {
        authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);
        loggedIn();
        final String dashboard = authentication.login(DASHBOARD);
        final SubscriptionRequestDTO subscription = EhHttp.subscription("temperatureAlarm",
                receiver.system(DASHBOARD), "/notify");
        final HttpResponse<String> subscribed = http.request("POST", EhHttp.SUBSCRIBE_PATH, "application/json",
                EhHttp.json(subscription), "Authorization", "Bearer IDENTITY-TOKEN//" + dashboard);
        assertEquals(200, subscribed.statusCode(), subscribed::body);

        assertEquals(200, publish(SENSOR, "Bearer IDENTITY-TOKEN//" + authentication.login(SENSOR)).statusCode());

        EhHttp.eventually().until(() -> receiver.requests().size() == 1);
        assertFalse(receiver.requests().get(0).headers().keySet().stream()
                .anyMatch(name -> name.equalsIgnoreCase("Authorization")), receiver.requests().get(0).headers()::toString);
    }

    /** Until the Event Handler holds its token: it registers only then (the double's login is counted earlier). */
    private void loggedIn() {
        EhHttp.eventually().until(() -> registry.instances().size() == 2);
    }

    private HttpResponse<String> publish(final String source, final String authorization) {
        final EventPublishRequestDTO event = new EventPublishRequestDTO("temperatureAlarm",
                SystemRequestDTO.of(source, "127.0.0.1", 9001), null, "hot", null);
        return authorization == null
                ? http.request("POST", EhHttp.PUBLISH_PATH, "application/json", EhHttp.json(event))
                : http.request("POST", EhHttp.PUBLISH_PATH, "application/json", EhHttp.json(event),
                        "Authorization", authorization);
    }

    private static void assertAuth(final HttpResponse<String> response, final String message) {
        assertEquals(401, response.statusCode(), response::body);
        assertEquals(ExceptionType.AUTH, EhHttp.error(response).exceptionType());
        assertEquals(message, EhHttp.error(response).errorMessage());
    }
}
