"""Per-user notebook servers for the Tandem hub (TANDEM_HUB_SPAWNER=per-user).

JupyterHub's LocalProcessSpawner starts each user's server as that user's Unix account. Tandem's
hub users come and go with the gateway's tokens, so there are no accounts to map them to; this
spawner gives each hub user a uid of its own instead, and the users volume is the record of it:
a user's uid is whoever owns their home folder (`{users_dir}/{name}`). It survives restarts and
image rebuilds, needs no /etc/passwd to keep in step, and a new user gets a uid above every one
in use, so no two users ever share one.

The hub runs as root to do this. Each server then runs with that uid and an equal gid, no
supplementary groups, no capabilities and umask 077, in a home only it can open, with kernel
sockets in a runtime folder only it can open. The hub's own files (cookie secret, database, pid
files) stay root's, in a folder only root can open (`lock_down`); `CONFIGPROXY_AUTH_TOKEN` and
the rest of the hub's environment stay out of the servers' environment (JupyterHub's env_keep)
and, since the servers run as other users, out of reach in /proc too.

Works with Debian's jupyterhub 3.0 (and later releases).
"""

import os
import shutil
import stat

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Integer, Unicode

# Well above the image's own accounts (jovyan is 1000) and below nobody (65534).
FIRST_UID = 20000
LAST_UID = 59999


def lock_down(state_dir, users_dir, runtime_root):
    """The hub's folders, as the per-user mode needs them; run at every start, as root.

    state_dir: root's alone (0700), and every file directly in it root's (the cookie secret,
    the database, pid files; a volume from an earlier version had them owned by uid 1000).
    users_dir and runtime_root: root's, searchable but not listable (0711), so a user reaches
    only their own folder inside and cannot plant one named after someone else.
    """
    for path, mode in ((state_dir, 0o700), (users_dir, 0o711), (runtime_root, 0o711)):
        os.makedirs(path, exist_ok=True)
        os.chown(path, 0, 0)
        os.chmod(path, mode)
    for entry in os.scandir(state_dir):
        os.chown(entry.path, 0, 0, follow_symlinks=False)
        if entry.is_file(follow_symlinks=False):
            os.chmod(entry.path, 0o600)
    # Homes not (yet) owned by a uid of ours, e.g. from the shared mode (uid 1000, mode 0755):
    # closed to everyone until their user's next start hands them over (prepare_user).
    for entry in os.scandir(users_dir):
        if entry.is_dir(follow_symlinks=False):
            if not FIRST_UID <= entry.stat(follow_symlinks=False).st_uid <= LAST_UID:
                os.chmod(entry.path, 0o700)


def uid_for(users_dir, name, first_uid=FIRST_UID, last_uid=LAST_UID):
    """The uid of `name`: the owner of their home if it is one of ours, else a new one."""
    try:
        owner = os.lstat(os.path.join(users_dir, name)).st_uid
        if first_uid <= owner <= last_uid:
            return owner
    except FileNotFoundError:
        pass
    highest = first_uid - 1
    for entry in os.scandir(users_dir):
        if entry.name == name:
            continue
        try:
            owner = entry.stat(follow_symlinks=False).st_uid
        except FileNotFoundError:
            continue
        if first_uid <= owner <= last_uid:
            highest = max(highest, owner)
    if highest >= last_uid:
        raise RuntimeError(f"no uid left in {first_uid}-{last_uid} for {name}")
    return highest + 1


def _chown_tree(path, uid, gid):
    """chown -R that never follows a link (the tree is the user's: links may point anywhere)."""
    os.chown(path, uid, gid, follow_symlinks=False)
    for root, dirs, files in os.walk(path, followlinks=False):
        for entry in dirs + files:
            os.chown(os.path.join(root, entry), uid, gid, follow_symlinks=False)


def _private_dir(path, uid):
    """A folder at `path` that is `uid`'s alone; anything else found there is replaced."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and (not stat.S_ISDIR(info.st_mode) or info.st_uid != uid):
        if stat.S_ISDIR(info.st_mode):
            shutil.rmtree(path)
        else:
            os.unlink(path)
        info = None
    if info is None:
        os.mkdir(path, 0o700)
        os.chown(path, uid, uid)
    os.chmod(path, 0o700)


def prepare_user(users_dir, runtime_root, shared_dir, name, first_uid=FIRST_UID):
    """The user's uid, home (with `shared` pointing at the data) and kernel runtime folder.

    Synchronous on purpose: between choosing a uid and owning the home with it there is no
    await, so two spawns on the hub's event loop cannot take the same uid.
    """
    uid = uid_for(users_dir, name, first_uid)
    home = os.path.join(users_dir, name)
    info = os.lstat(home) if os.path.lexists(home) else None
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise RuntimeError(f"{home} is not a folder")
    if info is None:
        os.mkdir(home, 0o700)
        os.chown(home, uid, uid)
    elif info.st_uid != uid:
        # A home from the shared mode (uid 1000) or restored from a backup: make it the user's.
        _chown_tree(home, uid, uid)
    os.chmod(home, 0o700)
    link = os.path.join(home, "shared")
    if not os.path.lexists(link):
        os.symlink(shared_dir, link)
        os.chown(link, uid, uid, follow_symlinks=False)
    _private_dir(os.path.join(runtime_root, name), uid)
    return uid


class TandemUserSpawner(LocalProcessSpawner):
    """One local process per hub user, under a uid of its own (see the module's docstring)."""

    users_dir = Unicode(config=True, help="Folder of the users' homes: {users_dir}/{name}.")
    runtime_root = Unicode(config=True, help="Folder of the users' kernel runtime folders.")
    shared_dir = Unicode(config=True, help="What each home's `shared` link points at.")
    first_uid = Integer(FIRST_UID, config=True, help="Lowest uid given to a hub user.")

    uid = Integer(0, help="The uid this user's server runs as (set at start).")

    @property
    def home_dir(self):
        return os.path.join(self.users_dir, self.user.name)

    def make_preexec_fn(self, name):
        uid = self.uid
        home = self.home_dir
        if uid < self.first_uid:
            raise RuntimeError(f"refusing to start {name}'s server as uid {uid}")

        def preexec():
            # Runs in the child between fork and exec: groups first, then gid, then uid (after
            # which nothing can be changed back); the kernel drops every capability with root.
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            os.umask(0o077)
            os.chdir(home)

        return preexec

    def user_env(self, env):
        env["USER"] = self.user.name
        env["LOGNAME"] = self.user.name
        env["HOME"] = self.home_dir
        env["SHELL"] = "/bin/bash"
        return env

    async def move_certs(self, paths):
        # Only with internal_ssl, which this hub does not use; the parent needs a passwd entry.
        raise NotImplementedError("internal_ssl is not supported by TandemUserSpawner")

    async def start(self):
        self.uid = prepare_user(
            self.users_dir, self.runtime_root, self.shared_dir, self.user.name, self.first_uid
        )
        return await super().start()
