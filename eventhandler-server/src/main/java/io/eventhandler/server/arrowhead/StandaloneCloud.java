package io.eventhandler.server.arrowhead;

import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.subscription.LocalAuthorizationPolicy;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;

import java.util.Set;

/** No local cloud: nothing is registered, and the local policy ({@code eh.local.authorization.rules}) authorizes. */
public final class StandaloneCloud implements LocalCloud {

    private final LocalAuthorizationPolicy policy;

    public StandaloneCloud(final ArrowheadConfiguration configuration) {
        this.policy = LocalAuthorizationPolicy.of(configuration);
    }

    @Override
    public String dialect() {
        return "standalone";
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
