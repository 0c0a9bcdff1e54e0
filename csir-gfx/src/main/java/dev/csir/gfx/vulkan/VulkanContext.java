package dev.csir.gfx.vulkan;

import static dev.csir.gfx.vulkan.Vk.check;
import static org.lwjgl.vulkan.EXTDebugUtils.*;
import static org.lwjgl.vulkan.EXTProvokingVertex.*;
import static org.lwjgl.vulkan.VK10.*;
import static org.lwjgl.vulkan.VK11.VK_API_VERSION_1_1;
import static org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceFeatures2;

import dev.csir.gfx.GfxException;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VK;
import org.lwjgl.vulkan.VkApplicationInfo;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkCommandBufferAllocateInfo;
import org.lwjgl.vulkan.VkCommandBufferBeginInfo;
import org.lwjgl.vulkan.VkCommandPoolCreateInfo;
import org.lwjgl.vulkan.VkDebugUtilsMessengerCallbackDataEXT;
import org.lwjgl.vulkan.VkDebugUtilsMessengerCallbackEXT;
import org.lwjgl.vulkan.VkDebugUtilsMessengerCreateInfoEXT;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkDeviceCreateInfo;
import org.lwjgl.vulkan.VkDeviceQueueCreateInfo;
import org.lwjgl.vulkan.VkExtensionProperties;
import org.lwjgl.vulkan.VkFenceCreateInfo;
import org.lwjgl.vulkan.VkFormatProperties;
import org.lwjgl.vulkan.VkInstance;
import org.lwjgl.vulkan.VkInstanceCreateInfo;
import org.lwjgl.vulkan.VkLayerProperties;
import org.lwjgl.vulkan.VkPhysicalDevice;
import org.lwjgl.vulkan.VkPhysicalDeviceMemoryProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures2;
import org.lwjgl.vulkan.VkPhysicalDeviceProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceProvokingVertexFeaturesEXT;
import org.lwjgl.vulkan.VkQueue;
import org.lwjgl.vulkan.VkQueueFamilyProperties;
import org.lwjgl.vulkan.VkSubmitInfo;

/**
 * A Vulkan instance (with the Khronos validation layer on request), the physical device it
 * picked, a logical device with one graphics queue, and a command buffer that runs one batch of
 * commands at a time to completion.
 */
final class VulkanContext implements AutoCloseable {
    static final String VALIDATION_LAYER = "VK_LAYER_KHRONOS_validation";

    private final List<String> messages = Collections.synchronizedList(new ArrayList<>());
    private VkInstance instance;
    private VkDebugUtilsMessengerCallbackEXT callback;
    private long messenger;
    private VkPhysicalDevice physical;
    private String deviceName;
    private VulkanLimits limits;
    private VkDevice device;
    private VkQueue queue;
    private long commandPool;
    private VkCommandBuffer commands;
    private long fence;
    private boolean closed;
    private boolean lastVertexProvokes;
    private boolean clipDistances;
    private boolean cubeArrays;
    private final VkPhysicalDeviceMemoryProperties memory = VkPhysicalDeviceMemoryProperties.calloc();

    private VulkanContext() {
    }

