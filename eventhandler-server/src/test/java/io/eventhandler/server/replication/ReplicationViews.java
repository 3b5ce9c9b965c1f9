package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.testing.EhHttp;
import java.io.IOException;

/** What the replication tests read of an instance's management views. */
final class ReplicationViews {

    private ReplicationViews() {
    }

    /**
     * Replication jobs the primary aborted or cancelled because their event was dispatched first (Table 3.3): on a
     * busy machine, or with no subscriber to wait for, a dispatch can complete before its replication job starts,
     * and that copy is rightly never sent.
     */
    static long replicationsNotSent(final EhHttp primary) {
        try {
            final JsonNode delivery = EhHttp.JSON.readTree(
                    primary.get("/eventhandler/mgmt/delivery?subscribers=false").body());
            return delivery.path("workers").path("replicationsAborted").asLong()
                    + delivery.path("queue").path("cancelledReplications").asLong();
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
