package io.eventhandler.petri.net;

import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.Exponential;

import java.util.ArrayList;
import java.util.List;

/**
 * The thesis' intercloud orchestration net (§6.2, Figs. 6.6–6.8): 27 hops from Consumer_Begin to Consumer_End through
 * cloud A's Orchestrator, Service Registry and Gatekeeper, the global service discovery and the inter-cloud
 * negotiation with cloud B. The text names only some places; the others are named after the hop that fills them.
 */
public final class IntercloudOrchestrationNet {

    public static final String CONSUMER_BEGIN = "Consumer_Begin";
    public static final String ORCHESTRATOR_A_PRE_SR = "Orchestrator_Cloud_A_Pre_SR";
    public static final String SR_A_PRE_QUERY = "Service_Registry_Cloud_A_Pre_Query";
    public static final String CONSUMER_END = "Consumer_End";

    private IntercloudOrchestrationNet() {
    }

    public static List<Hop> hops() {
        final List<Hop> hops = new ArrayList<>();
        hops.add(new Hop("t01_consumer_request", ORCHESTRATOR_A_PRE_SR, new Erlang(10, 0.67)));
        hops.add(new Hop("t02_sr_a_request", SR_A_PRE_QUERY, new Erlang(3, 0.014)));
        hops.add(new Hop("t03_sr_a_query", "Service_Registry_Cloud_A_Post_Query", new Erlang(2, 0.0077)));
        hops.add(new Hop("t04_sr_a_response", "Orchestrator_Cloud_A_Pre_GSD", new Exponential(0.108)));
        hops.add(new Hop("t05_gsd_request_a", "Gatekeeper_Cloud_A_Pre_GSD", new Erlang(5, 0.03)));
        hops.add(new Hop("t06_gsd_request_b", "Gatekeeper_Cloud_B_GSD", new Erlang(5, 0.035)));
        authorisation(hops, "t07", "GSD");
        hops.add(new Hop("t10_sr_b_request", "Service_Registry_Cloud_B_Pre_Query_GSD", new Erlang(29, 0.4825)));
        hops.add(new Hop("t11_sr_b_query", "Service_Registry_Cloud_B_Post_Query_GSD", new Erlang(22, 0.396)));
        hops.add(new Hop("t12_sr_b_response", "Gatekeeper_Cloud_B_Post_GSD", new Erlang(11, 5.45)));
        hops.add(new Hop("t13_gsd_response_b", "Gatekeeper_Cloud_A_Post_GSD", new Exponential(10.909)));
        hops.add(new Hop("t14_gsd_response_a", "Orchestrator_Cloud_A_Post_GSD", new Exponential(0.1375)));
        hops.add(new Hop("t15_icn_proposal_a", "Gatekeeper_Cloud_A_Pre_ICN", new Erlang(5, 0.03)));
        hops.add(new Hop("t16_icn_proposal_b", "Gatekeeper_Cloud_B_ICN", new Erlang(5, 0.035)));
        authorisation(hops, "t17", "ICN");
        hops.add(new Hop("t20_orchestration_request_b", "Orchestrator_Cloud_B_Pre_SR", new Erlang(36, 0.586)));
        hops.add(new Hop("t21_sr_b_request", "Service_Registry_Cloud_B_Pre_Query_ICN", new Erlang(16, 0.3)));
        hops.add(new Hop("t22_sr_b_query", "Service_Registry_Cloud_B_Post_Query_ICN", new Erlang(22, 0.396)));
        hops.add(new Hop("t23_sr_b_response", "Orchestrator_Cloud_B_Post_SR", new Erlang(10, 4.516)));
        hops.add(new Hop("t24_orchestration_response_b", "Gatekeeper_Cloud_B_Post_ICN", new Erlang(20, 9.015)));
        hops.add(new Hop("t25_icn_response_b", "Gatekeeper_Cloud_A_Post_ICN", new Exponential(10.909)));
        hops.add(new Hop("t26_icn_response_a", "Orchestrator_Cloud_A_Post_ICN", new Exponential(0.1375)));
        hops.add(new Hop("t27_service_response", CONSUMER_END, new Exponential(0.27)));
        return List.copyOf(hops);
    }

    /** Gatekeeper B asks Authorization B whether cloud A may ask; the same three hops in both phases (thesis). */
    private static void authorisation(final List<Hop> hops, final String first, final String phase) {
        final int n = Integer.parseInt(first.substring(1));
        hops.add(new Hop(String.format("t%02d_auth_b_request_%s", n, phase), "Authorization_Cloud_B_Pre_Query_" + phase,
                new Erlang(14, 0.275)));
        hops.add(new Hop(String.format("t%02d_auth_b_query_%s", n + 1, phase), "Authorization_Cloud_B_Post_Query_" + phase,
                new Erlang(19, 0.315)));
        hops.add(new Hop(String.format("t%02d_auth_b_response_%s", n + 2, phase), "Gatekeeper_Cloud_B_Authorised_" + phase,
                new Erlang(7, 5.5254)));
    }

    public static ModelNet build() {
        return SequentialChain.build(CONSUMER_BEGIN, hops());
    }
}
