package io.eventhandler.client.testing;

import static org.awaitility.Awaitility.await;

import io.eventhandler.client.ClientTls;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead5.FakeAuthentication5;
import io.eventhandler.server.testing.arrowhead5.FakeConsumerAuthorization5;
import io.eventhandler.server.testing.arrowhead5.FakeOrchestration5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * An Arrowhead 5 local cloud for the client tests, in one identity mode: doubles of the 5.2.0 ServiceRegistry,
 * ConsumerAuthorization, DynamicServiceOrchestration (and, outsourced, Authentication), over HTTPS with client
 * certificates in the {@code certificate} mode, and the real Event Handler in the 5.x dialect, registered there.
 * {@code ConsumerAuthorization} grants the Event Handler its management service, as the operator must.
 */
public final class LocalCloud5 implements AutoCloseable {

    public enum Mode { DECLARED, CERTIFICATE, OUTSOURCED }

    public static final String EVENT_HANDLER = "EventHandler";
    public static final String SENSOR = "TemperatureSensor";
    public static final String DASHBOARD = "AlarmDashboard";
    public static final String PASSWORD = "123456";
    private static final TestCloud PKI = TestCloud.get();

    public final Mode mode;
    public final FakeAuthentication5 authentication;
    public final FakeServiceRegistry5 registry;
    public final FakeConsumerAuthorization5 authorization;
    public final FakeOrchestration5 orchestration;
    public final EventHandlerServer server;

    public LocalCloud5(final Mode mode, final Path dataDir) {
        this.mode = mode;
        final boolean secure = mode == Mode.CERTIFICATE;
        authentication = mode == Mode.OUTSOURCED ? new FakeAuthentication5() : null;
        registry = new FakeServiceRegistry5(secure ? core("ServiceRegistry") : null);
        authorization = new FakeConsumerAuthorization5(secure ? core("ConsumerAuthorization") : null);
        orchestration = new FakeOrchestration5(registry, authorization,
                secure ? core("DynamicServiceOrchestration") : null);
        authorization.grantManagement(EVENT_HANDLER);
        if (authentication != null) {
            for (final String system : new String[] {EVENT_HANDLER, SENSOR, DASHBOARD}) {
                authentication.identity(system, PASSWORD);
            }
            registry.identifyWith(authentication::systemOf);
            authorization.identifyWith(authentication::systemOf);
            orchestration.identifyWith(authentication::systemOf);
        }
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings(dataDir)));
        await().atMost(Duration.ofSeconds(20)).until(() -> registry.instances().size() == 2);
    }

    private Map<String, String> settings(final Path dataDir) {
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.DIALECT.key(), "arrowhead5");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.DOMAIN_NAME.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "50");
        settings.put(ArrowheadConfiguration.SR_RETRY_MAX_MS.key(), "200");
        settings.put(Arrowhead5Configuration.AUTHORIZATION_PORT.key(), Integer.toString(authorization.port()));
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        if (mode == Mode.OUTSOURCED) {
            settings.put(Arrowhead5Configuration.IDENTITY.key(), "outsourced");
            settings.put(Arrowhead5Configuration.PASSWORD.key(), PASSWORD);
            settings.put(Arrowhead5Configuration.AUTHENTICATION_PORT.key(), Integer.toString(authentication.port()));
        } else if (mode == Mode.CERTIFICATE) {
            settings.putAll(PKI.serverSettings("eventhandler"));
            settings.put("server.ssl.key-store", PKI.arrowhead5KeyStore(EVENT_HANDLER, "sy").toString());
            settings.put(Arrowhead5Configuration.IDENTITY.key(), "certificate");
        }
        return settings;
    }

    /** A core system's TLS: its 5.x system certificate, trusting the cloud. */
    private static SSLContext core(final String system) {
        return PKI.arrowhead5SslContext(system, "sy");
    }

    /** The system's 5.x certificate as the client skeleton takes it. */
    public static ClientTls tls(final String system) {
        try {
            return ClientTls.fromStores(PKI.arrowhead5KeyStore(system, "sy"), PKI.trustStore(),
                    TestCloud.PASSWORD.toCharArray());
        } catch (final java.io.IOException | java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public URI orchestrator() {
        return URI.create((mode == Mode.CERTIFICATE ? "https" : "http") + "://127.0.0.1:" + orchestration.port());
    }

    public URI registryUri() {
        return URI.create((mode == Mode.CERTIFICATE ? "https" : "http") + "://127.0.0.1:" + registry.port());
    }

    public URI authenticationUri() {
        return URI.create("http://127.0.0.1:" + authentication.port());
    }

    /** The {@code SERVICE_DEF} rules the Event Handler's services need to be orchestrated to these systems. */
    public void orchestrateEventHandlerTo(final String publisher, final String subscriber) {
        authorization.grantService(EVENT_HANDLER, "eventPublish", publisher);
        authorization.grantService(EVENT_HANDLER, "eventSubscribe", subscriber);
    }

    @Override
    public void close() {
        server.close();
        orchestration.close();
        authorization.close();
        registry.close();
        if (authentication != null) {
            authentication.close();
        }
    }
}
