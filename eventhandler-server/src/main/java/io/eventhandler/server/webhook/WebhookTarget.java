package io.eventhandler.server.webhook;

import io.eventhandler.server.api.WebhookSubscription;

import java.net.URI;

/**
 * Where a subscription's events are POSTed: {@code http://address:port/notifyPath}. Arrowhead uses https when the
 * subscriber registered authentication info; until secure mode exists plain HTTP is used for every subscriber.
 *
 * @param uri the notification URI
 */
record WebhookTarget(URI uri) {

    static WebhookTarget of(final WebhookSubscription subscription) {
        final String host = subscription.subscriber().address().contains(":")
                ? "[" + subscription.subscriber().address() + "]" : subscription.subscriber().address();
        return new WebhookTarget(URI.create("http://" + host + ":" + subscription.subscriber().port()
                + subscription.notifyPath()));
    }
}
