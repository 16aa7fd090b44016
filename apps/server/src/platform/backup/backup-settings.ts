import path from 'node:path';

/** Backup settings (docs/operations.md "Nightly backups"; README settings table). */
export interface BackupSettings {
  /** BACKUP_CRON: when the nightly backup runs, cron in the job runner's time zone; unset = off. */
  cron: string | undefined;
  /** BACKUP_DIR: where backups go (nightly and `npm run backup`); default `<DATA_DIR>/backups`. */
  dir: string;
  /** BACKUP_KEEP: nightly backups kept (older ones of the nightly job are removed); default 7, at least 1. */
  keep: number;
}

export function loadBackupSettings(env: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  const keep = Math.floor(Number(env.BACKUP_KEEP ?? 7));
  return {
    cron: env.BACKUP_CRON?.trim() || undefined,
    dir: path.resolve(dataDir, env.BACKUP_DIR || 'backups'),
    keep: Number.isFinite(keep) && keep >= 1 ? keep : 7,
  };
}
