/**
 * Optional recording of per-stage service times ({@code eh.calibration.enabled}, an experimental setting), exported as
 * CSV for fitting the capacity model in the separate petri-models tool. Nothing here depends on that tool.
 */
package io.eventhandler.server.calibration;
