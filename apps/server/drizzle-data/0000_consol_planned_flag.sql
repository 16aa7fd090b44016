-- Data step (session 27, docs/operations.md "Data steps"): sets shipping_orders.in_consol_plan (added by 0009)
-- on every SO a consolidation plan holds, once per database. Until session 26 every start ran this for the
-- pending-creation candidates (flagPlannedSos in the reference seed; 14 minutes for 285,114 rows under load, with
-- startup waiting each time on a large database). One set-based statement: the distinct planned SOs hashed,
-- joined by primary key, and only rows whose flag is still false are written (a database already flagged by
-- the plan writes costs one scan and no writes).
UPDATE "shipping_orders" AS so
   SET "in_consol_plan" = true
  FROM (SELECT DISTINCT "so_id" FROM "consol_sos") AS planned
 WHERE so."so_id" = planned."so_id"
   AND NOT so."in_consol_plan";
