import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMATS,
  type BackupManifest,
  hasher,
  rowCounter,
  type StoredDigest,
  sha256Of,
} from './backup';

/**
 * Checks a backup before anything trusts it (`npm run backup -- --verify`, and the first step of every
 * restore): the manifest (and its SHA-256 in manifest.sha256), then every table file and every stored file:
 * present, of the recorded byte size, of the recorded SHA-256, a whole gzip stream, and holding what the
 * manifest says (the table's row count; the stored file's size and SHA-256). Reads only; answers every
 * problem as `<file in the backup>: <what is wrong>`.
 */

export interface VerifyResult {
  /** The manifest when it could be read, even if some files are damaged. */
  manifest?: BackupManifest;
  problems: string[];
  /** Files checked (table files + stored files) and their bytes as written. */
  checked: { files: number; bytes: number };
}

/** Thrown by a restore that refuses a damaged backup; `problems` as `verifyBackup` answers them. */
export class BackupDamagedError extends Error {
  constructor(
    readonly dir: string,
    readonly problems: string[],
  ) {
    super(`the backup ${dir} is damaged, nothing was changed: ${problems.join('; ')}`);
  }
}

const n = (v: number) => v.toLocaleString('en-US');

/** A path the backup may name: relative, '/'-separated, no '.', '..' or empty segment. */
const safeRelative = (p: unknown): p is string =>
  typeof p === 'string' &&
  p.length > 0 &&
  !p.startsWith('/') &&
  !p.includes('\\') &&
  !p.includes('\0') &&
  p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

const isDigest = (d: unknown): d is StoredDigest =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as StoredDigest).bytes === 'number' &&
  typeof (d as StoredDigest).sha256 === 'string';

/** What is wrong with the manifest's shape (a hand-edited or damaged one), or nothing. */
function shapeProblems(m: BackupManifest): string[] {
  const out: string[] = [];
  if (!BACKUP_FORMATS.includes(m.format))
    out.push(`format ${JSON.stringify(m.format)} is not a portal backup`);
  if (
    !Array.isArray(m.tables) ||
    !Array.isArray(m.files) ||
    !Array.isArray(m.sequences) ||
    !Array.isArray(m.migrations)
  )
    return [...out, 'tables, files, sequences or migrations missing'];
  const v2 = m.format === BACKUP_FORMAT;
  for (const t of m.tables) {
    if (!safeRelative(t.file) || !t.file.startsWith('db/'))
      out.push(`table ${t.schema}.${t.name}: bad file name`);
    else if (!Number.isInteger(t.rows) || t.rows < 0 || !Array.isArray(t.columns))
      out.push(`table ${t.schema}.${t.name}: bad row count or columns`);
    else if (v2 && !isDigest(t.stored)) out.push(`table ${t.schema}.${t.name}: no size and SHA-256`);
  }
  for (const f of m.files) {
    if (!safeRelative(f.path)) out.push(`file ${JSON.stringify(f.path)}: bad path`);
    else if (typeof f.size !== 'number' || typeof f.sha256 !== 'string')
      out.push(`file ${f.path}: no size or SHA-256`);
    else if (v2 && !isDigest(f.stored)) out.push(`file ${f.path}: no size and SHA-256 of files/${f.path}.gz`);
  }
  return out;
}

/**
 * Checks one file of the backup; `content` receives the unpacked bytes and answers what is wrong with them.
 * Answers the problem, or null.
 */
async function checkFile(
  dir: string,
  rel: string,
  expected: StoredDigest | undefined,
  content: () => { stream: NodeJS.ReadWriteStream; problem: () => string | null },
): Promise<{ problem: string | null; bytes: number }> {
  let bytes: number;
  try {
    bytes = (await stat(path.join(dir, rel))).size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { problem: `${rel}: missing`, bytes: 0 };
    throw e;
  }
  if (expected && bytes < expected.bytes)
    return { problem: `${rel}: truncated at byte ${n(bytes)} of ${n(expected.bytes)}`, bytes };
  if (expected && bytes > expected.bytes)
    return { problem: `${rel}: ${n(bytes)} bytes, the manifest says ${n(expected.bytes)}`, bytes };
  const raw = hasher();
  const inner = content();
  let zlibError: Error | null = null;
  await pipeline(
    createReadStream(path.join(dir, rel)),
    raw.stream,
    createGunzip(),
    inner.stream,
    new Writable({ write: (_c, _e, done) => done() }),
  ).catch((e: Error) => {
    zlibError = e;
  });
  const got = raw.result();
  if (expected && got.sha256 !== expected.sha256) return { problem: `${rel}: sha-256 mismatch`, bytes };
  if (zlibError) {
    const msg = (zlibError as Error).message;
    return {
      problem: /unexpected end/i.test(msg)
        ? `${rel}: truncated (the gzip stream ends at byte ${n(bytes)})`
        : `${rel}: not a valid gzip file (${msg})`,
      bytes,
    };
  }
  const p = inner.problem();
  return { problem: p ? `${rel}: ${p}` : null, bytes };
}

/** Verifies the backup in `dir` (see the comment at the top); never throws for a damaged backup. */
export async function verifyBackup(dir: string): Promise<VerifyResult> {
  const problems: string[] = [];
  const checked = { files: 0, bytes: 0 };
  let text: string;
  try {
    text = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problems: [`manifest.json: ${code === 'ENOENT' ? 'missing' : (e as Error).message}`], checked };
  }
  const recorded = await readFile(path.join(dir, 'manifest.sha256'), 'utf8').then(
    (s) => s.trim().split(/\s+/)[0],
    () => null,
  );
  if (recorded !== null && recorded !== sha256Of(text)) problems.push('manifest.json: sha-256 mismatch');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch (e) {
    return { problems: [...problems, `manifest.json: not valid JSON (${(e as Error).message})`], checked };
  }
  if (recorded === null && manifest.format === BACKUP_FORMAT) problems.push('manifest.sha256: missing');
  const shape = shapeProblems(manifest);
  if (shape.length)
    return { manifest, problems: [...problems, ...shape.map((p) => `manifest.json: ${p}`)], checked };

  for (const t of manifest.tables) {
    const r = await checkFile(dir, t.file, t.stored, () => {
      const rows = rowCounter();
      return {
        stream: rows.stream,
        problem: () =>
          rows.rows() === t.rows ? null : `${n(rows.rows())} rows, the manifest says ${n(t.rows)}`,
      };
    });
    checked.files++;
    checked.bytes += r.bytes;
    if (r.problem) problems.push(r.problem);
  }
  for (const f of manifest.files) {
    const r = await checkFile(dir, `files/${f.path}.gz`, f.stored, () => {
      const h = hasher();
      return {
        stream: h.stream,
        problem: () => {
          const got = h.result();
          if (got.size !== f.size) return `unpacks to ${n(got.size)} bytes, the manifest says ${n(f.size)}`;
          return got.sha256 === f.sha256 ? null : 'unpacked content sha-256 mismatch';
        },
      };
    });
    checked.files++;
    checked.bytes += r.bytes;
    if (r.problem) problems.push(r.problem);
  }
  return { manifest, problems, checked };
}

/** Verifies `dir` and answers its manifest, or throws BackupDamagedError naming every problem. */
export async function requireIntactBackup(dir: string): Promise<BackupManifest> {
  const r = await verifyBackup(dir);
  if (r.problems.length || !r.manifest) throw new BackupDamagedError(dir, r.problems);
  return r.manifest;
}
