package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.edf.JobGenerator;
import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.qos.Admission;
import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.TopicQos;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;

/**
 * Every topic's delivery plan: its QoS (configured, or the default for topics without one) tightened by its
 * subscribers' strictest request, admitted by FRAME's test (Lemmas 1 and 2) before it takes effect. A change that
 * fails admission is refused and the plan in force stays.
 *
 * <p>Reads ({@link #plan}) are one map look-up on the publish path; changes are serialised.
 */
public final class TopicPlans {

    private static final Logger LOG = LoggerFactory.getLogger(TopicPlans.class);

    private final LatencyBounds bounds;
    private final TopicQos defaultQos;
    private final ReplicationPolicy replication;
    private final TopicPlan defaultPlan;
    /** Topics with a configured QoS or a subscriber's request; the others use {@link #defaultPlan}. */
    private final Map<String, TopicPlan> plans = new ConcurrentHashMap<>();
    private final Map<String, TopicQos> configured = new ConcurrentHashMap<>();
    private final Map<String, QosRequest> requested = new ConcurrentHashMap<>();
    /**
     * Topics whose every event is copied to the backup whatever Proposition 1 says, by name and destination (the
     * Kafka export's), or null when there are none: then a topic without a plan of its own costs one map look-up.
     */
    private final BiPredicate<String, Destination> keepCopies;
    /** The default plan, replicating, of each such topic seen without a plan of its own. */
    private final Map<String, TopicPlan> keptDefaults = new ConcurrentHashMap<>();

    /**
     * @param bounds     the latencies admission and deadlines use
     * @param defaultQos the QoS of a topic nobody configured (it must pass admission)
     */
    public TopicPlans(final LatencyBounds bounds, final TopicQos defaultQos) {
        this(bounds, defaultQos, DeliveryBaselines.NONE);
    }

    /** As above, for an experiment: {@code baselines} may replicate every loss-tolerant topic. */
    public TopicPlans(final LatencyBounds bounds, final TopicQos defaultQos, final DeliveryBaselines baselines) {
        this(bounds, defaultQos, baselines, null);
    }

    /**
     * As above; every event of a topic {@code keepCopies} names (by its name and destination) is copied to the backup,
     * whatever Proposition 1 and the topic's loss tolerance say.
     *
     * @param keepCopies null when no topic needs it
     */
    public TopicPlans(final LatencyBounds bounds, final TopicQos defaultQos, final DeliveryBaselines baselines,
                      final BiPredicate<String, Destination> keepCopies) {
        this.bounds = bounds;
        this.keepCopies = keepCopies;
        this.defaultQos = defaultQos;
        this.replication = baselines.replication();
        final AdmissionResult admission = admit(defaultQos, QosRequest.NONE);
        if (!admission.admitted()) {
            throw new IllegalArgumentException("the default topic QoS is not admissible: " + admission.reason());
        }
        this.defaultPlan = plan("*", null, QosRequest.NONE, admission);
    }

    /** The plan of a topic (normalised name). */
    public TopicPlan plan(final String topic) {
        final TopicPlan plan = plans.get(topic);
        if (plan != null) {
            return plan;
        }
        return keepCopies == null ? defaultPlan : keptDefault(topic);
    }

    /** The default plan of a topic without one of its own, replicating if its copies are to be kept. */
    private TopicPlan keptDefault(final String topic) {
        final TopicPlan kept = keptDefaults.get(topic);
        if (kept != null) {
            return kept;
        }
        if (!keepCopies.test(topic, defaultQos.destination())) {
            return defaultPlan;
        }
        return keptDefaults.computeIfAbsent(topic, t -> plan(t, null, QosRequest.NONE, defaultPlan.admission()));
    }

    /**
     * Configure a topic's QoS (replacing any), admitted together with its subscribers' requests.
     *
     * @throws io.eventhandler.core.qos.AdmissionRefusedException with the reason and the smallest admitting N
     */
    public synchronized TopicPlan configure(final String topic, final TopicQos qos) {
        final String name = TopicName.normalise(topic);
        final QosRequest request = requested.getOrDefault(name, QosRequest.NONE);
        final AdmissionResult admission = admit(qos, request);
        admission.orThrow(name);
        configured.put(name, qos);
        return install(name, qos, request, admission);
    }

    /** Forget a topic's configured QoS: the default applies again. Returns whether it had one. */
    public synchronized boolean remove(final String topic) {
        final String name = TopicName.normalise(topic);
        if (configured.remove(name) == null) {
            return false;
        }
        replan(name);
        return true;
    }

    /** The admission the topic would get if a subscriber added this request, without changing anything. */
    public synchronized AdmissionResult test(final String topic, final QosRequest request) {
        final String name = TopicName.normalise(topic);
        final QosRequest current = requested.getOrDefault(name, QosRequest.NONE);
        return admit(configured.getOrDefault(name, defaultQos), current.strictest(request));
    }

    /**
     * The topic's subscribers now ask for {@code request} at the strictest. If the tightened QoS fails admission
     * (subscribers are tested with {@link #test} before they attach, so only a race gets here) the plan in force
     * stays and the refusal is logged.
     */
    public synchronized void requested(final String topic, final QosRequest request) {
        final String name = TopicName.normalise(topic);
        if (request.equals(QosRequest.NONE)) {
            requested.remove(name);
        } else {
            requested.put(name, request);
        }
        replan(name);
    }

    private void replan(final String name) {
        final TopicQos qos = configured.get(name);
        final QosRequest request = requested.getOrDefault(name, QosRequest.NONE);
        if (qos == null && request.equals(QosRequest.NONE)) {
            plans.remove(name);
            return;
        }
        final AdmissionResult admission = admit(qos == null ? defaultQos : qos, request);
        if (!admission.admitted()) {
            LOG.warn("topic {}: subscribers' request {} refused, plan kept: {}", name, request, admission.reason());
            return;
        }
        install(name, qos, request, admission);
    }

    private TopicPlan install(final String name, final TopicQos qos, final QosRequest request,
                              final AdmissionResult admission) {
        final TopicPlan plan = plan(name, qos, request, admission);
        plans.put(name, plan);
        return plan;
    }

    private TopicPlan plan(final String name, final TopicQos qos, final QosRequest request,
                           final AdmissionResult admission) {
        final boolean keep = keepCopies != null && !"*".equals(name)
                && keepCopies.test(name, admission.qos().destination());
        return new TopicPlan(name, qos, request, admission.qos(), admission,
                new JobGenerator(admission, replication, keep));
    }

    /** The QoS tightened by the request, admitted with the larger of the destination's and the request's Δ_BS. */
    private AdmissionResult admit(final TopicQos qos, final QosRequest request) {
        final TopicQos tightened = qos.tightenedBy(List.of(request));
        return Admission.evaluate(tightened, bounds, Math.max(bounds.brokerToSubscriberMicros(tightened.destination()),
                request.brokerToSubscriberMicros()));
    }

    /** The plans of every topic with a configured QoS or a request, by name. */
    public List<TopicPlan> plans() {
        final List<TopicPlan> all = new ArrayList<>(plans.values());
        all.sort(Comparator.comparing(TopicPlan::topic));
        return all;
    }

    /** The plan a topic without QoS or requests gets (named {@code *}). */
    public TopicPlan defaultPlan() {
        return defaultPlan;
    }

    public LatencyBounds bounds() {
        return bounds;
    }

    /** Which admitted topics get replication jobs: SELECTIVE, unless an experiment asked for ALL. */
    public ReplicationPolicy replication() {
        return replication;
    }
}
