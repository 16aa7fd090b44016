/** The report writer's screens (000 §2.3, [m_rw_search]). Zod-free: the route table imports it. */
export const RW_SEARCH_PATH = '/BMS/ReportWriterSearch';
export const rwDetailPath = (id: number | 'new') => `${RW_SEARCH_PATH}/Detail/${id}`;
