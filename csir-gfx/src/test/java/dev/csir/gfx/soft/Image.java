package dev.csir.gfx.soft;

/** A read-back RGBA8 image (row 0 = top) with pixel access for assertions. */
record Image(int width, int height, byte[] rgba) {

    static Image of(SoftwareRenderer r) {
        return new Image(r.width(), r.height(), r.readTopDown());
    }

    /** Channel c (0 = R .. 3 = A) of the pixel at column x, image row y (0 = top). */
    int channel(int x, int y, int c) {
        return rgba[(y * width + x) * 4 + c] & 0xff;
    }

    int red(int x, int y) {
        return channel(x, y, 0);
    }

    /** Image rows as text, '#' where red > 127. */
    String coverage() {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                sb.append(red(x, y) > 127 ? '#' : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    long count(char c) {
        return coverage().chars().filter(ch -> ch == c).count();
    }
}
