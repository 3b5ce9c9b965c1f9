package io.eventhandler.core.engine.runtime;

/**
 * What the engine did with one topic since its graph was installed: a supplier topic counts {@code received} and
 * {@code replaced}; a derived topic counts the rest.
 *
 * @param received   supplier events offered
 * @param replaced   supplier events replaced in the InputQ by a newer one before being taken
 * @param published  derived events handed to the sink
 * @param marked     of those, the ones marked as violating time consistency
 * @param violations derived events found expired when about to be handed to the sink
 * @param shed       of those, the ones dropped (policy SHED)
 */
public record TopicStatistics(long received, long replaced, long published, long marked, long violations,
                              long shed) {
}
