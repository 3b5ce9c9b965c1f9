package io.eventhandler.benchmarks.load;

import java.util.List;

/**
 * What the Event Handler itself says about a run's subscribers, taken when deliveries did not all arrive: the
 * generator can then tell a server that never sent from a client that never read. Only an embedded server can be
 * asked; a remote one gives nothing.
 */
@FunctionalInterface
interface ServerView {

    /** No view (a remote Event Handler). */
    ServerView NONE = topics -> List.of();

    /**
     * One line per subscriber stream of {@code topics}, and lines on the delivery queue and disconnects.
     *
     * @param topics the run's event types
     * @return the lines, empty when the server cannot be asked
     */
    List<String> describe(List<String> topics);
}
