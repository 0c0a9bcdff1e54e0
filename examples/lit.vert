#version 330 core
// A lit, transformed mesh: world-space normal and position go to the fragment stage.
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 normal;

uniform mat4 model;
uniform mat4 view;
uniform mat4 projection;

out vec3 worldNormal;
out vec3 worldPos;

void main() {
    vec4 world = model * position;
    worldPos = world.xyz;
    worldNormal = (model * vec4(normal.xyz, 0.0)).xyz;
    gl_Position = projection * view * world;
}
