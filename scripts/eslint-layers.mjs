// @ts-check
// The layers of main/ and renderer/src/ as an ESLint rule: an import may point down or sideways,
// never up. A folder that is in no layer is an error too, so a new one must be placed.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository: this file sits in scripts/ (ESLint's cwd may be any folder below it). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * main/, lowest first. `security` holds pure checks every layer may use, like `lib`; `press` and `kyt` keep
 * press reports and KYT submissions in the local store beside sync and the outbox (as `workbench` keeps
 * notes and proposals); `casefile` gathers a case file from all of them and from the cache; `session`,
 * `settings` and `views` are per-profile stores beside sync and the outbox.
 */
export const MAIN_LAYERS = [
  ['lib', 'security'],
  ['api', 'cache', 'local'],
  [
    'sync',
    'outbox',
    'uploads',
    'downloads',
    'session',
    'settings',
    'views',
    'press',
    'kyt',
    'customers',
    'workbench',
    'review',
    'casefile',
  ],
  ['workspace'],
  ['bridge'],
  // The embedded service: started by the top layer, it imports only lib (see below).
  ['sandbox'],
  ['core', 'shell', 'host', 'cli', 'index'],
];

/** renderer/src/, lowest first. `features` may reach another feature only through its index. */
export const RENDERER_LAYERS = [
  ['lib', 'styles', 'assets.d', 'env.d'],
  ['components'],
  ['features'],
  ['app'],
  ['App', 'main'],
];

const rankOf = (layers) =>
  new Map(layers.flatMap((names, rank) => names.map((name) => [name, rank])));
const MAIN_RANK = rankOf(MAIN_LAYERS);
const RENDERER_RANK = rankOf(RENDERER_LAYERS);

/** `main/cache/x.ts` → `cache`; `main/core.ts` → `core`; null outside main/ and renderer/src/. */
function place(root, file) {
  const path = relative(root, file).split(sep);
  if (path[0] === 'main' && path.length > 1) {
    const top = path.length === 2 ? path[1].replace(/\.tsx?$/, '') : path[1];
    return { area: 'main', top, feature: null, rest: path.slice(2) };
  }
  if (path[0] === 'renderer' && path[1] === 'src' && path.length > 2) {
    const top = path.length === 3 ? path[2].replace(/\.(tsx?|css)$/, '') : path[2];
    const feature = top === 'features' ? (path[3] ?? null) : null;
    return { area: 'renderer', top, feature, rest: path.slice(top === 'features' ? 4 : 3) };
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports inside main/ and renderer/src/ never point to a higher layer.' },
    schema: [],
  },
  create(context) {
    const root = ROOT;
    const from = place(root, context.filename);
    if (!from) return {};
    const ranks = from.area === 'main' ? MAIN_RANK : RENDERER_RANK;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = place(root, resolve(dirname(context.filename), source));
      if (!to || to.area !== from.area || to.top === from.top) {
        if (to && to.top === 'features' && from.top === 'features' && to.feature !== from.feature)
          crossFeature(node, to, source);
        return;
      }
      const fromRank = ranks.get(from.top);
      const toRank = ranks.get(to.top);
      if (fromRank === undefined || toRank === undefined) {
        const name = fromRank === undefined ? from.top : to.top;
        context.report({
          node,
          message: `${from.area}/${name} is in no layer: add it to scripts/eslint-layers.mjs.`,
        });
        return;
      }
      if (from.area === 'main' && from.top === 'sandbox' && to.top !== 'lib') {
        context.report({ node, message: `The sandbox imports only main/lib, not ${source}.` });
        return;
      }
      if (toRank > fromRank) {
        context.report({
          node,
          message: `${from.top} may not import ${to.top} (a higher layer): ${source}. Pass what it needs in, or move the shared piece down.`,
        });
      }
    };
    const crossFeature = (node, to, source) => {
      const entry =
        to.rest.length === 0 || (to.rest.length === 1 && /^index(\.tsx?)?$/.test(to.rest[0]));
      if (!entry)
        context.report({
          node,
          message: `Reach the ${to.feature} feature through its index (features/${to.feature}), not ${source}.`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers: layersRule } };
