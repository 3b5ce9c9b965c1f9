package io.eventhandler.client.discovery;

import static io.eventhandler.client.testing.LocalCloud5.DASHBOARD;
import static io.eventhandler.client.testing.LocalCloud5.PASSWORD;
import static io.eventhandler.client.testing.LocalCloud5.SENSOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.client.testing.LocalCloud5;
import io.eventhandler.server.testing.arrowhead5.FakeOrchestration5.Pull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client skeleton in an Arrowhead 5 {@code outsourced} cloud: each system logs in to the Authentication double
 * with its password and shows its identity token to the orchestrator and the Event Handler; closing logs it out.
 */
class Arrowhead5OutsourcedClientTest {

    @TempDir
    Path dataDir;

    private LocalCloud5 cloud;

    @BeforeEach
    void start() {
        cloud = new LocalCloud5(LocalCloud5.Mode.OUTSOURCED, dataDir);
    }

    @AfterEach
    void stop() {
        cloud.close();
    }

    @Test
    void eachSystemUsesItsOwnTokenForPullPublishAndSubscribe() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);
        cloud.authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);
        final String sensorHeader;
        try (IdentityTokens sensor = IdentityTokens.login(cloud.authenticationUri(), SENSOR, PASSWORD, null);
             IdentityTokens dashboard = IdentityTokens.login(cloud.authenticationUri(), DASHBOARD, PASSWORD, null)) {
            sensorHeader = sensor.authorization().orElseThrow();
            assertEquals(SENSOR, cloud.authentication.systemOf(sensorHeader));

            Arrowhead5Exchange.run(cloud, sensor, dashboard, null, null, Duration.ofSeconds(20));

            final List<Pull> pulls = cloud.orchestration.pulls();
            assertEquals(List.of(SENSOR, DASHBOARD), pulls.stream().map(Pull::requester).distinct().toList());
            // one login each, whatever the number of requests
            assertEquals(1, cloud.authentication.logins().stream().filter(SENSOR::equals).count());
        }
        assertTrue(cloud.authentication.logouts().containsAll(List.of(SENSOR, DASHBOARD)));
        assertNull(cloud.authentication.systemOf(sensorHeader));
    }

    @Test
    void aWrongPasswordFailsWithTheAuthenticationSystemsText() {
        final IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> IdentityTokens.login(cloud.authenticationUri(), SENSOR, "wrong", null));

        assertTrue(refused.getMessage().contains("HTTP 401 AUTH: Invalid name and/or credentials"),
                refused::getMessage);
    }

    @Test
    void aDeclaredNameIsNoIdentityInAnOutsourcedCloud() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);

        final EventHandlerNotFoundException notFound = assertThrows(EventHandlerNotFoundException.class,
                () -> EventHandlerLocator.builder().identity(io.eventhandler.client.CallerIdentity.declared(SENSOR))
                        .serviceOrchestration(cloud.orchestrator()).build().locate());

        assertTrue(notFound.getMessage().contains("HTTP 401 AUTH: Invalid authorization header"),
                notFound::getMessage);
    }
}
