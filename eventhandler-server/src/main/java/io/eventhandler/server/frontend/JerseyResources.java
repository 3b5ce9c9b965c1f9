package io.eventhandler.server.frontend;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.history.HistoryService;
import io.eventhandler.server.kafka.KafkaBridge;
import io.eventhandler.server.http.BodySizeLimitFilter;
import io.eventhandler.server.http.ErrorBodyFilter;
import io.eventhandler.server.http.ErrorMappers;
import io.eventhandler.server.http.ObjectMapperResolver;
import io.eventhandler.server.observability.EventHandlerMetrics;
import io.eventhandler.server.observability.MetricsAccess;
import io.eventhandler.server.observability.ObservedState;
import io.eventhandler.server.publish.PublishValidator;
import io.eventhandler.server.replication.ReplicationResource;
import io.eventhandler.server.replication.ReplicationService;
import io.eventhandler.server.runtime.Intake;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.subscription.SubscriptionValidator;
import io.eventhandler.server.subscription.Subscriptions;
import io.eventhandler.server.validation.RequestLimits;
import org.glassfish.jersey.internal.inject.AbstractBinder;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

import java.util.Map;

/**
 * Jersey's configuration: every resource class of {@link HttpFrontEnd#RESOURCE_CLASSES} with its collaborators bound,
 * Jackson with the server's limits, the body size limits and the error mappers that answer with an
 * {@code ErrorMessageDTO}. Classes with bound collaborators rather than instances: Jersey would warn about an instance
 * that "implements no provider interface" (jersey#3700).
 */
final class JerseyResources {

    private JerseyResources() {
    }

    static ResourceConfig of(final Endpoints endpoints, final ServerSecurity security, final LimitsConfiguration limits,
                             final RequestLimits requestLimits, final PublishValidator publishValidator,
                             final ObjectMapper mapper) {
        final SubscriptionValidator subscriptionValidator = new SubscriptionValidator(
                limits.timeStampToleranceSeconds(), requestLimits, endpoints.delivery()::admit);
        return new ResourceConfig()
                .registerClasses(HttpFrontEnd.RESOURCE_CLASSES)
                .registerClasses(endpoints.cloudResources())
                .register(new AbstractBinder() {
                    @Override
                    protected void configure() {
                        bind(endpoints.broker()).to(Broker.class);
                        bind(requestLimits).to(RequestLimits.class);
                        bind(subscriptionValidator).to(SubscriptionValidator.class);
                        bind(publishValidator).to(PublishValidator.class);
                        bind(endpoints.delivery()).to(DeliveryService.class);
                        bind(endpoints.subscriptions()).to(Subscriptions.class);
                        bind(endpoints.engine()).to(EngineService.class);
                        bind(endpoints.access()).to(AccessControl.class);
                        bind(endpoints.replication()).to(ReplicationService.class);
                        bind(endpoints.metrics()).to(EventHandlerMetrics.class);
                        bind(endpoints.metricsAccess()).to(MetricsAccess.class);
                        bind(endpoints.history()).to(HistoryService.class);
                        bind(endpoints.intake()).to(Intake.class);
                        bind(endpoints.observed()).to(ObservedState.class);
                        bind(endpoints.kafka()).to(KafkaBridge.class);
                        bind(security.systemName()).named(ReplicationResource.SELF).to(String.class);
                    }
                })
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new ObjectMapperResolver(mapper))
                .register(new BodySizeLimitFilter(
                        new BodySizeLimitFilter.Limit(limits.maxBodyBytes(), LimitsConfiguration.MAX_BODY_BYTES.key()),
                        Map.of(ReplicationResource.BATCH_PATH, new BodySizeLimitFilter.Limit(
                                endpoints.replication().batchBodyMaxBytes(), ReplicationConfiguration.BODY_MAX_BYTES.key()))))
                .registerClasses(ErrorMappers.all())
                .register(ErrorBodyFilter.class)
                .property(ServerProperties.WADL_FEATURE_DISABLE, true);
    }
}
