/**
 * The Event Handler in an Arrowhead 5 local cloud, behind the same seam as the 4.6 dialect
 * ({@link io.eventhandler.server.arrowhead.LocalCloud}): {@link io.eventhandler.server.arrowhead5.Arrowhead5Cloud}
 * registers the system and its services in the 5.x Service Registry (service–operation model, {@code generic_http(s)}
 * interfaces) and identifies callers by their declared names. Above {@code arrowhead}, whose core client and
 * registration timing it reuses.
 */
package io.eventhandler.server.arrowhead5;
