import { randomBytes } from 'node:crypto';
import {
  isLineCategory,
  MSG,
  TEMPLATE_MSG,
  type TFieldError,
  type TTemplateInput,
  type ZTemplateSearchQuery,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import {
  templateRepository as repo,
  type SearchCursor,
  type TemplateRow,
  type Viewer,
} from './template.repository';
import { lineContent } from './template-lines';

const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 10 characters of a 32-letter alphabet (50 bits): unguessable enough for a link that grants read access. */
const newShareCode = () => [...randomBytes(10)].map((b) => SHARE_ALPHABET[b % 32]).join('');

const duplicateName = (name: string) => {
  const detail = { field: 'name', msgKey: TEMPLATE_MSG.duplicateName, params: { value: name } };
  return new AppError(409, TEMPLATE_MSG.duplicateName, { params: detail.params, details: [detail] });
};

const cursorOf = (c: SearchCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function readCursor(raw: string): SearchCursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<SearchCursor>;
    if (typeof c.fav === 'boolean' && typeof c.name === 'string' && Number.isInteger(c.id))
      return c as SearchCursor;
  } catch {
    // falls through to the refusal
  }
  throw new AppError(400, MSG.listCursorInvalid, {
    details: [{ field: 'cursor', msgKey: MSG.listCursorInvalid }],
  });
}

/** The content columns of a template from its input: lines for line categories, else the jsonb content. */
function contentOf(v: TTemplateInput) {
  if (v.category === 'PRINT_OPTIONS') return { content: v.print_options, lines: [] };
  if (v.category === 'MARKS_GOODS') return { content: v.marks_goods, lines: [] };
  return {
    content: null,
    lines: v.lines.map((l, i) => ({
      line_no: i + 1,
      dr_cr: l.dr_cr,
      basis: l.basis,
      ...lineContent(l),
      container_size: l.basis === 'CONTAINER_SIZE' ? (l.container_size?.toUpperCase() ?? null) : null,
    })),
  };
}

/** Unknown charge codes answer 400 on their line's field. */
async function assertChargeCodes(db: DbOrTx, v: TTemplateInput) {
  if (!isLineCategory(v.category)) return;
  const known = await repo.existingChargeCodes(db, [...new Set(v.lines.map((l) => l.charge_code))]);
  const details: TFieldError[] = v.lines.flatMap((l, i) =>
    known.has(l.charge_code) ? [] : [{ field: `lines.${i}.charge_code`, msgKey: MSG.fieldInvalid }],
  );
  if (details.length) throw badRequest(details);
}

const settingValues = (v: TTemplateInput) => ({
  name: v.name,
  description: v.description,
  module: v.module,
  category: v.category,
  tags: v.tags,
  privacy: v.privacy,
  offices: v.privacy === 'MARKET_OFFICE' ? v.offices : [],
  release_note: v.release_note,
  colour: v.colour,
  status: v.status,
});

