/**
 * The engine's operators: the {@link io.eventhandler.core.engine.operator.Operator} SPI, the built-in types
 * ({@code ekf}, {@code fft}, {@code concat}, {@code aes-gcm}, {@code threshold}, {@code moving-average}), the
 * {@link io.eventhandler.core.engine.operator.Samples} text convention of numeric payloads, and the
 * {@link io.eventhandler.core.engine.operator.OperatorRegistry} that adds plug-ins found by
 * {@link java.util.ServiceLoader}.
 */
package io.eventhandler.core.engine.operator;
