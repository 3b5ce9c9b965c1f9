package io.eventhandler.core.engine.runtime;

import java.util.List;
import java.util.Map;

/**
 * An immutable snapshot of the engine's counters, for the management API.
 *
 * @param operators          per operator id, of the current graph
 * @param topics             per normalised topic (supplier and derived), of the current graph
 * @param ignoredOffers      supplier events of topics the graph does not read
 * @param droppedOnReplace   queued events and deliveries of replaced graphs that were dropped
 * @param graphReplacements  how often the graph was replaced at runtime
 * @param reclaimedSlots     EventStore slots reclaimed for newer events, in the current graph
 * @param levels             the current graph's queues per level, highest priority first
 * @param priorities         per operator id, its priority in force (configured, raised by subscribers' requests,
 *                           propagated upstream)
 * @param requested          per derived topic, the highest priority its subscribers ask for
 */
public record EngineStatistics(Map<String, OperatorStatistics> operators, Map<String, TopicStatistics> topics,
                               long ignoredOffers, long droppedOnReplace, long graphReplacements,
                               long reclaimedSlots, List<LevelStatistics> levels, Map<String, Integer> priorities,
                               Map<String, Integer> requested) {

    public EngineStatistics {
        priorities = Map.copyOf(priorities);
        requested = Map.copyOf(requested);
        operators = Map.copyOf(operators);
        topics = Map.copyOf(topics);
        levels = List.copyOf(levels);
    }
}
