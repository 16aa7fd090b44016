import path from 'node:path';
import { DEFAULT_FILE_MAX_BYTES, DEFAULT_FILE_TYPES } from '@portal/contracts';
import { KNOWN_FILE_TYPES } from './file-types';

/** Where uploaded files go and what is accepted (ARCHITECTURE "Cross-cutting services → Files"). */
export interface FilesConfig {
  /** Content-addressed store (FILES_DIR, default `<DATA_DIR>/files`). */
  dir: string;
  /** Per-file size limit in bytes (FILE_MAX_BYTES, default 10 MB). */
  maxBytes: number;
  /** Allowed extensions, lower case (FILE_ALLOWED_TYPES, comma-separated). */
  allowedTypes: string[];
  /** clamd's address (CLAMD_HOST, CLAMD_PORT default 3310); null: no virus scan. */
  clamd: { host: string; port: number; timeoutMs: number } | null;
}

/** Reads the file-storage settings; an unknown type in FILE_ALLOWED_TYPES stops the start. */
export function loadFilesConfig(env: NodeJS.ProcessEnv, dataDir: string): FilesConfig {
  const maxBytes = Number(env.FILE_MAX_BYTES || DEFAULT_FILE_MAX_BYTES);
  if (!Number.isInteger(maxBytes) || maxBytes < 1)
    throw new Error(`FILE_MAX_BYTES must be a positive integer`);
  const allowedTypes = env.FILE_ALLOWED_TYPES
    ? env.FILE_ALLOWED_TYPES.split(/[\s,]+/)
        .map((t) => t.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean)
    : [...DEFAULT_FILE_TYPES];
  const unknown = allowedTypes.filter((t) => !(t in KNOWN_FILE_TYPES));
  if (unknown.length) {
    throw new Error(
      `FILE_ALLOWED_TYPES: unknown ${unknown.join(', ')}; known: ${Object.keys(KNOWN_FILE_TYPES).join(', ')}`,
    );
  }
  return {
    dir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    maxBytes,
    allowedTypes,
    clamd: env.CLAMD_HOST
      ? {
          host: env.CLAMD_HOST,
          port: Number(env.CLAMD_PORT || 3310),
          timeoutMs: Number(env.CLAMD_TIMEOUT_MS || 30_000),
        }
      : null,
  };
}
