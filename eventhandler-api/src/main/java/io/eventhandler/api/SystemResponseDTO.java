package io.eventhandler.api;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * A system as Arrowhead core systems describe it in responses ({@code SystemResponseDTO} of Arrowhead 4.6, null
 * fields left out).
 *
 * @param id                 the system's id in the core database (the key authorization updates refer to)
 * @param systemName         the system's name
 * @param address            host name or IP address
 * @param port               TCP port
 * @param authenticationInfo Base64 public key, if known
 * @param metadata           free-form system metadata
 * @param createdAt          ISO-8601 instant
 * @param updatedAt          ISO-8601 instant
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SystemResponseDTO(
        Long id,
        String systemName,
        String address,
        Integer port,
        String authenticationInfo,
        Map<String, String> metadata,
        String createdAt,
        String updatedAt) {
}
