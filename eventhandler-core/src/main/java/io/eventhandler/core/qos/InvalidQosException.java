package io.eventhandler.core.qos;

import java.util.List;

/** A QoS specification that cannot be used; lists every problem found, not only the first. */
public final class InvalidQosException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public InvalidQosException(final String what, final List<String> problems) {
        super("invalid " + what + ": " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One readable message per problem, in the order found. */
    public List<String> problems() {
        return problems;
    }
}
