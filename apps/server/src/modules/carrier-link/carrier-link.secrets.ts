import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CARRIER_LINK_MSG } from '@portal/contracts';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/errors/app-error';

/**
 * The carrier secrets at rest (docs/carrier-link.md "Secrets"): the client secret or API key the portal
 * sends is encrypted with AES-256-GCM (node:crypto) under SECRETS_KEY (32 bytes, base64). Outside production
 * without SECRETS_KEY a key is generated once into DATA_DIR/carrier-link-secrets.key (mode 600) and kept, so a
 * restarted demo still reads its secrets; in production without it nothing can be stored (503
 * msgCarrierLinkSecretsKeyMissing) rather than a key nobody backs up. The secret a carrier sends with its
 * notifications is kept only as its SHA-256 and compared in constant time.
 */
const KEY_FILE = 'carrier-link-secrets.key';
let cached: { source: string; key: Buffer } | undefined;

function keyOf(config: Pick<AppConfig, 'production' | 'dataDir' | 'carrierLink'>): Buffer {
  const source = config.carrierLink.secretsKey ?? `file:${config.dataDir}`;
  if (cached?.source === source) return cached.key;
  let key: Buffer;
  if (config.carrierLink.secretsKey) {
    key = Buffer.from(config.carrierLink.secretsKey, 'base64');
    if (key.length !== 32)
      throw new Error('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  } else {
    if (config.production) throw new AppError(503, CARRIER_LINK_MSG.secretsKeyMissing);
    const file = path.join(config.dataDir, KEY_FILE);
    if (existsSync(file)) key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    else {
      mkdirSync(config.dataDir, { recursive: true });
      key = randomBytes(32);
      writeFileSync(file, key.toString('base64'), { mode: 0o600 });
    }
  }
  cached = { source, key };
  return key;
}

/** Throws at start when SECRETS_KEY is set but malformed (a typo must not wait for the first save). */
export function checkSecretsKey(config: Pick<AppConfig, 'production' | 'dataDir' | 'carrierLink'>) {
  if (config.carrierLink.secretsKey) keyOf(config);
}

type KeyConfig = Pick<AppConfig, 'production' | 'dataDir' | 'carrierLink'>;

/** base64(iv ‖ tag ‖ ciphertext). */
export function encryptSecret(config: KeyConfig, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** The stored secret, or null when it cannot be read (another key): the connection must be saved again. */
export function decryptSecret(config: KeyConfig, stored: string | null): string | null {
  if (!stored) return null;
  try {
    const raw = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** hex SHA-256 of the inbound (notification) secret. */
export const hashInboundSecret = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of a presented bearer secret with the stored hash. */
export function inboundSecretMatches(presented: string | undefined, storedHash: string | null): boolean {
  if (!presented || !storedHash) return false;
  const a = Buffer.from(hashInboundSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
