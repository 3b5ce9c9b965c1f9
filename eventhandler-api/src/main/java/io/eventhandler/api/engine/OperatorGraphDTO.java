package io.eventhandler.api.engine;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * An operator graph as a file or the management API holds it ({@code PUT /eventhandler/mgmt/engine/graph}).
 *
 * @param policy             {@code MARK} or {@code SHED} (default): what a time-consistency violation does
 * @param supplierValidityMs absolute validity length per supplier topic, in milliseconds; topics not listed never
 *                           expire
 * @param operators          the nodes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperatorGraphDTO(String policy, Map<String, Double> supplierValidityMs, List<OperatorDTO> operators) {
}
