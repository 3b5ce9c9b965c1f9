package io.eventhandler.server.arrowhead;

import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.security.CertificateAccessControl;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * An Arrowhead 4.6 local cloud: callers are named by their certificates ({@link CertificateAccessControl}); the Event
 * Handler registers its six services in the Service Registry as the system
 * its certificate names ({@link ServiceRegistration}, {@link EventHandlerServices}), finds the Authorization's
 * subscription check there ({@link AuthorizationClient}), takes subscribers' publishers and registered keys from it
 * ({@link ArrowheadSubscriptionAuthorizer}), takes its {@code SUBSCRIBER_AUTH_UPDATE} notices
 * ({@link AuthorizationUpdateResource}) and re-checks the stored subscriptions ({@link AuthorizationRecheck}).
 */
public final class Arrowhead46Cloud implements LocalCloud {

    private static final Logger LOG = LoggerFactory.getLogger(Arrowhead46Cloud.class);

    private final CoreSystems core;
    private final ArrowheadConfiguration configuration;
    private final Runner runner;
    private final AccessControl access;
    private final ArrowheadSubscriptionAuthorizer authorizer;
    private AuthorizationRecheck recheck;

    Arrowhead46Cloud(final CoreSystems core, final ArrowheadConfiguration configuration, final ServerSecurity security,
                     final Runner runner) {
        this.core = core;
        this.access = CertificateAccessControl.of(security);
        this.configuration = configuration;
        this.runner = runner;
        this.authorizer = new ArrowheadSubscriptionAuthorizer(core.authorization());
    }

    @Override
    public String dialect() {
        return "Arrowhead 4.6";
    }

    /** Arrowhead 4.6's certificate names in secure mode (a standalone Event Handler keeps the cloud's rules). */
    @Override
    public AccessControl access() {
        return access;
    }

    @Override
    public SubscriptionAuthorizer authorizer() {
        return authorizer;
    }

    @Override
    public Set<Class<?>> resources() {
        return Set.of(AuthorizationUpdateResource.class);
    }

    @Override
    public synchronized void join(final int listeningPort, final Subscriptions subscriptions) {
        recheck = new AuthorizationRecheck(subscriptions, configuration, runner);
        final ServiceRegistration registration = core.startRegistration(listeningPort);
        registration.onRegistryBack(recheck::coreAnswersAgain);
        recheck.start();
        LOG.info("Joining the Arrowhead 4.6 local cloud of the Service Registry {}",
                core.serviceRegistry().baseUri());
    }

    @Override
    public synchronized void leave() {
        if (recheck != null) {
            recheck.close();
        }
        core.registration().ifPresent(ServiceRegistration::close);
    }

    @Override
    public void close() {
        leave();
        core.close();
    }
}
