package io.eventhandler.server.store;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.event.SystemRef;

import java.util.Map;

/**
 * A system as a subscription keeps it: the identity normalised as Arrowhead's system table keeps it (name and address
 * trimmed and lower-case), plus what the request said about it.
 *
 * @param systemName         trimmed, lower-case
 * @param address            trimmed, lower-case
 * @param port               TCP port
 * @param authenticationInfo Base64 public key, or null
 * @param metadata           the system's metadata as given (null when absent)
 */
public record StoredSystem(String systemName, String address, int port, String authenticationInfo,
                           Map<String, String> metadata) {

    public StoredSystem {
        final SystemRef ref = SystemRef.of(systemName, address, port);
        systemName = ref.name();
        address = ref.address();
        metadata = metadata == null ? null : Map.copyOf(metadata);
    }

    /** The system a validated request names. */
    public static StoredSystem of(final SystemRequestDTO system) {
        return new StoredSystem(system.systemName(), system.address(), system.port(), system.authenticationInfo(),
                system.metadata());
    }

    /** The system's identity. */
    public SystemRef ref() {
        return new SystemRef(systemName, address, port);
    }

    /** The system in Arrowhead's request shape (also how the store writes it as JSON). */
    public SystemRequestDTO toRequest() {
        return new SystemRequestDTO(systemName, address, port, authenticationInfo, metadata);
    }
}
