package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.http.JsonErrors;
import io.eventhandler.server.runtime.Intake;
import io.eventhandler.server.security.AccessControl;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttMessageListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The requests published to the Event Handler's operation topics, handled as the 5.x common library's MQTT API
 * handles requests: the envelope is read, the caller identified from its {@code authentication} by the same
 * {@link AccessControl} as an HTTP caller ({@link AccessControl#requireMessageCaller}: a declared name or identity
 * token as in the {@code Authorization} header, or in a certificate cloud the caller's certificate), the operation run, and the answer (or the
 * 5.x error envelope) published to the request's {@code responseTopic}. A message that is no request envelope at all
 * names no response topic unless it is a JSON object that does; it is counted and logged, as 5.x logs it.
 */
final class MqttRequests {

    private static final Logger LOG = LoggerFactory.getLogger(MqttRequests.class);
    private static final long INFLIGHT_FULL_RETRY_MS = 5;

    private final MqttLink link;
    private final ObjectMapper mapper;
    private final AccessControl access;
    private final Intake intake;
    private final BooleanSupplier serving;
    private final int qos;
    private final Map<String, MqttOperation> operations;
    private final AtomicLong unanswerable = new AtomicLong();

    /**
     * @param serving    whether this instance serves (of a primary/backup pair only the serving one answers)
     * @param operations by request topic
     */
    MqttRequests(final MqttLink link, final ObjectMapper mapper, final AccessControl access, final Intake intake,
                 final BooleanSupplier serving, final int qos, final Map<String, MqttOperation> operations) {
        this.link = link;
        this.mapper = mapper;
        this.access = access;
        this.intake = intake;
        this.serving = serving;
        this.qos = qos;
        this.operations = Map.copyOf(operations);
    }

    /** The listener of each request topic. */
    Map<String, IMqttMessageListener> listeners() {
        final Map<String, IMqttMessageListener> listeners = new LinkedHashMap<>();
        operations.keySet().forEach(topic -> listeners.put(topic, (t, message) -> handle(t, message.getPayload())));
        return listeners;
    }

    /** Messages that were not request envelopes and named no response topic: nobody could be told. */
    long unanswerable() {
        return unanswerable.get();
    }

    void handle(final String topic, final byte[] message) {
        if (!serving.getAsBoolean()) {
            return; // the serving instance of the pair answers it
        }
        final MqttEnvelopes.Request request;
        try {
            request = mapper.readValue(message, MqttEnvelopes.Request.class);
        } catch (final IOException e) {
            malformed(topic, message, e);
            return;
        }
        if (!intake.enter()) {
            error(request, new ArrowheadException(ExceptionType.UNAVAILABLE, 503,
                    "The Event Handler is stopping; nothing was accepted. Retry in a moment.", topic));
            return;
        }
        try {
            final Optional<SystemIdentity> caller = access.requireMessageCaller(request.authentication(), topic,
                    topic);
            operations.get(topic).run(request, caller, topic, message.length).whenComplete((answer, failure) -> {
                intake.exit();
                if (failure == null) {
                    respond(request, 200, receiver(request, caller), answer);
                } else {
                    error(request, AsyncResponses.unwrap(failure));
                }
            });
        } catch (final RuntimeException e) {
            intake.exit();
            error(request, e);
        }
    }

    /**
     * Not a request envelope: answered with the 5.x error envelope if it is a JSON object naming a response topic
     * (its trace id too), else only counted and logged.
     */
    private void malformed(final String topic, final byte[] message, final IOException e) {
        final String reason = e instanceof JsonProcessingException json ? JsonErrors.describe(json)
                : "the message is not JSON";
        final ArrowheadException refusal = ArrowheadException.badPayload("Invalid message template. Reason: "
                + reason, topic);
        try {
            final JsonNode tree = mapper.readTree(message);
            if (tree != null && tree.isObject() && tree.path("responseTopic").isTextual()) {
                error(new MqttEnvelopes.Request(tree.path("traceId").isTextual() ? tree.path("traceId").asText()
                        : null, null, tree.path("responseTopic").asText(), null, null, null), refusal);
                return;
            }
        } catch (final IOException notJson) {
            // not even JSON: nobody to answer
        }
        final long count = unanswerable.incrementAndGet();
        LOG.warn("MQTT message on {} is no request envelope and names no response topic, not answered ({} so far):"
                + " {}", topic, count, reason);
    }

    private String receiver(final MqttEnvelopes.Request request, final Optional<SystemIdentity> caller) {
        if (caller.isPresent()) {
            return caller.get().systemName();
        }
        final String declared = request.authentication();
        return declared != null && declared.startsWith("SYSTEM//") ? declared.substring("SYSTEM//".length()) : null;
    }

    private void error(final MqttEnvelopes.Request request, final Throwable failure) {
        final ArrowheadException refusal;
        if (failure instanceof ArrowheadException e) {
            refusal = e;
        } else {
            LOG.error("MQTT request failed", failure);
            refusal = new ArrowheadException(ExceptionType.GENERIC, 500, "Internal error: "
                    + failure.getClass().getSimpleName(), null);
        }
        final String type = MqttEnvelopes.fiveType(refusal.type(), refusal.status());
        final int status = MqttEnvelopes.status(type);
        respond(request, status, null, new MqttEnvelopes.Error(refusal.getMessage(), status, type,
                refusal.origin()));
    }

    /** Publish the answer to the response topic; none named: none sent (5.x does the same). */
    private void respond(final MqttEnvelopes.Request request, final int status, final String receiver,
                         final Object payload) {
        if (request.responseTopic() == null || request.responseTopic().isBlank()) {
            LOG.debug("MQTT request {} names no response topic: status {} not sent", request.traceId(), status);
            return;
        }
        final int answerQos = request.qosRequirement() != null && request.qosRequirement() >= 0
                && request.qosRequirement() <= 2 ? request.qosRequirement() : qos;
        try {
            send(request, status, mapper.writeValueAsBytes(new MqttEnvelopes.Response(status, request.traceId(),
                    receiver, payload == null ? "" : payload)), answerQos);
        } catch (final JsonProcessingException e) {
            LOG.warn("answer {} to MQTT request {} not written: {}", status, request.traceId(), e.getMessage());
        }
    }

    /** Publish the answer; with the in-flight window full, a moment later (the publisher waits for it). */
    private void send(final MqttEnvelopes.Request request, final int status, final byte[] answer, final int answerQos) {
        try {
            link.publish(request.responseTopic(), answer, answerQos, ANSWER_FAILED);
        } catch (final MqttException e) {
            if (e.getReasonCode() == MqttException.REASON_CODE_MAX_INFLIGHT) {
                link.later(() -> send(request, status, answer, answerQos), INFLIGHT_FULL_RETRY_MS);
            } else {
                LOG.warn("answer {} to MQTT request {} on {} not sent: {}", status, request.traceId(),
                        request.responseTopic(), e.getMessage());
            }
        }
    }

    private static final IMqttActionListener ANSWER_FAILED = new IMqttActionListener() {
        @Override
        public void onSuccess(final IMqttToken token) {
            // answered
        }

        @Override
        public void onFailure(final IMqttToken token, final Throwable failure) {
            LOG.warn("an answer to an MQTT request was not sent: {}", failure == null ? "?" : failure.getMessage());
        }
    };
}
