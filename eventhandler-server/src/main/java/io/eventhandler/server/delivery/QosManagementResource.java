package io.eventhandler.server.delivery;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.qos.QosOverviewDTO;
import io.eventhandler.api.qos.TopicDeliveryDTO;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.core.delivery.DeliverySnapshot;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.qos.AdmissionRefusedException;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.qos.QosDocuments;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.validation.RequestLimits;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.grizzly.http.server.Request;

/**
 * {@code /eventhandler/mgmt/qos} and {@code /eventhandler/mgmt/delivery}: every topic's real-time requirements, their
 * admission and the latencies in force; configure or remove a topic's QoS at runtime (refused with 409 and the reason
 * when it cannot be admitted); the delivery counters (deadlines met and missed, latency percentiles, drops, longest
 * loss runs per topic and subscriber, the job queue, replication). System operator only, as all management.
 */
@Path(EventHandlerApi.BASE_PATH)
@Singleton
public final class QosManagementResource {

    static final String QOS = "/mgmt/qos";
    static final String DELIVERY = "/mgmt/delivery";
    private static final String ORIGIN = EventHandlerApi.BASE_PATH + QOS;

    private final DeliveryService delivery;
    private final AccessControl access;
    private final RequestLimits limits;

    @Inject
    public QosManagementResource(final DeliveryService delivery, final AccessControl access,
                                 final RequestLimits limits) {
        this.delivery = delivery;
        this.access = access;
        this.limits = limits;
    }

    @GET
    @Path(QOS)
    @Produces(MediaType.APPLICATION_JSON)
    public QosOverviewDTO overview(@Context final Request http) {
        access.requireSystem(http, AccessControl.SYSOP, ORIGIN);
        return QosDocuments.overview(delivery.plans(), delivery.policy().name());
    }

    @PUT
    @Path(QOS + "/topics/{topic}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public TopicDeliveryDTO configure(@Context final Request http, @PathParam("topic") final String topic,
                                      final TopicQosDTO qos) {
        final String origin = ORIGIN + "/topics/" + topic;
        access.requireSystem(http, AccessControl.SYSOP, origin);
        if (topic.isBlank()) {
            throw ArrowheadException.badPayload("The topic is missing.", origin);
        }
        limits.eventType(topic, "topic", origin); // a topic is named as its event type, and stored as one
        try {
            return QosDocuments.toDto(delivery.configure(topic, QosDocuments.toQos(qos)));
        } catch (final AdmissionRefusedException e) {
            throw ArrowheadException.refused("Topic " + TopicName.normalise(topic)
                    + " is not admitted: " + e.result().reason(), origin);
        } catch (final IllegalArgumentException e) {
            throw ArrowheadException.badPayload(e.getMessage(), origin);
        }
    }

    @DELETE
    @Path(QOS + "/topics/{topic}")
    public Response remove(@Context final Request http, @PathParam("topic") final String topic) {
        final String origin = ORIGIN + "/topics/" + topic;
        access.requireSystem(http, AccessControl.SYSOP, origin);
        if (!delivery.remove(topic)) {
            throw ArrowheadException.dataNotFound("Topic " + topic + " has no configured QoS.", origin);
        }
        return Response.ok().build(); // 200 with no body, as Arrowhead's management deletes answer
    }

    @GET
    @Path(DELIVERY)
    @Produces(MediaType.APPLICATION_JSON)
    public DeliverySnapshot statistics(@Context final Request http,
                                       @QueryParam("subscribers") @DefaultValue("true") final boolean subscribers) {
        access.requireSystem(http, AccessControl.SYSOP, EventHandlerApi.BASE_PATH + DELIVERY);
        return delivery.scheduler().snapshot(subscribers);
    }
}
