package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnvironmentInfoTest {

    @Test
    void shouldReadTheX86ModelName() {
        assertEquals("Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz", EnvironmentInfo.cpuModel(List.of(
                "processor\t: 0", "vendor_id\t: GenuineIntel", "model\t\t: 142",
                "model name\t: Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz", "")));
    }

    @Test
    void shouldReadTheRaspberryPiBoardModel() {
        assertEquals("Raspberry Pi 3 Model B Rev 1.2", EnvironmentInfo.cpuModel(List.of(
                "processor\t: 0", "BogoMIPS\t: 38.40", "CPU part\t: 0xd03", "",
                "Hardware\t: BCM2835", "Revision\t: a02082", "Model\t\t: Raspberry Pi 3 Model B Rev 1.2")));
    }

    @Test
    void shouldFallBackToTheArchitecture() {
        assertEquals(System.getProperty("os.arch"), EnvironmentInfo.cpuModel(List.of("processor : 0")));
        assertEquals(System.getProperty("os.arch"), EnvironmentInfo.cpuModel(Path.of("/nonexistent/cpuinfo")));
    }

    @Test
    void shouldDescribeThisJvm() {
        final EnvironmentInfo env = EnvironmentInfo.current(new String[] {"--preset", "A"});
        assertTrue(env.cores() >= 1);
        assertTrue(env.maxHeapMb() > 0);
        assertFalse(env.jvm().isBlank());
        assertFalse(env.commandLine().isBlank());
        assertFalse(env.date().isBlank());
    }

    @Test
    void shouldLeaveThePasswordOutOfTheCommandLine() {
        assertEquals("java -jar b.jar --keystore k.p12 --password *** --runs 1",
                EnvironmentInfo.redacted("java -jar b.jar --keystore k.p12 --password s3cret --runs 1"));
        assertEquals("java -jar b.jar --password=***", EnvironmentInfo.redacted("java -jar b.jar --password=s3cret"));
        assertEquals("--server-config server.ssl.key-store-password=*** --runs 1",
                EnvironmentInfo.redacted("--server-config server.ssl.key-store-password=s3cret --runs 1"));
    }
}
