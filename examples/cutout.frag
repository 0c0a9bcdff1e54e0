// A discard cut-out: a checker of holes punched through the texture coordinate grid.
in vec2 texCoord;
out vec4 fragColor;

void main() {
    vec2 cell = floor(texCoord * 6.0);
    if (mod(cell.x + cell.y, 2.0) > 0.5) {
        discard;
    }
    fragColor = vec4(texCoord, 0.6, 1.0);
}
