/**
 * What an Arrowhead application system needs to use the Event Handler: {@link io.eventhandler.client.EventHandlerClient}
 * (REST: echo, publish, subscribe, unsubscribe), {@link io.eventhandler.client.EventPublisher} (time-stamped publishing),
 * {@link io.eventhandler.client.EventSubscriber} (SSE with resume and de-duplication) and
 * {@link io.eventhandler.client.WebhookReceiver} (webhook deliveries), both reporting to an
 * {@link io.eventhandler.client.EventListener}.
 */
package io.eventhandler.client;
