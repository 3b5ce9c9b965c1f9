/**
 * How the server runs: the {@link io.eventhandler.server.runtime.Lifecycle} that starts its parts in order and stops
 * them in reverse, and the {@link io.eventhandler.server.runtime.Runner} that makes every server thread, by role, with
 * a stop and a stall counter. Imports nothing else of the server.
 */
package io.eventhandler.server.runtime;
