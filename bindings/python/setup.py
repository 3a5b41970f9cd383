"""Builds the habitflow wheel with libhabitflow.so inside it, so `import habitflow` needs no
environment variable and no Swift toolchain (the library carries its Swift runtime).

The library comes from $HABITFLOW_SO when set (scripts/build-lib sets it), else from this
checkout's `.build-release/dist` — built there by scripts/build-lib when missing.
"""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def say(message: str) -> None:
    """Tells the person installing: pip shows a build's output only with -v, so the message
    also goes to the terminal, when there is one."""
    print(message, file=sys.stderr, flush=True)
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(message + "\n")
    except OSError:
        pass


def shipped_library() -> Path:
    given = os.environ.get("HABITFLOW_SO")
    if given:
        say("habitflow: bundling %s ($HABITFLOW_SO)" % given)
        return Path(given).resolve()
    lib = REPO / ".build-release" / "dist" / "lib" / "libhabitflow.so"
    if lib.exists():
        say("habitflow: bundling %s, which this checkout built (scripts/build-lib)" % lib.resolve())
        return lib.resolve()
    build_lib = REPO / "scripts" / "build-lib"
    if not build_lib.exists():
        sys.exit("habitflow: no libhabitflow.so to bundle: set HABITFLOW_SO, or install the prebuilt wheel")
    say("habitflow: building libhabitflow.so from this checkout with the Swift toolchain "
        "(scripts/build-lib %s, a release build: about 8 minutes on 2 cores, once) — the package "
        "bundles the engine's library and this checkout has none built yet. To skip it: "
        "pip install the wheel scripts/build-lib writes, or set HABITFLOW_SO to a built library."
        % lib.parent.parent)
    env = dict(os.environ, HABITFLOW_NO_WHEEL="1", HABITFLOW_NO_SERVER="1")  # only the library is needed
    subprocess.run([str(build_lib), str(lib.parent.parent)], check=True, env=env, stdout=sys.stderr)
    return lib.resolve()


class BuildPyWithLibrary(build_py):
    """Copies the shipped library into the package it loads from (`habitflow/_ffi.py`)."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "habitflow" / "libhabitflow.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shipped_library(), target)
        target.chmod(0o755)


commands = {"build_py": BuildPyWithLibrary}
try:
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        """Any Python 3, no Python ABI (ctypes only), this platform: the library is native."""

        def finalize_options(self) -> None:
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):  # type: ignore[no-untyped-def]
            return "py3", "none", sysconfig.get_platform().replace("-", "_").replace(".", "_")

    commands["bdist_wheel"] = PlatformWheel
except ImportError:  # no wheel package: an sdist or a legacy install needs no tag
    pass

class NativeDistribution(Distribution):
    """A native library inside: platlib, so auditwheel can make the wheel manylinux."""

    def has_ext_modules(self) -> bool:
        return True


def header_version() -> str:
    """The version, from the one place it is set: include/habitflow.h's HF_VERSION."""
    header = REPO / "include" / "habitflow.h"
    match = re.search(r'^#define HF_VERSION +"([0-9]+\.[0-9]+\.[0-9]+)"', header.read_text(), re.M)
    if not match:
        sys.exit("habitflow: %s sets no HF_VERSION" % header)
    return match.group(1)


setup(version=header_version(), cmdclass=commands, distclass=NativeDistribution, package_data={"habitflow": ["py.typed", "libhabitflow.so"]})