    /** Opens the loader, an instance and a device; whatever was made is released on a failure. */
    static VulkanContext open(boolean validation) throws GfxException {
        VulkanContext c = new VulkanContext();
        try {
            loadLoader();
            c.createInstance(validation);
            c.pickPhysicalDevice();
            c.createDevice();
            return c;
        } catch (GfxException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static void loadLoader() throws GfxException {
        try {
            VK.getFunctionProvider();
        } catch (LinkageError | RuntimeException e) {
            throw new VulkanUnavailableException("no Vulkan loader (libvulkan.so.1) could be loaded: " + e.getMessage()
                    + " (apt-get install libvulkan1 mesa-vulkan-drivers)");
        }
    }

    VkDevice device() {
        return device;
    }

    String deviceName() {
        return deviceName;
    }

    VulkanLimits limits() {
        return limits;
    }

    /** Validation messages of severity warning or error so far, each as {@code severity [id] text}. */
    List<String> messages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    private void createInstance(boolean validation) throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            if (validation && !hasLayer(stack, VALIDATION_LAYER)) {
                throw new VulkanUnavailableException("Vulkan validation was requested but " + VALIDATION_LAYER
                        + " is not installed (apt-get install vulkan-validationlayers)");
            }
            VkApplicationInfo app = VkApplicationInfo.calloc(stack).sType$Default()
                    .pApplicationName(stack.UTF8("csir")).pEngineName(stack.UTF8("csir"))
                    .apiVersion(VK_API_VERSION_1_1);
            VkInstanceCreateInfo info = VkInstanceCreateInfo.calloc(stack).sType$Default().pApplicationInfo(app);
            VkDebugUtilsMessengerCreateInfoEXT messengerInfo = null;
            if (validation) {
                info.ppEnabledLayerNames(stack.pointers(stack.UTF8(VALIDATION_LAYER)));
                info.ppEnabledExtensionNames(stack.pointers(stack.UTF8(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)));
                callback = VkDebugUtilsMessengerCallbackEXT.create(this::onMessage);
                messengerInfo = VkDebugUtilsMessengerCreateInfoEXT.calloc(stack).sType$Default()
                        .messageSeverity(VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT
                                | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)
                        .messageType(VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT
                                | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT
                                | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT)
                        .pfnUserCallback(callback);
                // chained, so that instance creation and destruction report too
                info.pNext(messengerInfo.address());
            }
            PointerBuffer p = stack.mallocPointer(1);
            int r = vkCreateInstance(info, null, p);
            if (r == VK_ERROR_INCOMPATIBLE_DRIVER || r == VK_ERROR_INITIALIZATION_FAILED) {
                throw new VulkanUnavailableException("no Vulkan driver is installed (" + Vk.resultName(r)
                        + " from vkCreateInstance; apt-get install mesa-vulkan-drivers for lavapipe)");
            }
            check(r, "vkCreateInstance");
            instance = new VkInstance(p.get(0), info);
            if (validation) {
                LongBuffer m = stack.mallocLong(1);
                check(vkCreateDebugUtilsMessengerEXT(instance, messengerInfo, null, m), "vkCreateDebugUtilsMessengerEXT");
                messenger = m.get(0);
            }
        }
    }

    private static boolean hasLayer(MemoryStack stack, String name) throws GfxException {
        IntBuffer n = stack.mallocInt(1);
        check(vkEnumerateInstanceLayerProperties(n, null), "vkEnumerateInstanceLayerProperties");
        try (VkLayerProperties.Buffer layers = VkLayerProperties.malloc(n.get(0))) {
            check(vkEnumerateInstanceLayerProperties(n, layers), "vkEnumerateInstanceLayerProperties");
            for (VkLayerProperties l : layers) {
                if (l.layerNameString().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private int onMessage(int severity, int types, long data, long user) {
        VkDebugUtilsMessengerCallbackDataEXT d = VkDebugUtilsMessengerCallbackDataEXT.create(data);
        String level = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0 ? "error" : "warning";
        String id = d.pMessageIdNameString();
        messages.add(level + " [" + (id == null ? "" : id) + "] " + d.pMessageString());
        return VK_FALSE;
    }

    /** A real GPU if there is one (discrete first), else any device with a graphics queue (lavapipe). */
    private void pickPhysicalDevice() throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer n = stack.mallocInt(1);
            check(vkEnumeratePhysicalDevices(instance, n, null), "vkEnumeratePhysicalDevices");
            if (n.get(0) == 0) {
                throw new VulkanUnavailableException("no Vulkan driver found a device (apt-get install mesa-vulkan-drivers"
                        + " for lavapipe)");
            }
            PointerBuffer handles = stack.mallocPointer(n.get(0));
            check(vkEnumeratePhysicalDevices(instance, n, handles), "vkEnumeratePhysicalDevices");
            VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
            int bestRank = Integer.MAX_VALUE;
            for (int i = 0; i < handles.capacity(); i++) {
                VkPhysicalDevice pd = new VkPhysicalDevice(handles.get(i), instance);
                if (graphicsQueueFamily(pd) < 0) {
                    continue;
                }
                vkGetPhysicalDeviceProperties(pd, props);
                int rank = switch (props.deviceType()) {
                    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU -> 0;
                    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU -> 1;
                    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU -> 2;
                    case VK_PHYSICAL_DEVICE_TYPE_CPU -> 3;
                    default -> 4;
                };
                if (rank < bestRank) {
                    bestRank = rank;
                    physical = pd;
                    deviceName = props.deviceNameString();
                    limits = VulkanLimits.of(props.limits());
                }
            }
            if (physical == null) {
                throw new VulkanUnavailableException("no Vulkan device has a graphics queue");
            }
            vkGetPhysicalDeviceMemoryProperties(physical, memory);
        }
    }

    private static int graphicsQueueFamily(VkPhysicalDevice pd) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer n = stack.mallocInt(1);
            vkGetPhysicalDeviceQueueFamilyProperties(pd, n, null);
            VkQueueFamilyProperties.Buffer families = VkQueueFamilyProperties.malloc(n.get(0), stack);
            vkGetPhysicalDeviceQueueFamilyProperties(pd, n, families);
            for (int i = 0; i < families.capacity(); i++) {
                if ((families.get(i).queueFlags() & VK_QUEUE_GRAPHICS_BIT) != 0) {
                    return i;
                }
            }
            return -1;
        }
    }

