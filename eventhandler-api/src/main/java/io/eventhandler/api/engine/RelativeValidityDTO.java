package io.eventhandler.api.engine;

/**
 * A relative validity set: the latest events of these inputs must have been created at most {@code intervalMs}
 * apart.
 *
 * @param inputs     some of the node's inputs
 * @param intervalMs the interval in milliseconds
 */
public record RelativeValidityDTO(java.util.List<String> inputs, Double intervalMs) {
}
