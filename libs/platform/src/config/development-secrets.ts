import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The secrets every process must share: tokens one service issues, another verifies. */
export const SHARED_SECRET_NAMES = ['JWT_SECRET', 'GATEWAY_SIGNING_SECRET'] as const;
export type SharedSecretName = (typeof SHARED_SECRET_NAMES)[number];
export type SharedSecrets = Record<SharedSecretName, string>;

/** Kept beside the SQLite files, so one data folder is one local installation. */
export const DEVELOPMENT_SECRETS_FILE = 'development-secrets.json';

export interface DevelopmentSecrets {
  readonly secrets: SharedSecrets;
  readonly path: string;
  /** True when this call created the file; false when an earlier run had. */
  readonly created: boolean;
}

/**
 * The development secrets of a data folder: read when an earlier run made
 * them, otherwise generated at random and stored with mode 0600. Random per
 * installation, so no secret written in the source is ever accepted, and
 * stored, so a restart keeps everyone signed in.
 *
 * Processes started together may race here: the file is written under a
 * temporary name and linked into place, which either wins whole or fails
 * with EEXIST, so every process ends up reading one complete file.
 */
export function developmentSecrets(dataDir: string): DevelopmentSecrets {
  const dir = resolve(dataDir);
  const path = join(dir, DEVELOPMENT_SECRETS_FILE);
  const existing = readSecretsFile(path);
  if (existing) return { secrets: existing, path, created: false };

  mkdirSync(dir, { recursive: true });
  const generated: SharedSecrets = { JWT_SECRET: randomSecret(), GATEWAY_SIGNING_SECRET: randomSecret() };
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return { secrets: generated, path, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecretsFile(path);
    if (!winner) throw new Error(`${path} exists but does not hold ${SHARED_SECRET_NAMES.join(' and ')}`);
    return { secrets: winner, path, created: false };
  } finally {
    unlinkSync(temporary);
  }
}

function readSecretsFile(path: string): SharedSecrets | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Record<SharedSecretName, unknown>>;
  const secrets = {} as SharedSecrets;
  for (const name of SHARED_SECRET_NAMES) {
    const value = parsed[name];
    if (typeof value !== 'string' || value.length < 32) {
      throw new Error(`${path}: ${name} is missing or shorter than 32 characters; delete the file to generate new secrets`);
    }
    secrets[name] = value;
  }
  return secrets;
}

function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
