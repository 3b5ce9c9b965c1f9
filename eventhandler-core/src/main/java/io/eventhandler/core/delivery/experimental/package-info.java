/**
 * Lab apparatus of the delivery experiments, kept apart so the product reads as the product:
 * {@link io.eventhandler.core.delivery.experimental.DeliveryBaselines} switches the comparison baselines of FRAME's
 * experiments (FCFS order, replicate-all, no coordination). Nothing here is on unless an experiment hands it in.
 */
package io.eventhandler.core.delivery.experimental;
