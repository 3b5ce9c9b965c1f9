package io.eventhandler.core.engine.graph;

import java.util.List;

/** A graph configuration that cannot run; lists every problem found, not only the first. */
public final class GraphException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public GraphException(final List<String> problems) {
        super("invalid operator graph: " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One readable message per problem, in the order found. */
    public List<String> problems() {
        return problems;
    }
}
