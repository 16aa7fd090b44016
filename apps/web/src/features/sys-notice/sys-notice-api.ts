import {
  SYS_NOTICE_SORTABLE,
  SYS_NOTICE_TYPES,
  SYS_NOTICE_VALIDITIES,
  type TCreateSysNoticeRequest,
  type TSysNoticeRecord,
  type TUpdateSysNoticeRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /SysNotice hooks. */
export const sysNoticeApi = recordApi<
  TSysNoticeRecord,
  TCreateSysNoticeRequest,
  TUpdateSysNoticeRequest,
  string
>({
  path: '/SysNotice',
  key: 'sysNotice',
  idOf: (n) => n.uid,
});

/** Select filters of the notice list. */
export type SysNoticeFilter = 'notice_type' | 'validity';

/** The notice list with its search, filters, sort and page in the URL. */
export function useSysNoticeList() {
  return useListQuery<TSysNoticeRecord, SysNoticeFilter>({
    queryKey: sysNoticeApi.listKey,
    path: '/SysNotice',
    filters: { notice_type: SYS_NOTICE_TYPES, validity: SYS_NOTICE_VALIDITIES },
    sortable: SYS_NOTICE_SORTABLE,
  });
}
