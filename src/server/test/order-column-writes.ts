/**
 * The columns of `orders` a source file writes, read from its text: raw SQL (`update orders [o] set
 * a = …, b = …`, a `${fragment}` resolved to the file's `const fragment = sql\`…\``), Drizzle's
 * `.update(orders).set({ key: … })`, and the `alsoSet` a status change carries. What cannot be read
 * (a spread, a fragment built at run time) is reported as "?" so the caller fails rather than
 * miss a write. Used by architecture.test.ts.
 */

/** The text from `open` (an opening bracket's index) to its matching close, exclusive of both. */
function balanced(text: string, open: number, pair: [string, string]): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === pair[0]) depth++;
    else if (text[i] === pair[1] && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Each `${…}` of a template replaced by what `resolve` says of its expression. */
function interpolate(text: string, resolve: (expression: string) => string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf("${", i);
    if (at < 0) return out + text.slice(i);
    const expression = balanced(text, at + 1, ["{", "}"]);
    out += text.slice(i, at) + resolve(expression.trim());
    i = at + 1 + expression.length + 2;
  }
  return out;
}

/** The file's `const name = sql\`…\`` fragments, by name. */
function fragments(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.matchAll(/const\s+(\w+)\s*=\s*sql`/g)) {
    const start = m.index! + m[0].length;
    const end = source.indexOf("`", start);
    found.set(m[1], source.slice(start, end));
  }
  return found;
}

/** The columns a SQL `set` list assigns: `a = …, o.b = …`; "?" for a fragment it cannot read. */
function setListColumns(list: string, known: Map<string, string>): string[] {
  const unknown = "\u0000";
  const text = interpolate(list, (expression) =>
    known.has(expression)
      ? interpolate(known.get(expression)!, () => "v")
      : /^[\w.]+$/.test(expression)
        ? "v"
        : unknown,
  );
  // Commas inside parentheses belong to a value (coalesce(a, b)): only top-level ones split.
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.map((part) => {
    const m = /^\s*(?:\w+\.)?(\w+)\s*=/.exec(part);
    return m ? m[1] : "?";
  });
}

/** The set list of every `update orders … set`: up to the first `where`, `from` or `returning` outside `${…}`. */
function sqlUpdates(source: string): string[] {
  const lists: string[] = [];
  for (const m of source.matchAll(/update\s+orders\s+(?:(?!set\b)\w+\s+)?set\s+/gi)) {
    let i = m.index! + m[0].length;
    let list = "";
    while (i < source.length && source[i] !== "`") {
      if (source.startsWith("${", i)) {
        const inner = balanced(source, i + 1, ["{", "}"]);
        list += "${" + inner + "}";
        i += inner.length + 3;
        continue;
      }
      if (/^(where|from|returning)\b/i.test(source.substr(i, 10)) && /\s/.test(source[i - 1])) break;
      list += source[i++];
    }
    lists.push(list);
  }
  return lists;
}

/** The keys of every Drizzle `.update(orders).set({ … })`, camelCase; "?" for a spread. */
function drizzleUpdates(source: string): string[] {
  const keys: string[] = [];
  for (const m of source.matchAll(/\.update\(orders\)\s*\.set\(\{/g)) {
    const body = balanced(source, m.index! + m[0].length - 1, ["{", "}"]).replace(/\/\/.*$/gm, "");
    let depth = 0;
    let current = "";
    const entries: string[] = [];
    for (const ch of body) {
      if ("([{".includes(ch)) depth++;
      if (")]}".includes(ch)) depth--;
      if (ch === "," && depth === 0) {
        entries.push(current);
        current = "";
      } else current += ch;
    }
    entries.push(current);
    for (const entry of entries.map((e) => e.trim()).filter(Boolean)) {
      const m2 = /^(\w+)\s*(?::|$)/.exec(entry);
      keys.push(entry.startsWith("...") || !m2 ? "?" : m2[1]);
    }
  }
  return keys;
}

/** Every column of `orders` the file writes, as the database names them ("?" when unreadable). */
export function orderColumnWrites(source: string, columnOf: (key: string) => string | undefined): string[] {
  const known = fragments(source);
  const columns = sqlUpdates(source).flatMap((list) => setListColumns(list, known));
  for (const m of source.matchAll(/alsoSet:\s*(\w+)/g))
    columns.push(...(known.has(m[1]) ? setListColumns(known.get(m[1])!, known) : ["?"]));
  columns.push(...drizzleUpdates(source).map((key) => (key === "?" ? key : (columnOf(key) ?? `?${key}`))));
  return [...new Set(columns)];
}

/** Whether the file inserts orders rows (only the order core's placement may). */
export const insertsOrders = (source: string) =>
  /insert\s+into\s+orders\b/i.test(source) || /\.insert\(orders\)/.test(source);
