/**
 * Finding the Event Handler in an Arrowhead local cloud: {@link io.eventhandler.client.discovery.EventHandlerLocator}
 * asks the Orchestrator, then the Service Registry, then falls back to a configured base URI, and says which
 * answered ({@link io.eventhandler.client.discovery.EventHandlerLocation}).
 */
package io.eventhandler.client.discovery;
