package io.eventhandler.server.mqtt;

import io.eventhandler.security.certs.SystemIdentity;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** One operation the Event Handler takes over MQTT, doing what its HTTP endpoint does. */
@FunctionalInterface
interface MqttOperation {

    /**
     * @param caller the caller as the {@code AccessControl} identified it from the request's {@code authentication}
     * @param origin the request topic, which error messages name as 5.x does
     * @param bytes  the size of the whole request message
     * @return completes with the answer's payload (null: none), or exceptionally with the refusal
     * @throws io.eventhandler.server.http.ArrowheadException when refused at once
     */
    CompletableFuture<Object> run(MqttEnvelopes.Request request, Optional<SystemIdentity> caller, String origin,
                                  int bytes);
}
