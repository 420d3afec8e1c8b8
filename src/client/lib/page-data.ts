/** The script element holding the dehydrated query cache the server rendered a page from. */
export const PAGE_STATE_ID = "page-state";
