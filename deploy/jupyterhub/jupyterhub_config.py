# JupyterHub for Tandem: sign-in with the gateway's tokens, one notebook server per user with
# the competition data at /home/jovyan/shared/datasets/{Folder}/ and tandem-bench importable.
# Everything that differs between the container and the local end-to-end test comes from the
# environment (see README.md beside this file).
import os
import pwd
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tandem_auth import TandemAuthenticator  # noqa: E402
from tandem_spawner import TandemUserSpawner, lock_down  # noqa: E402

c = get_config()  # noqa: F821 (provided by JupyterHub when it loads this file)
env = os.environ.get

# The data (docs/product.md#datasets): slug (the gateway's /static/{slug}/ folder) -> folder
# name in the hub.
DATASET_FOLDERS = {
    "commerce": "Commerce",
    "insurance": "Insurance",
    "retail-banking": "RetailBanking",
    "manufacturing": "Manufacturing",
    "food": "FoodProduction",
    "healthcare": "Healthcare",
}

state_dir = env("TANDEM_HUB_STATE_DIR", "/srv/jupyterhub")
shared_dir = env("TANDEM_SHARED_DIR", "/home/jovyan/shared")
users_dir = env("TANDEM_HUB_USERS_DIR", "/home/jovyan/users")
runtime_root = env("TANDEM_HUB_RUNTIME_DIR", "/tmp/tjr")
datasets_source = env("TANDEM_DATASETS_SOURCE", "")

# How single-user servers run (README.md, Isolation):
#   per-user  each hub user's server under a uid of its own; the hub runs as root and its cookie
#             secret, database and environment are out of the notebooks' reach. The default,
#             in the image and out of it.
#   shared    every server as the hub's own OS user, which can then read all of the above: only
#             for a hub whose users all trust each other (the loopback end-to-end test uses it),
#             and only when named: a hub started without the variable never falls back to it.
spawner_mode = env("TANDEM_HUB_SPAWNER", "") or "per-user"
if spawner_mode not in ("per-user", "shared"):
    raise SystemExit(f"TANDEM_HUB_SPAWNER must be per-user or shared, not {spawner_mode!r}")
if spawner_mode == "per-user":
    if os.geteuid() != 0:
        raise SystemExit(
            "TANDEM_HUB_SPAWNER=per-user (the default) needs the hub to run as root, to give each"
            " user's notebook a uid of its own. Run it as root, or set TANDEM_HUB_SPAWNER=shared"
            " only if every hub user may read the hub's secrets and each other's files."
        )
    lock_down(state_dir, users_dir, runtime_root)
else:
    print(
        "TANDEM_HUB_SPAWNER=shared: every notebook runs as the hub's own user and can read the"
        " hub's secrets and every other user's files",
        file=sys.stderr,
    )
    os.makedirs(state_dir, mode=0o700, exist_ok=True)
    os.makedirs(users_dir, exist_ok=True)

# --- network: the public proxy, the hub's own API and the proxy's API --------------------------
c.JupyterHub.bind_url = env("TANDEM_HUB_BIND_URL", "http://0.0.0.0:8000")
c.JupyterHub.hub_bind_url = env("TANDEM_HUB_INTERNAL_URL", "http://127.0.0.1:8081")
c.ConfigurableHTTPProxy.api_url = env("TANDEM_HUB_PROXY_API_URL", "http://127.0.0.1:8001")
# CONFIGPROXY_AUTH_TOKEN must be set (else the proxy's token changes at every start).
c.ConfigurableHTTPProxy.should_start = True
# The proxy faces every browser: with the hub as root, it runs as this unprivileged user instead
# (it inherits the hub's environment, CONFIGPROXY_AUTH_TOKEN included, which it needs).
proxy_user = env("TANDEM_HUB_PROXY_USER", "")
if proxy_user and os.geteuid() == 0:
    proxy_account = pwd.getpwnam(proxy_user)
    c.ConfigurableHTTPProxy.command = [
        "setpriv",
        f"--reuid={proxy_account.pw_uid}",
        f"--regid={proxy_account.pw_gid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--",
        "configurable-http-proxy",
    ]

