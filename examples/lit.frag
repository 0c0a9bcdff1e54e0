#version 330 core
// Diffuse lighting from one point light, plus an ambient term.
in vec3 worldNormal;
in vec3 worldPos;

const vec3 lightPosition = vec3(2.0, 3.0, 4.0);
const vec3 baseColor = vec3(0.9, 0.5, 0.2);

out vec4 fragColor;

void main() {
    vec3 n = normalize(worldNormal);
    vec3 l = normalize(lightPosition - worldPos);
    float diffuse = max(dot(n, l), 0.0);
    vec3 rgb = baseColor * (0.15 + 0.85 * diffuse);
    fragColor = vec4(rgb, 1.0);
}
