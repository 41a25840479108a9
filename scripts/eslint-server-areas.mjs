// A lint rule of our own: the server's areas (the folders under src/server: courses, sharing, study, …) import one
// another without a cycle, so that each can be read, tested and moved on its own, and a newcomer can tell which
// depends on which. The files at src/server's top (config, logger, errors, services, main) are the composition root
// and its leaf utilities, and `test/` is test support: neither is an area.
//
// The rule reads every area's imports once per lint run (a regex over the sources: relative imports only) and, for an
// import from area A to area B in the file being linted, reports it when B leads back to A, naming the way back.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve('src/server');
const notAreas = new Set(['test']);

/** The area of a file under src/server, or null for the top's files, test support and anything outside. */
function areaOf(file) {
  const relative = path.relative(serverRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 && first && !notAreas.has(first) ? first : null;
}

function sourcesUnder(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourcesUnder(full));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(full);
  }
  return files;
}

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

let graph = null;
/** area → the areas its (non-test) files import, with one example import per edge. */
function areaGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const file of sourcesUnder(serverRoot)) {
    const from = areaOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const to = areaOf(path.resolve(path.dirname(file), match[1]));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(serverRoot, file)} → ${match[1]}`);
    }
  }
  return graph;
}

/** A path of areas from `start` to `goal` (breadth first), or null. */
function pathBetween(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const area = queue.shift();
    if (area === goal) {
      const way = [];
      for (let at = goal; at !== null; at = previous.get(at)) way.unshift(at);
      return way;
    }
    for (const next of areaGraph().get(area)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, area);
        queue.push(next);
      }
    }
  }
  return null;
}

const noAreaCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'The areas of src/server import one another without a cycle.' },
    schema: [],
    messages: {
      cycle:
        "Area '{{from}}' imports '{{to}}', which leads back to '{{from}}' ({{way}}; first by {{example}}). Move what both need to the area that owns it, or to src/shared.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = areaOf(path.resolve(path.dirname(file), specifier));
      if (!to || to === from) return;
      const way = pathBetween(to, from);
      if (!way) return;
      const [second = from] = way.slice(1);
      const example = areaGraph().get(to)?.get(second) ?? '';
      context.report({ node, messageId: 'cycle', data: { from, to, way: [from, ...way].join(' → '), example } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'no-area-cycle': noAreaCycle } };