# --- state files: never in the working directory -------------------------------------------
c.JupyterHub.db_url = f"sqlite:///{os.path.join(state_dir, 'jupyterhub.sqlite')}"
c.JupyterHub.cookie_secret_file = os.path.join(state_dir, "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = os.path.join(state_dir, "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = os.path.join(state_dir, "jupyterhub-proxy.pid")

# --- sign-in: only tokens signed by the Tandem gateway ----------------------------------------
c.JupyterHub.authenticator_class = TandemAuthenticator
c.TandemAuthenticator.public_key_file = env("TANDEM_PUBLIC_KEY_FILE", "")
c.TandemAuthenticator.public_key_url = env("TANDEM_PUBLIC_KEY_URL", "")
c.TandemAuthenticator.launch_url = env("TANDEM_LAUNCH_URL", "")
# Seconds the hub waits at start for the gateway to publish its key (compose starts both at once).
c.TandemAuthenticator.public_key_wait = float(env("TANDEM_PUBLIC_KEY_WAIT", "60"))
c.Authenticator.username_pattern = r"^[a-z0-9][a-z0-9-]{0,62}$"
c.Authenticator.admin_users = set(filter(None, env("TANDEM_HUB_ADMINS", "").split(",")))
c.JupyterHub.shutdown_on_logout = False
c.JupyterHub.redirect_to_server = True
c.JupyterHub.cookie_max_age_days = 1

# --- the shared, read-only data ---------------------------------------------------------------
# With TANDEM_DATASETS_SOURCE (the gateway's static folder, mounted read-only), the hub links
# {shared}/datasets/{Folder} -> {source}/{slug}; otherwise {shared}/datasets is used as mounted.
if datasets_source:
    datasets_dir = os.path.join(shared_dir, "datasets")
    os.makedirs(datasets_dir, exist_ok=True)
    os.chmod(datasets_dir, 0o755)
    for slug, folder in DATASET_FOLDERS.items():
        link = os.path.join(datasets_dir, folder)
        if os.path.islink(link):
            os.unlink(link)
        if not os.path.exists(link):
            os.symlink(os.path.join(datasets_source, slug), link)
    # The links' targets are a read-only mount; this keeps the links from being removed by mistake.
    os.chmod(datasets_dir, 0o555)

# --- single-user servers ----------------------------------------------------------------------
if spawner_mode == "per-user":
    c.JupyterHub.spawner_class = TandemUserSpawner
    c.TandemUserSpawner.users_dir = users_dir
    c.TandemUserSpawner.runtime_root = runtime_root
    c.TandemUserSpawner.shared_dir = shared_dir
    c.TandemUserSpawner.first_uid = int(env("TANDEM_HUB_FIRST_UID", "") or "20000")
else:
    # Every server as the hub's own OS user, which no one else should share this hub with.
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(users_dir, "{username}")
c.Spawner.cmd = [env("TANDEM_SINGLEUSER_CMD", "jupyterhub-singleuser")]
c.Spawner.default_url = "/tree"
c.Spawner.http_timeout = 60
c.Spawner.start_timeout = 60
c.Spawner.args = [
    # Kernels talk over Unix sockets, not random TCP ports.
    "--KernelManager.transport=ipc",
    "--NotebookApp.open_browser=False",
]
if spawner_mode == "shared" and os.geteuid() == 0:
    c.Spawner.args.append("--allow-root")


def prepare_user_dir(spawner):
    """Each user's home, with `shared` pointing at the data, and a short runtime dir (IPC)."""
    home = spawner.home_dir
    os.makedirs(home, exist_ok=True)
    link = os.path.join(home, "shared")
    if not os.path.lexists(link):
        os.symlink(shared_dir, link)
    os.makedirs(runtime_dir(spawner), mode=0o700, exist_ok=True)


def runtime_dir(spawner):
    # Kernel sockets live here: Unix socket paths must stay under ~100 characters.
    return os.path.join(runtime_root, spawner.user.name)


if spawner_mode == "shared":
    # TandemUserSpawner prepares the home and runtime folder itself, owned by the user.
    c.Spawner.pre_spawn_hook = prepare_user_dir
c.Spawner.notebook_dir = os.path.join(users_dir, "{username}")
c.Spawner.environment = {
    "TANDEM_API_URL": env("TANDEM_API_URL", "http://localhost:3000"),
    # tandem-bench, installed by path (no pip): the SDK's source folder.
    "PYTHONPATH": env("TANDEM_SDK_PATH", "/opt/tandem/sdk/python"),
    # Debian's notebook 6 (classic); jupyter_server, if ever present, would be picked first.
    "JUPYTERHUB_SINGLEUSER_APP": "notebook.notebookapp.NotebookApp",
    "TANDEM_DATASETS_DIR": os.path.join(shared_dir, "datasets"),
    "JUPYTER_RUNTIME_DIR": runtime_dir,
}
