package dev.csir.gfx.image;

import dev.csir.gfx.Frame;
import dev.csir.gfx.Texture;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/** PNG files in and out: rendered frames to PNG bytes, PNG bytes to textures. */
public final class Png {
    /** PNG signature bytes. */
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** Largest texture side accepted from a file. */
    public static final int MAX_TEXTURE_SIDE = 8192;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Png() {
    }

    /** Thrown when bytes are not a usable PNG image; the message is ready for the user. */
    public static final class PngException extends Exception {
        private static final long serialVersionUID = 1L;

        PngException(String message) {
            super(message);
        }
    }

    /** Encodes a frame (rows top-down) as an 8-bit RGBA PNG. */
    public static byte[] encode(Frame frame) {
        BufferedImage img = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < frame.height(); y++) {
            for (int x = 0; x < frame.width(); x++) {
                int rgba = frame.pixel(x, y);
                img.setRGB(x, y, (rgba & 0xff) << 24 | rgba >>> 8);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new IllegalStateException("PNG encoding failed in memory", e);
        }
        return out.toByteArray();
    }

    /**
     * Decodes a PNG into a texture. The image's top row ends up at t = 1, as OpenGL sees an image
     * uploaded bottom row first.
     */
    public static Texture decodeTexture(byte[] bytes) throws PngException {
        if (bytes.length < SIGNATURE.length || !startsWithSignature(bytes)) {
            throw new PngException("not a PNG file");
        }
        BufferedImage img;
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new PngException("not a PNG file");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                int w = reader.getWidth(0);
                int h = reader.getHeight(0);
                if (w < 1 || h < 1 || w > MAX_TEXTURE_SIDE || h > MAX_TEXTURE_SIDE) {
                    throw new PngException("image is " + w + "x" + h + "; textures must be 1.." + MAX_TEXTURE_SIDE
                            + " on each side");
                }
                img = reader.read(0);
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            throw new PngException("cannot decode the PNG image (" + e.getMessage() + ")");
        }
        int w = img.getWidth();
        int h = img.getHeight();
        byte[] rgba = new byte[w * h * 4];
        for (int y = 0; y < h; y++) {
            int row = h - 1 - y;
            for (int x = 0; x < w; x++) {
                int argb = img.getRGB(x, y);
                int o = (row * w + x) * 4;
                rgba[o] = (byte) (argb >>> 16);
                rgba[o + 1] = (byte) (argb >>> 8);
                rgba[o + 2] = (byte) argb;
                rgba[o + 3] = (byte) (argb >>> 24);
            }
        }
        return new Texture(w, h, rgba);
    }

    private static boolean startsWithSignature(byte[] b) {
        for (int i = 0; i < SIGNATURE.length; i++) {
            if (b[i] != SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }
}
