package dev.csir.gfx.virgl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The bytes {@link VtestClient} puts on the socket, read by a fake server (no virglrenderer needed). */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class VtestClientTest {

    private static ByteBuffer readFully(SocketChannel ch, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new IOException("EOF after " + b.position() + " of " + n + " bytes");
            }
        }
        return b.flip();
    }

    @Test
    void aSubmitLongerThanOnePieceArrivesAsOneMessageWithEveryDwordInOrder(@TempDir Path dir) throws Exception {
        int count = 3 * VtestClient.SUBMIT_PIECE_DWORDS + 5;
        int[] dwords = new int[count + 7]; // only the first count go out
        for (int i = 0; i < dwords.length; i++) {
            dwords[i] = i * 0x9E3779B1;
        }
        Path sock = dir.resolve("fake.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(sock));
            CompletableFuture<int[][]> got = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel ch = server.accept()) {
                    int nameBytes = readFully(ch, 8).getInt();
                    readFully(ch, nameBytes);
                    readFully(ch, 12); // PROTOCOL_VERSION [1, 11, 0]
                    ByteBuffer reply = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(1)
                            .putInt(VirglProtocol.VCMD_PROTOCOL_VERSION).putInt(0).flip();
                    while (reply.hasRemaining()) {
                        ch.write(reply);
                    }
                    int[][] messages = new int[2][];
                    for (int m = 0; m < 2; m++) {
                        ByteBuffer hdr = readFully(ch, 8);
                        int len = hdr.getInt();
                        int cmd = hdr.getInt();
                        ByteBuffer body = readFully(ch, len * 4);
                        int[] msg = new int[len + 1];
                        msg[0] = cmd;
                        body.asIntBuffer().get(msg, 1, len);
                        messages[m] = msg;
                    }
                    return messages;
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            try (VtestClient c = VtestClient.connect(sock, "fake", Duration.ofSeconds(10), () -> "")) {
                c.submit(dwords, count);
                c.submit(dwords, 0);
                int[][] m = got.get(20, TimeUnit.SECONDS);
                assertThat(m[0][0]).isEqualTo(VirglProtocol.VCMD_SUBMIT_CMD);
                assertThat(m[0]).hasSize(count + 1);
                assertThat(java.util.Arrays.copyOfRange(m[0], 1, count + 1))
                        .isEqualTo(java.util.Arrays.copyOf(dwords, count));
                assertThat(m[1]).as("an empty submit is just its header").containsExactly(VirglProtocol.VCMD_SUBMIT_CMD);
            }
        }
    }
}
