/**
 * The part of the built stylesheet one rendered page uses: the rules whose class selectors its
 * markup can match, in their order, inside their @layer/@media/@supports groups. The stylesheet
 * is split into rules once, when the server starts; a page's subset is a pass over those rules
 * with the page's class names (well under a millisecond), made once per render and cached with
 * the page. The whole file follows without blocking the first paint (`pageAssembler`).
 */

/** A rule of the stylesheet as the page needs it or not. */
type Rule =
  | { kind: "always"; text: string }
  /** An @font-face that downloads a font: not in the subset (webFontFaces, decision 055). */
  | { kind: "webFont"; text: string }
  | { kind: "style"; text: string; selectors: string[][] }
  | { kind: "group"; prelude: string; rules: Rule[] };

/** At-rules whose block holds rules that apply under a condition (kept when one of theirs is). */
const GROUPS = /^@(media|supports|layer|container|starting-style|scope)\b/i;

/** Splits a stylesheet's text into its top-level statements and blocks (strings and comments respected). */
function split(css: string): { prelude: string; block?: string }[] {
  const items: { prelude: string; block?: string }[] = [];
  let start = 0;
  let depth = 0;
  let blockStart = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === "\\") i++;
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "{") {
      if (depth === 0) blockStart = i;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) {
        items.push({ prelude: css.slice(start, blockStart).trim(), block: css.slice(blockStart + 1, i) });
        start = i + 1;
      }
    } else if (c === ";" && depth === 0) {
      const statement = css.slice(start, i + 1).trim();
      if (statement) items.push({ prelude: statement });
      start = i + 1;
    }
  }
  return items.map((item) => ({ ...item, prelude: stripComments(item.prelude) }));
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").trim();

/** Top-level parts of a selector list, split on commas outside parentheses and brackets. */
function selectorList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/**
 * The class names an element of the page must carry for the selector to match anything: those
 * outside functional pseudo-classes (`:not(.a)`, `:is(.a, .b)` and `:where(.group)` may match
 * without them) and outside attribute selectors. Necessary, not sufficient: a rule is kept when
 * the page has them all, so no rule the page can use is left out.
 */
export function requiredClasses(selector: string): string[] {
  let outside = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      if (depth === 0) outside += selector.slice(i, i + 2);
      i++;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0) outside += c;
  }
  const classes: string[] = [];
  for (const [, name] of outside.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g))
    classes.push(unescapeIdent(name));
  return classes;
}

/** A CSS identifier as written in a class attribute: `md\:grid-cols-3` is `md:grid-cols-3`. */
function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

function parse(css: string): Rule[] {
  return split(css).map(({ prelude, block }): Rule => {
    if (block === undefined) return { kind: "always", text: prelude };
    if (GROUPS.test(prelude)) return { kind: "group", prelude, rules: parse(block) };
    if (/^@font-face$/i.test(prelude) && /\burl\(/i.test(block))
      return { kind: "webFont", text: `${prelude}{${block}}` };
    // @font-face (local fonts only), @keyframes, @property and the like, and rules for elements alone.
    if (prelude.startsWith("@")) return { kind: "always", text: `${prelude}{${block}}` };
    const selectors = selectorList(prelude).map(requiredClasses);
    if (selectors.some((s) => s.length === 0)) return { kind: "always", text: `${prelude}{${block}}` };
    return { kind: "style", text: `${prelude}{${block}}`, selectors };
  });
}

function keep(rules: Rule[], classes: ReadonlySet<string>): string {
  let out = "";
  for (const rule of rules) {
    if (rule.kind === "always") out += rule.text;
    else if (rule.kind === "webFont") continue;
    else if (rule.kind === "style") {
      if (rule.selectors.some((required) => required.every((c) => classes.has(c)))) out += rule.text;
    } else {
      const inner = keep(rule.rules, classes);
      // An empty @layer block still fixes the layers' order; other empty groups are left out.
      if (inner || /^@layer\b/i.test(rule.prelude)) out += `${rule.prelude}{${inner}}`;
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/** Every class name in the markup's class attributes (as React writes them, entities decoded). */
export function classesOf(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of markup.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e]).split(/\s+/))
      if (name) classes.add(name);
  return classes;
}

/**
 * Parses the stylesheet once; returns the subset for a page's markup. The faces of web fonts are
 * not in it: a face the first frame's text uses is downloaded at once, beside the largest picture,
 * even when the text is painted in its stand-in meanwhile (webFontFaces).
 */
export function stylesheetSubset(css: string): (markup: string) => string {
  const rules = parse(css);
  return (markup) => keep(rules, classesOf(markup));
}

/**
 * The stylesheet's @font-face rules that download a font (top-level ones: where a build puts them).
 * A rendered page holds them in its template (decision 055); the entry script defines them once
 * the app has started (decision 057).
 */
export function webFontFaces(css: string): string {
  return parse(css)
    .filter((rule) => rule.kind === "webFont")
    .map((rule) => rule.text)
    .join("");
}
