package io.eventhandler.server.config;

import java.util.List;

/** The configuration is invalid; the message lists every problem found, one per line. */
public final class ConfigurationException extends RuntimeException {

    private final List<String> problems;

    public ConfigurationException(final List<String> problems) {
        super("invalid configuration:\n  " + String.join("\n  ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
