package io.eventhandler.server.qos;

import io.eventhandler.api.SubscriberRequirementsDTO;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.SubscriberRequirements;

/** A subscriber's requirements between the request's extension field (and the store's JSON) and the domain. */
public final class SubscriberRequirementsDocument {

    private SubscriberRequirementsDocument() {
    }

    /**
     * @param dto the extension field, or null
     * @throws IllegalArgumentException naming a bad field
     */
    public static SubscriberRequirements toRequirements(final SubscriberRequirementsDTO dto) {
        if (dto == null) {
            return SubscriberRequirements.NONE;
        }
        return new SubscriberRequirements(dto.priority(), QosDocuments.request(dto.deadlineMs(), dto.lossTolerance(),
                dto.latencyMs()));
    }

    /** The extension field, or null when nothing is asked. */
    public static SubscriberRequirementsDTO toDto(final SubscriberRequirements requirements) {
        if (SubscriberRequirements.NONE.equals(requirements)) {
            return null;
        }
        final QosRequest qos = requirements.qos();
        return new SubscriberRequirementsDTO(requirements.priority(),
                qos.deadlineMicros() == Micros.INFINITE ? null : qos.deadlineMicros() / 1_000.0,
                qos.lossTolerance().isBestEffort() ? null : qos.lossTolerance().value(),
                qos.brokerToSubscriberMicros() == 0 ? null : qos.brokerToSubscriberMicros() / 1_000.0);
    }
}
