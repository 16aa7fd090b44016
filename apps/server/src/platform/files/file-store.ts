import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@portal/contracts';
import { AppError } from '../errors/app-error';
import { ScannerUnavailableError, type ScanResult, scanBytes, scanFile } from './clamd';
import { detectFileType, SNIFF_BYTES } from './file-types';
import type { FilesConfig } from './files-config';

/** A file written to the store's temporary folder, hashed and measured while it streamed in. */
export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  size: number;
  /** The first SNIFF_BYTES bytes, for the type check. */
  head: Buffer;
  /** True when the stream was cut at the size limit (busboy sets `truncated`) or ran past it. */
  tooLarge: boolean;
}

/** A file accepted into the store: its content address, size and the type its content proved. */
export interface StoredFile {
  sha256: string;
  size: number;
  contentType: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The one virus check of every byte a user stores (document uploads, signatures, images inside remark
 * HTML): through clamd when CLAMD_HOST is set (else nothing), 422 msgVirusDetected when it finds something,
 * 503 msgVirusScanUnavailable when it cannot be asked (fail closed: no scan, nothing stored).
 */
export async function assertVirusFree(
  clamd: FilesConfig['clamd'],
  content: { path: string } | { bytes: Buffer },
): Promise<void> {
  if (!clamd) return;
  let result: ScanResult;
  try {
    result = 'path' in content ? await scanFile(content.path, clamd) : await scanBytes(content.bytes, clamd);
  } catch (e) {
    if (e instanceof ScannerUnavailableError) throw new AppError(503, MSG.virusScanUnavailable);
    throw e;
  }
  if (result.infected)
    throw new AppError(422, MSG.virusDetected, { params: { signature: result.signature } });
}

/**
 * Content-addressed file storage on a volume (FILES_DIR): each content is kept once under
 * `<dir>/<sha[0..2]>/<sha[2..4]>/<sha>`, written to `<dir>/tmp` first and renamed into place, so a
 * reader never sees half a file. Uploads stream through; no file is held in memory.
 */
export class FileStore {
  constructor(readonly config: FilesConfig) {}

  /** Where a content lives. */
  pathOf(sha256: string) {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.config.dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** Streams an upload into a temporary file, hashing and counting it; stops keeping bytes past the limit. */
  async receive(source: Readable & { truncated?: boolean }): Promise<ReceivedFile> {
    const tmpDir = path.join(this.config.dir, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tempPath = path.join(tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const max = this.config.maxBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (headLength < SNIFF_BYTES) {
          headChunks.push(chunk.subarray(0, SNIFF_BYTES - headLength));
          headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
        }
        // Past the limit the rest is drained but neither hashed nor written.
        if (size > max) return done();
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx' }));
      const fh = await open(tempPath, 'r');
      await fh.sync().finally(() => fh.close());
    } catch (e) {
      await rm(tempPath, { force: true });
      throw e;
    }
    return {
      tempPath,
      sha256: hash.digest('hex'),
      size,
      head: Buffer.concat(headChunks),
      tooLarge: source.truncated === true || size > max,
    };
  }

  /**
   * Checks a received file's size and type (by content, not by the declared MIME type): 413
   * msgFileTooLarge, 400 msgFileRequired (empty), 415 msgFileTypeNotAllowed. Answers the proven MIME type.
   */
  verify(file: ReceivedFile, fileName: string): string {
    if (file.tooLarge) {
      throw new AppError(413, MSG.fileTooLarge, {
        params: { maxMb: Math.round((this.config.maxBytes / 1024 / 1024) * 10) / 10 },
      });
    }
    if (file.size === 0) throw new AppError(400, MSG.fileRequired);
    const type = detectFileType(fileName, file.head, this.config.allowedTypes);
    if (!type) {
      throw new AppError(415, MSG.fileTypeNotAllowed, {
        params: { types: this.config.allowedTypes.join(', ') },
      });
    }
    return type.mime;
  }

  /**
   * Virus scan through clamd when CLAMD_HOST is set (else nothing): 422 msgVirusDetected when it finds
   * something, 503 msgVirusScanUnavailable when it cannot be asked (fail closed: no scan, no upload).
   */
  scan(file: ReceivedFile): Promise<void> {
    return assertVirusFree(this.config.clamd, { path: file.tempPath });
  }

  /** Moves a checked file into place; content already stored is kept once and the new copy dropped. */
  async keep(file: ReceivedFile): Promise<void> {
    const target = this.pathOf(file.sha256);
    const existing = await stat(target).catch(() => null);
    if (existing?.size === file.size) {
      await rm(file.tempPath, { force: true });
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.tempPath, target);
  }

  /** verify + scan + keep; on any refusal the temporary file is removed and the AppError passed on. */
  async accept(file: ReceivedFile, fileName: string): Promise<StoredFile> {
    try {
      const contentType = this.verify(file, fileName);
      await this.scan(file);
      await this.keep(file);
      return { sha256: file.sha256, size: file.size, contentType };
    } catch (e) {
      await this.discard(file);
      throw e;
    }
  }

  /** Removes a received file that will not be kept. */
  discard(file: ReceivedFile) {
    return rm(file.tempPath, { force: true });
  }

  /** True when the content is in the store. */
  async has(sha256: string) {
    return (await stat(this.pathOf(sha256)).catch(() => null)) !== null;
  }

  /** A stream of a stored content. */
  read(sha256: string) {
    return createReadStream(this.pathOf(sha256));
  }
}
