/**
 * The single entry of events. {@link io.eventhandler.core.broker.Broker} numbers an accepted event in its topic, keeps
 * it in the topic's history, hands it to the journal (durable history, if configured) and to the delivery scheduler,
 * and attaches and detaches subscribers, giving each outbox the listener the accounting makes for it. It never blocks
 * on a subscriber. The top of the core: it uses {@code delivery}, {@code topic}, {@code outbox} and the packages
 * below, and nothing in the core uses it.
 */
package io.eventhandler.core.broker;
