package io.eventhandler.server.store;

import java.util.List;

/**
 * One page of subscriptions.
 *
 * @param items      the subscriptions on the page, in the requested order
 * @param totalCount how many subscriptions exist in all
 */
public record SubscriptionPage(List<StoredSubscription> items, long totalCount) {

    public SubscriptionPage {
        items = List.copyOf(items);
    }
}
