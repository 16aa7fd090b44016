import { SEQ_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText } from '../../platform/db/columns';

/**
 * Sequence rules (/BMS/Admin/SEQ): how the numbers of one document type are made, for one office or,
 * with office_code null, for every office without a rule of its own.
 */
export const mstSeqRules = pgTable(
  'mst_seq_rules',
  {
    mst_seq_rule_id: serial('mst_seq_rule_id').primaryKey(),
    doc_type: text('doc_type').notNull(),
    office_code: text('office_code'),
    description: text('description'),
    prefix: text('prefix').notNull().default(''),
    include_office: boolean('include_office').notNull().default(false),
    date_format: text('date_format').notNull().default('NONE'),
    separator: text('separator').notNull().default(''),
    seq_width: smallint('seq_width').notNull(),
    reset_period: text('reset_period').notNull().default('NEVER'),
    start_number: integer('start_number').notNull().default(1),
    status: statusText('status', SEQ_STATUSES).notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    // One rule per document type and office; '' stands for the generic rule so it is unique too.
    uniqueIndex('mst_seq_rules_doc_office_uq').on(t.doc_type, sql`coalesce(${t.office_code}, '')`),
    index('mst_seq_rules_updated_idx').on(t.updated_at, t.mst_seq_rule_id),
    statusCheck('mst_seq_rules', 'status', SEQ_STATUSES),
  ],
);

/**
 * The running counter of one rule in one period ('' when the rule never resets). Allocation increments
 * it inside the creating transaction; the row lock makes numbers gap-free and distinct under concurrency.
 */
export const mstSeqCounters = pgTable(
  'mst_seq_counters',
  {
    mst_seq_rule_id: integer('mst_seq_rule_id')
      .notNull()
      .references(() => mstSeqRules.mst_seq_rule_id, { onDelete: 'cascade' }),
    period_key: text('period_key').notNull(),
    next_number: bigint('next_number', { mode: 'number' }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mst_seq_rule_id, t.period_key] })],
);

/**
 * Numbers of a rule and period that are allocated but not yet used (issue 40, docs/decisions.md "Numbers
 * without a queue"): a creation takes the lowest one it can lock (`for update skip locked`) and deletes it in
 * its own transaction, so concurrent creations never wait for each other; a rollback puts it back for the next
 * one. When none is free, one creation locks the counter and allocates the next block. Always: the numbers
 * used, the numbers being taken and the rows here are together exactly [start, counter).
 */
export const mstSeqFreeNumbers = pgTable(
  'mst_seq_free_numbers',
  {
    mst_seq_rule_id: integer('mst_seq_rule_id')
      .notNull()
      .references(() => mstSeqRules.mst_seq_rule_id, { onDelete: 'cascade' }),
    period_key: text('period_key').notNull(),
    running_number: bigint('running_number', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.mst_seq_rule_id, t.period_key, t.running_number] })],
);
