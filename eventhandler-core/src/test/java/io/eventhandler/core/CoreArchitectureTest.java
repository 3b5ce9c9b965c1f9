package io.eventhandler.core;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The core's packages import only downward (docs/architecture.md, "The core's packages"), checked on the compiled
 * main classes: no package cycle of any length, and no package using one above it in {@link #STACK}.
 */
class CoreArchitectureTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.eventhandler.core");

    /** The pipeline, top first: a layer (with its sub-packages) may use only the layers after it. */
    static final List<String> STACK = List.of("broker", "delivery", "topic", "outbox", "subscription", "qos",
            "event");
    /** Packages beside the pipeline: nothing in it uses them, and they use only {@code event}. */
    static final List<String> BESIDE = List.of("engine", "replication");

    @Test
    void noPackageIsInACycle() {
        slices().matching("io.eventhandler.core.(**)").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void noTopLevelPackageIsInACycle() {
        slices().matching("io.eventhandler.core.(*)..").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void eachLayerUsesOnlyTheLayersBelowIt() {
        layers().check(CORE);
    }

    private static ArchRule layers() {
        LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (final String layer : STACK) {
            rule = rule.layer(layer).definedBy("io.eventhandler.core." + layer + "..");
        }
        for (final String layer : BESIDE) {
            rule = rule.layer(layer).definedBy("io.eventhandler.core." + layer + "..");
        }
        for (int i = 0; i < STACK.size() - 1; i++) {
            rule = rule.whereLayer(STACK.get(i)).mayOnlyAccessLayers(
                    STACK.subList(i + 1, STACK.size()).toArray(String[]::new));
        }
        rule = rule.whereLayer(STACK.get(STACK.size() - 1)).mayNotAccessAnyLayer();
        for (final String layer : BESIDE) {
            rule = rule.whereLayer(layer).mayOnlyAccessLayers("event");
        }
        return rule;
    }
}
