package io.eventhandler.core.engine.graph;

import java.util.List;
import java.util.Map;

/**
 * A whole graph configuration, as written (not yet validated).
 *
 * @param operators              the nodes
 * @param supplierValidityMicros absolute validity length per supplier topic: an event created at t_b is valid until
 *                               t_b + length (CPEP Eq. 2.1); topics not listed are valid forever
 * @param policy                 what a time-consistency violation does
 */
public record GraphSpec(List<OperatorSpec> operators, Map<String, Long> supplierValidityMicros,
                        ConsistencyPolicy policy) {

    public GraphSpec {
        operators = operators == null ? List.of() : List.copyOf(operators);
        supplierValidityMicros = supplierValidityMicros == null ? Map.of() : Map.copyOf(supplierValidityMicros);
        policy = policy == null ? ConsistencyPolicy.SHED : policy;
    }
}
