// Draws the mesh as given, in clip space (use with --mesh quad).
layout(location = 0) in vec4 position;
layout(location = 2) in vec2 uv;
out vec2 texCoord;

void main() {
    texCoord = uv;
    gl_Position = position;
}
