package io.eventhandler.server.arrowhead;

import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.IntSupplier;

/**
 * The Event Handler's membership of its local cloud as a part of the server's lifecycle: it joins once the front end
 * listens; on an orderly stop it leaves (unregisters) in the first phase, after the intake closed and before delivery
 * drains, so that no consumer is sent here while this instance goes away.
 */
public final class CloudMembership implements Component {

    private static final Logger LOG = LoggerFactory.getLogger(CloudMembership.class);

    private final LocalCloud cloud;
    private final Subscriptions subscriptions;
    private final IntSupplier port;

    /** @param port the port the front end listens on, read when joining */
    public CloudMembership(final LocalCloud cloud, final Subscriptions subscriptions, final IntSupplier port) {
        this.cloud = cloud;
        this.subscriptions = subscriptions;
        this.port = port;
    }

    @Override
    public void start() {
        cloud.join(port.getAsInt(), subscriptions);
        LOG.info("Local cloud: {}", cloud.dialect());
    }

    @Override
    public void stopAccepting() {
        cloud.leave();
    }

    @Override
    public void close() {
        cloud.leave(); // after a failed start, or a stop at once; leaving twice does nothing more
    }
}
