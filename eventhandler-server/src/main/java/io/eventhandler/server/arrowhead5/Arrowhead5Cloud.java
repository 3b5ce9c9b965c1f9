package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.arrowhead.CoreSystemClient;
import io.eventhandler.server.arrowhead.LocalCloud;
import io.eventhandler.server.arrowhead.RegistrationSchedule;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.MqttConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.security.ServerIdentity;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Set;

/**
 * An Arrowhead 5 local cloud ({@code eh.arrowhead.dialect=arrowhead5}): callers declare themselves
 * ({@link DeclaredAccessControl}) or present 5.x certificates ({@link CertificateAccessControl5}); the Event Handler registers as the system {@code eh.ah5.system.name} with the
 * services {@code eventPublish} and {@code eventSubscribe} ({@link EventHandler5Services}) and keeps them registered
 * ({@link Registration5}). Events reach a subscriber by ConsumerAuthorization's {@code EVENT_TYPE} rules
 * ({@link EventTypeAuthorizer5}), with event type names as 5.x names them ({@link EventTypeNames5}).
 */
public final class Arrowhead5Cloud implements LocalCloud {

    private static final Logger LOG = LoggerFactory.getLogger(Arrowhead5Cloud.class);

    private final ArrowheadConfiguration configuration;
    private final boolean secure;
    /** How callers, and the Event Handler toward the core, are identified. */
    private final Arrowhead5Configuration.Identity mode;
    /** The Event Handler's session at the Authentication system (outsourced identity only, else null). */
    private final Authentication5Client authentication;
    private final Runner runner;
    private final CoreSystemClient client;
    private final ServiceRegistry5Client registry;
    private final AccessControl access;
    private final EventTypeGrants grants;
    private final SubscriptionAuthorizer authorizer;
    private Registration5 registration;
    /** The broker the services are also registered on (MQTT on); null: HTTP only. */
    private EventHandler5Services.MqttBroker mqttBroker;

    Arrowhead5Cloud(final ArrowheadConfiguration configuration, final boolean secure, final CoreSystemClient client,
                    final Runner runner) {
        this(configuration, secure ? Optional.of("") : Optional.empty(), client, runner);
    }

    /** @param cloudCommonName the cloud of the server's certificate when it has TLS */
    private Arrowhead5Cloud(final ArrowheadConfiguration configuration, final Optional<String> cloudCommonName,
                            final CoreSystemClient client, final Runner runner) {
        final Arrowhead5Configuration five = configuration.arrowhead5();
        this.configuration = configuration;
        this.secure = cloudCommonName.isPresent();
        this.runner = runner;
        this.client = client;
        this.mode = five.identity();
        // the session logs in through the registry client, which sends the session's token: set just below
        final AtomicReference<Authentication5Client> session = new AtomicReference<>();
        final Identity5 identity = switch (mode) {
            case DECLARED -> Identity5.declared(five.systemName());
            case CERTIFICATE -> Identity5.certificate(five.systemName());
            case OUTSOURCED -> Identity5.outsourced(five.systemName(), () -> session.get().token());
        };
        this.registry = new ServiceRegistry5Client(client, configuration.serviceRegistryAddress(),
                configuration.serviceRegistryPort(), identity);
        this.authentication = mode != Arrowhead5Configuration.Identity.OUTSOURCED ? null
                : new Authentication5Client(client, registry, five.authenticationAddress(),
                        five.authenticationPort(), five.systemName(), five.password(), runner);
        session.set(authentication);
        final EventTypeNames5 names = EventTypeNames5.of(five);
        this.access = access(five, cloudCommonName, names);
        this.grants = new EventTypeGrants(new ConsumerAuthorization5Client(client, registry,
                five.authorizationAddress(), five.authorizationPort(), identity), five.authorizationCacheMs(), runner);
        this.authorizer = new EventTypeAuthorizer5(names, grants);
    }

    /** Who is calling, as the cloud's authentication policy says. */
    private AccessControl access(final Arrowhead5Configuration five, final Optional<String> cloudCommonName,
                                 final EventTypeNames5 names) {
        return switch (mode) {
            case DECLARED -> new DeclaredAccessControl(names);
            case CERTIFICATE -> new CertificateAccessControl5(cloudCommonName.orElseThrow(() ->
                    new ConfigurationException(List.of(Arrowhead5Configuration.IDENTITY + "=certificate needs TLS"
                            + " (server.ssl.enabled=true with the Event Handler's 5.x system certificate)"))), names);
            case OUTSOURCED -> new OutsourcedAccessControl5(authentication, names,
                    Duration.ofMillis(five.authorizationCacheMs()), client.responseTimeout().plusSeconds(1));
        };
    }

    /** The 5.x dialect with the core client the server's TLS identity gives (its certificate in secure mode). */
    public static Arrowhead5Cloud of(final ArrowheadConfiguration configuration, final ServerSecurity security,
                                     final ObjectMapper mapper, final Runner runner) {
        final CoreSystemClient client = new CoreSystemClient(security.outgoing().sslContext(),
                security.hostnameVerification(), Duration.ofMillis(configuration.coreConnectTimeoutMs()),
                Duration.ofMillis(configuration.coreResponseTimeoutMs()), mapper, runner);
        return new Arrowhead5Cloud(configuration, security.identity().map(ServerIdentity::cloudCommonName), client,
                runner);
    }

    /** {@link #of} whose services are also offered over MQTT when {@code mqtt} is on. */
    public static Arrowhead5Cloud of(final ArrowheadConfiguration configuration, final MqttConfiguration mqtt,
                                     final ServerSecurity security, final ObjectMapper mapper, final Runner runner) {
        final Arrowhead5Cloud cloud = of(configuration, security, mapper, runner);
        if (mqtt.enabled()) {
            cloud.mqttBroker = new EventHandler5Services.MqttBroker(mqtt.broker().getHost(), mqtt.broker().getPort(),
                    mqtt.tls());
        }
        return cloud;
    }

    @Override
    public String dialect() {
        return "Arrowhead 5";
    }

    @Override
    public AccessControl access() {
        return access;
    }

    @Override
    public SubscriptionAuthorizer authorizer() {
        return authorizer;
    }

    /** 5.x pushes no authorization updates: no resource for the core systems to call. */
    @Override
    public Set<Class<?>> resources() {
        return Set.of();
    }

    @Override
    public synchronized void join(final int listeningPort, final Subscriptions subscriptions) {
        final int port = configuration.registeredPort(listeningPort);
        final EventHandler5Services services = new EventHandler5Services(configuration.arrowhead5().systemName(),
                configuration.domainName(), port, secure, configuration.arrowhead5().unrestrictedDiscovery(),
                mode == Arrowhead5Configuration.Identity.CERTIFICATE ? EventHandler5Services.CERTIFICATE_POLICY
                        : EventHandler5Services.POLICY,
                mqttBroker);
        registration = new Registration5(registry, services, RegistrationSchedule.from(configuration), runner);
        final Registration5 registering = registration;
        if (authentication != null) {
            // the registry refuses a caller without a token: register once logged in
            authentication.start().thenRun(registering::start);
        } else {
            registering.start();
        }
        grants.start();
        LOG.info("Joining the Arrowhead 5 local cloud of the Service Registry {} as {}", registry.baseUri(),
                services.systemName());
    }

    @Override
    public synchronized void leave() {
        if (registration != null) {
            registration.close();
        }
    }

    @Override
    public void close() {
        leave();
        grants.close();
        if (authentication != null) {
            authentication.close();
        }
        client.close();
    }
}
