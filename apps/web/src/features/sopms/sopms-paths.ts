import type { TSopmsSection } from '@portal/contracts';

/** Where the SOPMS screens live (000 §2.3, 002 §2). */
export const sopmsListPath = (section: TSopmsSection | string) => `/SOPMS/SOPMSSearch/${section}`;
export const SOPMS_NEW_PATH = '/SOPMS/SOPMSDetails/new';
/** A template read-only (SOPMSDetails) or in its editor (SOPMSEdit). */
export const sopmsViewPath = (id: number | 'new') => `/SOPMS/SOPMSDetails/${id}`;
export const sopmsEditPath = (id: number) => `/SOPMS/SOPMSEdit/${id}`;
