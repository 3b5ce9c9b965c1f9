package io.eventhandler.core.engine.runtime;

/**
 * Receives the derived events of consumer-facing operators, on an engine worker thread. It must return quickly (hand
 * the event to the broker, never wait on a subscriber): while it runs, the worker serves no other level.
 */
@FunctionalInterface
public interface DerivedEventSink {

    /**
     * @param topic    the normalised derived topic
     * @param payload  the operator's output
     * @param tbMicros start of the absolute validity interval (latest creation time among the inputs used)
     * @param teMicros end of the absolute validity interval, {@link Long#MAX_VALUE} for valid forever
     * @param marked   whether a time-consistency violation was found on the way (policy MARK)
     */
    void accept(String topic, String payload, long tbMicros, long teMicros, boolean marked);
}
