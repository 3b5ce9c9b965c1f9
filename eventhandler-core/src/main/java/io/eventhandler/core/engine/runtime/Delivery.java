package io.eventhandler.core.engine.runtime;

/**
 * A tuple of CPEP's PendingQ and MovingQ: an event for input {@code inputPosition} of the operator at {@code node}.
 */
record Delivery(int node, int inputPosition, EngineEvent event) {
}
