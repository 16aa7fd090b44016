import { createHash } from 'node:crypto';
import type { TSignature } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import { historyActor } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { assertVirusFree } from '../../platform/files/file-store';
import type { FilesConfig } from '../../platform/files/files-config';
import { signatureRepository as repo, type SignatureRow } from './signature.repository';
import { bytesOfDataUrl, demoSignaturePng, sanitiseSignature } from './signature-image';

const ENTITY = 'user_signature';

const present = (row: SignatureRow | undefined): TSignature =>
  row
    ? {
        has_signature: true,
        image: `data:image/png;base64,${row.image_png.toString('base64')}`,
        width: row.width,
        height: row.height,
        updated_at: row.updated_at,
      }
    : { has_signature: false, image: null, width: null, height: null, updated_at: null };

async function store(db: DbOrTx, uid: string, png: Buffer, width: number, height: number, by: string) {
  return repo.upsert(db, {
    user_uid: uid,
    image_png: png,
    width,
    height,
    sha256: createHash('sha256').update(png).digest('hex'),
    by,
  });
}

/** E-signatures on the user's profile: always the caller's own (a signature is never set for someone else). */
export const signatureService = {
  async own(db: Db, actor: Actor) {
    return present(await repo.get(db, actor.user_uid));
  },

  /**
   * Stores a drawn or uploaded signature after checking size and type, scanning the bytes as sent (like
   * every upload; 422 msgVirusDetected) and re-encoding it (signature-image.ts).
   */
  async save(db: Db, actor: Actor, image: string, clamd: FilesConfig['clamd']) {
    const bytes = bytesOfDataUrl(image);
    await assertVirusFree(clamd, { bytes });
    const { png, width, height } = sanitiseSignature(bytes);
    return db.transaction(async (tx) => {
      const row = await store(tx, actor.user_uid, png, width, height, actorName(actor));
      await recordHistory(tx, {
        entityType: ENTITY,
        entityId: actor.user_uid,
        action: 'signature_saved',
        actor: historyActor(actor),
      });
      return present(row);
    });
  },

  async clear(db: Db, actor: Actor) {
    return db.transaction(async (tx) => {
      if (await repo.remove(tx, actor.user_uid))
        await recordHistory(tx, {
          entityType: ENTITY,
          entityId: actor.user_uid,
          action: 'signature_cleared',
          actor: historyActor(actor),
        });
      return present(undefined);
    });
  },

  /** Signatures of several users (accounting print stamps those of the preparer and approvers). */
  byUids: (db: DbOrTx, uids: string[]) => repo.byUids(db, uids),

  /** Demo seed: a drawn-looking signature for each named demo user that has none. */
  async seedDemo(db: DbOrTx, logins: string[]) {
    for (const u of await repo.uidsOfLogins(db, logins)) {
      if (await repo.get(db, u.user_uid)) continue;
      const { png, width, height } = sanitiseSignature(demoSignaturePng(u.name || u.login_id));
      await store(db, u.user_uid, png, width, height, 'seed');
    }
  },
};
