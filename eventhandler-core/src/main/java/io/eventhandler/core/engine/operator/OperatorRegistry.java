package io.eventhandler.core.engine.operator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator types a graph may use: the built-ins ({@code ekf}, {@code fft}, {@code concat}, {@code aes-gcm},
 * {@code threshold}, {@code moving-average}) and the plug-ins, i.e. every {@link OperatorFactory} that
 * {@link ServiceLoader} finds. Two factories claiming one type name is a configuration error, reported with both
 * classes, rather than a silent choice. Immutable once built, so safe to share.
 */
public final class OperatorRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(OperatorRegistry.class);

    /** Lower-case words joined by hyphens, as in the graph configuration. */
    private static final Pattern TYPE_NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private final Map<String, OperatorFactory> factories;

    /**
     * The built-ins plus the given factories.
     *
     * @throws IllegalStateException if two factories have the same type, or a type name is not lower-case words
     *                               joined by hyphens
     */
    public OperatorRegistry(final Iterable<? extends OperatorFactory> plugins) {
        final Map<String, OperatorFactory> byType = new TreeMap<>();
        final List<OperatorFactory> all = new ArrayList<>(builtIns());
        plugins.forEach(all::add);
        for (OperatorFactory factory : all) {
            final String type = factory.type();
            if (type == null || !TYPE_NAME.matcher(type).matches()) {
                throw new IllegalStateException("operator factory " + factory.getClass().getName()
                        + " has an invalid type name '" + type + "'; use lower-case words joined by hyphens");
            }
            final OperatorFactory previous = byType.putIfAbsent(type, factory);
            if (previous != null) {
                throw new IllegalStateException("operator type '" + type + "' is provided by both "
                        + previous.getClass().getName() + " and " + factory.getClass().getName());
            }
        }
        this.factories = Collections.unmodifiableMap(byType);
    }

    /** The built-ins plus the plug-ins visible to this class's class loader. */
    public static OperatorRegistry load() {
        return load(OperatorRegistry.class.getClassLoader());
    }

    /** The built-ins plus the plug-ins visible to {@code loader}. */
    public static OperatorRegistry load(final ClassLoader loader) {
        final List<OperatorFactory> plugins = new ArrayList<>();
        ServiceLoader.load(OperatorFactory.class, loader).forEach(plugins::add);
        final OperatorRegistry registry = new OperatorRegistry(plugins);
        LOG.info("Operator types: {} ({} plug-in(s))", registry.types(), plugins.size());
        return registry;
    }

    /** New instances of the built-in factories. */
    public static List<OperatorFactory> builtIns() {
        return List.of(new EkfOperatorFactory(), new FftOperatorFactory(), new ConcatOperatorFactory(),
                new AesGcmOperatorFactory(), new ThresholdOperatorFactory(), new MovingAverageOperatorFactory());
    }

    /** The factory of a type, if known. */
    public Optional<OperatorFactory> factory(final String type) {
        return Optional.ofNullable(factories.get(type));
    }

    /** All known type names, sorted. */
    public Set<String> types() {
        return factories.keySet();
    }
}
