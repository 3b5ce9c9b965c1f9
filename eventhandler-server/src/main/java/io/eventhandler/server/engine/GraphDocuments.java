package io.eventhandler.server.engine;

import io.eventhandler.api.engine.OperatorDTO;
import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.api.engine.RelativeValidityDTO;
import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorSpec;
import io.eventhandler.core.engine.graph.RelativeValiditySpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Graph documents (files, management API bodies) to the engine's configuration and back. Only the shape is checked
 * here (policy name, numbers); the graph's meaning is validated by the engine, which reports every problem at once.
 */
public final class GraphDocuments {

    private GraphDocuments() {
    }

    /**
     * @throws IllegalArgumentException listing every shape problem of the document
     */
    public static GraphSpec toSpec(final OperatorGraphDTO document) {
        if (document == null) {
            throw new IllegalArgumentException("the graph document is empty");
        }
        final List<String> problems = new ArrayList<>();
        final ConsistencyPolicy policy = policy(document.policy(), problems);
        final Map<String, Long> validity = new LinkedHashMap<>();
        if (document.supplierValidityMs() != null) {
            document.supplierValidityMs().forEach((topic, ms) -> {
                if (ms == null || !(ms > 0)) {
                    problems.add("supplierValidityMs of " + topic + " must be a positive number of milliseconds");
                } else {
                    validity.put(topic, micros(ms));
                }
            });
        }
        final List<OperatorSpec> operators = new ArrayList<>();
        if (document.operators() != null) {
            for (final OperatorDTO operator : document.operators()) {
                final OperatorSpec spec = operator(operator, problems);
                if (spec != null) {
                    operators.add(spec);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new GraphSpec(operators, validity, policy);
    }

    private static ConsistencyPolicy policy(final String text, final List<String> problems) {
        if (text == null) {
            return ConsistencyPolicy.SHED;
        }
        try {
            return ConsistencyPolicy.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            problems.add("policy '" + text + "' is neither MARK nor SHED");
            return ConsistencyPolicy.SHED;
        }
    }

    /** The operator's spec, or null with its problems added. */
    private static OperatorSpec operator(final OperatorDTO operator, final List<String> problems) {
        if (operator == null) {
            problems.add("an operator entry is null");
            return null;
        }
        final List<RelativeValiditySpec> relative = relativeValidity(operator, problems);
        // null entries would fail the immutable copies of the spec: refused as a problem of the document
        if (containsNull(operator.inputs())) {
            problems.add("operator " + operator.id() + ": an input is null");
            return null;
        }
        if (operator.parameters() != null && operator.parameters().values().stream().anyMatch(Objects::isNull)) {
            problems.add("operator " + operator.id() + ": a parameter is null");
            return null;
        }
        return new OperatorSpec(operator.id(), operator.type(), operator.inputs(), operator.parameters(),
                operator.outputTopic(), operator.priority(), relative);
    }

    private static List<RelativeValiditySpec> relativeValidity(final OperatorDTO operator,
                                                               final List<String> problems) {
        final List<RelativeValiditySpec> relative = new ArrayList<>();
        if (operator.relativeValidity() == null) {
            return relative;
        }
        for (final RelativeValidityDTO set : operator.relativeValidity()) {
            if (set == null || set.intervalMs() == null || !(set.intervalMs() > 0)) {
                problems.add("operator " + operator.id() + ": a relative validity set needs a positive intervalMs");
            } else if (containsNull(set.inputs())) {
                problems.add("operator " + operator.id() + ": an input of a relative validity set is null");
            } else {
                relative.add(new RelativeValiditySpec(set.inputs(), micros(set.intervalMs())));
            }
        }
        return relative;
    }

    /** The configuration as a document again (what the management API shows). */
    public static OperatorGraphDTO toDocument(final GraphSpec spec) {
        final Map<String, Double> validity = new LinkedHashMap<>();
        spec.supplierValidityMicros().forEach((topic, micros) -> validity.put(topic, micros / 1000.0));
        final List<OperatorDTO> operators = new ArrayList<>();
        for (final OperatorSpec operator : spec.operators()) {
            final List<RelativeValidityDTO> relative = operator.relativeValidity().stream()
                    .map(r -> new RelativeValidityDTO(r.inputs(), r.intervalMicros() / 1000.0)).toList();
            operators.add(new OperatorDTO(operator.id(), operator.type(), operator.inputs(), operator.parameters(),
                    operator.outputTopic(), operator.priority(), relative.isEmpty() ? null : relative));
        }
        return new OperatorGraphDTO(spec.policy().name(), validity, operators);
    }

    private static boolean containsNull(final List<String> values) {
        return values != null && values.stream().anyMatch(Objects::isNull);
    }

    private static long micros(final double milliseconds) {
        return Math.round(milliseconds * 1000.0);
    }
}
