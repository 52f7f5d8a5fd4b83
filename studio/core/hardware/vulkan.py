"""The per-tensor limit of each Vulkan device, as its driver states it.

A Vulkan shader binds a weight as one storage buffer, so ggml's Vulkan backend refuses an op
whose tensor is larger than the device's `maxStorageBufferRange` or its largest buffer
(`maxBufferSize` with maintenance4, else `maxMemoryAllocationSize`). llama.cpp then keeps
that weight on the host: Mesa's lavapipe allows 128 MiB, so a 170 MiB tied embedding stays
in host memory although its layer is "offloaded"; desktop drivers allow 4 GiB. The engine
does not print these limits, so they are read from the Vulkan loader itself (no extra
package: ctypes over libvulkan), and the estimator keeps any larger tensor off the device.
Tests prove the rule against what the engine allocates on lavapipe.

Blocking (creates a Vulkan instance, tens of milliseconds); never raises: a machine without
a Vulkan loader has no limits to report.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)

_APPLICATION_INFO = 0
_INSTANCE_CREATE_INFO = 1
_PROPERTIES_2 = 1000059001
_MAINTENANCE_3 = 1000168000
_MAINTENANCE_4 = 1000413001
_API_1_2 = (1 << 22) | (2 << 12)
_API_1_3 = (1 << 22) | (3 << 12)
# VkPhysicalDeviceProperties: apiVersion at 0, deviceName at 20 (256 bytes), limits at 296
# (8-aligned after the 16-byte pipeline cache UUID), maxStorageBufferRange the 8th uint32.
_NAME_AT, _NAME_LENGTH = 20, 256
_STORAGE_RANGE_AT = 296 + 7 * 4
_PROPERTIES_SIZE = 1024  # VkPhysicalDeviceProperties is 824 bytes


class _ApplicationInfo(ctypes.Structure):
    _fields_ = (
        ("sType", ctypes.c_int32),
        ("pNext", ctypes.c_void_p),
        ("pApplicationName", ctypes.c_char_p),
        ("applicationVersion", ctypes.c_uint32),
        ("pEngineName", ctypes.c_char_p),
        ("engineVersion", ctypes.c_uint32),
        ("apiVersion", ctypes.c_uint32),
    )


class _InstanceCreateInfo(ctypes.Structure):
    _fields_ = (
        ("sType", ctypes.c_int32),
        ("pNext", ctypes.c_void_p),
        ("flags", ctypes.c_uint32),
        ("pApplicationInfo", ctypes.POINTER(_ApplicationInfo)),
        ("enabledLayerCount", ctypes.c_uint32),
        ("ppEnabledLayerNames", ctypes.c_void_p),
        ("enabledExtensionCount", ctypes.c_uint32),
        ("ppEnabledExtensionNames", ctypes.c_void_p),
    )


class _Maintenance3(ctypes.Structure):
    _fields_ = (
        ("sType", ctypes.c_int32),
        ("pNext", ctypes.c_void_p),
        ("maxPerSetDescriptors", ctypes.c_uint32),
        ("maxMemoryAllocationSize", ctypes.c_uint64),
    )


class _Maintenance4(ctypes.Structure):
    _fields_ = (
        ("sType", ctypes.c_int32),
        ("pNext", ctypes.c_void_p),
        ("maxBufferSize", ctypes.c_uint64),
    )


class _Properties2(ctypes.Structure):
    _fields_ = (
        ("sType", ctypes.c_int32),
        ("pNext", ctypes.c_void_p),
        ("properties", ctypes.c_ubyte * _PROPERTIES_SIZE),
    )


@dataclass(frozen=True)
class VulkanLimit:
    """The largest tensor one Vulkan device takes, by the name the engine shows for it."""

    name: str
    max_tensor_bytes: int


def vulkan_limits(library: str | None = None) -> tuple[VulkanLimit, ...]:
    """Every physical device the loader lists, with its per-tensor limit; () without one."""
    path = library or ctypes.util.find_library("vulkan") or "libvulkan.so.1"
    try:
        vulkan = ctypes.CDLL(path)
    except OSError:
        return ()
    try:
        return _read(vulkan)
    except (OSError, AttributeError, ValueError) as error:
        log.info("could not read the Vulkan devices' limits: %s", error)
        return ()


def _read(vulkan: ctypes.CDLL) -> tuple[VulkanLimit, ...]:
    app = _ApplicationInfo(_APPLICATION_INFO, None, b"gguf-studio", 1, b"gguf-studio", 1, _API_1_2)
    info = _InstanceCreateInfo(
        _INSTANCE_CREATE_INFO, None, 0, ctypes.pointer(app), 0, None, 0, None
    )
    instance = ctypes.c_void_p()
    if vulkan.vkCreateInstance(ctypes.byref(info), None, ctypes.byref(instance)) != 0:
        return ()
    try:
        count = ctypes.c_uint32()
        vulkan.vkEnumeratePhysicalDevices(instance, ctypes.byref(count), None)
        handles = (ctypes.c_void_p * count.value)()
        vulkan.vkEnumeratePhysicalDevices(instance, ctypes.byref(count), handles)
        return tuple(_limit(vulkan, handle) for handle in handles[: count.value])
    finally:
        vulkan.vkDestroyInstance(instance, None)


def _limit(vulkan: ctypes.CDLL, device: int | None) -> VulkanLimit:
    plain = (ctypes.c_ubyte * _PROPERTIES_SIZE)()
    vulkan.vkGetPhysicalDeviceProperties(ctypes.c_void_p(device), plain)
    api = int.from_bytes(bytes(plain[0:4]), "little")
    maintenance4 = _Maintenance4(_MAINTENANCE_4, None, 0)
    maintenance3 = _Maintenance3(
        _MAINTENANCE_3, ctypes.addressof(maintenance4) if api >= _API_1_3 else None, 0, 0
    )
    properties = _Properties2(_PROPERTIES_2, ctypes.addressof(maintenance3))
    vulkan.vkGetPhysicalDeviceProperties2(ctypes.c_void_p(device), ctypes.byref(properties))
    raw = bytes(properties.properties)
    name = raw[_NAME_AT : _NAME_AT + _NAME_LENGTH].split(b"\0", 1)[0].decode(errors="replace")
    storage_range = int.from_bytes(raw[_STORAGE_RANGE_AT : _STORAGE_RANGE_AT + 4], "little")
    # As ggml-vulkan: the largest buffer is maxBufferSize where maintenance4 states it.
    largest = maintenance4.maxBufferSize or maintenance3.maxMemoryAllocationSize
    limits = [v for v in (storage_range, largest) if v > 0]
    return VulkanLimit(name, min(limits) if limits else 0)
