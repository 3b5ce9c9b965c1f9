package io.eventhandler.petri.calibrate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ListeningProcessTest {

    @Test
    void aListeningSocketIsFoundByItsPortAndOthersAreNot() {
        final List<String> table = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:47F8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1",
                "   1: 0100007F:47F8 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 4343 1",
                "   2: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4444 1");
        assertEquals(Set.of("4242"), ListeningProcess.listening(table, 0x47F8));
        assertEquals(Set.of(), ListeningProcess.listening(table, 18500));
    }

    @Test
    void thisJvmIsTheProcessListeningOnItsOwnSocket() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(ProcessHandle.current().pid(), ListeningProcess.of(socket.getLocalPort()).orElseThrow());
        }
    }
}
