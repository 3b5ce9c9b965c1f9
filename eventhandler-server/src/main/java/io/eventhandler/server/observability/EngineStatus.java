package io.eventhandler.server.observability;

import io.eventhandler.core.engine.runtime.EngineStatistics;
import io.eventhandler.core.engine.runtime.LevelStatistics;
import io.eventhandler.core.engine.runtime.OperatorStatistics;
import io.eventhandler.core.engine.runtime.TopicStatistics;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The engine panel of the status page: the operators of the graph in force with their priorities, the queues per
 * priority level, and what was shed or marked late.
 *
 * @param priorities  per operator id, its priority in force
 * @param levels      queues per level, highest priority first
 * @param shed        events shed (dropped by an operator's load shedding)
 * @param marked      derived events published marked late
 * @param violations  timing violations of operators
 * @param errors      operator invocations that threw
 * @param replacements graph replacements at runtime
 */
public record EngineStatus(Map<String, Integer> priorities, List<LevelStatistics> levels, long shed, long marked,
                           long violations, long errors, long replacements) {

    static EngineStatus of(final EngineStatistics e) {
        long shed = 0;
        long marked = 0;
        for (final TopicStatistics topic : e.topics().values()) {
            shed += topic.shed();
            marked += topic.marked();
        }
        long violations = 0;
        long errors = 0;
        for (final OperatorStatistics operator : e.operators().values()) {
            violations += operator.absoluteViolations() + operator.relativeViolations();
            errors += operator.errors();
        }
        return new EngineStatus(new TreeMap<>(e.priorities()), e.levels(), shed, marked, violations, errors,
                e.graphReplacements());
    }
}
