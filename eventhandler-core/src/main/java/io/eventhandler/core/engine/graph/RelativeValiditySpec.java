package io.eventhandler.core.engine.graph;

import java.util.List;

/**
 * A relative validity set Q_j of one operator: the creation times of the latest events of these inputs may differ by
 * at most {@code intervalMicros} (CPEP Eq. 2.4).
 *
 * @param inputs         some of the operator's inputs, as written in its {@link OperatorSpec#inputs()}
 * @param intervalMicros R_Qj
 */
public record RelativeValiditySpec(List<String> inputs, long intervalMicros) {

    public RelativeValiditySpec {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
    }
}
