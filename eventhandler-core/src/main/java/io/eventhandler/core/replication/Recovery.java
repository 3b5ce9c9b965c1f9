package io.eventhandler.core.replication;

import java.util.List;

/**
 * What a backup buffer hands over at a take-over.
 *
 * @param copies  the copies to dispatch, per topic in sequence order
 * @param givenUp the runs of numbers pushed out of the full buffer before they were discarded, per topic
 * @param stamps  the publisher stamps of the copies, to recognise publishers' resends of them
 */
public record Recovery(List<Replica> copies, List<GivenUp> givenUp, RecoveredStamps stamps) {
}
