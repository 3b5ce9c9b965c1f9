package io.eventhandler.server.webhook;

import io.eventhandler.server.api.WebhookSubscription;

import java.net.URI;

/**
 * Where a subscription's events are POSTed: {@code http://address:port/notifyPath}, or {@code https} when the
 * subscriber registered authentication info and the Event Handler runs in secure mode (Arrowhead chooses by the
 * authentication info alone; a plain-mode Event Handler has no certificate to call HTTPS subscribers with).
 *
 * @param uri the notification URI
 */
record WebhookTarget(URI uri) {

    static WebhookTarget of(final WebhookSubscription subscription, final boolean tls) {
        final String scheme = tls && subscription.secure() ? "https" : "http";
        final String host = subscription.subscriber().address().contains(":")
                ? "[" + subscription.subscriber().address() + "]" : subscription.subscriber().address();
        return new WebhookTarget(URI.create(scheme + "://" + host + ":" + subscription.subscriber().port()
                + subscription.notifyPath()));
    }
}
