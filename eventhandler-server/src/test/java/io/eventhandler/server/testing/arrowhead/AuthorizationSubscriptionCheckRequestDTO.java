package io.eventhandler.server.testing.arrowhead;

import eu.arrowhead.common.dto.shared.SystemRequestDTO;

import java.io.Serializable;
import java.util.Set;

/**
 * Mirror of Arrowhead's {@code eu.arrowhead.common.dto.internal.AuthorizationSubscriptionCheckRequestDTO}: it is
 * Arrowhead-internal, so not in the official {@code arrowhead-core-common-essentials-java-spring} jar. Same fields,
 * built from the official {@link SystemRequestDTO}.
 */
public class AuthorizationSubscriptionCheckRequestDTO implements Serializable {

    private static final long serialVersionUID = 1L;

    private SystemRequestDTO consumer;
    private Set<SystemRequestDTO> publishers;

    public AuthorizationSubscriptionCheckRequestDTO() {
    }

    public SystemRequestDTO getConsumer() {
        return consumer;
    }

    public Set<SystemRequestDTO> getPublishers() {
        return publishers;
    }

    public void setConsumer(final SystemRequestDTO consumer) {
        this.consumer = consumer;
    }

    public void setPublishers(final Set<SystemRequestDTO> publishers) {
        this.publishers = publishers;
    }
}
