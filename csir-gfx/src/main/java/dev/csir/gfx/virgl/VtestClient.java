package dev.csir.gfx.virgl;

import static dev.csir.gfx.virgl.VirglProtocol.*;

import dev.csir.gfx.DeviceLostException;
import dev.csir.gfx.GfxException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A vtest client speaking protocol version 0 over a UNIX-domain socket: all data travels through
 * the socket (no shared memory, no fd passing). Every read and write has a deadline. The server
 * answers nothing to a rejected command buffer except closing the connection, so a failure shows
 * at the next read; it becomes a {@link DeviceLostException} carrying the server's log context.
 */
public final class VtestClient implements AutoCloseable {
    private final SocketChannel channel;
    private final Selector selector;
    private final String name;
    private final long timeoutNanos;
    private final Supplier<String> serverContext;
    private ByteBuffer out = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private boolean broken;

    private VtestClient(SocketChannel channel, Selector selector, String name, Duration timeout,
            Supplier<String> serverContext) {
        this.channel = channel;
        this.selector = selector;
        this.name = name;
        this.timeoutNanos = timeout.toNanos();
        this.serverContext = serverContext;
    }

    /**
     * Connects, names the context ({@code CREATE_RENDERER}, which shows in the server's log lines)
     * and asks for protocol version 0.
     *
     * @param serverContext what the server logged for this connection, attached to errors (may
     *        return an empty string)
     */
    public static VtestClient connect(Path socket, String name, Duration timeout, Supplier<String> serverContext)
            throws GfxException {
        SocketChannel ch = null;
        Selector sel = null;
        try {
            ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            ch.connect(UnixDomainSocketAddress.of(socket));
            ch.configureBlocking(false);
            sel = Selector.open();
            ch.register(sel, 0);
        } catch (IOException e) {
            closeQuietly(ch, sel);
            throw new GfxException("cannot connect to the vtest server at " + socket + ": " + e.getMessage(), e);
        }
        VtestClient c = new VtestClient(ch, sel, name, timeout, serverContext);
        try {
            byte[] n = (name + "\0").getBytes(StandardCharsets.UTF_8);
            // CREATE_RENDERER is the one command whose length counts bytes, not dwords; the server
            // reads exactly that many, so nothing pads the name
            c.ensure(8 + n.length);
            c.out.putInt(n.length).putInt(VCMD_CREATE_RENDERER).put(n);
            c.begin(VCMD_PROTOCOL_VERSION, 1).putInt(0);
            c.flush();
            int[] reply = c.readInts(3);
            if (reply[0] != 1 || reply[1] != VCMD_PROTOCOL_VERSION) {
                throw c.lost("unexpected reply to PROTOCOL_VERSION: [" + reply[0] + ", " + reply[1] + "]", null);
            }
            if (reply[2] != 0) {
                throw c.lost("the server chose protocol version " + reply[2] + " instead of 0", null);
            }
            return c;
        } catch (GfxException e) {
            c.close();
            throw e;
        }
    }

    public String name() {
        return name;
    }

    /** False once a read or write failed: the server dropped this connection. */
    public boolean usable() {
        return !broken && channel.isOpen();
    }

    /** RESOURCE_CREATE with a client-chosen handle (non-zero, unique on this connection). */
    public void createResource(int handle, int target, int format, int bind, int width, int height, int depth,
            int arraySize, int lastLevel, int samples) throws GfxException {
        ByteBuffer b = begin(VCMD_RESOURCE_CREATE, 10);
        b.putInt(handle).putInt(target).putInt(format).putInt(bind).putInt(width).putInt(height).putInt(depth)
                .putInt(arraySize).putInt(lastLevel).putInt(samples);
        flush();
    }

    public void unrefResource(int handle) throws GfxException {
        begin(VCMD_RESOURCE_UNREF, 1).putInt(handle);
        flush();
    }

    /** SUBMIT_CMD of the encoder's dwords. It has no reply: follow it with {@link #busyWait}. */
    public void submit(VirglEncoder encoder) throws GfxException {
        submit(encoder.buffer(), encoder.size());
    }

    /**
     * SUBMIT_CMD of {@code count} dwords. The payload goes out in pieces of at most
     * {@value #SUBMIT_PIECE_DWORDS} dwords through the same small buffer, so a command stream of
     * any length an {@code int[]} holds is sent (the server reads the whole message, up to
     * 2^32 - 1 bytes, before it decodes any of it).
     */
    public void submit(int[] dwords, int count) throws GfxException {
        if (count < 0 || count > dwords.length) {
            throw new IllegalArgumentException(count + " of " + dwords.length + " dwords");
        }
        ensure(8);
        out.putInt(count).putInt(VCMD_SUBMIT_CMD);
        int from = 0;
        do {
            int n = Math.min(SUBMIT_PIECE_DWORDS, count - from);
            ensure(n * 4);
            out.asIntBuffer().put(dwords, from, n);
            out.position(out.position() + n * 4);
            flush();
            from += n;
        } while (from < count);
    }

    /** How many dwords of a SUBMIT_CMD {@link #submit} writes at a time. */
    static final int SUBMIT_PIECE_DWORDS = 1 << 14;

