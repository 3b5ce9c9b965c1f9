/**
 * Operator graph configuration ({@link io.eventhandler.core.engine.graph.GraphSpec}) and its validated, prioritised
 * form ({@link io.eventhandler.core.engine.graph.OperatorGraph}): every problem of a configuration is reported at
 * once, and priorities propagate upstream from the consumer-facing operators as in CPEP §2.4.
 */
package io.eventhandler.core.engine.graph;
