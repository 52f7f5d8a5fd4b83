"""Run a command as it runs on another kind of x86-64 CPU: the closest this machine can
come to the machines the suite must pass on without having them.

- `no-amx` (the default): an AVX-512 CPU without AMX (AMD's Zen 4 and 5, most Intel
  parts), where the bundled engine runs and its AMX kernels never do. ggml's AMX path asks
  the kernel for the tile state (`arch_prctl(ARCH_REQ_XCOMP_PERM)`) at run time and,
  refused, says "AMX is not ready to be used!" and keeps every weight out of its AMX buffer,
  exactly as there. A seccomp filter refuses that one request for the command and all it
  starts; in a mount namespace of its own (root, or a user namespace) the command also sees
  a /proc/cpuinfo without the AMX flags, so what the app reads of the CPU agrees.
- `amx-withheld`: AMX listed in /proc/cpuinfo but refused (a kernel before 5.16, a VM host
  that withholds the tile state): the refusal alone.
- `avx2`: /proc/cpuinfo without AVX-512 or AMX, so the app judges the bundled engine unable
  to run and takes a build for AVX2 (the test cache's). Code built for AVX-512 would still
  run here, so this rehearses the app's choices and that build's behaviour, not SIGILL.

    python -m tests.support.other_cpu [--cpu avx2] -- .venv/bin/python -m pytest
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import struct
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

_SYS_ARCH_PRCTL = 158  # x86-64
_ARCH_REQ_XCOMP_PERM = 0x1023
_AUDIT_ARCH_X86_64 = 0xC000003E
_EINVAL = 22

# seccomp(2)'s classic-BPF opcodes and return values.
_LD_W_ABS = 0x20
_JEQ_K = 0x15
_RET_K = 0x06
_RET_ALLOW = 0x7FFF0000
_RET_ERRNO = 0x00050000
# struct seccomp_data: nr at 0, arch at 4, args[0] at 16 (its low word on little-endian).
_NR, _ARCH, _ARG0_LOW = 0, 4, 16

_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2

_CLONE_NEWNS = 0x00020000
_CLONE_NEWUSER = 0x10000000
_MS_BIND = 0x1000
_MS_REC = 0x4000
_MS_PRIVATE = 1 << 18

_AMX_FLAGS = ("amx_bf16", "amx_tile", "amx_int8", "amx_fp16", "amx_complex")
_AVX512_PREFIX = "avx512"
CPUS = ("no-amx", "amx-withheld", "avx2")


class NotPossibleHereError(RuntimeError):
    """The kernel refused to let this process pretend to be another CPU."""


def _refuse_amx_filter() -> bytes:
    """BPF: arch_prctl(ARCH_REQ_XCOMP_PERM, ...) fails with EINVAL, as on a CPU without AMX
    (the kernel's own answer there); every other call is allowed."""

    def op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
        return struct.pack("HBBI", code, jt, jf, k)

    return b"".join(
        (
            op(_LD_W_ABS, _ARCH),
            op(_JEQ_K, _AUDIT_ARCH_X86_64, jt=1),
            op(_RET_K, _RET_ALLOW),
            op(_LD_W_ABS, _NR),
            op(_JEQ_K, _SYS_ARCH_PRCTL, jf=3),
            op(_LD_W_ABS, _ARG0_LOW),
            op(_JEQ_K, _ARCH_REQ_XCOMP_PERM, jf=1),
            op(_RET_K, _RET_ERRNO | _EINVAL),
            op(_RET_K, _RET_ALLOW),
        )
    )


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def refuse_amx() -> None:
    """From now on this process and its children are refused AMX's tile state."""
    program = _refuse_amx_filter()
    buffer = ctypes.create_string_buffer(program)
    fprog = struct.pack("HxxxxxxQ", len(program) // 8, ctypes.addressof(buffer))
    fprog_buffer = ctypes.create_string_buffer(fprog)
    libc = _libc()
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise NotPossibleHereError(os.strerror(ctypes.get_errno()))
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, fprog_buffer, 0, 0) != 0:
        raise NotPossibleHereError(os.strerror(ctypes.get_errno()))


def cpuinfo_without(text: str, gone: Callable[[str], bool]) -> str:
    """/proc/cpuinfo's text without the flags `gone` names, on every processor's flag line."""
    lines = []
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() == "flags":
            value = " " + " ".join(f for f in value.split() if not gone(f))
        lines.append(key + sep + value)
    return "\n".join(lines) + "\n"


def hidden_flags(cpu: str) -> Callable[[str], bool]:
    """Which /proc/cpuinfo flags the CPU `cpu` (one of CPUS) does not have."""
    if cpu == "amx-withheld":
        return lambda flag: False
    if cpu == "avx2":
        return lambda flag: flag in _AMX_FLAGS or flag.startswith(_AVX512_PREFIX)
    return lambda flag: flag in _AMX_FLAGS


def hide_flags(gone: Callable[[str], bool]) -> bool:
    """Show this process (and its children) a /proc/cpuinfo without the flags `gone` names,
    in a mount namespace of its own. False where that is not allowed."""
    libc = _libc()
    flags = _CLONE_NEWNS if os.geteuid() == 0 else _CLONE_NEWNS | _CLONE_NEWUSER
    uid, gid = os.geteuid(), os.getegid()
    if libc.unshare(flags) != 0:
        return False
    if flags & _CLONE_NEWUSER:
        Path("/proc/self/setgroups").write_text("deny")
        Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
        Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    if libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None) != 0:
        return False
    text = cpuinfo_without(Path("/proc/cpuinfo").read_text(errors="replace"), gone)
    fake = Path(tempfile.mkdtemp(prefix="cpuinfo-")) / "cpuinfo"
    fake.write_text(text)
    return libc.mount(str(fake).encode(), b"/proc/cpuinfo", None, _MS_BIND, None) == 0


def as_cpu(cpu: str) -> tuple[str, ...]:
    """The words that run a command as `cpu` (one of CPUS)."""
    return (sys.executable, "-m", "tests.support.other_cpu", "--cpu", cpu, "--")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.support.other_cpu")
    parser.add_argument("--cpu", choices=CPUS, default=CPUS[0])
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("a command to run is needed")
    # Both steps speak to the Linux x86-64 kernel (unshare, mount, seccomp).
    if sys.platform != "linux" or platform.machine() not in ("x86_64", "AMD64"):
        print("cannot run as another CPU here: only on Linux on x86-64", file=sys.stderr)
        return 2
    try:
        hidden = args.cpu == "amx-withheld" or hide_flags(hidden_flags(args.cpu))
        refuse_amx()
    except NotPossibleHereError as error:
        print(f"cannot run as another CPU here: {error}", file=sys.stderr)
        return 2
    if not hidden:  # stderr: the command's own output (`studio fit --json`) stays its own
        print(
            "/proc/cpuinfo cannot be changed here (no namespace): AMX only is refused",
            file=sys.stderr,
        )
    os.execvp(command[0], command)
    return 0  # not reached: the command replaced this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
