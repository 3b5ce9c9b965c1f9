package io.eventhandler.benchmarks.load;

import java.util.List;

/**
 * One run of the load generator.
 *
 * @param run         run number, from 1
 * @param completed   whether the run could be carried out (loss does not make a run incomplete)
 * @param failure     why it could not, or null
 * @param topics      the event types used
 * @param publish     the publishers' side, null when the run failed before publishing
 * @param delivery    the subscribers' side, null when the run failed before publishing
 * @param publishers  each publisher
 * @param subscribers each subscriber
 * @param serverView  the server's account of the subscribers when deliveries were missing (embedded server only)
 * @param server      the server process's CPU and memory over the measured phase, or null without its pid
 */
public record RunResult(
        int run,
        boolean completed,
        String failure,
        List<String> topics,
        PublishSummary publish,
        DeliverySummary delivery,
        List<PublisherLine> publishers,
        List<SubscriberResult> subscribers,
        List<String> serverView,
        ServerUsage server) {

    /**
     * A run that could not be carried out.
     *
     * @param run     run number
     * @param topics  the event types it was to use
     * @param failure why
     * @return the result
     */
    public static RunResult failed(final int run, final List<String> topics, final String failure) {
        return new RunResult(run, false, failure, topics, null, null, List.of(), List.of(), List.of(), null);
    }

    /** Whether any expected delivery was lost. */
    public boolean lostEvents() {
        return delivery != null && delivery.lost() > 0;
    }
}