    /**
     * RESOURCE_BUSY_WAIT with the WAIT flag: returns once the last submit has executed. This is the
     * round trip that tells whether the server accepted the command buffer.
     */
    public void busyWait(int handle) throws GfxException {
        begin(VCMD_RESOURCE_BUSY_WAIT, 2).putInt(handle).putInt(BUSY_WAIT_FLAG_WAIT);
        flush();
        int[] r = readInts(3);
        if (r[0] != 1 || r[1] != VCMD_RESOURCE_BUSY_WAIT) {
            throw lost("unexpected reply to RESOURCE_BUSY_WAIT: [" + r[0] + ", " + r[1] + "]", null);
        }
    }

    /** TRANSFER_GET of a box of level 0: {@code h} rows of {@code stride} bytes, row 0 = y. */
    public byte[] transferGet(int handle, int stride, int x, int y, int w, int h) throws GfxException {
        int size = stride * h;
        begin(VCMD_TRANSFER_GET, 11).putInt(handle).putInt(0).putInt(stride).putInt(0).putInt(x).putInt(y).putInt(0)
                .putInt(w).putInt(h).putInt(1).putInt(size);
        flush();
        ByteBuffer in = ByteBuffer.allocate(size);
        read(in);
        return in.array();
    }

    /** TRANSFER_PUT of {@code h} rows of {@code stride} bytes into a box of level 0. */
    public void transferPut(int handle, int stride, int x, int y, int w, int h, byte[] data) throws GfxException {
        if (data.length != stride * h) {
            throw new IllegalArgumentException(data.length + " bytes for " + h + " rows of " + stride);
        }
        begin(VCMD_TRANSFER_PUT, 11).putInt(handle).putInt(0).putInt(stride).putInt(0).putInt(x).putInt(y).putInt(0)
                .putInt(w).putInt(h).putInt(1).putInt(data.length);
        ensure(data.length + 4);
        out.put(data);
        flush();
    }

    /** GET_CAPS2: the server's {@code virgl_caps_v2} dwords (dword 0 = max version). */
    public int[] caps() throws GfxException {
        begin(VCMD_GET_CAPS2, 0);
        flush();
        int[] hdr = readInts(2);
        if (hdr[1] != VCMD_GET_CAPS_REPLY || hdr[0] < 1) {
            throw lost("unexpected reply to GET_CAPS2: [" + hdr[0] + ", " + hdr[1] + "]", null);
        }
        // the reply length counts bytes plus one, unlike every other reply
        ByteBuffer in = ByteBuffer.allocate(hdr[0] - 1).order(ByteOrder.LITTLE_ENDIAN);
        read(in);
        in.flip();
        int[] caps = new int[in.remaining() / 4];
        in.asIntBuffer().get(caps);
        return caps;
    }

    private ByteBuffer begin(int cmd, int length) {
        ensure(8 + length * 4);
        return out.putInt(length).putInt(cmd);
    }

    private void ensure(int more) {
        if (out.remaining() < more) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + more))
                    .order(ByteOrder.LITTLE_ENDIAN);
            out.flip();
            bigger.put(out);
            out = bigger;
        }
    }

    private void flush() throws GfxException {
        out.flip();
        try {
            long deadline = System.nanoTime() + timeoutNanos;
            while (out.hasRemaining()) {
                if (channel.write(out) == 0) {
                    await(SelectionKey.OP_WRITE, deadline, "writing");
                }
            }
        } catch (IOException e) {
            throw lost("the server closed the connection while " + name + " was sending (" + e.getMessage() + ")",
                    e);
        } finally {
            out.clear();
        }
    }

    private int[] readInts(int n) throws GfxException {
        ByteBuffer in = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
        read(in);
        in.flip();
        int[] r = new int[n];
        in.asIntBuffer().get(r);
        return r;
    }

    private void read(ByteBuffer in) throws GfxException {
        int want = in.remaining();
        try {
            long deadline = System.nanoTime() + timeoutNanos;
            while (in.hasRemaining()) {
                int got = channel.read(in);
                if (got < 0) {
                    throw lost("the server closed the connection (after " + (want - in.remaining()) + " of " + want
                            + " bytes of a reply)", null);
                }
                if (got == 0) {
                    await(SelectionKey.OP_READ, deadline, "waiting for a reply");
                }
            }
        } catch (IOException e) {
            throw lost("the server reset the connection (" + e.getMessage() + ")", e);
        }
    }

    private void await(int op, long deadline, String what) throws IOException, GfxException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw lost("timed out " + what + " after " + timeoutNanos / 1_000_000 + " ms", null);
        }
        SelectionKey key = channel.keyFor(selector);
        key.interestOps(op);
        selector.select(Math.max(1, left / 1_000_000));
        selector.selectedKeys().clear();
    }

    private DeviceLostException lost(String what, Throwable cause) {
        broken = true;
        String ctx = serverContext.get();
        String msg = "vtest connection '" + name + "': " + what
                + (ctx == null || ctx.isBlank() ? "" : "\nserver log:\n" + ctx.strip());
        return new DeviceLostException(msg, cause);
    }

    @Override
    public void close() {
        closeQuietly(channel, selector);
    }

    private static void closeQuietly(SocketChannel ch, Selector sel) {
        try {
            if (sel != null) {
                sel.close();
            }
        } catch (IOException ignored) {
            // closing is best effort
        }
        try {
            if (ch != null) {
                ch.close();
            }
        } catch (IOException ignored) {
            // closing is best effort
        }
    }
}
