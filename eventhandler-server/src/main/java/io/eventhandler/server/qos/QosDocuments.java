package io.eventhandler.server.qos;

import io.eventhandler.api.qos.QosOverviewDTO;
import io.eventhandler.api.qos.QosRequestDTO;
import io.eventhandler.api.qos.TopicDeliveryDTO;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.core.delivery.TopicPlan;
import io.eventhandler.core.delivery.TopicPlans;
import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.TopicQos;

import java.util.Locale;

/** Topic QoS between its JSON shape (milliseconds) and the domain's (microseconds). */
public final class QosDocuments {

    private QosDocuments() {
    }

    /**
     * @throws IllegalArgumentException naming the field, for a missing deadline or a bad destination; the domain
     *                                  record names every other problem ({@link io.eventhandler.core.qos.InvalidQosException})
     */
    public static TopicQos toQos(final TopicQosDTO dto) {
        if (dto == null) {
            throw new IllegalArgumentException("the topic QoS is missing");
        }
        if (dto.deadlineMs() == null) {
            throw new IllegalArgumentException("deadlineMs (D) is missing");
        }
        return new TopicQos(dto.periodMs() == null ? Micros.INFINITE : micros(dto.periodMs(), "periodMs"),
                micros(dto.deadlineMs(), "deadlineMs"),
                dto.lossTolerance() == null ? LossTolerance.BEST_EFFORT : lossTolerance(dto.lossTolerance()),
                dto.retention() == null ? 0 : dto.retention(),
                destination(dto.destination()),
                dto.priority() == null ? 0 : dto.priority());
    }

    public static TopicQosDTO toDto(final TopicQos qos) {
        return new TopicQosDTO(qos.periodMicros() == Micros.INFINITE ? null : ms(qos.periodMicros()),
                ms(qos.deadlineMicros()),
                qos.lossTolerance().isBestEffort() ? null : qos.lossTolerance().value(),
                qos.retention(), qos.destination().name(), qos.priority());
    }

    public static TopicDeliveryDTO toDto(final TopicPlan plan) {
        final AdmissionResult admission = plan.admission();
        final QosRequest request = plan.requested();
        final QosRequestDTO requested = request.equals(QosRequest.NONE) ? null : new QosRequestDTO(
                request.deadlineMicros() == Micros.INFINITE ? null : ms(request.deadlineMicros()),
                request.lossTolerance().isBestEffort() ? null : request.lossTolerance().value(),
                request.brokerToSubscriberMicros() == 0 ? null : ms(request.brokerToSubscriberMicros()));
        return new TopicDeliveryDTO(plan.topic(), plan.configured() == null ? null : toDto(plan.configured()),
                requested, toDto(plan.effective()),
                admission.replicationDeadlineMicros() == Micros.INFINITE ? null
                        : ms(admission.replicationDeadlineMicros()),
                ms(admission.dispatchDeadlineMicros()), ms(admission.brokerToSubscriberMicros()),
                plan.generator().replicates(),
                admission.smallestAdmittingRetention().isPresent()
                        ? admission.smallestAdmittingRetention().getAsInt() : null);
    }

    public static QosOverviewDTO overview(final TopicPlans plans, final String policy) {
        final LatencyBounds b = plans.bounds();
        return new QosOverviewDTO(policy, plans.replication().name(),
                new QosOverviewDTO.LatenciesDTO(ms(b.publisherToBrokerMicros()), ms(b.edgeToSubscriberMicros()),
                        ms(b.cloudToSubscriberMicros()), ms(b.brokerToBackupMicros()), ms(b.failoverMicros())),
                toDto(plans.defaultPlan()), plans.plans().stream().map(QosDocuments::toDto).toList());
    }

    /**
     * A subscriber's request from its optional fields.
     *
     * @throws IllegalArgumentException naming the bad field
     */
    public static QosRequest request(final Double deadlineMs, final Integer lossTolerance, final Double latencyMs) {
        return new QosRequest(deadlineMs == null ? Micros.INFINITE : micros(deadlineMs, "deadlineMs"),
                lossTolerance == null ? LossTolerance.BEST_EFFORT : lossTolerance(lossTolerance),
                latencyMs == null ? 0 : micros(latencyMs, "latencyMs"));
    }

    private static LossTolerance lossTolerance(final int value) {
        if (value < 0) {
            throw new IllegalArgumentException("lossTolerance must be ≥ 0 (leave it out for best effort), was "
                    + value);
        }
        return LossTolerance.of(value);
    }

    private static Destination destination(final String text) {
        if (text == null || text.isBlank()) {
            return Destination.EDGE;
        }
        try {
            return Destination.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("destination must be EDGE or CLOUD, was " + text);
        }
    }

    private static long micros(final double ms, final String field) {
        if (!Double.isFinite(ms) || ms < 0 || ms > Long.MAX_VALUE / 2_000.0) {
            throw new IllegalArgumentException(field + " must be a number of milliseconds ≥ 0, was " + ms);
        }
        return Math.round(ms * 1_000);
    }

    private static double ms(final long micros) {
        return micros / 1_000.0;
    }
}
