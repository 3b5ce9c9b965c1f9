package io.eventhandler.core.engine.graph;

/**
 * Where an event goes: input {@code inputPosition} of the operator at {@code node} in {@link OperatorGraph#nodes()}.
 */
public record Edge(int node, int inputPosition) {
}
