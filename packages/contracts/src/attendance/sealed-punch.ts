import { z } from 'zod';
import { message } from '../messages/message-format.ts';

/**
 * An offline kiosk's sealed punch: ECIES over WebCrypto (browsers and Node both have it). The kiosk makes an
 * ephemeral ECDH P-256 key, agrees a secret with the server's public key, derives an AES-256-GCM key with
 * HKDF-SHA-256 and encrypts the identification and action. The command id, device time and clock offset are
 * the AES-GCM additional data: a sealed item cannot be moved to another command id (a second punch) or
 * another time without failing to open.
 */
export const SEALED_PUNCH_VERSION = 1;
const HKDF_INFO = new TextEncoder().encode('ams offline punch v1');

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, message('notBase64url'));
export const sealedPunchSchema = z.object({
  v: z.literal(SEALED_PUNCH_VERSION),
  /** The kiosk's ephemeral public key, raw uncompressed P-256 point. */
  epk: base64url.max(100),
  iv: base64url.max(20),
  /** A face burst is the largest content: up to 6 frames of 120 KiB in base64, under the 1 MiB body limit. */
  ct: base64url.max(1_000_000),
});
export type SealedPunch = z.infer<typeof sealedPunchSchema>;

/** The server's public sealing key as a JWK (kty EC, crv P-256). */
export const sealingKeySchema = z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: base64url, y: base64url });
export type SealingKey = z.infer<typeof sealingKeySchema>;

/** What the outer, readable fields bind the seal to. */
export interface SealBinding {
  commandId: string;
  deviceTime: string;
  clockOffsetMs: number;
}

const subtle = () => globalThis.crypto.subtle;
/** WebCrypto's key type, as both Node's and the DOM's typings know it. */
export type WebCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
const encoder = new TextEncoder();
const additionalData = (binding: SealBinding) => encoder.encode(`${binding.commandId}|${binding.deviceTime}|${binding.clockOffsetMs}`);

function toBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

async function contentKey(
  privateKey: WebCryptoKey,
  publicKey: WebCryptoKey,
  ephemeralRaw: Uint8Array<ArrayBuffer>,
  usage: 'encrypt' | 'decrypt',
): Promise<WebCryptoKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const hkdfKey = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: ephemeralRaw, info: HKDF_INFO }, hkdfKey, { name: 'AES-GCM', length: 256 }, false, [usage]);
}

/** Seals the identification and action for the server whose public key this is. */
export async function sealPunch(serverKey: SealingKey, binding: SealBinding, content: unknown): Promise<SealedPunch> {
  const server = await subtle().importKey('jwk', { ...serverKey, ext: true }, ECDH, false, []);
  const ephemeral = await subtle().generateKey(ECDH, false, ['deriveBits']);
  const ephemeralRaw = new Uint8Array(await subtle().exportKey('raw', ephemeral.publicKey));
  const key = await contentKey(ephemeral.privateKey, server, ephemeralRaw, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(binding) }, key, encoder.encode(JSON.stringify(content)));
  return { v: SEALED_PUNCH_VERSION, epk: toBase64url(ephemeralRaw), iv: toBase64url(iv), ct: toBase64url(ct) };
}

/**
 * Opens a sealed punch with the server's private key (an ECDH WebCryptoKey); null when it does not open: another
 * key, changed bytes, or outer fields other than those it was sealed with.
 */
export async function openSealedPunch(serverPrivateKey: WebCryptoKey, binding: SealBinding, sealed: SealedPunch): Promise<unknown> {
  try {
    const ephemeralRaw = fromBase64url(sealed.epk);
    const ephemeral = await subtle().importKey('raw', ephemeralRaw, ECDH, false, []);
    const key = await contentKey(serverPrivateKey, ephemeral, ephemeralRaw, 'decrypt');
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: fromBase64url(sealed.iv), additionalData: additionalData(binding) },
      key,
      fromBase64url(sealed.ct),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  } catch {
    return null;
  }
}
