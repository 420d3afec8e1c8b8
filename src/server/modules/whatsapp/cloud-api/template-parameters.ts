import type { MessageTemplate } from "@shared/schemas/whatsapp.js";

/**
 * One body parameter of a message template, said once: what it means and an example (for the
 * template an owner creates in WhatsApp Manager) and how a message fills it in. A template's list
 * of these is the one source of both the numbered description and the values sent, so the two
 * cannot drift apart in order or count.
 */
export interface TemplateParameter<T> {
  meaning: string;
  example: string;
  value: (source: T) => string;
}

/** The numbered parameters ({{1}}, {{2}}, …) as WhatsApp Manager asks for them. */
export function describeParameters<T>(parameters: readonly TemplateParameter<T>[]): MessageTemplate["bodyParameters"] {
  return parameters.map((p, i) => ({ number: i + 1, meaning: p.meaning, example: p.example }));
}

/** The values one message sends, in the template's order. */
export function parameterValues<T>(parameters: readonly TemplateParameter<T>[], source: T): string[] {
  return parameters.map((p) => p.value(source));
}
