/**
 * Finding the Event Handler in an Arrowhead local cloud: {@link io.eventhandler.client.discovery.EventHandlerLocator}
 * asks the Orchestrator (4.6) or the orchestrator's {@code pull} (Arrowhead 5), then the Service Registry, then falls
 * back to a configured base URI, and says which answered ({@link io.eventhandler.client.discovery.EventHandlerLocation}).
 * {@link io.eventhandler.client.discovery.IdentityTokens} is a system's identity token in an Arrowhead 5
 * {@code outsourced} cloud, from the Authentication system, renewed as it ages.
 */
package io.eventhandler.client.discovery;
