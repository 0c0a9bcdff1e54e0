// A textured mesh: passes the texture coordinate through; positions go through model/view/projection.
layout(location = 0) in vec4 position;
layout(location = 2) in vec2 uv;

uniform mat4 model;
uniform mat4 view;
uniform mat4 projection;

out vec2 texCoord;

void main() {
    texCoord = uv;
    gl_Position = projection * view * model * position;
}
