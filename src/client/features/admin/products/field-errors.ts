/**
 * The server's message for a field of the form (`details` keys are paths: `variants.2.price`),
 * or for anything under it (`options.0.values.1` belongs to `options.0.values`).
 */
export function fieldError(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const under = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return under ? errors[under] : undefined;
}
