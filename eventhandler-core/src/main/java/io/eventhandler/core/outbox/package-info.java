/**
 * One subscriber's side of delivery. {@link io.eventhandler.core.outbox.SubscriberOutbox} is its bounded queue and
 * logical writer (one batch in flight; overflow dropped, counted and announced as a gap); an
 * {@link io.eventhandler.core.outbox.EventSink} is its far end (SSE or webhook, in the server), completing each batch
 * through a {@link io.eventhandler.core.outbox.DeliveryCallback}; an
 * {@link io.eventhandler.core.outbox.OutboxListener} hears what became of each event. The contracts the packages
 * above implement live here too: {@link io.eventhandler.core.outbox.FanOut} (a topic as delivery schedules it) with
 * its {@link io.eventhandler.core.outbox.FanOutObserver}, and {@link io.eventhandler.core.outbox.OutboxListeners}
 * (who makes each outbox's listener); as do the drain executor and the delivery problem log. Uses only
 * {@code event}.
 */
package io.eventhandler.core.outbox;