/** Template library rules (002 §3–§6, §8): privacy on every read, owner-only edits, share codes. */
export const templateService = {
  viewer: (db: DbOrTx, actor: Actor): Promise<Viewer> => repo.viewer(db, actor.user_uid, actor.profile),

  async search(db: Db, actor: Actor, q: z.output<typeof ZTemplateSearchQuery>) {
    const v = await templateService.viewer(db, actor);
    const limit = q.limit;
    const cursor = q.cursor ? readCursor(q.cursor) : null;
    const rows = await repo.page(db, v, q, limit, cursor);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const next =
      rows.length > limit && last
        ? cursorOf({ fav: last.is_favourite, name: last.t.name.toLowerCase(), id: last.t.tmplib_id })
        : null;
    return { viewer: v, rows: page, next_cursor: next };
  },

  /** A template the actor may read (404 otherwise: a private template's existence is not revealed). */
  async get(db: DbOrTx, actor: Actor, id: number) {
    const v = await templateService.viewer(db, actor);
    const view = await repo.viewById(db, v, id);
    if (!view) throw notFound();
    return { view, lines: await repo.lines(db, id), viewer: v };
  },

  async create({ db, actor, input }: { db: Db; actor: Actor; input: TTemplateInput }) {
    return db
      .transaction(async (tx) => {
        if (await repo.nameTaken(tx, actor.user_uid, input.name)) throw duplicateName(input.name);
        await assertChargeCodes(tx, input);
        const v = await templateService.viewer(tx, actor);
        const owner = await repo.userName(tx, actor.user_uid);
        const { content, lines } = contentOf(input);
        const row = await repo.insert(tx, {
          ...settingValues(input),
          owner_uid: actor.user_uid,
          owner_name: owner?.name ?? actorName(actor),
          owner_login: owner?.login_id ?? actor.login_id,
          owner_office: v.office,
          owner_group: v.group,
          share_code: newShareCode(),
          content,
          created_by: actorName(actor),
          updated_by: actorName(actor),
        });
        await repo.replaceLines(tx, row.tmplib_id, lines);
        return row;
      })
      .catch((e: unknown) => {
        if (uniqueConstraintOf(e) === 'templates_owner_name_uq') throw duplicateName(input.name);
        throw e;
      });
  },

  /** Only the owner edits (403 no permission); a stale version answers 409 "record not latest". */
  async update({
    db,
    actor,
    id,
    input,
    version,
  }: {
    db: Db;
    actor: Actor;
    id: number;
    input: TTemplateInput;
    version: number;
  }) {
    await templateService.get(db, actor, id);
    return db
      .transaction(async (tx) => {
        const current = await repo.byId(tx, id, true);
        if (!current) throw notFound();
        if (current.owner_uid !== actor.user_uid) throw forbidden(TEMPLATE_MSG.notOwner);
        if (current.version !== version) throw conflict();
        if (await repo.nameTaken(tx, actor.user_uid, input.name, id)) throw duplicateName(input.name);
        await assertChargeCodes(tx, input);
        const { content, lines } = contentOf(input);
        const row = await repo.updateIfVersion(tx, id, version, {
          ...settingValues(input),
          content,
          updated_by: actorName(actor),
        });
        if (!row) throw conflict();
        await repo.replaceLines(tx, id, lines);
        return row;
      })
      .catch((e: unknown) => {
        if (uniqueConstraintOf(e) === 'templates_owner_name_uq') throw duplicateName(input.name);
        if (e instanceof AppError) throw e;
        // 002 §8 "update failure (contact the administrator)": anything the rules did not foresee.
        throw new AppError(500, TEMPLATE_MSG.updateFailed);
      });
  },

  async toggleFavourite(db: Db, actor: Actor, id: number) {
    await templateService.get(db, actor, id);
    return repo.toggleFavourite(db, actor.user_uid, id);
  },

  /** The share code, for the owner only: to anyone else there is no share link to read (404, like a GET). */
  async share(db: Db, actor: Actor, id: number) {
    const { view } = await templateService.get(db, actor, id);
    if (view.t.owner_uid !== actor.user_uid) throw notFound();
    return view.t.share_code;
  },

  /** Accepts a shared template into My Template (002 §4): never a private, inactive or own one. */
  async addFromShareCode(db: Db, actor: Actor, code: string): Promise<TemplateRow> {
    const row = await repo.byShareCode(db, code.trim().toUpperCase());
    if (!row) throw notFound(TEMPLATE_MSG.shareCodeUnknown);
    if (row.privacy === 'PRIVATE') throw new AppError(422, TEMPLATE_MSG.privateRefused);
    if (row.status !== 'A') throw new AppError(422, TEMPLATE_MSG.inactive);
    if (row.owner_uid === actor.user_uid) throw new AppError(422, TEMPLATE_MSG.ownTemplate);
    await repo.markAdded(db, actor.user_uid, row.tmplib_id, row.version);
    return row;
  },

  /** Adds a template the actor sees in Market to My Template. */
  async addVisible(db: Db, actor: Actor, id: number) {
    const { view } = await templateService.get(db, actor, id);
    return templateService.addFromShareCode(db, actor, view.t.share_code);
  },

  /** The release note of the current version was read: the banner goes away until the next update. */
  async acknowledge(db: Db, actor: Actor, id: number) {
    const { view } = await templateService.get(db, actor, id);
    await repo.acknowledge(db, actor.user_uid, id, view.t.version);
  },
};
