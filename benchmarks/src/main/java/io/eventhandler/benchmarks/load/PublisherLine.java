package io.eventhandler.benchmarks.load;

/**
 * One publisher in the report.
 *
 * @param id           publisher id
 * @param topic        its event type
 * @param attempted    measured publishes tried
 * @param acknowledged measured publishes answered 2xx
 * @param failed       measured publishes that failed
 * @param aborted      whether it gave up after repeated failures
 * @param firstError   its first failure, or null
 */
public record PublisherLine(int id, String topic, long attempted, long acknowledged, long failed, boolean aborted,
                            String firstError) {

    /**
     * The report line of a publisher's result.
     *
     * @param result what the publisher did
     * @return its line
     */
    public static PublisherLine of(final PublisherResult result) {
        return new PublisherLine(result.id(), result.topic(), result.attempted(), result.acknowledged(),
                result.failedIndices().length, result.aborted(), result.firstError());
    }
}
