/**
 * The inert <template> at the end of a server-rendered page that holds its scripts' preloads (the
 * app's chunks and the whole stylesheet): the entry script adds them to the page once the markup
 * and its largest picture are painted, so nothing of the app's is fetched or compiled before
 * (decision 050). A module of its own: the entry script imports nothing the app does.
 */
export const PAGE_SCRIPTS_TEMPLATE_ID = "page-scripts";

/**
 * Fired on window (and marked in the page's performance timeline) once the app's first render
 * has committed: a rendered page is hydrated, its buttons are React's. The entry script replays
 * the taps it kept until then (lib/early-taps.ts); the storefront benchmark reads the mark.
 */
export const APP_STARTED = "app-started";

/**
 * Marks the preloads of the whole stylesheet in that template (a server-rendered page inlines only
 * the rules its markup uses): the entry script applies it once it has loaded and the largest
 * picture is painted (decisions 020, 058), while the app's script is still on its way.
 */
export const PAGE_STYLESHEET_ATTRIBUTE = "data-page-stylesheet";
