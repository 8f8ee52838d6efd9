import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A software authenticator for API tests: an ES256 (P-256) key made with node:crypto,
// registration with attestation 'none' and assertions built as the WebAuthn spec lays
// them out (authenticator data, clientDataJSON, signature over authData ‖ SHA-256(clientData)).

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string) => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface ClientOptions {
  /** The origin the "browser" puts in clientDataJSON. */
  origin: string;
  /** Whether the authenticator verified the user (PIN, biometrics). */
  userVerified?: boolean;
  /** Overrides the signature counter sent (a clone replays an old one). */
  counter?: number;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter, moved forward on each assertion like a hardware key's. */
  counter = 0;
  /** The user handle (user.id in the registration options), kept like a discoverable credential. */
  userHandle = '';

  constructor(readonly rpId: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** Answers navigator.credentials.create() options (only `challenge` and `user.id` are read). */
  register(options: Record<string, unknown>, client: ClientOptions) {
    const challenge = String(options.challenge);
    this.userHandle = String((options.user as { id: string }).id);
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authData(FLAG_UP | FLAG_UV | FLAG_AT, 0),
      Buffer.alloc(16), // aaguid: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge, origin: client.origin, crossOrigin: false });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(Buffer.from(clientDataJSON)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** Answers navigator.credentials.get() options (only `challenge` is read). */
  assert(options: Record<string, unknown>, client: ClientOptions) {
    const challenge = String(options.challenge);
    this.counter += 1;
    const counter = client.counter ?? this.counter;
    const authData = this.authData(FLAG_UP | (client.userVerified === false ? 0 : FLAG_UV), counter);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: client.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  private authData(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count]);
  }
}
