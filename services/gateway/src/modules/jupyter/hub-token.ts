import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomUUID,
  sign,
} from "node:crypto";

/** Long enough to open a new tab on a slow machine; short enough that a leaked link is useless. */
export const HUB_TOKEN_TTL_SECONDS = 120;
export const HUB_TOKEN_ISSUER = "tandem";
export const HUB_TOKEN_AUDIENCE = "jupyterhub";

export interface HubTokenSubject {
  userId: string;
  username: string;
  email: string;
  /**
   * Null for an organizer in no team: admins launch the hub, team or not
   * (docs/product.md#roles-and-permissions).
   */
  teamId: string | null;
  teamName: string | null;
}

export interface HubTokenSigner {
  /** Public half in SPKI PEM, for the hub: it can verify tokens but never mint one. */
  publicKeyPem: string;
  /** Key id in every token's header (a fingerprint of the public key), for rotation. */
  keyId: string;
  sign(subject: HubTokenSubject, now?: Date): { token: string; expiresAt: Date };
}

/** Parses a PEM Ed25519 private key; throws a message fit for a configuration error. */
export function parseSigningKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error("not a PEM private key");
  }
  if (key.asymmetricKeyType !== "ed25519") {
    throw new Error(`must be an Ed25519 key, not ${key.asymmetricKeyType ?? "unknown"}`);
  }
  return key;
}

/**
 * The JupyterHub user name for a Tandem user: lowercase letters, digits and dashes (safe in
 * `/user/{name}/` and as a directory name), stable for the account, unique through the id.
 */
export function hubUsername(user: { id: string; username: string; email: string }): string {
  const readable = slug(user.username) || slug(user.email.split("@")[0] ?? "") || "user";
  return `${readable.slice(0, 24).replace(/-+$/, "")}-${user.id.replace(/-/g, "").slice(0, 8)}`;
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** EdDSA (Ed25519) JWTs signed with Node's own crypto; the hub verifies them with PyJWT. */
export function createHubTokenSigner(privateKeyPem: string): HubTokenSigner {
  const privateKey = parseSigningKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const keyId = createHash("sha256")
    .update(publicKey.export({ type: "spki", format: "der" }))
    .digest("base64url")
    .slice(0, 16);
  const header = base64url(JSON.stringify({ alg: "EdDSA", typ: "JWT", kid: keyId }));

  return {
    publicKeyPem,
    keyId,
    sign(subject, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + HUB_TOKEN_TTL_SECONDS;
      const claims = {
        iss: HUB_TOKEN_ISSUER,
        aud: HUB_TOKEN_AUDIENCE,
        sub: hubUsername({ id: subject.userId, username: subject.username, email: subject.email }),
        name: subject.username,
        email: subject.email,
        tandem_user_id: subject.userId,
        team: subject.teamId,
        team_name: subject.teamName,
        iat,
        nbf: iat,
        exp,
        // The hub remembers spent ids until they expire: each link signs in once.
        jti: randomUUID(),
      };
      const input = `${header}.${base64url(JSON.stringify(claims))}`;
      const signature = sign(null, Buffer.from(input), privateKey);
      return { token: `${input}.${base64url(signature)}`, expiresAt: new Date(exp * 1000) };
    },
  };
}
