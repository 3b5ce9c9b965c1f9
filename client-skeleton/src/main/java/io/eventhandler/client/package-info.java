/**
 * What an Arrowhead application system needs to use the Event Handler: {@link io.eventhandler.client.EventHandlerClient}
 * (REST: echo, publish, subscribe, unsubscribe), {@link io.eventhandler.client.EventPublisher} (time-stamped publishing),
 * {@link io.eventhandler.client.EventSubscriber} (SSE with resume and de-duplication) and
 * {@link io.eventhandler.client.WebhookReceiver} (webhook deliveries), both reporting to an
 * {@link io.eventhandler.client.EventListener}. {@link io.eventhandler.client.ClientTls} puts all of them in secure
 * mode (mutual TLS with the system's Arrowhead certificate); {@link io.eventhandler.client.CallerIdentity} names
 * the caller in the header an Arrowhead 5 cloud wants; {@link io.eventhandler.client.EventHandlerEndpoints}
 * says where each service is, as found by {@link io.eventhandler.client.discovery.EventHandlerLocator}.
 * {@link io.eventhandler.client.EventHandlerInstances} lists a primary and its standby backup: the client, the
 * publisher (which resends its retained events on a switch) and the subscriber fail over between them.
 */
package io.eventhandler.client;
