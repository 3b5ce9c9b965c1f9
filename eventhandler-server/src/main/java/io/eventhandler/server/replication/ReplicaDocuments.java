package io.eventhandler.server.replication;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.replication.Replica;

/** Replicas between the domain and the wire. */
final class ReplicaDocuments {

    private ReplicaDocuments() {
    }

    static ReplicaDTO toDto(final Event event) {
        final SystemRef source = event.source();
        return new ReplicaDTO(event.topic(), event.sequence(), event.eventType(), source.name(), source.address(),
                source.port(), event.metaData(), event.payload(), event.timeStamp(), event.createdEpochMicros());
    }

    static Replica toReplica(final ReplicaDTO dto) {
        return new Replica(dto.topic(), dto.sequence(), new EventDraft(dto.eventType(),
                new SystemRef(dto.sourceName(), dto.sourceAddress(), dto.sourcePort()), dto.metaData(),
                dto.payload(), dto.timeStamp(), dto.createdMicros()));
    }
}
