package io.eventhandler.server.webhook;

import java.net.URI;

/**
 * Where a subscription's events are POSTed: {@code http://address:port/notifyPath}, or {@code https} when the
 * subscriber registered authentication info and the Event Handler runs in secure mode (Arrowhead chooses by the
 * authentication info alone; a plain-mode Event Handler has no certificate to call HTTPS subscribers with).
 *
 * @param uri the notification URI
 */
public record WebhookTarget(URI uri) {

    static WebhookTarget of(final WebhookSubscription subscription, final boolean tls) {
        return new WebhookTarget(uri(tls && subscription.secure() ? "https" : "http",
                subscription.subscriber().address(), subscription.subscriber().port(), subscription.notifyPath()));
    }

    /**
     * Where a subscriber's events go.
     *
     * @throws IllegalArgumentException if address, port and path make no URI (checked when subscribing)
     */
    public static URI uri(final String scheme, final String address, final int port, final String notifyPath) {
        final String host = address.contains(":") ? "[" + address + "]" : address;
        return URI.create(scheme + "://" + host + ":" + port + notifyPath);
    }
}
