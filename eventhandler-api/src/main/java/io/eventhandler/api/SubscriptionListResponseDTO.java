package io.eventhandler.api;

import java.util.List;

/**
 * One page of subscriptions ({@code SubscriptionListResponseDTO} of Arrowhead 4.6).
 *
 * @param data  the subscriptions of the page
 * @param count how many subscriptions exist in all, not on this page
 */
public record SubscriptionListResponseDTO(
        List<SubscriptionResponseDTO> data,
        long count) {
}
