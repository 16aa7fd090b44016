/** Where the template library screens live (002 §2, 000 §2.3). */
export const TEMPLATE_SEARCH_PATH = '/BMS/Setting/TMPLIB/TemplateSearch';
/** A template's view, or the wizard for a new one ('new'), optionally starting from a view of another. */
export const templateDetailsPath = (id: number | 'new', fromView?: number) =>
  id === 'new' && fromView
    ? `/BMS/Setting/TMPLIB/TemplateDetails/new/${fromView}`
    : `/BMS/Setting/TMPLIB/TemplateDetails/${id}`;
export const templateEditPath = (id: number) => `/BMS/Setting/TMPLIB/TemplateEdit/${id}`;
/** The link that accepts a shared template into My Template. */
export const addTemplatePath = (code: string) => `/TMPLIB/AddTemplate/${code}`;
