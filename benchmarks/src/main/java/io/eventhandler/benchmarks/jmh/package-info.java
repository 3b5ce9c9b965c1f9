/**
 * JMH micro-benchmarks of the Event Handler's hot paths, one class per path, each with a {@code main()} for IDE runs.
 * From the shaded jar: {@code java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main -rf json}.
 */
package io.eventhandler.benchmarks.jmh;