    private void createDevice() throws GfxException {
        int family = graphicsQueueFamily(physical);
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkDeviceQueueCreateInfo.Buffer queues = VkDeviceQueueCreateInfo.calloc(1, stack).sType$Default()
                    .queueFamilyIndex(family).pQueuePriorities(stack.floats(1f));
            VkDeviceCreateInfo info = VkDeviceCreateInfo.calloc(stack).sType$Default().pQueueCreateInfos(queues);
            if (supportsLastVertexProvoking(stack)) {
                // GL's flat varyings take a triangle's last vertex, Vulkan's its first unless asked
                info.ppEnabledExtensionNames(stack.pointers(stack.UTF8(VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME)))
                        .pNext(VkPhysicalDeviceProvokingVertexFeaturesEXT.calloc(stack).sType$Default()
                                .provokingVertexLast(true));
                lastVertexProvokes = true;
            }
            VkPhysicalDeviceFeatures offered = VkPhysicalDeviceFeatures.malloc(stack);
            vkGetPhysicalDeviceFeatures(physical, offered);
            VkPhysicalDeviceFeatures enabled = VkPhysicalDeviceFeatures.calloc(stack);
            if (offered.shaderClipDistance()) {
                // gl_ClipDistance: a module with the ClipDistance capability needs the feature on
                enabled.shaderClipDistance(true);
                clipDistances = true;
            }
            if (offered.imageCubeArray()) {
                // a cube-map array's image view (and SampledCubeArray) need it
                enabled.imageCubeArray(true);
                cubeArrays = true;
            }
            info.pEnabledFeatures(enabled);
            PointerBuffer p = stack.mallocPointer(1);
            check(vkCreateDevice(physical, info, null, p), "vkCreateDevice");
            device = new VkDevice(p.get(0), physical, info);
            vkGetDeviceQueue(device, family, 0, p);
            queue = new VkQueue(p.get(0), device);
            LongBuffer h = stack.mallocLong(1);
            VkCommandPoolCreateInfo pool = VkCommandPoolCreateInfo.calloc(stack).sType$Default()
                    .flags(VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT).queueFamilyIndex(family);
            check(vkCreateCommandPool(device, pool, null, h), "vkCreateCommandPool");
            commandPool = h.get(0);
            VkCommandBufferAllocateInfo alloc = VkCommandBufferAllocateInfo.calloc(stack).sType$Default()
                    .commandPool(commandPool).level(VK_COMMAND_BUFFER_LEVEL_PRIMARY).commandBufferCount(1);
            check(vkAllocateCommandBuffers(device, alloc, p), "vkAllocateCommandBuffers");
            commands = new VkCommandBuffer(p.get(0), device);
            check(vkCreateFence(device, VkFenceCreateInfo.calloc(stack).sType$Default(), null, h), "vkCreateFence");
            fence = h.get(0);
        }
    }

    /** Whether the device offers VK_EXT_provoking_vertex with the last-vertex mode. */
    private boolean supportsLastVertexProvoking(MemoryStack stack) {
        VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
        vkGetPhysicalDeviceProperties(physical, props);
        if (VK_API_VERSION_MINOR(props.apiVersion()) < 1 && VK_API_VERSION_MAJOR(props.apiVersion()) == 1) {
            return false;
        }
        IntBuffer n = stack.mallocInt(1);
        vkEnumerateDeviceExtensionProperties(physical, (String) null, n, null);
        VkExtensionProperties.Buffer extensions = VkExtensionProperties.malloc(n.get(0), stack);
        vkEnumerateDeviceExtensionProperties(physical, (String) null, n, extensions);
        boolean offered = false;
        for (int i = 0; i < extensions.capacity(); i++) {
            offered |= extensions.get(i).extensionNameString().equals(VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
        }
        if (!offered) {
            return false;
        }
        VkPhysicalDeviceProvokingVertexFeaturesEXT provoking =
                VkPhysicalDeviceProvokingVertexFeaturesEXT.calloc(stack).sType$Default();
        VkPhysicalDeviceFeatures2 features = VkPhysicalDeviceFeatures2.calloc(stack).sType$Default().pNext(provoking);
        vkGetPhysicalDeviceFeatures2(physical, features);
        return provoking.provokingVertexLast();
    }

    /** Whether the device was created with shaderClipDistance, which gl_ClipDistance needs. */
    boolean clipDistances() {
        return clipDistances;
    }

    /** Whether the device was created with imageCubeArray, which a cube-map array texture needs. */
    boolean cubeArrays() {
        return cubeArrays;
    }

    /**
     * Whether pipelines can take a triangle's last vertex as the provoking one (GL's rule for
     * flat varyings); without it a flat varying would take the first.
     */
    boolean lastVertexProvokes() {
        return lastVertexProvokes;
    }

    /** The first format of {@code candidates} usable as an optimally tiled image with {@code features}. */
    int supportedFormat(int features, int... candidates) throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkFormatProperties props = VkFormatProperties.malloc(stack);
            for (int f : candidates) {
                vkGetPhysicalDeviceFormatProperties(physical, f, props);
                if ((props.optimalTilingFeatures() & features) == features) {
                    return f;
                }
            }
        }
        throw new GfxException("the Vulkan device supports none of the formats " + java.util.Arrays.toString(candidates));
    }

    /** A memory type index allowed by {@code typeBits} with all of {@code flags}. */
    int memoryType(int typeBits, int flags) throws GfxException {
        for (int i = 0; i < memory.memoryTypeCount(); i++) {
            if ((typeBits & 1 << i) != 0 && (memory.memoryTypes(i).propertyFlags() & flags) == flags) {
                return i;
            }
        }
        throw new GfxException("the Vulkan device has no memory of type flags " + flags);
    }

    /** Records commands into the one command buffer, submits them and waits until they are done. */
    void run(Consumer<VkCommandBuffer> record) throws GfxException {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            check(vkResetCommandBuffer(commands, 0), "vkResetCommandBuffer");
            check(vkBeginCommandBuffer(commands, VkCommandBufferBeginInfo.calloc(stack).sType$Default()
                    .flags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)), "vkBeginCommandBuffer");
            record.accept(commands);
            check(vkEndCommandBuffer(commands), "vkEndCommandBuffer");
            VkSubmitInfo submit = VkSubmitInfo.calloc(stack).sType$Default().pCommandBuffers(stack.pointers(commands));
            check(vkQueueSubmit(queue, submit, fence), "vkQueueSubmit");
            check(vkWaitForFences(device, fence, true, Long.MAX_VALUE), "vkWaitForFences");
            check(vkResetFences(device, fence), "vkResetFences");
        }
    }

    @Override
    public void close() {
        if (device != null) {
            vkDeviceWaitIdle(device);
            if (fence != 0) {
                vkDestroyFence(device, fence, null);
            }
            if (commandPool != 0) {
                vkDestroyCommandPool(device, commandPool, null);
            }
            vkDestroyDevice(device, null);
            device = null;
        }
        if (instance != null) {
            if (messenger != 0) {
                vkDestroyDebugUtilsMessengerEXT(instance, messenger, null);
                messenger = 0;
            }
            vkDestroyInstance(instance, null);
            instance = null;
        }
        if (callback != null) {
            callback.free();
            callback = null;
        }
        if (!closed) {
            memory.free();
            closed = true;
        }
    }
}
