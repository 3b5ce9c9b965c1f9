package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * A cloud, as named in orchestration requests.
 *
 * @param operator           the operator label of the cloud's certificate
 * @param name               the cloud label
 * @param secure             whether the cloud runs in secure mode
 * @param neighbor           whether it is a neighbour cloud
 * @param authenticationInfo Base64 public key
 * @param gatekeeperRelayIds relay ids, for inter-cloud use
 * @param gatewayRelayIds    relay ids, for inter-cloud use
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CloudRequestDTO(String operator, String name, Boolean secure, Boolean neighbor,
                              String authenticationInfo, List<Long> gatekeeperRelayIds, List<Long> gatewayRelayIds) {
}
