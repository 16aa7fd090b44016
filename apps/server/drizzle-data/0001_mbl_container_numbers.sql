-- Data step (session 43, issue 39): a master bill is now found by the container numbers it carries
-- (modules/master-bl/master-bl.search.ts indexes master_bl_containers.container_no). The bills indexed before
-- hold only their MBL# and carrier MBL no.: their rows are dropped here, and at start fillEmptySearchKinds
-- (main.ts) rebuilds the kind 'mbl' from the bills with the container numbers (a kind with no row is rebuilt).
DELETE FROM "document_numbers" WHERE "kind" = 'mbl';
