package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.server.arrowhead.CoreSystemClient;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.ArrowheadDialect;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceCreateRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceInterfaceRequestDTO;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5.Recorded;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.awaitility.Awaitility.await;

/**
 * The Event Handler in an Arrowhead 5 cloud registers itself and its services in a double of the 5.x
 * ServiceRegistry over real HTTP, keeps them registered and revokes them on leaving.
 */
class Registration5Test {

    private static final ObjectMapper MAPPER = JsonMapper.create();

    private final FakeServiceRegistry5 registry = new FakeServiceRegistry5();
    private final Runner runner = new Runner();
    private Arrowhead5Cloud cloud;

    @AfterEach
    void tearDown() {
        if (cloud != null) {
            cloud.close();
        }
        registry.close();
        runner.close();
    }

    private Arrowhead5Cloud join(final boolean unrestricted) {
        final ArrowheadConfiguration configuration = new ArrowheadConfiguration("127.0.0.1", registry.port(),
                "eh.example", 0, 20, 200, 200, 3, 1, 60_000, "", 2_000, 5_000, ArrowheadDialect.ARROWHEAD5,
                new Arrowhead5Configuration("EventHandler", Arrowhead5Configuration.Identity.DECLARED, unrestricted,
                        "127.0.0.1", 8445, 30_000, ""));
        cloud = new Arrowhead5Cloud(configuration, false, new CoreSystemClient(null, false, Duration.ofSeconds(2),
                Duration.ofSeconds(5), MAPPER, runner), runner);
        cloud.join(18455, null);
        return cloud;
    }

    @Test
    void registersTheSystemThenItsServicesNamedByTheFiveRules() {
        join(true);
        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);

        assertEquals(Set.of("EventHandler"), registry.systems());
        assertEquals(Set.of("EventHandler|eventPublish|1.0.0", "EventHandler|eventSubscribe|1.0.0"),
                registry.instances().keySet());
        final List<Recorded> calls = registry.requests();
        assertEquals("/serviceregistry/system-discovery/register", calls.get(0).path());
        assertTrue(calls.stream().allMatch(call -> call.caller().equals("Bearer SYSTEM//EventHandler")));

        final ServiceInstanceCreateRequestDTO subscribe = registry.instances().get("EventHandler|eventSubscribe|1.0.0");
        assertEquals(true, subscribe.metadata().get("unrestrictedDiscovery"));
        final ServiceInstanceInterfaceRequestDTO http = subscribe.interfaces().get(0);
        assertEquals("generic_http", http.templateName());
        assertEquals("NONE", http.policy());
        assertEquals(List.of("eh.example"), http.properties().get("accessAddresses"));
        assertEquals(18455, http.properties().get("accessPort"));
        assertEquals("/eventhandler", http.properties().get("basePath"));
        assertEquals(Map.of(
                "subscribe", Map.of("method", "POST", "path", "/subscribe"),
                "unsubscribe", Map.of("method", "DELETE", "path", "/unsubscribe"),
                "stream", Map.of("method", "GET", "path", "/subscription")), http.properties().get("operations"));
        assertEquals(Map.of(
                "publish", Map.of("method", "POST", "path", "/publish"),
                "publish-batch", Map.of("method", "POST", "path", "/publish/batch")),
                registry.instances().get("EventHandler|eventPublish|1.0.0").interfaces().get(0).properties()
                        .get("operations"));
    }

    @Test
    void registersAgainWhenTheRegistryLostTheServices() {
        join(true);
        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);
        final int before = registry.requests().size();

        registry.forgetAll();

        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);
        assertEquals(Set.of("EventHandler"), registry.systems());
        assertTrue(paths(registry.requests().subList(before, registry.requests().size()))
                .contains("/serviceregistry/system-discovery/register"));
    }

    @Test
    void registersAgainWhenTheRegistryLostTheSystemWhileServicesAreRestricted() {
        join(false);
        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);
        assertNull(registry.instances().get("EventHandler|eventPublish|1.0.0").metadata());

        registry.forgetAll();

        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);
        // restricted instances are invisible to the Event Handler's own lookup: it asks only for the system
        assertFalse(paths(registry.requests()).contains("/serviceregistry/service-discovery/lookup"));
        assertTrue(paths(registry.requests()).contains("/serviceregistry/system-discovery/lookup"));
    }

    @Test
    void retriesUntilTheRegistryAnswers() {
        registry.failWith(500);
        join(true);
        await().atMost(Duration.ofSeconds(20)).until(() -> registry.requests().size() >= 3);
        assertTrue(registry.instances().isEmpty());

        registry.failWith(0);

        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);
    }

    @Test
    void leavingRevokesTheServicesThenTheSystem() {
        join(true);
        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);

        cloud.leave();

        assertTrue(registry.instances().isEmpty());
        assertTrue(registry.systems().isEmpty());
        // the periodic check may look the registration up meanwhile: the revocations are what is asserted
        final List<Recorded> calls = registry.requests().stream().filter(c -> c.method().equals("DELETE")).toList();
        assertEquals(List.of(
                "DELETE /serviceregistry/service-discovery/revoke/EventHandler%7CeventPublish%7C1.0.0",
                "DELETE /serviceregistry/service-discovery/revoke/EventHandler%7CeventSubscribe%7C1.0.0",
                "DELETE /serviceregistry/system-discovery/revoke"),
                calls.subList(calls.size() - 3, calls.size()).stream().map(c -> c.method() + " " + c.path())
                        .toList());
        assertEquals("Arrowhead 5", cloud.dialect());
    }

    private static Set<String> paths(final List<Recorded> calls) {
        return calls.stream().map(Recorded::path).collect(Collectors.toSet());
    }
}
