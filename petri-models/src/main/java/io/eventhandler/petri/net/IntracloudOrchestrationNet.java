package io.eventhandler.petri.net;

import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.Exponential;

import java.util.List;

/**
 * The thesis' intracloud orchestration net (§6.1, Figs. 6.3–6.5): Consumer → Orchestrator → Service Registry query →
 * Orchestrator → Authorization query → Orchestrator → Consumer, with the fitted rates per ms. Place names follow the
 * thesis with '-' written '_' (Sirio's marking expressions would read '-' as a minus) and its "Registy" spelling
 * fixed; the Authorization places, unnamed in the text, are named like the Service Registry ones.
 */
public final class IntracloudOrchestrationNet {

    public static final String CONSUMER_BEGIN = "Consumer_Begin";
    public static final String ORCHESTRATOR_PRE_SR = "Orchestrator_Pre_SR";
    public static final String SR_PRE_QUERY = "Service_Registry_Pre_Query";
    public static final String SR_POST_QUERY = "Service_Registry_Post_Query";
    public static final String ORCHESTRATOR_POST_SR = "Orchestrator_Post_SR";
    public static final String AUTH_PRE_QUERY = "Authorization_Pre_Query";
    public static final String AUTH_POST_QUERY = "Authorization_Post_Query";
    public static final String ORCHESTRATOR_POST_AUTH = "Orchestrator_Post_Auth";
    public static final String CONSUMER_END = "Consumer_End";

    private IntracloudOrchestrationNet() {
    }

    public static List<Hop> hops() {
        return List.of(
                new Hop("consumer_request", ORCHESTRATOR_PRE_SR, new Exponential(0.0582)),
                new Hop("sr_request", SR_PRE_QUERY, new Erlang(5, 0.0884)),
                new Hop("sr_query", SR_POST_QUERY, new Erlang(9, 0.1443)),
                new Hop("sr_response", ORCHESTRATOR_POST_SR, new Erlang(6, 2.5021)),
                new Hop("auth_request", AUTH_PRE_QUERY, new Erlang(10, 0.172)),
                new Hop("auth_query", AUTH_POST_QUERY, new Erlang(13, 0.2042)),
                new Hop("auth_response", ORCHESTRATOR_POST_AUTH, new Erlang(6, 3.1838)),
                new Hop("orchestration_response", CONSUMER_END, new Erlang(17, 3.5809)));
    }

    public static ModelNet build() {
        return SequentialChain.build(CONSUMER_BEGIN, hops());
    }
}
