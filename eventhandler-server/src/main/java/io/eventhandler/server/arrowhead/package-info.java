/**
 * The Event Handler as a member of an Arrowhead local cloud: one asynchronous client for the core systems, the
 * Service Registry registration of its services (kept up while it runs), the Authorization's subscription check, and
 * its update notices ({@code POST /eventhandler/publish/authupdate}).
 * {@link io.eventhandler.server.arrowhead.CoreSystems} wires them.
 */
package io.eventhandler.server.arrowhead;
