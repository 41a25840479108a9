/** `{ namespace: texts }` from an eager `import.meta.glob` of one language's locales/<lang>/<namespace>.json files. */
export function namespacesOf(modules: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [file, texts] of Object.entries(modules)) {
    const namespace = /\/([\w-]+)\.json$/.exec(file)?.[1];
    if (namespace) namespaces[namespace] = texts;
  }
  return namespaces;
}
