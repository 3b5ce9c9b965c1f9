package io.eventhandler.server.replication;

import io.eventhandler.api.SubscriberRequirementsDTO;

import java.util.List;
import java.util.Map;

/**
 * A webhook subscription as stored by the primary, with its authorization state, so that the backup can deliver to
 * it the moment it takes over. Instants are ISO-8601 strings.
 */
public record MirroredSubscriptionDTO(String eventType, MirroredSystemDTO subscriber,
                                      Map<String, String> filterMetaData, boolean matchMetaData, String notifyUri,
                                      String startDate, String endDate, List<MirroredSystemDTO> sources,
                                      Long consumerId, List<MirroredSystemDTO> authorizedPublishers,
                                      SubscriberRequirementsDTO requirements) {

    /** A system: name, address, port, and (for subscribers and sources) authenticationInfo and metadata. */
    public record MirroredSystemDTO(String systemName, String address, int port, String authenticationInfo,
                                    Map<String, String> metadata) {
    }
}
