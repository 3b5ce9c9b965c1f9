package io.eventhandler.api;

import java.util.Map;

/**
 * An application system as Arrowhead names it in requests ({@code SystemRequestDTO} of Arrowhead 4.6).
 *
 * @param systemName         the system's name, the first label of its certificate's CN
 * @param address            host name or IP address the system is reached at
 * @param port               TCP port, 1..65535
 * @param authenticationInfo Base64 public key, optional
 * @param metadata           free-form system metadata (new in Arrowhead 4.4), optional
 */
public record SystemRequestDTO(
        String systemName,
        String address,
        Integer port,
        String authenticationInfo,
        Map<String, String> metadata) {

    /** A system with name, address and port only. */
    public static SystemRequestDTO of(final String systemName, final String address, final int port) {
        return new SystemRequestDTO(systemName, address, port, null, null);
    }
}
