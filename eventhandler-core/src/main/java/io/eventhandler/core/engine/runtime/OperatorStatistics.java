package io.eventhandler.core.engine.runtime;

/**
 * What one operator did since its graph was installed.
 *
 * @param arrivals           events delivered to its inputs
 * @param invocations        times it ran
 * @param outputs            results it produced
 * @param errors             invocations that threw (no result)
 * @param replacements       waiting inputs replaced by a newer event of the same input
 * @param absoluteViolations inputs found expired (t &gt; t_e) when it was about to run
 * @param relativeViolations relative validity sets found violated when it was about to run
 * @param shed               stale inputs dropped (policy SHED), each aborting one invocation
 * @param moved              events moved to it from a higher level (cross-priority sharing)
 */
public record OperatorStatistics(long arrivals, long invocations, long outputs, long errors, long replacements,
                                 long absoluteViolations, long relativeViolations, long shed, long moved) {
}
