package io.eventhandler.client.discovery;

import static io.eventhandler.client.testing.LocalCloud5.DASHBOARD;
import static io.eventhandler.client.testing.LocalCloud5.SENSOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.client.CallerIdentity;
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
 * The client skeleton in an Arrowhead 5 {@code certificate} cloud: mutual TLS with each system's 5.x system
 * certificate ({@code dnQualifier=sy}) to the orchestrator and the Event Handler, no header; the orchestrator names
 * the Event Handler's {@code generic_https} interface.
 */
class Arrowhead5CertificateClientTest {

    @TempDir
    Path dataDir;

    private LocalCloud5 cloud;

    @BeforeEach
    void start() {
        cloud = new LocalCloud5(LocalCloud5.Mode.CERTIFICATE, dataDir);
    }

    @AfterEach
    void stop() {
        cloud.close();
    }

    @Test
    void eachSystemIsItsCertificateForPullPublishAndSubscribe() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);
        cloud.authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);

        Arrowhead5Exchange.run(cloud, CallerIdentity.none(), CallerIdentity.none(), LocalCloud5.tls(SENSOR),
                LocalCloud5.tls(DASHBOARD), Duration.ofSeconds(20));

        final List<Pull> pulls = cloud.orchestration.pulls();
        assertEquals(List.of(SENSOR, DASHBOARD), pulls.stream().map(Pull::requester).distinct().toList());
        assertTrue(pulls.stream().allMatch(p -> p.request().serviceRequirement().interfaceTemplateNames()
                .equals(List.of("generic_https"))), pulls::toString);
    }
}
