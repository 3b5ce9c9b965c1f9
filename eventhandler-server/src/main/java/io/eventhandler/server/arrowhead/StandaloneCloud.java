package io.eventhandler.server.arrowhead;

import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.subscription.LocalAuthorizationPolicy;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.security.CertificateAccessControl;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;

import java.util.Set;

/** No local cloud: nothing is registered, and the local policy ({@code eh.local.authorization.rules}) authorizes. */
public final class StandaloneCloud implements LocalCloud {

    private final AccessControl access;
    private final LocalAuthorizationPolicy policy;

    public StandaloneCloud(final ArrowheadConfiguration configuration, final ServerSecurity security) {
        this.access = CertificateAccessControl.of(security);
        this.policy = LocalAuthorizationPolicy.of(configuration);
    }

    @Override
    public String dialect() {
        return "standalone";
    }

    /** Arrowhead 4.6's certificate names in secure mode (a standalone Event Handler keeps the cloud's rules). */
    @Override
    public AccessControl access() {
        return access;
    }

    @Override
    public SubscriptionAuthorizer authorizer() {
        return policy;
    }

    /**
     * The update notice is served here too, as it always was: without a cloud only {@code authorization} of this
     * cloud (secure mode) may call it, and it re-checks against the local policy.
     */
    @Override
    public Set<Class<?>> resources() {
        return Set.of(AuthorizationUpdateResource.class);
    }

    @Override
    public void join(final int listeningPort, final Subscriptions subscriptions) {
        // nothing to join
    }

    @Override
    public void leave() {
        // nothing to leave
    }

    @Override
    public void close() {
        // nothing held
    }
}
