/**
 * Delivery accounting for FRAME: per topic and per subscriber, deadlines met and missed against t_c + D, end-to-end
 * latency percentiles (HdrHistogram), drops, and the longest run of consecutive losses that the loss tolerance L
 * bounds ({@link io.eventhandler.core.delivery.accounting.LossRunTracker}, tolerant of slightly reordered reports).
 * Recording is cheap and thread-safe through a {@link io.eventhandler.core.delivery.accounting.StreamAccount} per
 * subscription; {@link io.eventhandler.core.delivery.accounting.DeliveryAccounting} hands out snapshot records.
 */
package io.eventhandler.core.delivery.accounting;
