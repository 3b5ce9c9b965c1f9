package io.eventhandler.client.discovery;

import java.util.List;

/** No Orchestrator or Service Registry named an Event Handler, and no fallback base URI was configured. */
public final class EventHandlerNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> attempts;

    EventHandlerNotFoundException(final List<String> attempts) {
        super(attempts.isEmpty()
                ? "no Event Handler: neither an Orchestrator, a Service Registry nor a base URI is configured"
                : "no Event Handler found: " + String.join("; ", attempts));
        this.attempts = List.copyOf(attempts);
    }

    /** What each source answered, in the order they were asked. */
    public List<String> attempts() {
        return attempts;
    }
}
