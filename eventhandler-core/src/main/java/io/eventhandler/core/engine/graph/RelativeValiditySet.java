package io.eventhandler.core.engine.graph;

import java.util.List;

/**
 * A resolved relative validity set Q_j of one operator (CPEP Eq. 2.4).
 *
 * @param inputPositions the operator's input positions in the set, at least two
 * @param intervalMicros R_Qj, positive
 */
public record RelativeValiditySet(List<Integer> inputPositions, long intervalMicros) {

    public RelativeValiditySet {
        inputPositions = List.copyOf(inputPositions);
    }
}
