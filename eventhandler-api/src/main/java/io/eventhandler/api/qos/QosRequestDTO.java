package io.eventhandler.api.qos;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The strictest requirements a topic's subscribers ask for.
 *
 * @param deadlineMs    the smallest deadline asked for, or null
 * @param lossTolerance the smallest loss tolerance asked for, or null
 * @param latencyMs     the largest subscriber latency (Δ_BS) stated, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QosRequestDTO(Double deadlineMs, Integer lossTolerance, Double latencyMs) {
}
