/**
 * One event type each: {@link io.eventhandler.core.topic.Topic} numbers events, keeps the replay history
 * ({@link io.eventhandler.core.topic.TopicHistory}, bounded by count, bytes and age) and the attached subscribers,
 * and fans accepted events out to their outboxes when delivery asks (it is the
 * {@link io.eventhandler.core.outbox.FanOut} delivery schedules). Every mutation holds the topic's lock, and the lock
 * is held only for non-blocking work, so sequence order, history order and each subscriber's queue order are the
 * same. Uses {@code outbox}, {@code subscription}, {@code qos} and {@code event}.
 */
package io.eventhandler.core.topic;
