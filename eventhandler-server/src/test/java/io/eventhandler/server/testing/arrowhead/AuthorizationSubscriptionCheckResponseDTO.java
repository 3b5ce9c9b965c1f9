package io.eventhandler.server.testing.arrowhead;

import eu.arrowhead.common.dto.shared.SystemResponseDTO;

import java.io.Serializable;
import java.util.Set;

/**
 * Mirror of Arrowhead's {@code eu.arrowhead.common.dto.internal.AuthorizationSubscriptionCheckResponseDTO}: it is
 * Arrowhead-internal, so not in the official {@code arrowhead-core-common-essentials-java-spring} jar. Same fields,
 * built from the official {@link SystemResponseDTO}.
 */
public class AuthorizationSubscriptionCheckResponseDTO implements Serializable {

    private static final long serialVersionUID = 1L;

    private SystemResponseDTO consumer;
    private Set<SystemResponseDTO> publishers;

    public AuthorizationSubscriptionCheckResponseDTO() {
    }

    public AuthorizationSubscriptionCheckResponseDTO(final SystemResponseDTO consumer,
                                                     final Set<SystemResponseDTO> publishers) {
        this.consumer = consumer;
        this.publishers = publishers;
    }

    public SystemResponseDTO getConsumer() {
        return consumer;
    }

    public Set<SystemResponseDTO> getPublishers() {
        return publishers;
    }

    public void setConsumer(final SystemResponseDTO consumer) {
        this.consumer = consumer;
    }

    public void setPublishers(final Set<SystemResponseDTO> publishers) {
        this.publishers = publishers;
    }
}
