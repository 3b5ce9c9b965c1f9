package io.eventhandler.benchmarks.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.DeferredDeliveryExecutor;
import io.eventhandler.server.publish.EventDtoEncoder;
import io.eventhandler.server.publish.PublishValidator;

import java.io.IOException;

/**
 * The server's publish path as {@code PublishHandler} runs it, without the network: parse the
 * {@code EventPublishRequestDTO} body, validate it as Arrowhead does, let the broker accept it, then run the drains
 * the accept started on the calling thread, through the server's own {@link DeferredDeliveryExecutor} over a direct
 * executor (so a benchmark's score includes the hand-off to the subscribers but no socket writes).
 */
final class PublishPath {

    private static final String ORIGIN = "/eventhandler/publish";

    private final ObjectReader reader;
    private final PublishValidator validator = new PublishValidator(120);
    private final DeferredDeliveryExecutor deliveries = new DeferredDeliveryExecutor(Runnable::run, 8);
    private final Broker broker;

    PublishPath(final ObjectMapper mapper, final BrokerSettings settings) {
        this.reader = mapper.reader().forType(EventPublishRequestDTO.class);
        this.broker = new Broker(settings, new EventDtoEncoder(mapper), deliveries);
    }

    /** The broker, to attach subscribers to. */
    Broker broker() {
        return broker;
    }

    /** Parse + validate + accept + hand-off. */
    Event publish(final byte[] body) throws IOException {
        final EventPublishRequestDTO request = reader.readValue(body);
        deliveries.beginScope();
        try {
            return broker.accept(validator.validate(request, ORIGIN));
        } finally {
            deliveries.runDeferred();
        }
    }

    void close() {
        broker.close();
    }
}
