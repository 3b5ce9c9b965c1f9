package io.eventhandler.server.arrowhead;

import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;

import java.util.Set;

/**
 * The one seam between the Event Handler and the kind of local cloud it serves. Everything that depends on the
 * cloud's generation sits behind it: how callers are identified and what they may act as (identity), how the Event
 * Handler registers itself and its services and names itself there (its identity as a provider), where it finds the
 * core services it calls (discovery), how a subscriber's publishers are decided and how changes of that decision
 * reach it (authorization check and updates), and the core systems' wire types (DTO mapping). The broker, delivery,
 * publish, SSE and subscription code see only interfaces they already use: {@link AccessControl},
 * {@link SubscriptionAuthorizer}, and {@link Subscriptions} to re-check.
 *
 * <p>{@link LocalClouds#of} picks the dialect from the configuration: {@link Arrowhead46Cloud} with a Service
 * Registry address, {@link StandaloneCloud} without. The composition root calls {@link #join} once the server
 * listens, {@link #leave} first when stopping (services disappear before the listener does), {@link #close} last.
 */
public interface LocalCloud extends AutoCloseable {

    /** For the log and the docs: {@code Arrowhead 4.6}, {@code standalone}. */
    String dialect();

    /** Who is calling and whether it may act as the system it names; asked by every endpoint. */
    AccessControl access();

    /** Who may publish to a subscriber; asked by the webhook subscribe path and by SSE streams. */
    SubscriptionAuthorizer authorizer();

    /**
     * Jersey resource classes the cloud's own systems call (4.6: the Authorization's update notice). Their
     * collaborators are the front end's usual bindings.
     */
    Set<Class<?>> resources();

    /**
     * The server listens on {@code listeningPort}: register in the cloud and keep the stored subscriptions'
     * authorization in step with it, in the background. Returns at once.
     */
    void join(int listeningPort, Subscriptions subscriptions);

    /** Stop re-checking and unregister, waiting a bounded time. Never throws. */
    void leave();

    /** Release the clients to the cloud. Never throws. */
    @Override
    void close();
}
